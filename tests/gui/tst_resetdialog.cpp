// The guided offset reset against the real lab, on the offscreen platform: a spec and a
// scope chosen with clicks, the preview, the typed confirmation, execute with the offsets
// read back, undo from the backup, and the refusal for a group with live members.
// Saves screenshots of each step.
#include "LabTest.h"
#include "actions/ResetOffsetsDialog.h"
#include "GuiTestUtil.h"
#include "kafka/KafkaClient.h"

#include <QAbstractButton>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSemaphore>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <atomic>

using namespace lagscope;
using namespace lagscope::test;

class TestResetDialog final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("reset-dlg-%1").arg(m_id);
    QString m_group = QStringLiteral("reset-dlg-idle-%1").arg(m_id);
    QString m_live = QStringLiteral("reset-dlg-live-%1").arg(m_id);
    QProcess m_member;
    std::unique_ptr<KafkaClient> m_client;
    ClusterConfig m_config;

    CommittedOffsets committed(const QString &group) { return committedBy(*m_client, group); }

    TopicPartition tp(int p) const { return {m_topic, p}; }

    // Chooses "to offset N" and "all topics" with clicks and typing, then previews.
    void choosePreview(ResetOffsetsDialog &dialog, const QString &offset)
    {
        auto *preview = child<QPushButton>(&dialog, "previewButton");
        QVERIFY(preview);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000); // the scope tree has loaded
        QVERIFY(!preview->isEnabled());                    // nothing chosen yet
        QVERIFY(!child<QAbstractButton>(&dialog, "specToEarliest")->isChecked());
        QVERIFY(!child<QAbstractButton>(&dialog, "scopeAllTopics")->isChecked());
        clickRadio(child<QAbstractButton>(&dialog, "specToOffset"));
        QVERIFY(child<QAbstractButton>(&dialog, "specToOffset")->isChecked());
        QVERIFY(!preview->isEnabled()); // no offset and no scope yet
        QTest::keyClicks(child<QLineEdit>(&dialog, "offsetValue"), offset);
        QVERIFY(!preview->isEnabled()); // no scope yet
        clickRadio(child<QAbstractButton>(&dialog, "scopeAllTopics"));
        QVERIFY(preview->isEnabled());
        QTest::mouseClick(preview, Qt::LeftButton);
        QVERIFY(dialog.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
    }

    QString cell(QTableView *view, int row, int column) const
    {
        return view->model()->index(row, column).data().toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        auto run = [&](const QStringList &args) {
            const ProcessResult r = m_lab.traffic(kPrimary, args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        };
        run(createTopicArgs(m_topic, 3, 3));
        // 10 records per partition.
        run(produceArgs(m_topic, 30));
        run(commitArgs(m_group, m_topic, QStringLiteral("0=7,1=5,2=1")));
        m_config = ClusterConfig{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        auto client = KafkaClient::create(m_config, ClientOptions{10000, 0, {}});
        QVERIFY2(client.ok(), client.ok() ? "" : qPrintable(client.errorMessage()));
        m_client = std::move(*client);
        const CommittedOffsets expected{{tp(0), 7}, {tp(1), 5}, {tp(2), 1}};
        QCOMPARE(committed(m_group), expected);
    }

    void cleanupTestCase()
    {
        if (m_member.state() != QProcess::NotRunning) {
            m_member.terminate();
            m_member.waitForFinished(15000);
        }
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void resetToOffsetAndUndo()
    {
        ResetOffsetsDialog dialog(m_config, m_group);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *execute = child<QPushButton>(&dialog, "executeButton");
        auto *confirm = child<QLineEdit>(&dialog, "confirmGroup");
        auto *undo = child<QPushButton>(&dialog, "undoButton");
        QVERIFY(execute && confirm && undo);
        QVERIFY(!execute->isEnabled());
        QVERIFY(!undo->isEnabled());

        choosePreview(dialog, QStringLiteral("2"));
        auto *view = child<QTableView>(&dialog, "previewTable");
        QCOMPARE(view->model()->rowCount(), 3);
        const QString expected[3][5] = {
            {m_topic, QStringLiteral("0"), QStringLiteral("7"), QStringLiteral("2"), QStringLiteral("-5")},
            {m_topic, QStringLiteral("1"), QStringLiteral("5"), QStringLiteral("2"), QStringLiteral("-3")},
            {m_topic, QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("+1")}};
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 5; ++c)
                QCOMPARE(cell(view, r, c), expected[r][c]);
        // Skipped records are called out.
        QCOMPARE(view->model()->index(2, 4).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("1 records will never be consumed by this group"));
        saveScreenshot(&dialog, QStringLiteral("resetdialog-preview"));

        // Execute stays disabled until the group name is typed exactly.
        QVERIFY(!execute->isEnabled());
        QTest::keyClicks(confirm, m_group.left(m_group.size() - 1));
        QVERIFY(!execute->isEnabled());
        QTest::keyClicks(confirm, m_group.right(1));
        QVERIFY(execute->isEnabled());
        saveScreenshot(&dialog, QStringLiteral("resetdialog-confirm"));

        QTest::mouseClick(execute, Qt::LeftButton);
        QVERIFY(dialog.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        auto *result = child<QLabel>(&dialog, "resultLabel");
        QVERIFY2(result->text().contains(QStringLiteral("applied")), qPrintable(result->text()));
        QCOMPARE(dialog.outcome().size(), size_t(3));
        for (const auto &o : dialog.outcome())
            QCOMPARE(o.result, PartitionOutcome::Applied);
        QVERIFY(QFile::exists(dialog.backupPath()));
        QVERIFY(result->text().contains(dialog.backupPath()));
        const CommittedOffsets planned{{tp(0), 2}, {tp(1), 2}, {tp(2), 2}};
        QCOMPARE(committed(m_group), planned);
        QVERIFY(!execute->isEnabled()); // the confirmation is cleared after each execute
        QVERIFY(undo->isEnabled());
        saveScreenshot(&dialog, QStringLiteral("resetdialog-result"));

        // Undo asks first, then restores the backup through the same executor.
        QTest::mouseClick(undo, Qt::LeftButton);
        auto *restore = child<QPushButton>(&dialog, "confirmUndoButton");
        QVERIFY(restore && restore->isVisible());
        QCOMPARE(committed(m_group), planned); // nothing happens before the confirmation
        saveScreenshot(&dialog, QStringLiteral("resetdialog-undo-confirm"));
        QTest::mouseClick(restore, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        QVERIFY2(result->text().startsWith(QStringLiteral("Undo applied")), qPrintable(result->text()));
        const CommittedOffsets original{{tp(0), 7}, {tp(1), 5}, {tp(2), 1}};
        QCOMPARE(committed(m_group), original);
        QVERIFY(!undo->isEnabled());
        saveScreenshot(&dialog, QStringLiteral("resetdialog-undone"));
    }

    void selectedPartitionsToEarliest()
    {
        ResetOffsetsDialog dialog(m_config, m_group);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        auto *tree = child<QTreeWidget>(&dialog, "scopeTree");
        QCOMPARE(tree->topLevelItemCount(), 1); // only the topic the group has commits in
        QTreeWidgetItem *topic = tree->topLevelItem(0);
        QCOMPARE(topic->text(0), m_topic);
        QCOMPARE(topic->childCount(), 3);
        QCOMPARE(topic->child(1)->text(3), QStringLiteral("5")); // lag of partition 1: 10 - 5
        QCOMPARE(topic->checkState(0), Qt::Unchecked);
        clickRadio(child<QAbstractButton>(&dialog, "specToEarliest"));
        clickRadio(child<QAbstractButton>(&dialog, "scopeSelected"));
        auto *preview = child<QPushButton>(&dialog, "previewButton");
        QVERIFY(!preview->isEnabled()); // nothing checked yet
        topic->child(1)->setCheckState(0, Qt::Checked);
        QVERIFY(preview->isEnabled());
        QTest::mouseClick(preview, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        auto *view = child<QTableView>(&dialog, "previewTable");
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(cell(view, 0, 1), QStringLiteral("1"));
        QCOMPARE(cell(view, 0, 3), QStringLiteral("0"));
        QCOMPARE(cell(view, 0, 4), QStringLiteral("-5"));
        saveScreenshot(&dialog, QStringLiteral("resetdialog-selected"));
    }

    void readOnlyClusterRefuses()
    {
        ClusterConfig readOnly = m_config;
        readOnly.readOnly = true;
        ResetOffsetsDialog dialog(readOnly, m_group);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        choosePreview(dialog, QStringLiteral("3"));
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), m_group);
        QVERIFY(!child<QPushButton>(&dialog, "executeButton")->isEnabled());
        QVERIFY(child<QLabel>(&dialog, "executeHint")->text().contains(QStringLiteral("read-only")));
        saveScreenshot(&dialog, QStringLiteral("resetdialog-readonly"));
    }

    void activeGroupRefused()
    {
        m_member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                       {QStringLiteral("consume"), QStringLiteral("--group"), m_live, QStringLiteral("--topic"),
                        m_topic, QStringLiteral("--max"), QStringLiteral("30"), QStringLiteral("--stay"),
                        QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(m_member.waitForStarted());
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += m_member.readAllStandardOutput()).contains("committed"), 60000);
        const CommittedOffsets before = committed(m_live);
        QVERIFY(!before.empty());

        ResetOffsetsDialog dialog(m_config, m_live);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        choosePreview(dialog, QStringLiteral("2"));
        QCOMPARE(child<QTableView>(&dialog, "previewTable")->model()->rowCount(), 3);
        const QString kafka = QStringLiteral("Error: Assignments can only be reset if the group '%1' is inactive, but "
                                             "the current state is Stable.")
                                  .arg(m_live);
        // The preview already warns; the executor refuses when applying.
        QVERIFY(child<QLabel>(&dialog, "statusLabel")->text().contains(kafka));
        saveScreenshot(&dialog, QStringLiteral("resetdialog-active-preview"));
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), m_live);
        QTest::mouseClick(child<QPushButton>(&dialog, "executeButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        const QString text = child<QLabel>(&dialog, "resultLabel")->text();
        QVERIFY2(text.contains(kafka), qPrintable(text));
        QVERIFY(!child<QPushButton>(&dialog, "undoButton")->isEnabled());
        QCOMPARE(committed(m_live), before);
        saveScreenshot(&dialog, QStringLiteral("resetdialog-active-refused"));
    }

    // A member joins between the commits of two topics (the dialog's executor held after the
    // first one): the coordinator refuses the second topic and the dialog shows a partial
    // result, partition by partition.
    void memberJoinsMidApply()
    {
        const QString group = QStringLiteral("reset-dlg-mid-%1").arg(m_id);
        QStringList topics;
        for (const char *suffix : {"a", "b"}) {
            const QString topic = QStringLiteral("reset-dlg-mid-%1-%2").arg(m_id, QLatin1String(suffix));
            for (const QStringList &args : {createTopicArgs(topic, 2, 3), produceArgs(topic, 20),
                                            commitArgs(group, topic, QStringLiteral("0=5,1=5"))}) {
                const ProcessResult r = m_lab.traffic(kPrimary, args);
                QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
            }
            topics << topic;
        }

        ResetOffsetsDialog dialog(m_config, group);
        std::atomic_bool held{false};
        QSemaphore resume;
        dialog.setAfterBatchForTesting([&](const QString &, int committed, int) {
            if (committed == 1) {
                held = true;
                resume.acquire();
            }
        });
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        choosePreview(dialog, QStringLiteral("2"));
        QCOMPARE(child<QTableView>(&dialog, "previewTable")->model()->rowCount(), 4);
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), group);
        QTest::mouseClick(child<QPushButton>(&dialog, "executeButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(held.load(), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(child<QLabel>(&dialog, "statusLabel")->text(),
                                  QStringLiteral("Applying the new offsets… 1 of 2 topics committed"), 10000);
        saveScreenshot(&dialog, QStringLiteral("resetdialog-applying"));

        // The second topic gets a live member (which commits nothing) before its commit.
        QProcess member;
        member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                     {QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topics[1],
                      QStringLiteral("--max"), QStringLiteral("1"), QStringLiteral("--commit"), QStringLiteral("none"),
                      QStringLiteral("--stay"), QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(member.waitForStarted());
        auto stable = [&] {
            auto d = m_client->describeGroups({group}, Deadline::inMs(5000));
            return d && !d->empty() && d->front().state == QStringLiteral("Stable") && !d->front().members.empty();
        };
        QTRY_VERIFY_WITH_TIMEOUT(stable(), 60000);
        resume.release();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 60000);

        const QString text = child<QLabel>(&dialog, "resultLabel")->text();
        qInfo("%s", qPrintable(text));
        QVERIFY2(text.startsWith(QStringLiteral("Reset partial: 2 applied")), qPrintable(text));
        QCOMPARE(dialog.outcome().size(), size_t(4));
        for (const auto &o : dialog.outcome()) {
            if (o.tp.topic == topics[0])
                QCOMPARE(outcomeName(o.result), QStringLiteral("applied"));
            else
                QVERIFY2(o.result != PartitionOutcome::Applied, qPrintable(o.reason));
        }
        const CommittedOffsets expected{
            {{topics[0], 0}, 2}, {{topics[0], 1}, 2}, {{topics[1], 0}, 5}, {{topics[1], 1}, 5}};
        QCOMPARE(committed(group), expected);
        QVERIFY(child<QPushButton>(&dialog, "undoButton")->isEnabled()); // the backup is there
        saveScreenshot(&dialog, QStringLiteral("resetdialog-partial"));
        member.terminate();
        QVERIFY(member.waitForFinished(15000));
    }
};

QTEST_MAIN(TestResetDialog)
#include "tst_resetdialog.moc"
