// A shared history whose database goes away while polls, flow polls and alert events go on
// (the test PostgreSQL of the 'postgresql' fixture): the recorder keeps them in memory and
// writes them, oldest first, when it is back; what did not fit its bound is counted (the
// `backlog` signal) and told in the history itself, by one history-gap event per cluster and
// per flow, with how many of what and from when to when. The database is taken away by
// refusing connections to it and ending its sessions, so that the server stays up for the
// tests that run beside this one.
#include "HistoryTestUtil.h"
#include "PostgresTestDb.h"
#include "store/HistoryRecorder.h"

#include <QSignalSpy>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

const mirror::FlowIdentity kFlowId{kCluster, QStringLiteral("dr"), kCluster, QStringLiteral("dr")};

enum class Write {
    Poll,
    FlowPoll,
    Alert
};

} // namespace

class TestHistoryOutage final : public QObject {
    Q_OBJECT

private:
    QDateTime m_start = QDateTime::currentDateTimeUtc().addSecs(-20 * 60);

    QDateTime at(int second) const { return m_start.addSecs(second); }

    PollUpdate poll(int second) const
    {
        return PollUpdate{std::make_shared<ClusterSnapshot>(singleLag(at(second), second, second)), {}, {}};
    }

    std::shared_ptr<const mirror::FlowSnapshot> flow(int second) const
    {
        auto s = std::make_shared<mirror::FlowSnapshot>();
        s->flow = kFlowId;
        s->takenAt = at(second);
        s->heartbeatAgeMs = 500;
        return s;
    }

    std::vector<ClusterEvent> alert(int second) const
    {
        ClusterEvent e;
        e.time = at(second);
        e.cluster = kCluster;
        e.kind = EventKind::AlertFired;
        e.severity = EventSeverity::Warning;
        e.subject = QStringLiteral("lag over 100");
        e.message = QStringLiteral("alert at second %1").arg(second);
        return {e};
    }

    template <typename T> static std::vector<T> valueOr(Result<std::vector<T>> r)
    {
        if (!r) {
            qWarning("%s", qPrintable(r.errorMessage()));
            return {};
        }
        return std::move(r).value();
    }

private Q_SLOTS:
    void keepsWhatItWritesAndTellsTheGap()
    {
        const auto server = PostgresServer::fromFixture();
        QVERIFY(server);
        const QString location = server->newDatabase();
        QVERIFY(!location.isEmpty());
        const QString database = parsePostgresLocation(location)->database;

        HistoryRecorder recorder(location);
        QSignalSpy recorded(&recorder, &HistoryRecorder::recorded);
        QSignalSpy flowRecorded(&recorder, &HistoryRecorder::flowRecorded);
        QSignalSpy backlog(&recorder, &HistoryRecorder::backlog);
        recorder.open();
        recorder.record(poll(0));
        recorder.recordFlow(flow(0), {});
        QCOMPARE(recorded.size(), 1); // the lease is taken and the first poll written
        QCOMPARE(flowRecorded.size(), 1);

        QVERIFY(server->exec(QStringLiteral("postgres"),
                             {QStringLiteral("ALTER DATABASE %1 ALLOW_CONNECTIONS false").arg(database),
                              QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                             "WHERE datname = '%1' AND pid <> pg_backend_pid()")
                                  .arg(database)}));

        // While it is away: a poll a second, a flow poll every 10, an alert every 50; more in
        // all than the buffer holds, so the oldest are dropped.
        constexpr int kAwaySeconds = 700;
        std::vector<std::pair<Write, int>> writes;
        for (int second = 1; second <= kAwaySeconds; ++second) {
            recorder.record(poll(second));
            writes.emplace_back(Write::Poll, second);
            if (second % 10 == 0) {
                recorder.recordFlow(flow(second), {});
                writes.emplace_back(Write::FlowPoll, second);
            }
            if (second % 50 == 0) {
                recorder.recordEvents(alert(second));
                writes.emplace_back(Write::Alert, second);
            }
        }
        QCOMPARE(recorded.size(), 1);
        QCOMPARE(backlog.last().at(0).toLongLong(), qint64(HistoryRecorder::kMaxBufferedWrites));
        QCOMPARE(backlog.last().at(1).toLongLong(), qint64(writes.size()) - HistoryRecorder::kMaxBufferedWrites);

        // Back: polls go on; one of them finds the database (tried every 2 s) and writes
        // everything kept, then the gaps.
        QVERIFY(server->exec(QStringLiteral("postgres"),
                             {QStringLiteral("ALTER DATABASE %1 ALLOW_CONNECTIONS true").arg(database)}));
        // One poll per check of the condition (QTRY's step is their cadence), until the buffer
        // is empty.
        int second = kAwaySeconds;
        const auto pollAndCheck = [&] {
            recorder.record(poll(++second));
            writes.emplace_back(Write::Poll, second);
            return backlog.last().at(0).toLongLong() == 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(pollAndCheck(), 60000);
        const int pollsAfter = second - kAwaySeconds;
        // The oldest were dropped: those of the time away beyond the bound, and one more for
        // each poll kept while the buffer was still full (before the reconnection).
        const qint64 dropped = backlog.last().at(1).toLongLong();
        QVERIFY(dropped >= qint64(writes.size()) - pollsAfter - HistoryRecorder::kMaxBufferedWrites);
        std::map<Write, int> droppedOf;
        for (qint64 i = 0; i < dropped; ++i)
            ++droppedOf[writes[size_t(i)].first];
        QVERIFY(droppedOf[Write::Poll] > 0 && droppedOf[Write::FlowPoll] > 0 && droppedOf[Write::Alert] > 0);

        auto reader = openOrFail(location);
        QVERIFY(reader);
        const QDateTime from = at(-1), to = at(second + 1);
        const auto samples = valueOr(reader->groupHistory(kCluster, kGroup, from, to));
        QCOMPARE(int(samples.size()), 1 + kAwaySeconds - droppedOf[Write::Poll] + pollsAfter);
        QCOMPARE(int(valueOr(reader->flowHistory(kFlowId.label(), from, to)).size()),
                 1 + kAwaySeconds / 10 - droppedOf[Write::FlowPoll]);
        const auto alerts = valueOr(reader->eventsOfKinds(kCluster, {EventKind::AlertFired}, from, to));
        QCOMPARE(int(alerts.size()), kAwaySeconds / 50 - droppedOf[Write::Alert]);

        // The gaps: at the first write each lost, saying what and until when.
        const auto clusterGaps = valueOr(reader->eventsOfKinds(kCluster, {EventKind::HistoryGap}, from, to));
        QCOMPARE(clusterGaps.size(), size_t(1));
        const ClusterEvent &gap = clusterGaps.front();
        QCOMPARE(gap.severity, EventSeverity::Warning);
        QCOMPARE(gap.time, at(1));
        // (Without the app's English plurals: "58 poll(s)".)
        QVERIFY2(gap.message.startsWith(QStringLiteral("Not in the history: %1 poll").arg(droppedOf[Write::Poll])),
                 qPrintable(gap.message));
        QVERIFY2(gap.message.contains(QStringLiteral(", %1 alert event").arg(droppedOf[Write::Alert])),
                 qPrintable(gap.message));
        QVERIFY2(gap.message.contains(at(droppedOf[Write::Poll]).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))),
                 qPrintable(gap.message));
        const auto flowGaps = valueOr(reader->eventsOfKinds(kFlowId.label(), {EventKind::HistoryGap}, from, to));
        QCOMPARE(flowGaps.size(), size_t(1));
        QVERIFY2(flowGaps.front().message.contains(QStringLiteral("%1 flow poll").arg(droppedOf[Write::FlowPoll])),
                 qPrintable(flowGaps.front().message));
        qInfo("away %d s: %lld writes kept, %lld dropped (%d polls, %d flow polls, %d alert events); %s", kAwaySeconds,
              qlonglong(HistoryRecorder::kMaxBufferedWrites), qlonglong(dropped), droppedOf[Write::Poll],
              droppedOf[Write::FlowPoll], droppedOf[Write::Alert], qPrintable(gap.message));
    }
};

QTEST_GUILESS_MAIN(TestHistoryOutage)
#include "tst_historyoutage.moc"
