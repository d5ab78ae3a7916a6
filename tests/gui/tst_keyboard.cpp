// The desktop session against the lab, driven with the keyboard only (QTest::keyClick):
// F6 to the cluster tree, the arrows to a cluster's Consumer groups, Ctrl+F to the filter,
// Tab to the table, Enter opens the group, Alt+Left goes back to the table with the group
// selected, Alt+H then A opens Help → About and Escape closes it. Also: every menu entry has
// a mnemonic, unique within its menu, and every menu of the menu bar has one.
#include "AboutDialog.h"
#include "actions/DeleteGroupDialog.h"
#include "actions/ResetOffsetsDialog.h"
#include "report/ExportReportDialog.h"
#include "settings/ClusterDialog.h"
#include "DesktopSession.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "SessionTest.h"
#include "monitor/MonitorService.h"
#include "pages/GroupDetailPage.h"
#include "pages/TablePage.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;
using namespace lagscope::test;

class TestKeyboard final : public SessionTest {
    Q_OBJECT

private:
    QString m_topic = named("keys");
    QString m_group = named("keys-group");

    MainWindow *window() const { return m_session->window(); }
    static QWidget *focused() { return QApplication::focusWidget(); }
    static QString mnemonic(const QString &text)
    {
        const qsizetype amp = text.indexOf(QLatin1Char('&'));
        return amp >= 0 && amp + 1 < text.size() ? text.mid(amp + 1, 1).toLower() : QString();
    }

    // The focus chain of `dialog` from its first control: where a control comes after one
    // wholly below it.
    static QStringList tabOrderProblems(QDialog *dialog)
    {
        QList<QWidget *> chain;
        QWidget *w = dialog;
        for (int guard = 0; guard < 500; ++guard) {
            w = w->nextInFocusChain();
            if (w == dialog)
                break;
            if (w->isVisibleTo(dialog) && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)
                && dialog->isAncestorOf(w))
                chain << w;
        }
        QStringList problems;
        for (qsizetype i = 1; i < chain.size(); ++i) {
            const QRect before(chain[i - 1]->mapTo(dialog, QPoint()), chain[i - 1]->size());
            const QRect after(chain[i]->mapTo(dialog, QPoint()), chain[i]->size());
            if (after.bottom() < before.top())
                problems << QStringLiteral("%1 (y %2) after %3 (y %4)")
                                .arg(chain[i]->objectName(), QString::number(after.top()), chain[i - 1]->objectName(),
                                     QString::number(before.top()));
        }
        return problems;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        traffic(kPrimary, createTopicArgs(m_topic, 2, 3));
        traffic(kPrimary, produceArgs(m_topic, 100));
        traffic(kPrimary, consumeArgs(m_group, m_topic, 40));
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        openSession(config);
        QTRY_VERIFY_WITH_TIMEOUT(
            m_session->monitor()->latest(kPrimary) && m_session->monitor()->latest(kPrimary)->group(m_group), 60000);
    }

    // Closing a dialog does not give the window back its activation on the offscreen platform,
    // as a window manager would.
    void init()
    {
        window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window()));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void everyMenuEntryHasAMnemonic()
    {
        QStringList menus;
        for (QAction *top : window()->menuBar()->actions()) {
            QVERIFY2(!mnemonic(top->text()).isEmpty(), qPrintable(top->text()));
            QVERIFY2(!menus.contains(mnemonic(top->text())), qPrintable(top->text()));
            menus << mnemonic(top->text());
            QStringList seen;
            for (QAction *a : top->menu()->actions()) {
                if (a->isSeparator())
                    continue;
                const QString m = mnemonic(a->text());
                QVERIFY2(!m.isEmpty(), qPrintable(top->text() + QStringLiteral(" → ") + a->text()));
                QVERIFY2(!seen.contains(m), qPrintable(top->text() + QStringLiteral(" → ") + a->text()));
                seen << m;
            }
        }
    }

    void fromTheTreeToAGroupAndBack()
    {
        MainWindow *w = window();
        QCOMPARE(w->currentPage(), PageKind::Triage); // the window opens on the triage
        QTest::keyClick(w, Qt::Key_F6);
        auto *tree = child<QTreeWidget>(w, "clusterTree");
        QTRY_COMPARE(focused(), tree);
        // Triage, primary, Overview, Brokers, Topics, Consumer groups.
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(tree, Qt::Key_Down);
        QCOMPARE(w->currentPage(), PageKind::Groups);
        QCOMPARE(w->currentCluster(), kPrimary);

        auto *page = static_cast<TablePage *>(w->page(PageKind::Groups));
        QTest::keyClick(w, Qt::Key_F, Qt::ControlModifier);
        QTRY_COMPARE(focused(), page->filter());
        QTest::keyClicks(page->filter(), m_group);
        QTRY_COMPARE(page->view()->model()->rowCount(), 1);
        QTest::keyClick(page->filter(), Qt::Key_Tab);
        QTRY_COMPARE(focused(), page->view());
        QTest::keyClick(page->view(), Qt::Key_Home);
        QTest::keyClick(page->view(), Qt::Key_Return);
        QTRY_COMPARE(w->currentPage(), PageKind::GroupDetail);
        auto *detail = static_cast<GroupDetailPage *>(w->page(PageKind::GroupDetail));
        QCOMPARE(detail->groupId(), m_group);
        saveScreenshot(w, QStringLiteral("keyboard-group"));

        QTest::keyClick(w, Qt::Key_Left, Qt::AltModifier);
        QTRY_COMPARE(w->currentPage(), PageKind::Groups);
        QTRY_COMPARE(focused(), page->view());
        QCOMPARE(page->view()->currentIndex().siblingAtColumn(0).data().toString(), m_group);
        page->filter()->clear();
    }

    void helpAboutByKeys()
    {
        MainWindow *w = window();
        QTest::keyClick(w, Qt::Key_H, Qt::AltModifier);
        QTRY_VERIFY(qobject_cast<QMenu *>(QApplication::activePopupWidget()));
        auto *help = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QCOMPARE(help->objectName(), QStringLiteral("helpMenu"));
        QTest::keyClick(help, Qt::Key_A);
        QTRY_VERIFY(w->findChild<AboutDialog *>());
        auto *about = w->findChild<AboutDialog *>();
        QVERIFY(QTest::qWaitForWindowActive(about));
        QVERIFY(about->focusWidget());
        QTest::keyClick(about->focusWidget(), Qt::Key_Escape);
        QTRY_VERIFY(!w->findChild<AboutDialog *>());
    }

    void escapeClosesTheClusterDialog()
    {
        MainWindow *w = window();
        QTest::keyClick(w, Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(qobject_cast<QMenu *>(QApplication::activePopupWidget()));
        QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_A); // File → Add cluster…
        QTRY_VERIFY(w->findChild<QDialog *>(QStringLiteral("clusterDialog")));
        auto *dialog = w->findChild<QDialog *>(QStringLiteral("clusterDialog"));
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        QTRY_COMPARE(focused(), child<QLineEdit>(dialog, "nameEdit")); // the first field
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused(), child<QLineEdit>(dialog, "bootstrapEdit"));
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("readOnlyCheck"));
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("protocolCombo"));
        QTest::keyClick(focused(), Qt::Key_Escape);
        QTRY_VERIFY(!w->findChild<QDialog *>(QStringLiteral("clusterDialog")));
    }

    // Tab walks each dialog top to bottom (left to right within a row), so that the keyboard
    // meets the fields in the order the eye does: no control is reached after one below it.
    void dialogsTabInReadingOrder()
    {
        const ClusterConfig cluster{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        std::vector<std::unique_ptr<QDialog>> dialogs;
        dialogs.emplace_back(new ClusterDialog(nullptr));
        // Every row enabled: SASL and TLS.
        child<QComboBox>(dialogs.back().get(), "protocolCombo")->setCurrentText(QStringLiteral("SASL_SSL"));
        dialogs.emplace_back(new ExportReportDialog(m_dir.filePath(QStringLiteral("history.sqlite")), {kPrimary}));
        dialogs.emplace_back(new ResetOffsetsDialog(cluster, m_group));
        dialogs.emplace_back(new DeleteGroupDialog(cluster, m_group));
        dialogs.emplace_back(new AboutDialog);
        for (const auto &dialog : dialogs) {
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
            const QStringList problems = tabOrderProblems(dialog.get());
            QVERIFY2(problems.isEmpty(),
                     qPrintable(dialog->objectName() + QStringLiteral(": ") + problems.join(QStringLiteral("; "))));
        }
    }
};

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
