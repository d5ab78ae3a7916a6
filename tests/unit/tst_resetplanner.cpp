// The offset-reset planner against the semantics of kafka-consumer-groups.sh
// --reset-offsets (docs/RESET-SEMANTICS.md, Scopes and Specs): every spec under every scope, clamping and its
// warnings, partitions without a commit, empty partitions for time specs, files, copies,
// manual edits, unknown topics and partitions.
#include "ResetPlannerFixture.h"
#include "TableRows.h"

#include <QTest>

#include <algorithm>

using namespace lagscope;
using namespace lagscope::test;

namespace {

QString higher(const char *tpName, qint64 requested, qint64 end)
{
    return s("New offset (%1) is higher than latest offset for topic partition %2. Value will be set to %3")
        .arg(QString::number(requested), s(tpName), QString::number(end));
}

QString lower(const char *tpName, qint64 requested, qint64 start)
{
    return s("New offset (%1) is lower than earliest offset for topic partition %2. Value will be set to %3")
        .arg(QString::number(requested), s(tpName), QString::number(start));
}

QString empty(int partition, const char *topicName)
{
    return s("Warn: Partition %1 from topic %2 is empty. Falling back to latest known offset.")
        .arg(QString::number(partition), s(topicName));
}

QString skipped(const char *tpName)
{
    return s("Group 'billing-v2' has no committed offset for %1; it is left unchanged").arg(s(tpName));
}

const Offsets kOtherGroup{{tp("audit", 0), 3}, {tp("orders", 0), 480}, {tp("orders", 2), 0}, {tp("payments", 0), 5}};
const Offsets kEdits{{tp("orders", 2), 5}, {tp("orders", 1), 250}};

} // namespace

class TestResetPlanner final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plans_data()
    {
        addColumns<ResetSpec, ResetScope, QString, QStringList>("resetSpec", "scope", "offsets", "warnings");
        using K = ResetSpec;
        using L = QStringList;

        // --to-earliest / --to-latest: log start / log end, whatever was committed.
        QTest::newRow("earliest, all topics")
            << spec(K::ToEarliest) << allTopics() << s("audit-0=0 orders-0=0 orders-1=100 payments-0=10") << L{};
        QTest::newRow("earliest, topic") << spec(K::ToEarliest) << topic("orders")
                                         << s("orders-0=0 orders-1=100 orders-2=0") << L{};
        QTest::newRow("earliest, topic:partition")
            << spec(K::ToEarliest) << topic("orders", {1}) << s("orders-1=100") << L{};
        QTest::newRow("latest, all topics")
            << spec(K::ToLatest) << allTopics() << s("audit-0=7 orders-0=500 orders-1=300 payments-0=50") << L{};
        QTest::newRow("latest, topic") << spec(K::ToLatest) << topic("payments") << s("payments-0=50 payments-1=20")
                                       << L{};
        QTest::newRow("latest, topic:partitions")
            << spec(K::ToLatest) << topic("orders", {0, 2}) << s("orders-0=500 orders-2=0") << L{};

        // --to-current: the commit (not clamped, audit-0 stays beyond the end); log end
        // where there is none.
        QTest::newRow("current, all topics")
            << spec(K::ToCurrent) << allTopics() << s("audit-0=9 orders-0=200 orders-1=150 payments-0=40") << L{};
        QTest::newRow("current, topic") << spec(K::ToCurrent) << topic("orders")
                                        << s("orders-0=200 orders-1=150 orders-2=0") << L{};
        QTest::newRow("current, no commit -> log end")
            << spec(K::ToCurrent) << topic("payments", {1}) << s("payments-1=20") << L{};

        // --to-offset: clamped to [log start, log end].
        QTest::newRow("offset, all topics")
            << spec(K::ToOffset, 120) << allTopics() << s("audit-0=7 orders-0=120 orders-1=120 payments-0=50")
            << L{higher("audit-0", 120, 7), higher("payments-0", 120, 50)};
        QTest::newRow("offset, topic") << spec(K::ToOffset, 50) << topic("orders")
                                       << s("orders-0=50 orders-1=100 orders-2=0")
                                       << L{lower("orders-1", 50, 100), higher("orders-2", 50, 0)};
        QTest::newRow("offset above the end")
            << spec(K::ToOffset, 1000) << topic("orders", {1}) << s("orders-1=300") << L{higher("orders-1", 1000, 300)};
        QTest::newRow("offset below the start")
            << spec(K::ToOffset, 3) << topic("orders", {1}) << s("orders-1=100") << L{lower("orders-1", 3, 100)};
        QTest::newRow("negative offset") << spec(K::ToOffset, -5) << topic("payments", {0}) << s("payments-0=10")
                                         << L{lower("payments-0", -5, 10)};
        QTest::newRow("offset = log end") << spec(K::ToOffset, 500) << topic("orders", {0}) << s("orders-0=500") << L{};
        QTest::newRow("offset = log start")
            << spec(K::ToOffset, 100) << topic("orders", {1}) << s("orders-1=100") << L{};
        QTest::newRow("offset on an empty partition")
            << spec(K::ToOffset, 0) << topic("orders", {2}) << s("orders-2=0") << L{};

        // --shift-by: commit + N, clamped.
        QTest::newRow("shift forward, all topics")
            << spec(K::ShiftBy, 10) << allTopics() << s("audit-0=7 orders-0=210 orders-1=160 payments-0=50")
            << L{higher("audit-0", 19, 7)};
        QTest::newRow("shift back, all topics")
            << spec(K::ShiftBy, -100) << allTopics() << s("audit-0=0 orders-0=100 orders-1=100 payments-0=10")
            << L{lower("audit-0", -91, 0), lower("orders-1", 50, 100), lower("payments-0", -60, 10)};
        QTest::newRow("shift, topic:partitions")
            << spec(K::ShiftBy, 400) << topic("orders", {0, 1}) << s("orders-0=500 orders-1=300")
            << L{higher("orders-0", 600, 500), higher("orders-1", 550, 300)};
        QTest::newRow("shift by zero") << spec(K::ShiftBy, 0) << topic("orders", {0, 1})
                                       << s("orders-0=200 orders-1=150") << L{};
        QTest::newRow("shift, topic with commits everywhere")
            << spec(K::ShiftBy, -5) << topic("audit") << s("audit-0=4") << L{};

        // --to-datetime / --by-duration: ListOffsets by time, not clamped; no record at or
        // after the time -> log end with the tool's warning.
        QTest::newRow("datetime, all topics")
            << spec(K::ToDatetime, kT) << allTopics() << s("audit-0=3 orders-0=320 orders-1=300 payments-0=12")
            << L{empty(1, "orders")};
        QTest::newRow("datetime, topic") << spec(K::ToDatetime, kT) << topic("orders")
                                         << s("orders-0=320 orders-1=300 orders-2=0")
                                         << L{empty(1, "orders"), empty(2, "orders")};
        QTest::newRow("datetime, topic:partition")
            << spec(K::ToDatetime, kT) << topic("payments", {1}) << s("payments-1=5") << L{};
        QTest::newRow("duration, all topics")
            << spec(K::ByDuration, kT) << allTopics() << s("audit-0=3 orders-0=320 orders-1=300 payments-0=12")
            << L{empty(1, "orders")};
        QTest::newRow("duration, topic") << spec(K::ByDuration, kT) << topic("orders")
                                         << s("orders-0=320 orders-1=300 orders-2=0")
                                         << L{empty(1, "orders"), empty(2, "orders")};
        QTest::newRow("duration, topic:partitions")
            << spec(K::ByDuration, kT) << topic("payments", {0, 1}) << s("payments-0=12 payments-1=5") << L{};

        // --from-file: the file's partitions, clamped; a scope is only checked.
        QTest::newRow("file, no scope") << spec(K::FromFile, 0, kFile) << noScope()
                                        << s("orders-0=250 orders-1=100 payments-1=20")
                                        << L{lower("orders-1", 50, 100), higher("payments-1", 99, 20)};
        QTest::newRow("file, a scope does not filter it")
            << spec(K::FromFile, 0, kFile) << topic("audit") << s("orders-0=250 orders-1=100 payments-1=20")
            << L{lower("orders-1", 50, 100), higher("payments-1", 99, 20)};
        QTest::newRow("file, all topics")
            << spec(K::FromFile, 0, kFile) << allTopics() << s("orders-0=250 orders-1=100 payments-1=20")
            << L{lower("orders-1", 50, 100), higher("payments-1", 99, 20)};

        // Copy from another group: the scope's partitions, clamped; all topics = the source
        // group's commits; partitions it has no commit for are skipped.
        QTest::newRow("copy, all topics")
            << spec(K::CopyFromGroup, 0, kOtherGroup) << allTopics()
            << s("audit-0=3 orders-0=480 orders-2=0 payments-0=10") << L{lower("payments-0", 5, 10)};
        QTest::newRow("copy, topic") << spec(K::CopyFromGroup, 0, kOtherGroup) << topic("orders")
                                     << s("orders-0=480 orders-2=0") << L{skipped("orders-1")};
        QTest::newRow("copy, topic:partition without a source commit")
            << spec(K::CopyFromGroup, 0, kOtherGroup) << topic("payments", {1}) << QString()
            << L{skipped("payments-1")};
        QTest::newRow("copy, nothing to copy") << spec(K::CopyFromGroup) << allTopics() << QString()
                                               << L{s("Group 'billing-v2' has no committed offsets to copy")};
        QTest::newRow("copy, clamped above") << spec(K::CopyFromGroup, 0, {{tp("audit", 0), 70}}) << topic("audit")
                                             << s("audit-0=7") << L{higher("audit-0", 70, 7)};

        // Manual edits: the edited partitions, clamped; the scope is ignored.
        QTest::newRow("manual") << spec(K::Manual, 0, kEdits) << noScope() << s("orders-1=250 orders-2=0")
                                << L{higher("orders-2", 5, 0)};
        QTest::newRow("manual ignores the scope")
            << spec(K::Manual, 0, kEdits) << allTopics() << s("orders-1=250 orders-2=0") << L{higher("orders-2", 5, 0)};
        QTest::newRow("manual below the start") << spec(K::Manual, 0, {{tp("payments", 0), 0}}) << noScope()
                                                << s("payments-0=10") << L{lower("payments-0", 0, 10)};

        // Scope handling.
        QTest::newRow("several topics, sorted")
            << spec(K::ToLatest) << topics({{s("payments"), {1}}, {s("audit"), {}}, {s("orders"), {2, 0}}})
            << s("audit-0=7 orders-0=500 orders-2=0 payments-1=20") << L{};
        QTest::newRow("repeated partitions once")
            << spec(K::ToEarliest) << topics({{s("orders"), {1, 1}}, {s("orders"), {}}})
            << s("orders-0=0 orders-1=100 orders-2=0") << L{};
    }
    void plans()
    {
        QFETCH(ResetSpec, resetSpec);
        QFETCH(ResetScope, scope);
        QFETCH(QString, offsets);
        QFETCH(QStringList, warnings);
        const auto plan = planReset(resetSpec, scope, cluster());
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.errorMessage()));
        QCOMPARE(plan->group, s("billing"));
        QCOMPARE(dump(*plan), offsets);
        QCOMPARE(plan->allWarnings(), warnings);
        QVERIFY(std::is_sorted(plan->partitions.begin(), plan->partitions.end(),
                               [](const auto &a, const auto &b) { return a.tp < b.tp; }));
        // Clamped partitions remember what was asked for; the others do not.
        for (const auto &p : plan->partitions) {
            QCOMPARE(p.clamped(), p.requested.has_value());
            if (p.clamped())
                QVERIFY(p.newOffset == *p.logStart || p.newOffset == *p.logEnd);
        }
    }

    void errors_data()
    {
        addColumns<ResetSpec, ResetScope, QString>("resetSpec", "scope", "error");
        using K = ResetSpec;
        const QString noScopeError = s("One of the reset scopes should be defined: --all-topics, --topic.");

        QTest::newRow("shift without a commit, topic")
            << spec(K::ShiftBy, 1) << topic("orders")
            << s("Cannot shift offset for partition orders-2 since there is no current committed offset");
        QTest::newRow("shift without a commit, topic:partition")
            << spec(K::ShiftBy, -1) << topic("payments", {0, 1})
            << s("Cannot shift offset for partition payments-1 since there is no current committed offset");
        QTest::newRow("no scope, earliest") << spec(K::ToEarliest) << noScope() << noScopeError;
        QTest::newRow("no scope, shift") << spec(K::ShiftBy, 1) << noScope() << noScopeError;
        QTest::newRow("no scope, datetime") << spec(K::ToDatetime, kT) << noScope() << noScopeError;
        QTest::newRow("no scope, copy") << spec(K::CopyFromGroup, 0, kOtherGroup) << noScope() << noScopeError;
        ResetScope both = topic("orders");
        both.allTopics = true;
        QTest::newRow("all topics and topics")
            << spec(K::ToLatest) << both << s("Choose either all topics or a list of topics, not both");
        QTest::newRow("unknown topic") << spec(K::ToLatest) << topic("ghost") << s("Topic \"ghost\" does not exist");
        QTest::newRow("unknown topic with partitions")
            << spec(K::ToOffset, 1) << topic("ghost", {0}) << s("Topic \"ghost\" does not exist");
        QTest::newRow("unknown topics") << spec(K::ToEarliest)
                                        << topics({{s("phantom"), {}}, {s("orders"), {}}, {s("ghost"), {1}}})
                                        << s("Topics \"ghost,phantom\" do not exist");
        QTest::newRow("unknown partitions") << spec(K::ToEarliest) << topic("orders", {0, 3, 4})
                                            << s("The partitions \"orders-3,orders-4\" do not exist");
        QTest::newRow("unknown partition, shift")
            << spec(K::ShiftBy, 1) << topic("payments", {2}) << s("The partitions \"payments-2\" do not exist");
        QTest::newRow("unknown topic in a file's scope")
            << spec(K::FromFile, 0, kFile) << topic("ghost") << s("Topic \"ghost\" does not exist");
        QTest::newRow("unknown partition in a file")
            << spec(K::FromFile, 0, {{tp("orders", 7), 1}, {tp("orders", 0), 1}}) << noScope()
            << s("The partitions \"orders-7\" do not exist");
        QTest::newRow("unknown topic in a file")
            << spec(K::FromFile, 0, {{tp("ghost", 0), 1}}) << noScope() << s("Topic \"ghost\" does not exist");
        QTest::newRow("file without this group")
            << spec(K::FromFile) << noScope() << s("No reset plan for group billing found.");
        QTest::newRow("manual without edits") << spec(K::Manual) << noScope() << s("No partition offsets were given");
        QTest::newRow("manual, unknown partition")
            << spec(K::Manual, 0, {{tp("audit", 1), 0}}) << noScope() << s("The partitions \"audit-1\" do not exist");
        QTest::newRow("copy, unknown topic in scope")
            << spec(K::CopyFromGroup, 0, kOtherGroup) << topic("ghost") << s("Topic \"ghost\" does not exist");
        QTest::newRow("copy all, source commit on a deleted topic")
            << spec(K::CopyFromGroup, 0, {{tp("gone", 0), 4}}) << allTopics() << s("Topic \"gone\" does not exist");
    }
    void errors()
    {
        QFETCH(ResetSpec, resetSpec);
        QFETCH(ResetScope, scope);
        QFETCH(QString, error);
        const auto plan = planReset(resetSpec, scope, cluster());
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errorMessage(), error);
        // The same checks guard what the gatherer is told to fetch.
        const auto fetch = resetFetchList(resetSpec, scope, cluster());
        if (!error.startsWith(s("Cannot shift"))) {
            QVERIFY(!fetch.ok());
            QCOMPARE(fetch.errorMessage(), error);
        }
    }

    void deltas_data()
    {
        addColumns<ResetSpec, ResetScope, QString>("resetSpec", "scope", "deltas");
        using K = ResetSpec;
        // "tp:current->new(delta)"; "-" marks no commit.
        QTest::newRow("skip forward") << spec(K::ToOffset, 250) << topic("orders", {0, 1})
                                      << s("orders-0:200->250(+50) orders-1:150->250(+100)");
        QTest::newRow("read again") << spec(K::ToEarliest) << topic("orders")
                                    << s("orders-0:200->0(-200) orders-1:150->100(-50) orders-2:-->0(0)");
        QTest::newRow("latest skips the lag") << spec(K::ToLatest) << allTopics()
                                              << s("audit-0:9->7(-2) orders-0:200->500(+300) orders-1:150->300(+150) "
                                                   "payments-0:40->50(+10)");
        QTest::newRow("current changes nothing")
            << spec(K::ToCurrent) << topic("orders", {0, 1}) << s("orders-0:200->200(0) orders-1:150->150(0)");
        QTest::newRow("shift back") << spec(K::ShiftBy, -20) << topic("orders", {0, 1})
                                    << s("orders-0:200->180(-20) orders-1:150->130(-20)");
        QTest::newRow("clamped shift") << spec(K::ShiftBy, 1000) << topic("orders", {0})
                                       << s("orders-0:200->500(+300)");
        QTest::newRow("datetime") << spec(K::ToDatetime, kT) << topic("orders")
                                  << s("orders-0:200->320(+120) orders-1:150->300(+150) orders-2:-->0(0)");
    }
    void deltas()
    {
        QFETCH(ResetSpec, resetSpec);
        QFETCH(ResetScope, scope);
        QFETCH(QString, deltas);
        const auto plan = planReset(resetSpec, scope, cluster());
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.errorMessage()));
        QStringList parts;
        for (const auto &p : plan->partitions) {
            const QString sign = p.delta > 0 ? s("+") : QString();
            parts << p.tp.toString() + QLatin1Char(':') + (p.current ? QString::number(*p.current) : s("-")) + s("->")
                         + QString::number(p.newOffset) + QLatin1Char('(') + sign + QString::number(p.delta)
                         + QLatin1Char(')');
            QCOMPARE(p.changes(), !p.current || p.delta != 0);
        }
        QCOMPARE(parts.join(QLatin1Char(' ')), deltas);
    }

    void plannedPartitionCarriesLogOffsets()
    {
        const auto plan = planReset(spec(ResetSpec::ToOffset, 1000), topic("orders", {1}), cluster());
        QVERIFY(plan.ok());
        QCOMPARE(plan->partitions.size(), std::size_t(1));
        const PlannedPartition &p = plan->partitions.front();
        QCOMPARE(p.logStart, std::optional<qint64>(100));
        QCOMPARE(p.logEnd, std::optional<qint64>(300));
        QCOMPARE(p.requested, std::optional<qint64>(1000));
        QVERIFY(p.clamped());
        QVERIFY(plan->warnings.isEmpty()); // clamping warnings belong to the partition
        QCOMPARE(p.warnings, QStringList{higher("orders-1", 1000, 300)});
    }

    void timeAnswersAreNotClamped()
    {
        // ListOffsets answers inside the log, but should a stale answer fall outside it the
        // tool takes it as is, and so does the planner.
        ResetInputs in = cluster();
        in.offsetsForTimes[tp("orders", 1)] = 40;  // below log start 100
        in.offsetsForTimes[tp("orders", 0)] = 900; // above log end 500
        const auto plan = planReset(spec(ResetSpec::ToDatetime, kT), topic("orders", {0, 1}), in);
        QVERIFY(plan.ok());
        QCOMPARE(dump(*plan), s("orders-0=900 orders-1=40"));
        QVERIFY(plan->allWarnings().isEmpty());
    }

    void groupWithoutCommits()
    {
        ResetInputs in = cluster();
        in.committed.clear();
        const auto all = planReset(spec(ResetSpec::ToEarliest), allTopics(), in);
        QVERIFY(all.ok());
        QVERIFY(all->partitions.empty());
        QCOMPARE(all->warnings, QStringList{s("Group 'billing' has no committed offsets: there is nothing to reset")});

        const auto current = planReset(spec(ResetSpec::ToCurrent), topic("orders"), in);
        QVERIFY(current.ok());
        QCOMPARE(dump(*current), s("orders-0=500 orders-1=300 orders-2=0"));

        const auto shift = planReset(spec(ResetSpec::ShiftBy, 1), topic("orders", {1}), in);
        QVERIFY(!shift.ok());
        QCOMPARE(shift.errorMessage(),
                 s("Cannot shift offset for partition orders-1 since there is no current committed offset"));
    }

    void leaderlessPartitions()
    {
        ResetInputs in = cluster();
        in.withoutLeader = {tp("orders", 2), tp("orders", 1)};
        const auto plan = planReset(spec(ResetSpec::ToLatest), topic("orders"), in);
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errorMessage(), s("The partitions \"orders-1,orders-2\" have no leader"));
        QVERIFY(planReset(spec(ResetSpec::ToLatest), topic("orders", {0}), in).ok());
    }

    void committedOnDeletedTopic()
    {
        ResetInputs in = cluster();
        in.committed[tp("retired", 0)] = 12;
        const auto plan = planReset(spec(ResetSpec::ToLatest), allTopics(), in);
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errorMessage(), s("Topic \"retired\" does not exist"));
    }
};

QTEST_GUILESS_MAIN(TestResetPlanner)
#include "tst_resetplanner.moc"
