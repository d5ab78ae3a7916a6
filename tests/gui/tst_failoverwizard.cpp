// The failover wizard end to end against the real lab (primary -> dr with MirrorMaker 2),
// on the offscreen platform: a group consumes part of a topic on primary and stops; once
// MirrorMaker has replicated and checkpointed it, the wizard is opened with one click from
// the group's page and walked through every page: Select (nothing pre-chosen), Preflight
// (all checks pass), Plan (exact method, 0 skipped, new offsets = the committed ones),
// Confirm (typed target name), Apply, Verify (offsets read back on dr equal the plan) and
// Undo (dr's previous offsets restored). A read-only target disables the entry points.
// Saves a screenshot of each page.
#include "DrillUtil.h"
#include "GuiTestUtil.h"
#include "LabTest.h"
#include "MainWindow.h"
#include "failover/FailoverApplyPage.h"
#include "failover/FailoverPlanModel.h"
#include "failover/FailoverWizard.h"
#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "mirror/MirrorReader.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kPartitions = 3;

} // namespace

class TestFailoverWizard final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("fowiz-%1").arg(m_id);
    QString m_remote = QStringLiteral("primary.fowiz-%1").arg(m_id);
    QString m_group = QStringLiteral("fowiz-group-%1").arg(m_id);
    AppConfig m_config;
    std::unique_ptr<KafkaClient> m_primary;
    std::unique_ptr<KafkaClient> m_dr;
    CommittedOffsets m_committed;        // the group's offsets on primary
    std::map<int, qint64> m_mirrorMaker; // MirrorMaker's own translation, per partition

    static std::unique_ptr<KafkaClient> connect(const ClusterConfig &c)
    {
        auto client = KafkaClient::create(c, ClientOptions{10000, 0, {}});
        return client ? std::move(*client) : nullptr;
    }

    CommittedOffsets committed(KafkaClient &client, const QString &group)
    {
        auto offsets = client.committedOffsets({group}, Deadline::inMs(15000));
        return offsets ? (*offsets)[group] : CommittedOffsets{};
    }

    qint64 logEnds(KafkaClient &client, const QString &topic)
    {
        std::vector<TopicPartition> tps;
        for (int p = 0; p < kPartitions; ++p)
            tps.push_back({topic, p});
        auto ends = client.logOffsets(tps, OffsetSpec::Latest, Deadline::inMs(10000));
        if (!ends)
            return -1;
        qint64 sum = 0;
        for (const auto &[tp, o] : ends->offsets)
            sum += o;
        return ends->offsets.size() == size_t(kPartitions) ? sum : -1;
    }

    // Kafka's own RemoteClusterUtils.translateOffsets: remote partition -> translated offset.
    std::map<int, qint64> mirrorMakerTranslation()
    {
        const ProcessResult r =
            m_lab.lab({QStringLiteral("translate-offsets"), QStringLiteral("--cluster"), kDr,
                       QStringLiteral("--source-alias"), kPrimary, QStringLiteral("--group"), m_group});
        std::map<int, qint64> out;
        for (const QString &line : r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (f.size() == 3 && f[0] == m_remote)
                out[f[1].toInt()] = f[2].toLongLong();
        }
        return out;
    }

    // Whether MirrorMaker has written an offset sync for every partition of the topic.
    bool offsetSyncsForEveryPartition(PartitionReader &primaryReader, mirror::MirrorReader &reader)
    {
        if (const Status s = reader.refreshOffsetSyncs(primaryReader, Deadline::inMs(10000)); !s) {
            qWarning("refreshOffsetSyncs: %s", qPrintable(s.errorMessage()));
            return false;
        }
        for (int p = 0; p < kPartitions; ++p)
            if (!reader.offsetSyncs().count(TopicPartition{m_topic, p}))
                return false;
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        m_config.requestTimeoutMs = 15000;
        m_config.clusters = {ClusterConfig{kPrimary, m_lab.bootstrap(kPrimary), false, {}},
                             ClusterConfig{kDr, m_lab.bootstrap(kDr), false, {}}};
        m_config.flows = {ReplicationFlowConfig{kPrimary, kDr, kPrimary, kDr, {}}};
        m_primary = connect(m_config.clusters[0]);
        m_dr = connect(m_config.clusters[1]);
        QVERIFY(m_primary && m_dr);

        // 100 records per partition; the group commits 150 of them as consumed and stops;
        // 60 more arrive afterwards, so it has something left to read on dr.
        traffic(kPrimary, createTopicArgs(m_topic, kPartitions, 3));
        // The first 10 a partition go alone, and MirrorMaker's offset syncs for them must be
        // written before the rest. MirrorMaker translates an offset only from a kept sync at
        // or below it, and the first sync it read for a partition is always kept; but a busy
        // sync writer keeps only the newest pending sync a partition, so with all 100 at once
        // the first one written could lie past the group's offsets, and then it translates
        // nothing (a CI run with the demo traffic beside it: no partition in 90 s).
        traffic(kPrimary, produceArgs(m_topic, 30));
        {
            auto primaryReader = PartitionReader::create(m_config.clusters[0], ClientOptions{10000, 0, {}});
            QVERIFY2(primaryReader, why(primaryReader).constData());
            mirror::MirrorReader syncs(mirror::FlowTopics::forFlow(kPrimary, kDr));
            QVERIFY2(waitUntil([&] { return offsetSyncsForEveryPartition(**primaryReader, syncs); }, 90000),
                     "MirrorMaker wrote no offset sync for some partition within 90 s");
        }
        traffic(kPrimary, produceArgs(m_topic, 270));
        traffic(kPrimary, commitArgs(m_group, m_topic, QStringLiteral("0=50,1=60,2=40")));
        traffic(kPrimary, produceArgs(m_topic, 60));
        m_committed = committed(*m_primary, m_group);
        QCOMPARE(m_committed.size(), size_t(kPartitions));
        qint64 consumed = 0;
        for (const auto &[tp, o] : m_committed)
            consumed += o;
        QCOMPARE(consumed, qint64(150));

        // Replicated, and checkpointed by MirrorMaker (Kafka's own translation sees the group).
        // Wall-clock deadlines: QTRY counts its own 50 ms steps, so a check that runs a JVM tool
        // (seconds each) would stretch a 90 s timeout into hours (a CI run hit the 600 s limit).
        QVERIFY(waitUntil([&] { return logEnds(*m_dr, m_remote) == 360; }, 90000));
        // MirrorMaker's sparse offset-sync history need not translate every partition (that
        // is what the exact method is for): one checkpointed partition shows it saw the group.
        QVERIFY2(waitUntil([&] { return !(m_mirrorMaker = mirrorMakerTranslation()).empty(); }, 90000),
                 "Kafka's RemoteClusterUtils translated no partition of the group within 90 s");
        for (const auto &[p, o] : m_mirrorMaker)
            qInfo("MirrorMaker translates partition %d to %lld (committed %lld)", p, static_cast<long long>(o),
                  static_cast<long long>(m_committed.at(TopicPartition{m_topic, p})));

        // The group has older offsets on dr (a previous failover): undo must bring them back.
        traffic(kDr, commitArgs(m_group, m_remote, QStringLiteral("0=5,1=5,2=5")));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void wizardEndToEnd()
    {
        MainWindow window(m_config, QString(), QString(), nullptr, nullptr);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openGroup(kPrimary, m_group);
        auto *entry = child<QPushButton>(&window, "failoverButton");
        QVERIFY(entry && entry->isVisible());
        QVERIFY2(entry->isEnabled(), qPrintable(entry->toolTip()));
        QCOMPARE(entry->text(), QStringLiteral("Fail &over to dr…"));
        QTest::mouseClick(entry, Qt::LeftButton);
        auto *wizard = window.findChild<FailoverWizard *>();
        QVERIFY(wizard);
        QVERIFY(QTest::qWaitForWindowExposed(wizard));
        QAbstractButton *next = wizard->button(QWizard::NextButton);

        // Select: the group is listed and checked; no fallback chosen, so no Next yet.
        QCOMPARE(wizard->currentId(), int(FailoverWizard::SelectPage));
        auto *groups = child<QTableWidget>(wizard, "groupTable");
        QCOMPARE(groups->rowCount(), 1);
        QCOMPARE(groups->item(0, 0)->text(), m_group);
        QVERIFY(!next->isEnabled());
        QVERIFY(child<QLabel>(wizard, "selectHint")->text().contains(QStringLiteral("earliest, latest or stop")));
        clickRadio(child<QAbstractButton>(wizard, "fallback-fail"));
        QVERIFY(next->isEnabled());
        saveScreenshot(wizard, QStringLiteral("failoverwizard-1-select"));
        QTest::mouseClick(next, Qt::LeftButton);

        // Preflight: gathered on a worker thread; every check passes.
        QCOMPARE(wizard->currentId(), int(FailoverWizard::PreflightPage));
        QTRY_VERIFY_WITH_TIMEOUT(!wizard->isBusy() && wizard->session().gathered().has_value(), 60000);
        QVERIFY2(wizard->session().gathered()->fromReachable, qPrintable(wizard->session().gathered()->fromError));
        QCOMPARE(wizard->session().runs().size(), size_t(1));
        for (const auto &c : wizard->session().runs()[0].checks)
            QVERIFY2(c.level == failover::PreflightCheck::Green, qPrintable(c.name + QStringLiteral(": ") + c.reason));
        auto *tree = child<QTreeWidget>(wizard, "preflightTree");
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(tree->topLevelItem(0)->childCount(), int(wizard->session().runs()[0].checks.size()));
        QVERIFY(!child<QCheckBox>(wizard, "disasterAcknowledge")->isVisible());
        QVERIFY(!child<QPushButton>(wizard, "waitReplicationButton")->isVisible()); // replication caught up
        QVERIFY(next->isEnabled());
        saveScreenshot(wizard, QStringLiteral("failoverwizard-2-preflight"));
        QTest::mouseClick(next, Qt::LeftButton);

        // Plan: exact matching for every partition, 0 skipped, 0 re-read, the new offset on
        // dr is the committed one (the remote topic was replicated from offset 0).
        QCOMPARE(wizard->currentId(), int(FailoverWizard::PlanPage));
        auto *table = child<QTableView>(wizard, "planTable");
        QAbstractItemModel *plan = table->model();
        QCOMPARE(plan->rowCount(), kPartitions);
        for (int r = 0; r < kPartitions; ++r) {
            auto cell = [&](int column) { return plan->index(r, column).data().toString(); };
            const TopicPartition tp{m_topic, cell(FailoverPlanModel::Partition).toInt()};
            QCOMPARE(cell(FailoverPlanModel::Topic), m_topic);
            QCOMPARE(cell(FailoverPlanModel::TargetTopic), m_remote);
            QCOMPARE(cell(FailoverPlanModel::Committed), QString::number(m_committed.at(tp)));
            QCOMPARE(cell(FailoverPlanModel::TargetBefore), QStringLiteral("5"));
            QCOMPARE(cell(FailoverPlanModel::Method), QStringLiteral("exact"));
            QCOMPARE(cell(FailoverPlanModel::NewOffset), QString::number(m_committed.at(tp)));
            QCOMPARE(cell(FailoverPlanModel::Skipped), QStringLiteral("0"));
            QCOMPARE(cell(FailoverPlanModel::Reread), QStringLiteral("0"));
            QCOMPARE(cell(FailoverPlanModel::NotReplicated), QStringLiteral("0"));
            // Never behind MirrorMaker's own translation (fewer re-reads, never more).
            if (m_mirrorMaker.count(tp.partition))
                QVERIFY(m_committed.at(tp) >= m_mirrorMaker.at(tp.partition));
        }
        QVERIFY(!child<QCheckBox>(wizard, "acceptSkips")->isVisible());
        QTemporaryDir exports;
        wizard->saveFileChooser = [&](const QString &suggested) { return exports.filePath(suggested); };
        QTest::mouseClick(child<QPushButton>(wizard, "exportCsvButton"), Qt::LeftButton);
        QTest::mouseClick(child<QPushButton>(wizard, "exportJsonButton"), Qt::LeftButton);
        QFile csv(exports.filePath(QStringLiteral("failover-primary-to-dr.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().replace("\r\n", "\n").trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + kPartitions);
        QVERIFY(lines[1].contains(",exact,"));
        QVERIFY(QFile::exists(exports.filePath(QStringLiteral("failover-primary-to-dr.json"))));
        QVERIFY(next->isEnabled());
        saveScreenshot(wizard, QStringLiteral("failoverwizard-3-plan"));
        QTest::mouseClick(next, Qt::LeftButton);

        // Confirm: ONE typed confirmation, the target cluster's name.
        QCOMPARE(wizard->currentId(), int(FailoverWizard::ConfirmPage));
        QAbstractButton *commit = wizard->button(QWizard::CommitButton);
        QVERIFY(!commit->isEnabled());
        auto *confirm = child<QLineEdit>(wizard, "confirmCluster");
        QTest::keyClicks(confirm, QStringLiteral("d"));
        QVERIFY(!commit->isEnabled());
        QTest::keyClicks(confirm, QStringLiteral("r"));
        QVERIFY(commit->isEnabled());
        saveScreenshot(wizard, QStringLiteral("failoverwizard-4-confirm"));
        QCOMPARE(committed(*m_dr, m_group).at(TopicPartition{m_remote, 0}), qint64(5)); // nothing written yet
        QTest::mouseClick(commit, Qt::LeftButton);

        // Apply: per-group progress, on a worker thread.
        QCOMPARE(wizard->currentId(), int(FailoverWizard::ApplyPage));
        auto *apply = child<FailoverApplyPage>(wizard, "failoverApplyPage");
        QTRY_VERIFY_WITH_TIMEOUT(apply->isFinished() && !wizard->isBusy(), 60000);
        auto *result = child<QLabel>(wizard, qPrintable(QStringLiteral("applyResult-") + m_group));
        QVERIFY2(result->text().startsWith(QStringLiteral("applied: 3 of 3")), qPrintable(result->text()));
        saveScreenshot(wizard, QStringLiteral("failoverwizard-5-apply"));

        // Verify: the offsets on dr equal the plan, as read back by the wizard and by us.
        CommittedOffsets expected;
        for (const auto &[tp, o] : m_committed)
            expected[TopicPartition{m_remote, tp.partition}] = o;
        QCOMPARE(committed(*m_dr, m_group), expected);
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(wizard->currentId(), int(FailoverWizard::VerifyPage));
        auto *verify = child<QTableWidget>(wizard, "verifyTable");
        QCOMPARE(verify->rowCount(), kPartitions);
        for (int r = 0; r < kPartitions; ++r) {
            QCOMPARE(verify->item(r, 4)->text(), verify->item(r, 5)->text()); // planned == committed now
            QCOMPARE(verify->item(r, 6)->text(), QStringLiteral("applied"));
        }
        const QString steps = child<QLabel>(wizard, "nextSteps")->text();
        QVERIFY2(
            steps.contains(
                QStringLiteral("Start the consumers of group '%1' on dr, subscribed to %2").arg(m_group, m_remote)),
            qPrintable(steps));
        const QString backup = wizard->session().runs()[0].outcome->reset.backupPath;
        QVERIFY(QFile::exists(backup));
        QVERIFY(steps.contains(backup));
        saveScreenshot(wizard, QStringLiteral("failoverwizard-6-verify"));

        // Undo asks first, then restores dr's previous offsets from the backup.
        QTest::mouseClick(child<QPushButton>(wizard, "undoButton"), Qt::LeftButton);
        auto *restore = child<QPushButton>(wizard, "confirmUndoButton");
        QVERIFY(restore->isVisible());
        QCOMPARE(committed(*m_dr, m_group), expected); // nothing happens before the confirmation
        saveScreenshot(wizard, QStringLiteral("failoverwizard-7-undo-confirm"));
        QTest::mouseClick(restore, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            !wizard->isBusy() && !child<QLabel>(wizard, "undoResult")->text().startsWith(QStringLiteral("Restoring")),
            60000);
        const QString undone = child<QLabel>(wizard, "undoResult")->text();
        QVERIFY2(undone.contains(QStringLiteral("applied, restored")), qPrintable(undone));
        const CommittedOffsets before{{{m_remote, 0}, 5}, {{m_remote, 1}, 5}, {{m_remote, 2}, 5}};
        QCOMPARE(committed(*m_dr, m_group), before);
        saveScreenshot(wizard, QStringLiteral("failoverwizard-8-undone"));
        wizard->close();
    }

    // A group that also committed on a topic MirrorMaker does not replicate (its default
    // topics.exclude has "__.*"): the wizard names that topic on the preflight, the plan, the
    // apply result (amber, not "applied") and the next steps; nothing about it is hidden.
    void untranslatedTopicIsNamed()
    {
        const QString group = QStringLiteral("fowiz-left-%1").arg(m_id);
        const QString local = QStringLiteral("__fowiz-%1").arg(m_id);
        traffic(kPrimary, createTopicArgs(local, 1, 3));
        traffic(kPrimary, produceArgs(local, 20));
        traffic(kPrimary, commitArgs(group, m_topic, QStringLiteral("0=50,1=60,2=40")));
        traffic(kPrimary, commitArgs(group, local, QStringLiteral("0=12")));

        MainWindow window(m_config, QString(), QString(), nullptr, nullptr);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openGroup(kPrimary, group);
        QTest::mouseClick(child<QPushButton>(&window, "failoverButton"), Qt::LeftButton);
        auto *wizard = window.findChild<FailoverWizard *>();
        QVERIFY(wizard);
        QVERIFY(QTest::qWaitForWindowExposed(wizard));
        QAbstractButton *next = wizard->button(QWizard::NextButton);
        clickRadio(child<QAbstractButton>(wizard, "fallback-fail"));
        QTest::mouseClick(next, Qt::LeftButton);

        QTRY_VERIFY_WITH_TIMEOUT(!wizard->isBusy() && wizard->session().gathered().has_value(), 60000);
        QCOMPARE(wizard->session().runs().size(), size_t(1));
        QString remoteCheck;
        for (const auto &c : wizard->session().runs()[0].checks) {
            QVERIFY2(c.level != failover::PreflightCheck::Red, qPrintable(c.name + QStringLiteral(": ") + c.reason));
            if (c.name == QStringLiteral("remote topics exist"))
                remoteCheck = failover::levelName(c.level) + QStringLiteral(": ") + c.reason;
        }
        QVERIFY2(remoteCheck.startsWith(QStringLiteral("amber: not translated, left as they are: ") + local),
                 qPrintable(remoteCheck));
        QVERIFY2(remoteCheck.contains(QStringLiteral("primary.%1 does not exist on dr").arg(local)),
                 qPrintable(remoteCheck));
        saveScreenshot(wizard, QStringLiteral("failoverwizard-untranslated-1-preflight"));
        QTest::mouseClick(next, Qt::LeftButton);

        QCOMPARE(wizard->currentId(), int(FailoverWizard::PlanPage));
        QCOMPARE(child<QTableView>(wizard, "planTable")->model()->rowCount(), kPartitions);
        const QString summary = child<QLabel>(wizard, "planSummary")->text();
        QVERIFY2(summary.contains(QStringLiteral("topic '%1' is not translated").arg(local)), qPrintable(summary));
        saveScreenshot(wizard, QStringLiteral("failoverwizard-untranslated-2-plan"));
        QTest::mouseClick(next, Qt::LeftButton);

        QTest::keyClicks(child<QLineEdit>(wizard, "confirmCluster"), kDr);
        QTest::mouseClick(wizard->button(QWizard::CommitButton), Qt::LeftButton);
        auto *apply = child<FailoverApplyPage>(wizard, "failoverApplyPage");
        QTRY_VERIFY_WITH_TIMEOUT(apply->isFinished() && !wizard->isBusy(), 60000);
        const QString result = child<QLabel>(wizard, qPrintable(QStringLiteral("applyResult-") + group))->text();
        QVERIFY2(result.startsWith(QStringLiteral("applied-with-untranslated: 3 of 3 partition(s) verified; not "
                                                  "translated: ")
                                   + local),
                 qPrintable(result));
        const QString status = child<QLabel>(wizard, "applyStatus")->text();
        QCOMPARE(status, QStringLiteral("1 of 1 group(s) applied and verified on dr. 1 of them left committed topics "
                                        "untranslated (named below)."));
        saveScreenshot(wizard, QStringLiteral("failoverwizard-untranslated-3-apply"));
        QTest::mouseClick(next, Qt::LeftButton);

        const QString steps = child<QLabel>(wizard, "nextSteps")->text();
        QVERIFY2(steps.contains(QStringLiteral("Not translated, left as they are on dr: %1").arg(local)),
                 qPrintable(steps));
        QVERIFY2(steps.contains(
                     QStringLiteral("Start the consumers of group '%1' on dr, subscribed to %2.").arg(group, m_remote)),
                 qPrintable(steps));
        saveScreenshot(wizard, QStringLiteral("failoverwizard-untranslated-4-verify"));
        wizard->close();
    }

    void readOnlyTargetDisablesEntryPoints()
    {
        AppConfig config = m_config;
        config.clusters[1].readOnly = true;
        QVERIFY(FailoverWizard::unavailableReason(config, kPrimary, kDr).contains(QStringLiteral("read-only")));
        MainWindow window(config, QString(), QString(), nullptr, nullptr);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openGroup(kPrimary, m_group);
        auto *entry = child<QPushButton>(&window, "failoverButton");
        QVERIFY(entry->isVisible());
        QVERIFY(!entry->isEnabled());
        QVERIFY(entry->toolTip().contains(QStringLiteral("read-only")));
        window.selectPage(kPrimary, PageKind::Groups);
        auto *action = child<QAction>(&window, "failoverSelectedAction");
        QVERIFY(action && !action->isEnabled());
        QVERIFY(action->toolTip().contains(QStringLiteral("read-only")));

        // Opened anyway (e.g. from an older window), the wizard stops at Select with the reason.
        FailoverWizard wizard(config, FailoverRequestSpec{kPrimary, kDr, {m_group}, false});
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        clickRadio(child<QAbstractButton>(&wizard, "fallback-fail"));
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        QVERIFY(child<QLabel>(&wizard, "selectHint")->text().contains(QStringLiteral("read-only")));
        saveScreenshot(&wizard, QStringLiteral("failoverwizard-readonly"));
    }
};

QTEST_MAIN(TestFailoverWizard)
#include "tst_failoverwizard.moc"
