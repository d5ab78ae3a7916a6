#pragma once
// Checking table models in unit tests: QAbstractItemModelTester reporting through QTest, a
// model's cells read back one column at a time (to compare a whole column in one QCOMPARE),
// and one cell's text and sort value.
// Header-only; shared by the table models' unit tests.

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QAbstractProxyModel>
#include <QList>
#include <QTest>

namespace lagscope::test {

// A QAbstractItemModelTester whose findings fail the running test.
class ModelTester final : public QAbstractItemModelTester {
public:
    explicit ModelTester(QAbstractItemModel *model) : QAbstractItemModelTester(model, FailureReportingMode::QtTest) { }
    // Watches `proxy` and only then gives it `source`, so that switch is checked too.
    ModelTester(QAbstractProxyModel *proxy, QAbstractItemModel *source) : ModelTester(proxy)
    {
        proxy->setSourceModel(source);
    }
};

// The cells of `column`, top to bottom, as T read from `role`.
template <typename T = QString>
QList<T> columnValues(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole)
{
    QList<T> out;
    for (int r = 0; r < model.rowCount(); ++r)
        out << model.index(r, column).data(role).template value<T>();
    return out;
}

// One cell's display text and sort value, the sort value with its exact type (a proxy sorts
// numbers as numbers only when the model hands them over as numbers). A caller that checks
// more afterwards asks QTest::currentTestFailed() first, as a failure here only returns here.
inline void compareCell(const QModelIndex &index, int sortRole, const QString &text, const QVariant &sortValue)
{
    QCOMPARE(index.data().toString(), text);
    QCOMPARE(index.data(sortRole), sortValue);
    QCOMPARE(index.data(sortRole).metaType(), sortValue.metaType());
}

} // namespace lagscope::test
