// What the offset-reset planner needs gathered before it can plan
// (docs/RESET-SEMANTICS.md): the partitions and timestamp to fetch, the topics to describe,
// the topology taken from metadata, the timestamp of a duration spec, and the error for
// each log offset the gatherer failed to bring.
#include "ResetPlannerFixture.h"
#include "TableRows.h"

#include <QTest>

#include <limits>
#include <set>

using namespace lagscope;
using namespace lagscope::test;

class TestResetInputs final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void missingGatheredValues_data()
    {
        addColumns<ResetSpec, bool, bool, bool, QString>("resetSpec", "dropStart", "dropEnd", "dropTime", "error");
        using K = ResetSpec;
        const QString start = s("Error getting starting offset of topic partition: orders-1");
        const QString end = s("Error getting ending offset of topic partition: orders-1");
        QTest::newRow("earliest without log start") << spec(K::ToEarliest) << true << false << false << start;
        QTest::newRow("latest without log end") << spec(K::ToLatest) << false << true << false << end;
        QTest::newRow("offset without log end") << spec(K::ToOffset, 5) << false << true << false << end;
        QTest::newRow("offset without log start") << spec(K::ToOffset, 5) << true << false << false << start;
        QTest::newRow("shift without log end") << spec(K::ShiftBy, 5) << false << true << false << end;
        QTest::newRow("datetime without an answer")
            << spec(K::ToDatetime, kT) << false << false << true
            << s("Error getting offset by timestamp of topic partition: orders-1");
        QTest::newRow("empty partition without log end") << spec(K::ByDuration, kT) << false << true << false << end;
    }
    void missingGatheredValues()
    {
        QFETCH(ResetSpec, resetSpec);
        QFETCH(bool, dropStart);
        QFETCH(bool, dropEnd);
        QFETCH(bool, dropTime);
        QFETCH(QString, error);
        ResetInputs in = cluster();
        if (dropStart)
            in.logStart.erase(tp("orders", 1));
        if (dropEnd)
            in.logEnd.erase(tp("orders", 1));
        if (dropTime)
            in.offsetsForTimes.erase(tp("orders", 1));
        const auto plan = planReset(resetSpec, topic("orders", {0, 1}), in);
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errorMessage(), error);
    }

    void currentWithoutLogEndIsFineWhenCommitted()
    {
        ResetInputs in = cluster();
        in.logEnd.erase(tp("orders", 0));
        const auto plan = planReset(spec(ResetSpec::ToCurrent), topic("orders", {0}), in);
        QVERIFY(plan.ok());
        QCOMPARE(dump(*plan), s("orders-0=200"));
    }

    void fetchList()
    {
        const auto time = resetFetchList(spec(ResetSpec::ByDuration, kT), allTopics(), cluster());
        QVERIFY(time.ok());
        QCOMPARE(time->timestamp, std::optional<qint64>(kT));
        QCOMPARE(time->partitions,
                 (std::vector<TopicPartition>{tp("audit", 0), tp("orders", 0), tp("orders", 1), tp("payments", 0)}));

        const auto latest = resetFetchList(spec(ResetSpec::ToLatest), topic("orders"), cluster());
        QVERIFY(latest.ok());
        QVERIFY(!latest->timestamp);
        QCOMPARE(latest->partitions, (std::vector<TopicPartition>{tp("orders", 0), tp("orders", 1), tp("orders", 2)}));

        const auto file = resetFetchList(spec(ResetSpec::FromFile, 0, kFile), noScope(), cluster());
        QVERIFY(file.ok());
        QCOMPARE(file->partitions, (std::vector<TopicPartition>{tp("orders", 0), tp("orders", 1), tp("payments", 1)}));

        // Selection needs only metadata and commits: no log offsets gathered yet.
        ResetInputs early = cluster();
        early.logStart.clear();
        early.logEnd.clear();
        early.offsetsForTimes.clear();
        QVERIFY(resetFetchList(spec(ResetSpec::ToDatetime, kT), topic("orders"), early).ok());
    }

    void topicsToDescribe()
    {
        const CommittedOffsets committed = cluster().committed;
        QCOMPARE(resetTopicsToDescribe(spec(ResetSpec::ToLatest), allTopics(), committed),
                 (std::vector<QString>{s("audit"), s("orders"), s("payments")}));
        QCOMPARE(resetTopicsToDescribe(spec(ResetSpec::ToLatest),
                                       topics({{s("orders"), {}}, {s("audit"), {0}}, {s("orders"), {1}}}), committed),
                 (std::vector<QString>{s("audit"), s("orders")}));
        QCOMPARE(resetTopicsToDescribe(spec(ResetSpec::FromFile, 0, kFile), noScope(), committed),
                 (std::vector<QString>{s("orders"), s("payments")}));
        QCOMPARE(resetTopicsToDescribe(spec(ResetSpec::CopyFromGroup, 0, {{tp("zeta", 0), 1}}), allTopics(), committed),
                 (std::vector<QString>{s("zeta")}));
    }

    void topologyFromMetadata()
    {
        ClusterMetadata metadata;
        TopicInfo orders{s("orders"), false, {}, {}};
        for (int p : {2, 0, 1}) {
            PartitionInfo info;
            info.partition = p;
            info.leader = p == 1 ? -1 : 3;
            orders.partitions.push_back(info);
        }
        metadata.topics = {orders, TopicInfo{s("ghost"), false, {}, s("Broker: Unknown topic or partition")}};
        ResetInputs in = cluster();
        in.topicPartitions.clear();
        addResetTopology(in, metadata);
        QCOMPARE(in.topicPartitions.size(), std::size_t(1));
        QCOMPARE(in.topicPartitions.at(s("orders")), (std::vector<int>{0, 1, 2}));
        QCOMPARE(in.withoutLeader, (std::set<TopicPartition>{tp("orders", 1)}));

        const auto plan = planReset(spec(ResetSpec::ToLatest), topic("orders"), in);
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errorMessage(), s("The partitions \"orders-1\" have no leader"));
        const auto ghost = planReset(spec(ResetSpec::ToLatest), topic("ghost"), in);
        QVERIFY(!ghost.ok());
        QCOMPARE(ghost.errorMessage(), s("Topic \"ghost\" does not exist"));
    }

    void durationTimestamp_data()
    {
        addColumns<qint64, qint64, qint64>("now", "duration", "timestamp");
        QTest::newRow("an hour ago") << kT << qint64(3'600'000) << kT - 3'600'000;
        QTest::newRow("zero") << kT << qint64(0) << kT;
        QTest::newRow("negative: the future") << kT << qint64(-1000) << kT + 1000;
        QTest::newRow("saturates low") << qint64(-10) << std::numeric_limits<qint64>::max()
                                       << std::numeric_limits<qint64>::min();
        QTest::newRow("saturates high") << qint64(10) << std::numeric_limits<qint64>::min()
                                        << std::numeric_limits<qint64>::max();
    }
    void durationTimestamp()
    {
        QFETCH(qint64, now);
        QFETCH(qint64, duration);
        QFETCH(qint64, timestamp);
        QCOMPARE(resetTimestampForDuration(now, duration), timestamp);
    }
};

QTEST_GUILESS_MAIN(TestResetInputs)
#include "tst_resetinputs.moc"
