// The stored names of event kinds and severities (the event log's and the history store's
// vocabulary): every kind round-trips through its name, and unknown names are refused.
#include "TableRows.h"
#include "model/ClusterEvent.h"

#include <QTest>

#include <utility>

using namespace lagscope;

namespace {

QString u8(const char *text) { return QString::fromUtf8(text); }

// Every kind, in declaration order, with its stored name.
const std::pair<EventKind, const char *> kAllKinds[] = {
    {EventKind::BrokerOffline, "broker-offline"},
    {EventKind::BrokerOnline, "broker-online"},
    {EventKind::BrokerUnreachable, "broker-unreachable"},
    {EventKind::ControllerChanged, "controller-changed"},
    {EventKind::PartitionUnderReplicated, "partition-under-replicated"},
    {EventKind::PartitionOffline, "partition-offline"},
    {EventKind::PartitionInSync, "partition-in-sync"},
    {EventKind::GroupStateChanged, "group-state-changed"},
    {EventKind::MemberJoined, "member-joined"},
    {EventKind::MemberLeft, "member-left"},
    {EventKind::AssignmentChanged, "assignment-changed"},
    {EventKind::GroupAppeared, "group-appeared"},
    {EventKind::GroupDisappeared, "group-disappeared"},
    {EventKind::ClusterUnreachable, "cluster-unreachable"},
    {EventKind::ClusterReachable, "cluster-reachable"},
    {EventKind::Rebalance, "rebalance"},
    {EventKind::AlertFired, "alert-fired"},
    {EventKind::AlertCleared, "alert-cleared"},
    {EventKind::AlertCommandFailed, "alert-command-failed"},
    {EventKind::LagStatusChanged, "lag-status-changed"},
    {EventKind::BrokerFenced, "broker-fenced"},
    {EventKind::BrokerUnfenced, "broker-unfenced"},
    {EventKind::BrokerStopping, "broker-stopping"},
    {EventKind::QuorumLeaderChanged, "quorum-leader-changed"},
    {EventKind::QuorumVoterLagging, "quorum-voter-lagging"},
    {EventKind::QuorumVoterLost, "quorum-voter-lost"},
    {EventKind::QuorumVoterCaughtUp, "quorum-voter-caught-up"},
    {EventKind::SplitBrainStarted, "split-brain-started"},
    {EventKind::SplitBrainEnded, "split-brain-ended"},
    {EventKind::HistoryGap, "history-gap"},
};

} // namespace

Q_DECLARE_METATYPE(lagscope::EventKind)

class TestEventKinds final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eventKindNames_data()
    {
        test::addColumns<EventKind, QString>("kind", "name");
        for (const auto &[kind, name] : kAllKinds)
            QTest::newRow(name) << kind << u8(name);
    }

    void eventKindNames()
    {
        QFETCH(EventKind, kind);
        QFETCH(QString, name);

        QCOMPARE(eventKindName(kind), name);
        EventKind parsed = kind == EventKind::BrokerOffline ? EventKind::ClusterReachable : EventKind::BrokerOffline;
        QVERIFY(eventKindFromName(name, &parsed));
        QCOMPARE(parsed, kind);
    }

    void unknownKindName()
    {
        EventKind kind = EventKind::MemberLeft;
        QVERIFY(!eventKindFromName(QStringLiteral("broker-exploded"), &kind));
        QVERIFY(!eventKindFromName(QString(), &kind));
        QVERIFY(!eventKindFromName(QStringLiteral("Broker-Offline"), &kind)); // stored names are exact
        QCOMPARE(kind, EventKind::MemberLeft);                                // untouched on failure
        QVERIFY(eventKindFromName(QStringLiteral("member-joined"), nullptr));
    }

    void severityNames()
    {
        QCOMPARE(severityName(EventSeverity::Info), QStringLiteral("info"));
        QCOMPARE(severityName(EventSeverity::Warning), QStringLiteral("warning"));
        QCOMPARE(severityName(EventSeverity::Error), QStringLiteral("error"));
    }
};

QTEST_GUILESS_MAIN(TestEventKinds)
#include "tst_eventkinds.moc"
