// What the failover executor says about an applied plan, pure parts: the topics by what is
// known of them (failoverOutcomeSummary) and the next steps, which after anything but a
// verified "applied" say what was not done and never tell to start the consumers. Each row
// states its case in its name; the real partial failure is tst_failoverbrokerkill's.
#include "TableRows.h"
#include "actions/FailoverExecutor.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::failover;

namespace {

using R = PartitionOutcome;

// One partition's outcome: "topic-p", its result and whether its commit was acknowledged.
PartitionOutcome part(const char *topic, int partition, R::Result result, bool acknowledged = false)
{
    PartitionOutcome o;
    o.tp = {QString::fromLatin1(topic), partition};
    o.result = result;
    o.acknowledged = acknowledged;
    return o;
}

ResetOutcome outcomeOf(std::vector<PartitionOutcome> parts)
{
    ResetOutcome o;
    o.partitions = std::move(parts);
    o.result = overallResult(o.partitions);
    o.backupPath = QStringLiteral("/backups/dr-g-20260101T000000Z.json");
    return o;
}

FailoverPlan planOf(const QStringList &topics)
{
    FailoverPlan plan;
    plan.fromCluster = QStringLiteral("primary");
    plan.toCluster = QStringLiteral("dr");
    plan.group = plan.targetGroup = QStringLiteral("g");
    for (const QString &t : topics) {
        PlannedFailoverPartition p;
        p.to = {t, 0};
        p.newOffset = 7;
        p.notReplicated = 0;
        plan.partitions.push_back(p);
    }
    return plan;
}

} // namespace

Q_DECLARE_METATYPE(lagscope::ResetOutcome)

class TestFailoverOutcome final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void summary_data()
    {
        test::addColumns<ResetOutcome, QString, QString>("outcome", "result", "summary");
        QTest::newRow("all verified") << outcomeOf({part("a", 0, R::Applied), part("a", 1, R::Applied)})
                                      << QStringLiteral("applied") << QStringLiteral("applied and verified: a");
        QTest::newRow("target killed after the first topic: acked, in flight, never sent")
            << outcomeOf({part("a", 0, R::Unknown, true), part("a", 1, R::Unknown, true), part("b", 0, R::Unknown),
                          part("b", 1, R::Unknown), part("c", 0, R::NotApplied), part("c", 1, R::NotApplied)})
            << QStringLiteral("unknown")
            << QStringLiteral(
                   "acknowledged but not verified: a; no answer, may or may not have landed: b; not applied: c");
        QTest::newRow("coordinator back before the read-back: first verified")
            << outcomeOf({part("a", 0, R::Applied), part("b", 0, R::Unknown), part("c", 0, R::NotApplied)})
            << QStringLiteral("partial")
            << QStringLiteral("applied and verified: a; no answer, may or may not have landed: b; not applied: c");
        QTest::newRow("a topic split across categories is named in each")
            << outcomeOf({part("a", 0, R::Applied), part("a", 1, R::Refused), part("b", 0, R::Mismatch)})
            << QStringLiteral("partial")
            << QStringLiteral(
                   "applied and verified: a; read back with another offset: b; refused by the coordinator: a");
        QTest::newRow("nothing sent") << outcomeOf({part("a", 0, R::NotApplied), part("b", 0, R::NotApplied)})
                                      << QStringLiteral("failed") << QStringLiteral("not applied: a, b");
    }

    void summary()
    {
        QFETCH(ResetOutcome, outcome);
        QFETCH(QString, result);
        QFETCH(QString, summary);
        QCOMPARE(writeResultName(outcome.result), result); // the audit name
        QCOMPARE(failoverOutcomeSummary(outcome), summary);

        const QStringList steps = failoverNextSteps(planOf({QStringLiteral("a"), QStringLiteral("b")}), outcome);
        QVERIFY(!steps.isEmpty());
        QCOMPARE(
            steps.back(),
            QStringLiteral("To undo: lagscopectl undo --cluster dr --backup %1 --execute").arg(outcome.backupPath));
        if (outcome.result == WriteResult::Applied) {
            QCOMPARE(steps.front(), QStringLiteral("Start the consumers of group 'g' on dr, subscribed to a, b."));
            return;
        }
        QCOMPARE(steps.front(),
                 QStringLiteral("The failover of group 'g' to dr did not complete (%1): %2. Do not start "
                                "its consumers on dr.")
                     .arg(result, summary));
        for (const QString &s : steps)
            QVERIFY2(!s.contains(QStringLiteral("Start the consumers")), qPrintable(s));
    }

    // Every planned partition landed but a committed topic stayed behind: the result says so, and the
    // first step names the topic and why before the consumers are started.
    void partialNamesTheTopicsLeftBehind()
    {
        FailoverPlan plan = planOf({QStringLiteral("primary.a")});
        plan.topics = {{QStringLiteral("a"), QStringLiteral("primary.a"), TopicTranslation::Translated, {}},
                       {QStringLiteral("__b"), QStringLiteral("primary.__b"), TopicTranslation::NotReplicated,
                        QStringLiteral("primary.__b does not exist on dr")}};
        ResetOutcome outcome = outcomeOf({part("primary.a", 0, R::Applied)});
        outcome.result = WriteResult::AppliedWithUntranslated;
        const QStringList steps = failoverNextSteps(plan, outcome);
        QVERIFY(steps.size() >= 3);
        QCOMPARE(steps.front(),
                 QStringLiteral("Not translated, left as they are on dr: __b (primary.__b does not exist on "
                                "dr). A consumer of 'g' subscribed to them there starts where its "
                                "auto.offset.reset says; commit their offsets yourself or leave them out."));
        QCOMPARE(steps.at(1), QStringLiteral("Start the consumers of group 'g' on dr, subscribed to primary.a."));
    }
};

QTEST_GUILESS_MAIN(TestFailoverOutcome)
#include "tst_failoveroutcome.moc"
