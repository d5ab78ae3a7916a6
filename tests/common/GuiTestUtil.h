#pragma once
// Helpers the GUI tests share: screenshots into LAGSCOPE_TEST_OUTPUT/screenshots (to be
// opened and looked at), and named children that must exist (a missing one is a bug in
// the test or the widget, so it stops the test at once).

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

template <typename T> T *child(QObject *parent, const char *name)
{
    T *w = parent->findChild<T *>(QString::fromLatin1(name));
    if (!w)
        qFatal("no child %s", name);
    return w;
}

} // namespace lagscope::test
