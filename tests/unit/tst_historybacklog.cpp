// A shared history whose PostgreSQL cannot be reached from the start (nothing listens on the
// port): the recorder keeps the polls in memory up to HistoryRecorder::kMaxBufferedWrites, drops
// the oldest beyond it and counts them (the `backlog` signal that /metrics shows), and says
// once that the database is unreachable. No server needed: a refused connection is the point.
#include "store/HistoryRecorder.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace lagscope;

class TestHistoryBacklog final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsUpToTheBoundAndCountsTheRest()
    {
        // A port nothing listens on: taken, then freed.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        HistoryRecorder recorder(QStringLiteral("postgresql://lagscope@127.0.0.1:%1/history").arg(port));
        QSignalSpy backlog(&recorder, &HistoryRecorder::backlog);
        QSignalSpy warnings(&recorder, &HistoryRecorder::warning);
        recorder.open();
        constexpr int kExtra = 5;
        for (int i = 0; i < HistoryRecorder::kMaxBufferedWrites + kExtra; ++i) {
            auto snapshot = std::make_shared<ClusterSnapshot>();
            snapshot->cluster = QStringLiteral("primary");
            snapshot->reachable = true;
            snapshot->takenAt = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000 + i * 5000, Qt::UTC);
            recorder.record(PollUpdate{snapshot, {}, {}});
        }
        QCOMPARE(backlog.size(), HistoryRecorder::kMaxBufferedWrites + kExtra);
        QCOMPARE(backlog.last().at(0).toLongLong(), qint64(HistoryRecorder::kMaxBufferedWrites));
        QCOMPARE(backlog.last().at(1).toLongLong(), qint64(kExtra));
        // Said once, not once per poll.
        QVERIFY2(warnings.size() <= 3, qPrintable(QString::number(warnings.size())));
    }
};

QTEST_GUILESS_MAIN(TestHistoryBacklog)
#include "tst_historybacklog.moc"
