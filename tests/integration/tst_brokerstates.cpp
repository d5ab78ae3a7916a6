// Broker states and the controller quorum on the real lab, as a monitor with a 1 s poll sees
// them (docs/BROKER-STATES.md): a paused broker is Fenced and comes back Online, a broker cut
// off from its clients but heard by its controller is Unreachable, a stopped one passes
// through Stopping (when a poll catches it) to Offline, a killed one is Offline; a killed
// quorum leader is replaced and shown lost, and caught up once restarted. Each drill prints
// the states it saw with their times since the action. Runs serially (CTest RUN_SERIAL):
// it pauses, blocks, stops and kills brokers of the shared lab and restores them.
#include "DrillUtil.h"
#include "LabTest.h"
#include "kafka/KafkaClient.h"
#include "monitor/BrokerLifecycle.h"
#include "monitor/MonitorService.h"
#include "monitor/QuorumHealth.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// Long enough for the slowest transition on a loaded CI machine (a fence waits for
// broker.session.timeout.ms, 9 s); the drills print how long each one took.
constexpr int kTransitionMs = 90000;

// The states one broker went through after an action, each with its first poll's time.
class StateLog {
public:
    void start()
    {
        m_clock.start();
        m_seen.clear();
    }
    void record(BrokerStatus status, const QString &reason)
    {
        if (m_seen.empty() || m_seen.back().status != status)
            m_seen.push_back({status, m_clock.elapsed(), reason});
    }
    bool saw(BrokerStatus status) const
    {
        return std::any_of(m_seen.begin(), m_seen.end(), [&](const Seen &s) { return s.status == status; });
    }
    // When `status` was first seen, in ms since start(); -1 if never.
    qint64 firstMs(BrokerStatus status) const
    {
        for (const Seen &s : m_seen)
            if (s.status == status)
                return s.atMs;
        return -1;
    }
    QList<BrokerStatus> sequence() const
    {
        QList<BrokerStatus> out;
        for (const Seen &s : m_seen)
            out << s.status;
        return out;
    }
    void print(const char *drill) const
    {
        for (const Seen &s : m_seen)
            qInfo("%s: %6.1f s %-11s %s", drill, double(s.atMs) / 1000, qPrintable(brokerStatusName(s.status)),
                  qPrintable(s.reason));
    }

private:
    struct Seen {
        BrokerStatus status;
        qint64 atMs;
        QString reason;
    };
    QElapsedTimer m_clock;
    std::vector<Seen> m_seen;
};

QString nodeArg(int id) { return QString::number(id); }

} // namespace

class TestBrokerStates final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    SnapshotPtr m_latest;
    std::vector<ClusterEvent> m_events;
    int m_watched = -1; // the broker whose states m_log records
    StateLog m_log;

    const BrokerState *broker(int id) const
    {
        if (!m_latest)
            return nullptr;
        for (const auto &b : m_latest->brokers)
            if (b.info.id == id)
                return &b;
        return nullptr;
    }
    bool brokerIs(int id, BrokerStatus status) const
    {
        const BrokerState *b = broker(id);
        return m_latest->reachable && b && b->status == status;
    }
    bool hasEvent(EventKind kind, const QString &subject) const
    {
        return std::any_of(m_events.begin(), m_events.end(),
                           [&](const ClusterEvent &e) { return e.kind == kind && e.subject == subject; });
    }
    int quorumLeader() const { return m_latest && m_latest->quorum ? m_latest->quorum->leaderId : -1; }
    const QuorumReplica *voter(int id) const
    {
        if (!m_latest || !m_latest->quorum)
            return nullptr;
        for (const auto &v : m_latest->quorum->voters)
            if (v.id == id)
                return &v;
        return nullptr;
    }
    bool voterIs(int id, VoterHealth health) const
    {
        const QuorumReplica *v = voter(id);
        return v && voterHealth(*m_latest->quorum, *v) == health;
    }
    // A primary node that is neither the quorum leader nor the active controller: its
    // drills test the broker alone, without an election on top.
    int followerNode() const
    {
        for (int id : {3, 2, 1})
            if (id != quorumLeader() && id != m_latest->controllerId)
                return id;
        return -1;
    }
    void brokerAction(const char *action, int id)
    {
        m_events.clear();
        m_watched = id;
        m_log.start();
        lab({QStringLiteral("broker"), QLatin1String(action), QStringLiteral("--cluster"), kPrimary,
             QStringLiteral("--node"), nodeArg(id)});
    }
    // Waits until every primary broker and voter is back to normal after a drill.
    void waitAllHealthy()
    {
        QVERIFY2(waitUntil(
                     [&] {
                         if (!m_latest || !m_latest->reachable || !m_latest->quorum)
                             return false;
                         for (int id : {1, 2, 3})
                             if (!brokerIs(id, BrokerStatus::Online) || !voterIs(id, VoterHealth::CaughtUp))
                                 return false;
                         return true;
                     },
                     kTransitionMs, 2),
                 "every primary broker Online and every voter caught up");
    }

    // lagscopectl's first requests go to a broker that answered, not to whichever broker
    // Metadata calls the controller (on KRaft, any of them): each run is a new client, and
    // one in three would otherwise ask the cut-off broker and time out.
    void cliAnswersWithout(int cutOff)
    {
        const QString config = m_lab.writeConfig(m_dir.path());
        for (int run = 0; run < 6; ++run) {
            const ProcessResult brokers = m_lab.lagscopectl(
                {QStringLiteral("brokers"), QStringLiteral("--config"), config, QStringLiteral("--cluster"), kPrimary,
                 QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--timeout"), QStringLiteral("5")});
            QVERIFY2(brokers.exitCode == 0, qPrintable(brokers.describe()));
            const QJsonArray rows = QJsonDocument::fromJson(brokers.out.toUtf8()).array();
            const auto row = std::find_if(rows.begin(), rows.end(), [&](const QJsonValue &v) {
                return v.toObject()[QStringLiteral("id")].toInt() == cutOff;
            });
            QVERIFY2(row != rows.end(), qPrintable(brokers.out));
            QCOMPARE(row->toObject()[QStringLiteral("state")].toString(), QStringLiteral("Unreachable"));
            const ProcessResult quorum = m_lab.lagscopectl({QStringLiteral("quorum"), QStringLiteral("--config"),
                                                            config, QStringLiteral("--cluster"), kPrimary,
                                                            QStringLiteral("--timeout"), QStringLiteral("5")});
            QVERIFY2(quorum.exitCode == 0, qPrintable(quorum.describe()));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!KafkaClient::fencedBrokers() || !KafkaClient::metadataQuorum())
            QFAIL("this build's librdkafka lacks Lagscope's patches 0011/0012; scripts/bootstrap builds the "
                  "pinned, patched one");
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 4000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            m_latest = u.snapshot;
            m_events.insert(m_events.end(), u.events.begin(), u.events.end());
            if (const BrokerState *b = broker(m_watched); b && m_latest->reachable)
                m_log.record(b->status, b->reason);
        });
        m_monitor->start();
        waitAllHealthy();
        QVERIFY2(m_latest->brokers.size() == 3, "primary has three brokers");
        qInfo("quorum leader %d, epoch %d; active controller %d", quorumLeader(), m_latest->quorum->leaderEpoch,
              m_latest->controllerId);
    }

    void init() { waitAllHealthy(); }

    void cleanup()
    {
        if (QTest::currentTestFailed()) {
            m_lab.dumpLogs();
            m_lab.lab({QStringLiteral("heal")});
        }
        m_watched = -1;
    }

    void cleanupTestCase() { m_monitor.reset(); }

    void pausedBrokerIsFencedThenOnline()
    {
        const int id = followerNode();
        brokerAction("pause", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Fenced); }, kTransitionMs), "Fenced");
        const qint64 fencedMs = m_log.firstMs(BrokerStatus::Fenced);
        QVERIFY2(broker(id)->reason.contains(QStringLiteral("accepts connections")), qPrintable(broker(id)->reason));
        QVERIFY(hasEvent(EventKind::BrokerFenced, QStringLiteral("broker %1").arg(id)));
        // The controller saw no heartbeat, not a dead process: never Offline.
        QVERIFY(!m_log.saw(BrokerStatus::Offline));
        m_log.print("SIGSTOP");

        brokerAction("resume", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Online); }, kTransitionMs), "Online again");
        QVERIFY(hasEvent(EventKind::BrokerUnfenced, QStringLiteral("broker %1").arg(id)));
        m_log.print("SIGCONT");
        qInfo("broker %d: SIGSTOP -> Fenced in %.1f s (broker.session.timeout.ms 9 s + a 1 s poll); SIGCONT -> "
              "Online in %.1f s",
              id, double(fencedMs) / 1000, double(m_log.firstMs(BrokerStatus::Online)) / 1000);
    }

    void blockedBrokerIsUnreachable()
    {
        const int id = followerNode();
        brokerAction("block", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Unreachable); }, kTransitionMs), "Unreachable");
        // It stays registered and unfenced: heartbeats go to the controller's own listener.
        // Twice the session timeout later it is still Unreachable, never Offline nor Fenced.
        const bool left = waitUntil([&] { return !brokerIs(id, BrokerStatus::Unreachable); }, 20000);
        m_log.print("block");
        QVERIFY2(!left, "stays Unreachable");
        QVERIFY(!m_log.saw(BrokerStatus::Offline) && !m_log.saw(BrokerStatus::Fenced));
        QVERIFY(hasEvent(EventKind::BrokerUnreachable, QStringLiteral("broker %1").arg(id)));
        const qint64 unreachableMs = m_log.firstMs(BrokerStatus::Unreachable);
        cliAnswersWithout(id);

        brokerAction("unblock", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Online); }, kTransitionMs), "Online again");
        m_log.print("unblock");
        qInfo("broker %d: blocked -> Unreachable in %.1f s, stayed Unreachable for 20 s more; unblocked -> Online "
              "in %.1f s",
              id, double(unreachableMs) / 1000, double(m_log.firstMs(BrokerStatus::Online)) / 1000);
    }

    void stoppedBrokerIsOffline()
    {
        const int id = followerNode();
        brokerAction("stop", id); // SIGTERM: a controlled shutdown; returns once the process is gone
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Offline); }, kTransitionMs), "Offline");
        QVERIFY2(broker(id)->reason.contains(QStringLiteral("refuses connections")), qPrintable(broker(id)->reason));
        m_log.print("SIGTERM");
        // Stopping shows only when a poll falls within the controlled shutdown; the process
        // is gone by the time `lab broker stop` returns, so what follows it is Offline (the
        // listener refuses) and never Unreachable, which would mean "alive for the controller".
        const QList<BrokerStatus> seen = m_log.sequence();
        QVERIFY2(!seen.contains(BrokerStatus::Unreachable), "a stopped broker is fenced at once, never Unreachable");
        qInfo("broker %d: SIGTERM -> Offline in %.1f s; Stopping %s", id,
              double(m_log.firstMs(BrokerStatus::Offline)) / 1000,
              m_log.saw(BrokerStatus::Stopping) ? "seen" : "not caught by a poll (docs/BROKER-STATES.md, Limits)");

        brokerAction("start", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Online); }, kTransitionMs), "Online again");
    }

    void killedBrokerIsOffline()
    {
        const int id = followerNode();
        brokerAction("kill", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Offline); }, kTransitionMs), "Offline");
        QVERIFY2(broker(id)->reason.contains(QStringLiteral("refuses connections")), qPrintable(broker(id)->reason));
        QVERIFY(hasEvent(EventKind::BrokerOffline, QStringLiteral("broker %1").arg(id)));
        // Until the controller fences it (broker.session.timeout.ms), it is registered and
        // unfenced, and only Lagscope's connection says anything: Unreachable in the meantime.
        const QList<BrokerStatus> seen = m_log.sequence();
        QVERIFY2(!seen.contains(BrokerStatus::Fenced), "a dead broker's listener refuses: Offline, not Fenced");
        m_log.print("kill -9");
        qInfo("broker %d: kill -9 -> Offline in %.1f s", id, double(m_log.firstMs(BrokerStatus::Offline)) / 1000);

        brokerAction("start", id);
        QVERIFY2(waitUntil([&] { return brokerIs(id, BrokerStatus::Online); }, kTransitionMs), "Online again");
    }

    void killedQuorumLeaderIsReplacedAndCatchesUp()
    {
        const int leader = quorumLeader();
        const int epoch = m_latest->quorum->leaderEpoch;
        QVERIFY(leader >= 1);
        QElapsedTimer clock;
        clock.start();
        brokerAction("kill", leader);
        QVERIFY2(waitUntil([&] { return quorumLeader() >= 1 && quorumLeader() != leader; }, kTransitionMs),
                 "a new quorum leader");
        const qint64 electedMs = clock.elapsed();
        QVERIFY(m_latest->quorum->leaderEpoch > epoch);
        QVERIFY(hasEvent(EventKind::QuorumLeaderChanged, QStringLiteral("quorum")));
        QVERIFY2(waitUntil([&] { return voterIs(leader, VoterHealth::Lost); }, kTransitionMs), "old leader lost");
        const qint64 lostMs = clock.elapsed();
        QVERIFY(hasEvent(EventKind::QuorumVoterLost, QStringLiteral("voter %1").arg(leader)));
        qInfo("voter %d killed: leader %d -> %d (epoch %d -> %d) seen after %.1f s; voter %d lost (%s) after %.1f s",
              leader, leader, quorumLeader(), epoch, m_latest->quorum->leaderEpoch, double(electedMs) / 1000, leader,
              qPrintable(voterHealthReason(*m_latest->quorum, *voter(leader))), double(lostMs) / 1000);

        clock.restart();
        brokerAction("start", leader);
        QVERIFY2(waitUntil([&] { return voterIs(leader, VoterHealth::CaughtUp); }, kTransitionMs), "caught up again");
        QVERIFY(hasEvent(EventKind::QuorumVoterCaughtUp, QStringLiteral("voter %1").arg(leader)));
        qInfo("voter %d restarted: caught up %.1f s after `lab broker start` returned", leader,
              double(clock.elapsed()) / 1000);
    }
};

QTEST_GUILESS_MAIN(TestBrokerStates)
#include "tst_brokerstates.moc"
