// A full disk under the desktop session, for real: the history lives on a 24 MiB tmpfs of the
// test's own (tests/gui/with-small-disk), which the test fills until the kernel says ENOSPC.
// The history pauses with a lasting notice in the status bar while the cluster is still
// polled; an offset reset whose audit record has no room is refused before anything is
// written; when the space returns the notice goes and the history records again.
#include "DrillUtil.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "SessionTest.h"
#include "actions/AuditLog.h"
#include "actions/ResetExecutor.h"
#include "monitor/MonitorService.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestDiskFull final : public SessionTest {
    Q_OBJECT

private:
    const QString m_disk = qEnvironmentVariable("LAGSCOPE_SMALL_DISK");
    const QString m_topic = named("diskfull");
    const QString m_group = named("diskfull-g");

    QString historyPath() const { return QDir(m_disk).filePath(QStringLiteral("history.sqlite")); }
    QString fillerPath() const { return QDir(m_disk).filePath(QStringLiteral("filler")); }
    QString dataDir() const { return QDir(m_disk).filePath(QStringLiteral("data")); }

    qint64 freeBytes() const
    {
        QStorageInfo volume(m_disk);
        volume.refresh();
        return volume.bytesAvailable();
    }

    // Appends until the kernel refuses: big chunks, then pages for what is left.
    bool fillDisk() const
    {
        QFile filler(fillerPath());
        if (!filler.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
            return false;
        for (const qint64 size : {qint64(1) << 20, qint64(4096)}) {
            const QByteArray chunk(size, 'x');
            while (filler.write(chunk) == chunk.size()) { }
        }
        return freeBytes() < 4096;
    }

    // History samples of the test's group taken at or after `since`, read through a reader
    // connection of its own, as the charts do.
    int samplesSince(const QDateTime &since) const
    {
        auto store = HistoryStore::open(historyPath(), {}, HistoryStore::OpenMode::Reader);
        if (!store)
            return 0;
        auto samples = (*store)->groupHistory(kPrimary, m_group, since, QDateTime::currentDateTimeUtc().addSecs(60));
        if (!samples)
            return 0;
        int n = 0;
        for (const auto &s : *samples)
            n += s.timeMs >= since.toMSecsSinceEpoch() ? 1 : 0;
        return n;
    }

    QDateTime latestPoll() const
    {
        const SnapshotPtr s = m_session->monitor()->latest(kPrimary);
        return s ? s->takenAt : QDateTime();
    }

    QLabel *pausedNotice() const { return m_session->window()->findChild<QLabel *>(QStringLiteral("history-paused")); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!m_disk.isEmpty(), "LAGSCOPE_SMALL_DISK is not set: run the test through tests/gui/with-small-disk");
        QStandardPaths::setTestModeEnabled(true);
        for (const QStringList &args : {createTopicArgs(m_topic, 2, 3), produceArgs(m_topic, 40),
                                        commitArgs(m_group, m_topic, QStringLiteral("0=10,1=10"))}) {
            const ProcessResult r = m_lab.traffic(kPrimary, args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        }
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        m_session = std::make_unique<DesktopSession>(config, QString(), QString(), historyPath());
        m_session->start();
        QVERIFY(QTest::qWaitForWindowExposed(m_session->window()));
    }

    void cleanupTestCase()
    {
        m_session.reset();
        QFile::remove(fillerPath());
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void pausesOnAFullDiskWhileMonitoringGoesOn()
    {
        const QDateTime start = QDateTime::currentDateTimeUtc();
        QTRY_VERIFY_WITH_TIMEOUT(samplesSince(start) > 0, 60000);
        QVERIFY(!pausedNotice() || !pausedNotice()->isVisible());

        QVERIFY2(fillDisk(), qPrintable(QStringLiteral("%1 bytes still free").arg(freeBytes())));
        QTRY_VERIFY_WITH_TIMEOUT(pausedNotice() && pausedNotice()->isVisible(), 30000);
        qInfo("notice: %s", qPrintable(pausedNotice()->text()));
        QVERIFY(pausedNotice()->text().contains(
            QStringLiteral("History paused: the disk holding %1 is full").arg(historyPath())));
        QVERIFY(pausedNotice()->text().contains(QStringLiteral("Monitoring goes on")));

        // Polls go on: two more after the pause, each shown in the window.
        const QDateTime pausedAt = QDateTime::currentDateTimeUtc();
        QTRY_VERIFY_WITH_TIMEOUT(latestPoll() > pausedAt.addSecs(2), 30000);
        m_session->window()->resize(1280, 760);
        saveScreenshot(m_session->window(), QStringLiteral("history-paused"));
    }

    void aWriteThatCannotBeAuditedIsRefused()
    {
        QVERIFY(freeBytes() < kAuditReserveBytes);
        auto client = m_lab.client(kPrimary);
        QVERIFY(client);
        const auto before = m_lab.committed(kPrimary, m_group);
        QVERIFY(before && before->size() == 2);
        ResetSpec spec;
        spec.kind = ResetSpec::ToEarliest;
        ResetScope scope;
        scope.topics = {{m_topic, {}}};
        auto planned = planOnCluster(*client, m_group, spec, scope);
        QVERIFY2(planned, why(planned).constData());

        QVERIFY(QDir().mkpath(dataDir()) || QFileInfo(dataDir()).isDir());
        ResetApplyOptions options;
        options.cluster = kPrimary;
        options.dataDir = dataDir();
        options.specText = QStringLiteral("--to-earliest");
        options.scopeText = QStringLiteral("--topic ") + m_topic;
        options.deadline = Deadline::inMs(30000);
        auto applied = applyReset(*client, *planned, options);
        QVERIFY2(applied, why(applied).constData());
        QVERIFY2(applied->refusal, "a reset that cannot be audited must be refused");
        qInfo("refusal: %s", qPrintable(*applied->refusal));
        QVERIFY(applied->refusal->startsWith(QStringLiteral("the change could not be audited, so it is not made: "
                                                            "the disk holding %1 is full")
                                                 .arg(auditLogPath(dataDir()))));
        QVERIFY(applied->backupPath.isEmpty());
        QVERIFY(QDir(QDir(dataDir()).filePath(QStringLiteral("backups"))).isEmpty());
        const auto after = m_lab.committed(kPrimary, m_group);
        QVERIFY(after);
        QCOMPARE(show(*after), show(*before));
    }

    void resumesWhenSpaceReturns()
    {
        QVERIFY(QFile::remove(fillerPath()));
        QTRY_VERIFY_WITH_TIMEOUT(!pausedNotice()->isVisible(), 30000);
        const QDateTime resumed = QDateTime::currentDateTimeUtc();
        QTRY_VERIFY_WITH_TIMEOUT(samplesSince(resumed) > 0, 30000);
        // The store is whole after writes refused for want of space.
        auto store = HistoryStore::open(historyPath(), {}, HistoryStore::OpenMode::Reader);
        QVERIFY2(store, why(store).constData());
        QVERIFY((*store)->warnings().isEmpty());
    }
};

QTEST_MAIN(TestDiskFull)
#include "tst_diskfull.moc"
