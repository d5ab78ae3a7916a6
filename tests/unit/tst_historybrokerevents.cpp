// The history store's reads for the brokers page's timeline: events of some kinds in a range
// (eventsOfKinds), the newest event of each subject before a time (latestEventsBefore) and
// where the history of a cluster begins (historyStart). Same fixed clock and builders as
// tst_historystore.
#include "HistoryTestUtil.h"
#include "TableRows.h"
#include "monitor/BrokerTimeline.h"
#include "store/HistoryStore.h"

#include <QTest>

#include <algorithm>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr qint64 kHour = 3600;

ClusterEvent brokerEvent(qint64 seconds, int broker, EventKind kind)
{
    ClusterEvent e = makeEvent(seconds, QStringLiteral("broker %1").arg(broker), {}, kind, EventSeverity::Warning);
    e.message = QStringLiteral("%1 %2").arg(e.subject, eventKindName(kind));
    return e;
}

// A few days of one cluster: broker 2 fenced for an hour, broker 3 stopped and gone, group
// events between them, and broker events of another cluster.
std::vector<ClusterEvent> written()
{
    return {
        brokerEvent(-72 * kHour, 1, EventKind::BrokerUnreachable),
        brokerEvent(-71 * kHour, 1, EventKind::BrokerOnline),
        brokerEvent(-50 * kHour, 2, EventKind::BrokerFenced),
        makeEvent(-49 * kHour - 60, QStringLiteral("billing joined"), kGroup, EventKind::MemberJoined),
        brokerEvent(-49 * kHour, 2, EventKind::BrokerUnfenced),
        makeEvent(-24 * kHour, QStringLiteral("voter 3"), {}, EventKind::QuorumVoterLost),
        brokerEvent(-24 * kHour, 3, EventKind::BrokerStopping),
        brokerEvent(-24 * kHour, 3, EventKind::BrokerOffline), // the same poll, written after
        makeEvent(-60, QStringLiteral("billing left"), kGroup, EventKind::MemberLeft),
    };
}

// "broker 2 broker-fenced": subject and kind of each event read.
QStringList described(const std::vector<ClusterEvent> &events)
{
    QStringList out;
    for (const ClusterEvent &e : events)
        out << e.subject + QLatin1Char(' ') + eventKindName(e.kind);
    return out;
}

} // namespace

class TestHistoryBrokerEvents final : public QObject {
    Q_OBJECT

private:
    StoreFiles m_files{QStringLiteral("store%1/history.sqlite")};

    std::unique_ptr<HistoryStore> filledStore()
    {
        auto store = openOrFail(m_files.newPath());
        if (!store)
            return nullptr;
        ClusterEvent elsewhere = brokerEvent(-30 * kHour, 2, EventKind::BrokerOffline);
        elsewhere.cluster = QStringLiteral("dc2");
        std::vector<ClusterEvent> events = written();
        events.push_back(elsewhere);
        if (!store->appendEvents(events).ok())
            return nullptr;
        return store;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void eventsOfKinds_data()
    {
        addColumns<qint64, qint64, bool, QStringList>("from", "to", "brokerKinds", "expected");
        QTest::newRow("a week of broker events, no group or quorum events")
            << -7 * 24 * kHour << qint64(0) << true
            << QStringList{QStringLiteral("broker 1 broker-unreachable"), QStringLiteral("broker 1 broker-online"),
                           QStringLiteral("broker 2 broker-fenced"),      QStringLiteral("broker 2 broker-unfenced"),
                           QStringLiteral("broker 3 broker-stopping"),    QStringLiteral("broker 3 broker-offline")};
        QTest::newRow("inclusive bounds")
            << -50 * kHour << -49 * kHour << true
            << QStringList{QStringLiteral("broker 2 broker-fenced"), QStringLiteral("broker 2 broker-unfenced")};
        QTest::newRow("nothing in range") << -48 * kHour << -25 * kHour << true << QStringList{};
        QTest::newRow("no kinds, no events") << -7 * 24 * kHour << qint64(0) << false << QStringList{};
    }

    void eventsOfKinds()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(bool, brokerKinds);
        QFETCH(QStringList, expected);
        const auto store = filledStore();
        QVERIFY(store);
        const auto read = store->eventsOfKinds(
            kCluster, brokerKinds ? brokerStateEventKinds() : std::vector<EventKind>{}, rel(from), rel(to));
        QVERIFY2(read, read ? "" : qPrintable(read.errorMessage()));
        QCOMPARE(described(*read), expected);
        const std::vector<ClusterEvent> all = written();
        for (const auto &e : *read) // every field round-trips
            QVERIFY(std::find(all.begin(), all.end(), e) != all.end());
    }

    void otherKinds()
    {
        const auto store = filledStore();
        QVERIFY(store);
        const auto read = store->eventsOfKinds(kCluster, {EventKind::MemberJoined, EventKind::QuorumVoterLost},
                                               rel(-7 * 24 * kHour), kNow);
        QVERIFY(read);
        QCOMPARE(subjects(*read), (QStringList{QStringLiteral("billing joined"), QStringLiteral("voter 3")}));
    }

    void latestBefore_data()
    {
        addColumns<qint64, QStringList>("before", "expected");
        QTest::newRow("newest of each broker, oldest first")
            << qint64(0)
            << QStringList{QStringLiteral("broker 1 broker-online"), QStringLiteral("broker 2 broker-unfenced"),
                           QStringLiteral("broker 3 broker-offline")};
        QTest::newRow("of one poll, the one written last")
            << -24 * kHour + 1
            << QStringList{QStringLiteral("broker 1 broker-online"), QStringLiteral("broker 2 broker-unfenced"),
                           QStringLiteral("broker 3 broker-offline")};
        QTest::newRow("before is exclusive")
            << -49 * kHour
            << QStringList{QStringLiteral("broker 1 broker-online"), QStringLiteral("broker 2 broker-fenced")};
        QTest::newRow("while broker 1 was unreachable")
            << -71 * kHour << QStringList{QStringLiteral("broker 1 broker-unreachable")};
        QTest::newRow("nothing before") << -72 * kHour << QStringList{};
    }

    void latestBefore()
    {
        QFETCH(qint64, before);
        QFETCH(QStringList, expected);
        const auto store = filledStore();
        QVERIFY(store);
        const auto read = store->latestEventsBefore(kCluster, brokerStateEventKinds(), rel(before));
        QVERIFY2(read, read ? "" : qPrintable(read.errorMessage()));
        QCOMPARE(described(*read), expected);
    }

    void historyStartIsTheOldestEventOrPoll()
    {
        const auto store = filledStore();
        QVERIFY(store);
        const auto fromEvents = store->historyStart(kCluster);
        QVERIFY2(fromEvents, fromEvents ? "" : qPrintable(fromEvents.errorMessage()));
        QCOMPARE(*fromEvents, rel(-72 * kHour)); // broker 1's unreachable, the oldest event of dc1
        const auto other = store->historyStart(QStringLiteral("dc2"));
        QVERIFY(other);
        QCOMPARE(*other, rel(-30 * kHour));
        // A poll older than every event: the history began with it, groups or not.
        QVERIFY(store->appendSnapshot(snapshot(rel(-100 * kHour), {})).ok());
        QCOMPARE(*store->historyStart(kCluster), rel(-100 * kHour));
        QCOMPARE(*store->historyStart(QStringLiteral("dc2")), rel(-30 * kHour));
        const auto unknown = store->historyStart(QStringLiteral("nowhere"));
        QVERIFY(unknown);
        QVERIFY(!unknown->isValid());
    }

    void historyStartOfAnEmptyStore()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const auto start = store->historyStart(kCluster);
        QVERIFY(start);
        QVERIFY(!start->isValid());
        // An unreachable poll is not written: it tells nothing of the cluster's brokers.
        ClusterSnapshot unreachable = snapshot(rel(-60), {});
        unreachable.reachable = false;
        QVERIFY(store->appendSnapshot(unreachable).ok());
        QVERIFY(!store->historyStart(kCluster)->isValid());
    }

    void historyStartInBuckets()
    {
        // Three days ago the polls are coarse buckets: the history begins at the bucket's start.
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        QVERIFY(store->appendSnapshot(singleLag(rel(-72 * kHour + 7 * 60 + 30), 5, 0)).ok());
        QVERIFY(store->appendSnapshot(singleLag(rel(-60), 5, 1)).ok());
        QVERIFY(store->compact(kNow).ok());
        const auto spans = store->tierSpans(kCluster);
        QVERIFY(spans && spans->coarseFromMs == relMs(-72 * kHour));
        QCOMPARE(*store->historyStart(kCluster), rel(-72 * kHour));
    }

    void latestBeforeOfUnknownCluster()
    {
        const auto store = filledStore();
        QVERIFY(store);
        const auto read = store->latestEventsBefore(QStringLiteral("nowhere"), brokerStateEventKinds(), kNow);
        QVERIFY(read);
        QVERIFY(read->empty());
    }
};

QTEST_GUILESS_MAIN(TestHistoryBrokerEvents)
#include "tst_historybrokerevents.moc"
