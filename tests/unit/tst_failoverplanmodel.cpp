// The failover wizard's plan table under QAbstractItemModelTester, its cells for each
// method and for untranslated, skipping and cached partitions, and the plan export (CSV
// columns, JSON fields) it shares with lagscopectl.
#include "actions/FailoverExport.h"
#include "failover/FailoverPlanModel.h"
#include "models/StatusColors.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace lagscope;
using namespace lagscope::failover;

namespace {

PlannedFailoverPartition part(int p, qint64 committed, qint64 newOffset, Method method, qint64 skipped = 0)
{
    PlannedFailoverPartition r;
    r.from = {QStringLiteral("orders"), p};
    r.to = {QStringLiteral("primary.orders"), p};
    r.committed = committed;
    r.newOffset = newOffset;
    r.method = method;
    r.skipped = skipped;
    r.reread = 0;
    r.rereadExact = method == Method::Exact;
    r.notReplicated = 0;
    return r;
}

FailoverPlan samplePlan()
{
    FailoverPlan plan;
    plan.fromCluster = QStringLiteral("primary");
    plan.toCluster = QStringLiteral("dr");
    plan.group = QStringLiteral("billing");
    plan.targetGroup = QStringLiteral("billing-dr");
    plan.partitions.push_back(part(0, 100, 90, Method::Exact));
    auto sync = part(1, 50, 40, Method::OffsetSync);
    sync.reread = 7;
    sync.committedAgeMs = 65000;
    plan.partitions.push_back(sync);
    auto none = part(2, 10, -1, Method::None);
    none.error = QStringLiteral("no offset sync at or below 10");
    plan.partitions.push_back(none);
    plan.partitions.push_back(part(3, 5, 20, Method::FallbackLatest, -1));
    return plan;
}

} // namespace

class TestFailoverPlanModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cellsAndColours()
    {
        FailoverPlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setPlans({samplePlan()});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(FailoverPlanModel::NB_COLUMNS));
        auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(cell(0, FailoverPlanModel::Group), QStringLiteral("billing → billing-dr"));
        QCOMPARE(cell(0, FailoverPlanModel::Method), QStringLiteral("exact"));
        QCOMPARE(cell(0, FailoverPlanModel::NewOffset), QStringLiteral("90"));
        QCOMPARE(cell(0, FailoverPlanModel::TargetBefore), QStringLiteral("-"));
        QCOMPARE(cell(1, FailoverPlanModel::Committed), QStringLiteral("50 (65 s ago)"));
        QCOMPARE(cell(1, FailoverPlanModel::Reread), QStringLiteral("≤ 7"));
        QCOMPARE(cell(2, FailoverPlanModel::Method), QStringLiteral("FAILED"));
        QCOMPARE(cell(2, FailoverPlanModel::NewOffset), QStringLiteral("none"));
        QCOMPARE(cell(2, FailoverPlanModel::Note), QStringLiteral("no offset sync at or below 10"));
        QCOMPARE(cell(3, FailoverPlanModel::Skipped), QStringLiteral("unknown"));
        // Refusals in the palette's error colour (models/StatusColors.h), as every status.
        const QColor red = statusForeground(StatusTone::Error);
        QCOMPARE(model.index(3, FailoverPlanModel::Skipped).data(Qt::ForegroundRole).value<QBrush>().color(), red);
        QCOMPARE(model.index(2, FailoverPlanModel::Method).data(Qt::ForegroundRole).value<QBrush>().color(), red);
        QVERIFY(!model.index(0, FailoverPlanModel::Skipped).data(Qt::ForegroundRole).isValid());
        QCOMPARE(model.index(1, FailoverPlanModel::Committed).data(FailoverPlanModel::SortRole).toLongLong(), 50);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void exportCsvAndJson()
    {
        const std::vector<PlanWithChecks> plans{
            {samplePlan(), {{QStringLiteral("target group inactive"), PreflightCheck::Green, QStringLiteral("ok")}}}};
        const QList<QByteArray> lines = failoverPlansCsv(plans).replace("\r\n", "\n").trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[0].startsWith("group,target_group,topic,partition,committed,"));
        QCOMPARE(lines[1], QByteArray("billing,billing-dr,orders,0,100,,primary.orders,,90,exact,0,true,0,0,,"));
        QVERIFY(lines[3].contains(",none,"));
        QVERIFY(lines[4].contains(",unknown,"));
        const QJsonObject json = QJsonDocument::fromJson(failoverPlansJson(plans)).object();
        const QJsonObject group = json.value(QStringLiteral("groups")).toArray().at(0).toObject();
        QCOMPARE(group.value(QStringLiteral("target_group")).toString(), QStringLiteral("billing-dr"));
        QCOMPARE(
            group.value(QStringLiteral("checks")).toArray().at(0).toObject().value(QStringLiteral("level")).toString(),
            QStringLiteral("green"));
        const QJsonArray partitions = group.value(QStringLiteral("partitions")).toArray();
        QCOMPARE(partitions.size(), 4);
        QCOMPARE(partitions.at(1).toObject().value(QStringLiteral("method")).toString(), QStringLiteral("offset-sync"));
        QVERIFY(partitions.at(2).toObject().value(QStringLiteral("new_offset")).isNull());
    }
};

QTEST_MAIN(TestFailoverPlanModel)
#include "tst_failoverplanmodel.moc"
