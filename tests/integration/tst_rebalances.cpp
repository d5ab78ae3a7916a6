// Rebalance detection against the real lab: one real member owns a 4-partition topic, a
// second real member joins, and the monitor must record exactly one rebalance with
// plausible bounds, the members before and after, and the partitions that moved to the
// newcomer — for the classic protocol and for KIP-848's consumer protocol. The rebalance
// also goes through the history store and back. Then the monitor restarts while a member
// joins: the rebalance is still recorded once, against the member from before the restart.
#include "LabTest.h"
#include "monitor/MonitorService.h"
#include "store/HistoryStore.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kPollMs = 1000;

} // namespace

class TestRebalances final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    std::unique_ptr<HistoryStore> m_store;
    SnapshotPtr m_latest;
    std::vector<Rebalance> m_rebalances;
    std::vector<ClusterEvent> m_events;
    std::vector<std::unique_ptr<QProcess>> m_members;
    QString m_lastGroup; // of secondMemberJoins, with one rebalance in the last hour

    AppConfig monitorConfig() const
    {
        AppConfig config;
        config.pollIntervalMs = kPollMs;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        return config;
    }

    void startMonitor()
    {
        m_monitor = std::make_unique<MonitorService>(monitorConfig());
        m_monitor->setStateDirectory(m_dir.path());
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            m_latest = u.snapshot;
            m_rebalances.insert(m_rebalances.end(), u.rebalances.begin(), u.rebalances.end());
            m_events.insert(m_events.end(), u.events.begin(), u.events.end());
            QVERIFY(m_store->appendRebalances(u.rebalances).ok());
        });
        m_monitor->start();
    }

    std::unique_ptr<QProcess> startMember(const QString &group, const QString &topic, const QString &clientId,
                                          const QString &protocol)
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 {QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
                  QStringLiteral("--max"), QStringLiteral("1000000"), QStringLiteral("--stay"),
                  QStringLiteral("--client-id"), clientId, QStringLiteral("--protocol"), protocol,
                  QStringLiteral("--timeout"), QStringLiteral("120"), QStringLiteral("--bootstrap"),
                  m_lab.bootstrap(kPrimary)});
        return p;
    }

    const GroupState *group(const QString &id) const { return m_latest ? m_latest->group(id) : nullptr; }

    bool settled(const QString &id, int members) const { return m_latest && settledIn(*m_latest, id, members); }

    // Stable with `members` members that together own all 4 partitions.
    static bool settledIn(const ClusterSnapshot &snapshot, const QString &id, int members)
    {
        const GroupState *g = snapshot.group(id);
        if (!g || g->state != QLatin1String("Stable") || int(g->members.size()) != members)
            return false;
        size_t owned = 0;
        for (const auto &m : g->members)
            owned += m.assignment.size();
        return owned == 4;
    }

    std::vector<Rebalance> rebalancesOf(const QString &id) const
    {
        std::vector<Rebalance> out;
        for (const auto &r : m_rebalances)
            if (r.group == id)
                out.push_back(r);
        return out;
    }

    void waitPolls(int n)
    {
        const QDateTime after = m_latest ? m_latest->takenAt : QDateTime::currentDateTimeUtc();
        QTRY_VERIFY_WITH_TIMEOUT(m_latest && m_latest->takenAt.msecsTo(QDateTime::currentDateTimeUtc()) >= 0
                                     && after.msecsTo(m_latest->takenAt) >= qint64(n) * kPollMs,
                                 n * kPollMs * 3 + 10000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto store = HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(store, store ? "" : qPrintable(store.errorMessage()));
        m_store = std::move(*store);
        startMonitor();
    }

    void cleanupTestCase()
    {
        for (auto &p : m_members) {
            p->terminate();
            p->waitForFinished(20000);
        }
        m_monitor.reset();
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void secondMemberJoins_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::newRow("classic") << QStringLiteral("classic");
        QTest::newRow("consumer (KIP-848)") << QStringLiteral("consumer");
    }

    void secondMemberJoins()
    {
        QFETCH(QString, protocol);
        const QString id = LabClient::uniqueSuffix();
        const QString topic = QStringLiteral("rb-%1-%2").arg(protocol, id);
        const QString groupId = QStringLiteral("rb-group-%1-%2").arg(protocol, id);
        const ProcessResult created = m_lab.traffic(kPrimary, createTopicArgs(topic, 4, 3));
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));

        m_members.push_back(startMember(groupId, topic, QStringLiteral("rb-first"), protocol));
        QVERIFY(m_members.back()->waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(settled(groupId, 1), 60000);
        waitPolls(2); // the detector has a settled baseline with one member
        const size_t before = rebalancesOf(groupId).size();
        const QString firstMember = group(groupId)->members.front().memberId;

        const QDateTime joinStarted = QDateTime::currentDateTimeUtc();
        m_members.push_back(startMember(groupId, topic, QStringLiteral("rb-second"), protocol));
        QVERIFY(m_members.back()->waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(settled(groupId, 2), 60000);
        const QDateTime seenSettled = m_latest->takenAt;
        std::map<TopicPartition, QString> ownerAfter;
        QString secondMember;
        for (const auto &m : group(groupId)->members) {
            if (m.clientId == QLatin1String("rb-second"))
                secondMember = m.memberId;
            for (const auto &tp : m.assignment)
                ownerAfter[tp] = m.memberId;
        }
        QVERIFY(!secondMember.isEmpty());
        waitPolls(3); // nothing else may come after it

        const auto found = rebalancesOf(groupId);
        QCOMPARE(found.size(), before + 1);
        const Rebalance &r = found.back();
        qInfo("%s: rebalance %s; start between %s and %s, end between %s and %s, duration %lld..%lld ms, %zu moved",
              qPrintable(protocol), qPrintable(triggerText(r.trigger)),
              qPrintable(r.startAfter.toString(Qt::ISODateWithMs)), qPrintable(r.startBy.toString(Qt::ISODateWithMs)),
              qPrintable(r.endAfter.toString(Qt::ISODateWithMs)), qPrintable(r.endBy.toString(Qt::ISODateWithMs)),
              r.minDurationMs(), r.maxDurationMs(), r.moves.size());
        QCOMPARE(r.cluster, kPrimary);
        QVERIFY(r.trigger & TriggerMemberJoined);
        QVERIFY(!(r.trigger & TriggerMemberLeft));
        QCOMPARE(r.membersBefore.size(), size_t(1));
        QCOMPARE(r.membersBefore.front().memberId, firstMember);
        QCOMPARE(r.membersAfter.size(), size_t(2));
        // Plausible bounds: the last settled poll is at most one poll (plus its duration)
        // before the second member started, the end no later than the poll that showed it.
        QVERIFY(r.startAfter.msecsTo(joinStarted) <= 3 * kPollMs);
        QVERIFY(r.endBy <= seenSettled);
        QVERIFY(r.minDurationMs() <= r.maxDurationMs());
        QVERIFY2(r.maxDurationMs() < 60000, qPrintable(durationText(r)));
        // Moved: exactly the partitions the newcomer owns now, all from the first member.
        std::vector<TopicPartition> expected;
        for (const auto &[tp, owner] : ownerAfter)
            if (owner == secondMember)
                expected.push_back(tp);
        QVERIFY(!expected.empty());
        std::vector<TopicPartition> moved;
        for (const PartitionMove &m : r.moves) {
            QCOMPARE(m.fromMember, firstMember);
            QCOMPARE(m.toMember, secondMember);
            moved.push_back(m.partition);
        }
        QCOMPARE(moved, expected);
        // One event for it, and the same record back from the history.
        const auto event = std::count_if(m_events.begin(), m_events.end(), [&](const ClusterEvent &e) {
            return e.kind == EventKind::Rebalance && e.group == groupId && e.time == r.endBy;
        });
        QCOMPARE(event, 1);
        const auto stored = m_store->rebalances(kPrimary, {}, {}, groupId);
        QVERIFY(stored);
        QCOMPARE(stored->size(), found.size());
        QCOMPARE(stored->back(), r);
        QCOMPARE(group(groupId)->rebalancesLastHour, int(found.size()));
        m_lastGroup = groupId;
    }

    void memberJoinsWhileRestarting()
    {
        QVERIFY(!m_lastGroup.isEmpty());
        const QString id = LabClient::uniqueSuffix();
        const QString topic = QStringLiteral("rb-restart-%1").arg(id);
        const QString groupId = QStringLiteral("rb-group-restart-%1").arg(id);
        const ProcessResult created = m_lab.traffic(kPrimary, createTopicArgs(topic, 4, 3));
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        m_members.push_back(startMember(groupId, topic, QStringLiteral("rb-first"), QStringLiteral("classic")));
        QVERIFY(m_members.back()->waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(settled(groupId, 1), 60000);
        waitPolls(2);
        const QString firstMember = group(groupId)->members.front().memberId;
        const QDateTime lastSeenBefore = m_latest->takenAt;

        m_monitor.reset(); // Lagscope exits: each poller saves its rebalance state
        const QDateTime stopped = QDateTime::currentDateTimeUtc();
        m_latest.reset();
        QVERIFY(QFileInfo::exists(m_dir.filePath(MonitorService::stateFileName(kPrimary))));
        QVERIFY(rebalancesOf(groupId).empty());
        m_members.push_back(startMember(groupId, topic, QStringLiteral("rb-second"), QStringLiteral("classic")));
        QVERIFY(m_members.back()->waitForStarted());
        {
            // The whole rebalance happens while Lagscope is closed: watched by a monitor
            // that keeps no state, so only the saved state can tell the next run about it.
            MonitorService watcher(monitorConfig());
            SnapshotPtr seen;
            connect(&watcher, &MonitorService::updated, this, [&seen](const PollUpdate &u) { seen = u.snapshot; });
            watcher.start();
            QTRY_VERIFY_WITH_TIMEOUT(seen && settledIn(*seen, groupId, 2), 60000);
        }
        startMonitor(); // Lagscope starts again
        QTRY_VERIFY_WITH_TIMEOUT(settled(groupId, 2), 60000);
        waitPolls(3);

        const auto found = rebalancesOf(groupId);
        QCOMPARE(found.size(), size_t(1)); // not lost, not twice
        const Rebalance &r = found.front();
        qInfo("across a restart: rebalance %s; start between %s and %s, end between %s and %s, duration %lld..%lld ms",
              qPrintable(triggerText(r.trigger)), qPrintable(r.startAfter.toString(Qt::ISODateWithMs)),
              qPrintable(r.startBy.toString(Qt::ISODateWithMs)), qPrintable(r.endAfter.toString(Qt::ISODateWithMs)),
              qPrintable(r.endBy.toString(Qt::ISODateWithMs)), r.minDurationMs(), r.maxDurationMs());
        QCOMPARE(r.trigger, int(TriggerMemberJoined));
        QCOMPARE(r.membersBefore.size(), size_t(1));
        QCOMPARE(r.membersBefore.front().memberId, firstMember);
        QCOMPARE(r.membersAfter.size(), size_t(2));
        // Started after the last poll of the first run (the last one seen here, or one the
        // exit cut off before it reached us), and found by the first poll of the second run.
        QVERIFY(r.startAfter >= lastSeenBefore);
        QVERIFY(r.startAfter <= stopped);
        QVERIFY(r.endBy > stopped);
        QVERIFY(!r.moves.empty());
        // The hour's count from before the restart is still there.
        QVERIFY(group(m_lastGroup));
        QCOMPARE(group(m_lastGroup)->rebalancesLastHour, int(rebalancesOf(m_lastGroup).size()));
        QVERIFY(group(m_lastGroup)->rebalancesLastHour >= 1);
    }
};

QTEST_GUILESS_MAIN(TestRebalances)
#include "tst_rebalances.moc"
