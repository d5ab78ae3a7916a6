// The Delete dialog against the real lab, on the offscreen platform: it opens on the preview
// of deleting the whole group; the offsets of checked topics are deleted after the typed
// confirmation and read back; undo commits them back; a group with members and a read-only
// cluster are refused; the group page's Delete button and the groups table's action open it.
// Saves screenshots of each step.
#include "LabTest.h"
#include "MainWindow.h"
#include "actions/DeleteGroupDialog.h"
#include "GuiTestUtil.h"
#include "kafka/KafkaClient.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestDeleteDialog final : public LabTest {
    Q_OBJECT

private:
    QString m_a = QStringLiteral("delete-dlg-a-%1").arg(m_id);
    QString m_b = QStringLiteral("delete-dlg-b-%1").arg(m_id);
    QString m_live = QStringLiteral("delete-dlg-live-%1").arg(m_id);
    QProcess m_member;
    std::unique_ptr<KafkaClient> m_client;
    ClusterConfig m_config;

    CommittedOffsets committed(const QString &group) { return committedBy(*m_client, group); }

    QString newGroup()
    {
        const QString group = QStringLiteral("delete-dlg-%1-%2").arg(m_id, LabClient::uniqueSuffix());
        traffic(kPrimary, commitArgs(group, m_a, QStringLiteral("0=7,1=5")));
        traffic(kPrimary, commitArgs(group, m_b, QStringLiteral("0=3")));
        return group;
    }

    static QString cell(QTableView *view, int row, int column)
    {
        return view->model()->index(row, column).data().toString();
    }

    static void confirmAndDelete(DeleteGroupDialog &dialog, const QString &group)
    {
        auto *execute = child<QPushButton>(&dialog, "deleteExecuteButton");
        QVERIFY(!execute->isEnabled());
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), group);
        QVERIFY(execute->isEnabled());
        QTest::mouseClick(execute, Qt::LeftButton);
        QVERIFY(dialog.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        traffic(kPrimary, createTopicArgs(m_a, 2, 3));
        traffic(kPrimary, createTopicArgs(m_b, 1, 3));
        traffic(kPrimary, produceArgs(m_a, 20));
        traffic(kPrimary, produceArgs(m_b, 10));
        m_config = ClusterConfig{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        auto client = KafkaClient::create(m_config, ClientOptions{10000, 0, {}});
        QVERIFY2(client.ok(), client.ok() ? "" : qPrintable(client.errorMessage()));
        m_client = std::move(*client);
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

    void deleteOffsetsOfATopicAndUndo()
    {
        const QString group = newGroup();
        const CommittedOffsets before = committed(group);
        DeleteGroupDialog dialog(m_config, group);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        // It opens on deleting the whole group: every committed offset listed.
        auto *view = child<QTableView>(&dialog, "deletePreviewTable");
        QCOMPARE(view->model()->rowCount(), 3);
        QVERIFY(child<QLabel>(&dialog, "statusLabel")->text().contains(QStringLiteral("3 committed offset")));
        saveScreenshot(&dialog, QStringLiteral("deletedialog-whole-group"));

        clickRadio(child<QAbstractButton>(&dialog, "deleteSomeTopics"));
        auto *topics = child<QListWidget>(&dialog, "deleteTopicList");
        QCOMPARE(topics->count(), 2);
        QCOMPARE(view->model()->rowCount(), 0); // the preview no longer matches the form
        auto *preview = child<QPushButton>(&dialog, "deletePreviewButton");
        QVERIFY(!preview->isEnabled()); // no topic checked yet
        topics->findItems(m_a, Qt::MatchExactly).first()->setCheckState(Qt::Checked);
        QVERIFY(preview->isEnabled());
        QTest::mouseClick(preview, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        QCOMPARE(view->model()->rowCount(), 2);
        for (int r = 0; r < 2; ++r) {
            QCOMPARE(cell(view, r, 0), m_a);
            QCOMPARE(cell(view, r, 3), QStringLiteral("will be deleted"));
        }
        QCOMPARE(cell(view, 0, 2), QStringLiteral("7"));
        saveScreenshot(&dialog, QStringLiteral("deletedialog-topic-preview"));

        confirmAndDelete(dialog, group);
        const QString result = child<QLabel>(&dialog, "resultLabel")->text();
        QVERIFY2(result.contains(QStringLiteral("Delete applied: 2 of 2 partition")), qPrintable(result));
        QVERIFY(QFile::exists(dialog.backupPath()));
        QCOMPARE(cell(view, 0, 3), QStringLiteral("deleted"));
        const CommittedOffsets left{{{m_b, 0}, 3}};
        QCOMPARE(committed(group), left);
        saveScreenshot(&dialog, QStringLiteral("deletedialog-deleted"));

        auto *undo = child<QPushButton>(&dialog, "undoButton");
        QVERIFY(undo->isEnabled());
        QTest::mouseClick(undo, Qt::LeftButton);
        saveScreenshot(&dialog, QStringLiteral("deletedialog-undo-confirm"));
        QTest::mouseClick(child<QPushButton>(&dialog, "confirmUndoButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        QVERIFY2(child<QLabel>(&dialog, "resultLabel")->text().contains(QStringLiteral("Undo applied")),
                 qPrintable(child<QLabel>(&dialog, "resultLabel")->text()));
        QCOMPARE(committed(group), before);
        saveScreenshot(&dialog, QStringLiteral("deletedialog-undone"));
    }

    // The form changed while a preview ran: its plan is dropped, never executed.
    void previewOfAnEarlierFormIsDropped()
    {
        const QString group = newGroup();
        DeleteGroupDialog dialog(m_config, group); // previews deleting the whole group
        QVERIFY(dialog.isBusy());
        // The form is disabled while a step runs; the check behind that must hold as well.
        auto *someTopics = child<QAbstractButton>(&dialog, "deleteSomeTopics");
        QVERIFY(!someTopics->isEnabled());
        someTopics->setChecked(true); // before the preview can have arrived (no event processed yet)
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        QVERIFY(!dialog.plan());
        QCOMPARE(child<QTableView>(&dialog, "deletePreviewTable")->model()->rowCount(), 0);
        QCOMPARE(child<QListWidget>(&dialog, "deleteTopicList")->count(), 2); // still listed
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), group);
        QVERIFY(!child<QPushButton>(&dialog, "deleteExecuteButton")->isEnabled());
        QCOMPARE(committed(group).size(), size_t(3));
    }

    void deleteWholeGroup()
    {
        const QString group = newGroup();
        DeleteGroupDialog dialog(m_config, group);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        confirmAndDelete(dialog, group);
        QVERIFY2(child<QLabel>(&dialog, "resultLabel")->text().contains(QStringLiteral("Delete applied")),
                 qPrintable(child<QLabel>(&dialog, "resultLabel")->text()));
        QVERIFY(committed(group).empty());
        auto groups = m_client->listGroups(Deadline::inMs(15000));
        QVERIFY(groups);
        for (const auto &g : *groups)
            QVERIFY(g.groupId != group);
    }

    void activeGroupRefused()
    {
        traffic(kPrimary, commitArgs(m_live, m_a, QStringLiteral("0=1")));
        m_member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                       {QStringLiteral("consume"), QStringLiteral("--group"), m_live, QStringLiteral("--topic"), m_b,
                        QStringLiteral("--max"), QStringLiteral("10"), QStringLiteral("--stay"),
                        QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(m_member.waitForStarted());
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += m_member.readAllStandardOutput()).contains("committed"), 60000);
        const CommittedOffsets before = committed(m_live);

        DeleteGroupDialog dialog(m_config, m_live);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        const QString notEmpty = QStringLiteral("GroupNotEmptyException: The group is not empty.");
        QVERIFY2(child<QLabel>(&dialog, "statusLabel")->text().contains(notEmpty),
                 qPrintable(child<QLabel>(&dialog, "statusLabel")->text()));
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), m_live);
        QVERIFY(!child<QPushButton>(&dialog, "deleteExecuteButton")->isEnabled());
        QVERIFY(child<QLabel>(&dialog, "executeHint")->text().contains(notEmpty));
        saveScreenshot(&dialog, QStringLiteral("deletedialog-active-group"));

        // Its offsets of the topic it reads are refused by the coordinator, said per partition.
        clickRadio(child<QAbstractButton>(&dialog, "deleteSomeTopics"));
        auto *topics = child<QListWidget>(&dialog, "deleteTopicList");
        topics->findItems(m_b, Qt::MatchExactly).first()->setCheckState(Qt::Checked);
        QTest::mouseClick(child<QPushButton>(&dialog, "deletePreviewButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        auto *view = child<QTableView>(&dialog, "deletePreviewTable");
        QCOMPARE(view->model()->rowCount(), 1);
        QVERIFY2(cell(view, 0, 3).contains(QStringLiteral("GroupSubscribedToTopicException")),
                 qPrintable(cell(view, 0, 3)));
        child<QLineEdit>(&dialog, "confirmGroup")->clear();
        confirmAndDelete(dialog, m_live);
        QVERIFY2(cell(view, 0, 3).contains(QStringLiteral("GroupSubscribedToTopicException")),
                 qPrintable(cell(view, 0, 3)));
        saveScreenshot(&dialog, QStringLiteral("deletedialog-subscribed-refused"));
        std::set<QString> topicsLeft;
        for (const auto &[tp, offset] : committed(m_live))
            topicsLeft.insert(tp.topic);
        QVERIFY(topicsLeft.count(m_b));
        QCOMPARE(committed(m_live).size(), before.size());
    }

    void readOnlyClusterRefuses()
    {
        const QString group = newGroup();
        ClusterConfig readOnly = m_config;
        readOnly.readOnly = true;
        DeleteGroupDialog dialog(readOnly, group);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 30000);
        QCOMPARE(child<QTableView>(&dialog, "deletePreviewTable")->model()->rowCount(), 3); // a preview is a read
        QTest::keyClicks(child<QLineEdit>(&dialog, "confirmGroup"), group);
        QVERIFY(!child<QPushButton>(&dialog, "deleteExecuteButton")->isEnabled());
        QVERIFY(child<QLabel>(&dialog, "executeHint")->text().contains(QStringLiteral("read-only")));
        saveScreenshot(&dialog, QStringLiteral("deletedialog-readonly"));
        QCOMPARE(committed(group).size(), size_t(3));
    }

    // The group page's Delete button opens the dialog for its group; the groups table's
    // action needs exactly one selected group; a read-only cluster disables both, saying why.
    void entryPoints()
    {
        const QString group = newGroup();
        AppConfig config;
        config.clusters = {m_config};
        {
            MainWindow window(config, QString(), QString(), nullptr, nullptr);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.openGroup(kPrimary, group);
            auto *button = child<QPushButton>(&window, "deleteGroupButton");
            QVERIFY(button->isEnabled());
            QTest::mouseClick(button, Qt::LeftButton);
            auto *dialog = window.findChild<DeleteGroupDialog *>();
            QVERIFY(dialog);
            QVERIFY(dialog->windowTitle().contains(group));
            QTRY_VERIFY_WITH_TIMEOUT(!dialog->isBusy(), 30000);
            dialog->close();
            window.selectPage(kPrimary, PageKind::Groups);
            auto *action = child<QAction>(&window, "deleteGroupAction");
            QVERIFY(!action->isEnabled()); // nothing selected
            QCOMPARE(action->toolTip(), QStringLiteral("Select one group."));
        }
        config.clusters[0].readOnly = true;
        MainWindow window(config, QString(), QString(), nullptr, nullptr);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openGroup(kPrimary, group);
        auto *button = child<QPushButton>(&window, "deleteGroupButton");
        QVERIFY(!button->isEnabled());
        QCOMPARE(button->toolTip(), QStringLiteral("cluster 'primary' is read-only: deleting is refused"));
        saveScreenshot(&window, QStringLiteral("deletedialog-readonly-group-page"));
        window.selectPage(kPrimary, PageKind::Groups);
        auto *action = child<QAction>(&window, "deleteGroupAction");
        QVERIFY(!action->isEnabled());
        QVERIFY(action->toolTip().contains(QStringLiteral("read-only")));
    }
};

QTEST_MAIN(TestDeleteDialog)
#include "tst_deletedialog.moc"
