// The main window under a dark palette (Fusion with a dark QPalette), on real data from the
// lab: Triage, Consumer groups, a lagging group's page with its chart, Brokers and
// Replication, saved as PNG to be looked at. Every coloured cell of the triage, groups,
// brokers and topics tables must reach WCAG contrast 4.5:1 on what is painted under it, in
// the dark palette and again in Fusion's light one.
#include "ContrastCheck.h"
#include "DesktopSession.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "SessionTest.h"
#include "charts/LagChart.h"
#include "monitor/MonitorService.h"
#include "pages/GroupDetailPage.h"
#include "pages/TablePage.h"
#include "pages/TriagePage.h"

#include <QApplication>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleFactory>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace lagscope;
using namespace lagscope::test;

class TestDarkTheme final : public SessionTest {
    Q_OBJECT

private:
    QString m_topic = named("dark");
    QString m_slow = named("dark-slow");

    static QPalette darkPalette()
    {
        QPalette p;
        const QColor window(0x35, 0x35, 0x35), base(0x23, 0x23, 0x23), text(0xe6, 0xe6, 0xe6);
        const QColor disabled(0x80, 0x80, 0x80);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0x2d, 0x2d, 0x2d));
        p.setColor(QPalette::ToolTipBase, window);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
        p.setColor(QPalette::Button, window);
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::red);
        p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
        p.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x50));
        p.setColor(QPalette::Midlight, QColor(0x45, 0x45, 0x45));
        p.setColor(QPalette::Mid, QColor(0x2a, 0x2a, 0x2a));
        p.setColor(QPalette::Dark, QColor(0x20, 0x20, 0x20));
        p.setColor(QPalette::Shadow, Qt::black);
        for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            p.setColor(QPalette::Disabled, role, disabled);
        return p;
    }

    QTableView *table(PageKind kind) const { return static_cast<TablePage *>(m_session->window()->page(kind))->view(); }

    // Every coloured cell of the four tables, readable in the application's palette now.
    void checkContrast(const char *palette)
    {
        const QPalette pal = QApplication::palette();
        const std::pair<const char *, QTableView *> tables[] = {
            {"triage", m_session->window()->triagePage()->list()},
            {"groups", table(PageKind::Groups)},
            {"brokers", table(PageKind::Brokers)},
            {"topics", table(PageKind::Topics)},
        };
        for (const auto &[name, view] : tables) {
            const QStringList low = lowContrastCells(view->model(), pal, view->alternatingRowColors());
            QVERIFY2(low.isEmpty(),
                     qPrintable(QStringLiteral("%1 palette, %2 table: %3")
                                    .arg(QLatin1String(palette), QLatin1String(name), low.join(QStringLiteral("; ")))));
        }
        // The tree's statuses, coloured when they were set: they follow a palette change.
        auto *tree = child<QTreeWidget>(m_session->window(), "clusterTree");
        int coloured = 0;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            const QBrush fg = (*it)->foreground(1);
            if (fg.style() == Qt::NoBrush || (*it)->text(1).isEmpty())
                continue;
            ++coloured;
            const double ratio = contrast(fg.color(), pal.color(QPalette::Base));
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 palette, tree status '%2': %3:1")
                                                  .arg(QLatin1String(palette), (*it)->text(1))
                                                  .arg(ratio, 0, 'f', 2)));
        }
        QVERIFY(coloured > 0);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        traffic(kPrimary, createTopicArgs(m_topic, 3, 3));
        traffic(kPrimary, produceArgs(m_topic, 300));
        traffic(kPrimary, consumeArgs(m_slow, m_topic, 100));
        traffic(kPrimary, produceArgs(m_topic, 300)); // the group now lags
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}, {kDr, m_lab.bootstrap(kDr), false, {}}};
        config.flows = {{kPrimary, kDr, kPrimary, kDr, {}}};
        openSession(config);
        QTRY_VERIFY_WITH_TIMEOUT(
            m_session->monitor()->latest(kPrimary) && m_session->monitor()->latest(kPrimary)->group(m_slow), 60000);
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void pages()
    {
        MainWindow *w = m_session->window();
        w->showTriage();
        QTRY_VERIFY_WITH_TIMEOUT(w->triagePage()->list()->model()->rowCount() > 0, 30000);
        saveScreenshot(w, QStringLiteral("dark-triage"));
        w->selectPage(kPrimary, PageKind::Groups);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(table(PageKind::Groups)->model(), QStringLiteral("Group"), m_slow) >= 0,
                                 20000);
        saveScreenshot(w, QStringLiteral("dark-groups"));
        w->openGroup(kPrimary, m_slow);
        auto *detail = static_cast<GroupDetailPage *>(w->page(PageKind::GroupDetail));
        // The chart has loaded its history and drawn the live polls since.
        QTRY_VERIFY_WITH_TIMEOUT(!detail->chart()->isLoading(), 20000);
        const qint64 polls = m_session->monitor()->latest(kPrimary)->takenAt.toMSecsSinceEpoch();
        QTRY_VERIFY_WITH_TIMEOUT(m_session->monitor()->latest(kPrimary)->takenAt.toMSecsSinceEpoch() > polls, 20000);
        saveScreenshot(w, QStringLiteral("dark-group"));
        w->selectPage(kPrimary, PageKind::Brokers);
        QTRY_COMPARE_WITH_TIMEOUT(table(PageKind::Brokers)->model()->rowCount(), 3, 20000);
        saveScreenshot(w, QStringLiteral("dark-brokers"));
        w->selectPage(kPrimary, PageKind::Topics);
        saveScreenshot(w, QStringLiteral("dark-topics"));
        w->showReplication();
        saveScreenshot(w, QStringLiteral("dark-replication"));
        w->showTriage();
        saveScreenshot(w, QStringLiteral("dark"));
    }

    void readableInTheDarkPalette() { checkContrast("dark"); }

    void readableInTheLightPalette()
    {
        QApplication::setPalette(QApplication::style()->standardPalette());
        // Widgets take the new palette in an event of their own, after this call.
        QTRY_COMPARE(m_session->window()->palette().color(QPalette::Base),
                     QApplication::palette().color(QPalette::Base));
        checkContrast("light");
        m_session->window()->selectPage(kPrimary, PageKind::Groups);
        saveScreenshot(m_session->window(), QStringLiteral("light-groups"));
    }
};

QTEST_MAIN(TestDarkTheme)
#include "tst_darktheme.moc"
