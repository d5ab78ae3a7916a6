#pragma once
// Helpers the GUI tests share: screenshots into LAGSCOPE_TEST_OUTPUT/screenshots (to be
// opened and looked at), and named children that must exist (a missing one is a bug in
// the test or the widget, so it stops the test at once).

#include <QAbstractButton>
#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QDir>
#include <QString>
#include <QTest>
#include <QWidget>

namespace lagscope::test {

// LAGSCOPE_TEST_OUTPUT/screenshots/<name>.png; the folder is made if missing.
inline QString screenshotPath(const QString &name)
{
    const QString dir = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT", QDir::tempPath()) + QStringLiteral("/screenshots");
    QDir().mkpath(dir);
    return dir + QLatin1Char('/') + name + QStringLiteral(".png");
}

inline void saveScreenshot(QWidget *w, const QString &name)
{
    // What a user would see: posted layout requests and QCustomPlot's queued replots happen
    // first (a chart grabbed right after its data arrived still showed its previous state).
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    QVERIFY(w->grab().save(screenshotPath(name)));
}

// Radio buttons react to clicks on their indicator and label only, not anywhere in a
// stretched cell: click near the indicator.
inline void clickRadio(QAbstractButton *button)
{
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(6, button->height() / 2));
}

// The display text of a model's cell, found by its column's header title; a marker naming
// the column when the model has none of that title.
inline QString cell(const QAbstractItemModel *m, int row, const QString &header)
{
    for (int c = 0; c < m->columnCount(); ++c)
        if (m->headerData(c, Qt::Horizontal).toString() == header)
            return m->index(row, c).data().toString();
    return QStringLiteral("<no column %1>").arg(header);
}

// The first row whose `header` column shows `text`; -1 when none does.
inline int findRow(const QAbstractItemModel *m, const QString &header, const QString &text)
{
    for (int r = 0; r < m->rowCount(); ++r)
        if (cell(m, r, header) == text)
            return r;
    return -1;
}

template <typename T> T *child(QObject *parent, const char *name)
{
    T *w = parent->findChild<T *>(QString::fromLatin1(name));
    if (!w)
        qFatal("no child %s", name);
    return w;
}

} // namespace lagscope::test
