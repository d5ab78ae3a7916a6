// The brokers page without a lab: synthetic polls of a cluster with a fenced, an offline and an
// unreachable-then-back broker and a controller quorum with a lagging and a lost voter, over a
// temporary history holding a week of broker events. Checks the broker table, the quorum
// panel, the timeline's spans (stored, then live), its ranges and tooltips, and saves what it
// shows as PNG, in the light palette and a dark one. Then the timeline over a fresh history
// (30 s of polls) and one of three days: No data before the history begins.
#include "AppSettings.h"
#include "BrokersPagePolls.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "history/HistoryReader.h"
#include "model/ClusterHealth.h"
#include "models/BrokerTableModel.h"
#include "models/QuorumTableModel.h"
#include "models/StatusColors.h"
#include "monitor/ClusterPoller.h"
#include "pages/BrokerLanes.h"
#include "pages/BrokerStatesTimeline.h"
#include "pages/QuorumPanel.h"
#include "pages/TablePage.h"
#include "store/HistoryStore.h"

#include <QApplication>
#include <QHelpEvent>
#include <QLabel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QTreeWidget>

using namespace lagscope;
using namespace lagscope::test;

class TestBrokersPage final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<HistoryStore> m_store;   // writes the history
    std::unique_ptr<HistoryReader> m_reader; // what the window reads it through
    std::unique_ptr<MainWindow> m_window;
    // The latest poll's time, whole seconds: the right edge of the timeline.
    QDateTime m_now = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC);

    QDateTime ago(qint64 seconds) const { return m_now.addSecs(-seconds); }
    TablePage *page() const { return static_cast<TablePage *>(m_window->page(PageKind::Brokers)); }
    BrokerStatesTimeline *timeline() const { return child<BrokerStatesTimeline>(page(), "brokerStatesTimeline"); }

    QStringList lanes() const
    {
        QStringList out;
        for (const BrokerLane &lane : timeline()->lanes())
            out << QStringLiteral("%1: %2").arg(lane.broker).arg(spansText(lane, m_now));
        return out;
    }

    // Clicks a range button and waits for the timeline to have read that range.
    void clickRange(const char *name)
    {
        auto *button = child<QToolButton>(timeline(), name);
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY(!timeline()->isLoading());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        // What a user who never changed them sees: seven days, the splitter's own sizes.
        AppSettings().setValue(AppSettings::Key::BrokerStatesRange, int(ChartRange::Day7));
        AppSettings().setValue(AppSettings::Key::BrokersSplitter, QByteArray());
        AppSettings().setValue(AppSettings::Key::LastCluster, kCluster);
        AppSettings().setValue(AppSettings::Key::LastPage, int(PageKind::Overview));
        QVERIFY(m_dir.isValid());
        auto opened = HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(opened, opened ? "" : qPrintable(opened.errorMessage()));
        m_store = std::move(*opened);

        // A week of broker 2, 3 and 4; broker 1 never changed. Group and quorum events between
        // them are not broker states.
        ClusterEvent joined = brokerEvent(ago(30 * kHour), 1, EventKind::MemberJoined);
        joined.subject = QStringLiteral("billing");
        joined.group = QStringLiteral("billing");
        ClusterEvent voterLost = brokerEvent(ago(26 * kHour - 60), 3, EventKind::QuorumVoterLost);
        voterLost.subject = QStringLiteral("voter 3");
        QVERIFY(m_store
                    ->appendEvents({
                        brokerEvent(ago(9 * kDay), 4, EventKind::BrokerOnline),
                        brokerEvent(ago(8 * kDay), 2, EventKind::BrokerOnline),
                        brokerEvent(ago(3 * kDay), 4, EventKind::BrokerUnreachable),
                        brokerEvent(ago(3 * kDay - 2 * kHour), 4, EventKind::BrokerOnline),
                        brokerEvent(ago(2 * kDay), 2, EventKind::BrokerFenced),
                        brokerEvent(ago(2 * kDay - kHour), 2, EventKind::BrokerUnfenced),
                        joined,
                        brokerEvent(ago(26 * kHour), 3, EventKind::BrokerStopping),
                        brokerEvent(ago(26 * kHour - 45), 3, EventKind::BrokerOffline),
                        voterLost,
                        brokerEvent(ago(20 * kMinute), 2, EventKind::BrokerFenced),
                    })
                    .ok());

        AppConfig config;
        config.clusters = {{kCluster, QStringLiteral("kafka-1.dc1.example:9092"), false, {}}};
        m_reader = std::make_unique<HistoryReader>(m_store->path());
        m_window = std::make_unique<MainWindow>(config, QString(), QString(), nullptr, m_reader.get());
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        // The first poll arrives while another page is shown, as it does at start: the brokers
        // page must still fit its panels to what it holds once it is shown.
        m_window->selectPage(kCluster, PageKind::Overview);
        m_window->applyUpdate(PollUpdate{pollAt(m_now), {}, {}});
        m_window->selectPage(kCluster, PageKind::Brokers);
        QTRY_VERIFY(!timeline()->isLoading());
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_reader.reset();
        m_store.reset();
    }

    void brokerTable()
    {
        const QAbstractItemModel *model = page()->view()->model();
        QCOMPARE(model->rowCount(), 4);
        const QStringList states{QStringLiteral("Online"), QStringLiteral("Fenced"), QStringLiteral("Offline"),
                                 QStringLiteral("Online")};
        for (int id = 1; id <= 4; ++id) {
            const int r = findRow(model, QStringLiteral("Id"), QString::number(id));
            QCOMPARE(cell(model, r, QStringLiteral("State")), states[id - 1]);
            QVERIFY(!cell(model, r, QStringLiteral("Reason")).isEmpty());
        }
        const int fenced = findRow(model, QStringLiteral("Id"), QStringLiteral("2"));
        QVERIFY(cell(model, fenced, QStringLiteral("Reason")).contains(QStringLiteral("the process is alive")));
        // The state's tooltip is the reason.
        QCOMPARE(model->index(fenced, 3).data(Qt::ToolTipRole).toString(),
                 cell(model, fenced, QStringLiteral("Reason")));
        // The cluster tree says what is wrong, the worst first.
        auto *tree = child<QTreeWidget>(m_window.get(), "clusterTree");
        QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("broker 3 offline, broker 2 fenced, controller "
                                                                "voter 2 lagging, controller voter 3 lost"));
    }

    void quorumPanel()
    {
        auto *summary = child<QLabel>(page(), "quorumSummary");
        QCOMPARE(summary->text(), QStringLiteral("Leader 1 · epoch 12 · high watermark 4,321"));
        auto *view = child<QTableView>(page(), "quorumTable");
        QVERIFY(view->isVisible());
        const QAbstractItemModel *model = view->model();
        QCOMPARE(model->rowCount(), 4);
        const auto row = [&](int r) {
            QStringList cells;
            for (const char *column :
                 {"Id", "Role", "Health", "Log end offset", "Lag", "Last fetch", "Last caught up", "Reason"})
                cells << cell(model, r, QString::fromLatin1(column));
            return cells.join(QStringLiteral(" | "));
        };
        QCOMPARE(row(0), QStringLiteral("1 | Leader | Caught up | 4,321 | 0 | 0 s ago | 0 s ago | leader"));
        QCOMPARE(row(1), QStringLiteral("2 | Follower | Lagging | 4,300 | 21 | 0 s ago | 8 s ago | 21 records "
                                        "behind, caught up 8 s ago"));
        QCOMPARE(row(2), QStringLiteral("3 | Follower | Lost | 3,990 | 331 | - | - | no fetch known to leader 1"));
        QCOMPARE(row(3), QStringLiteral("4 | Observer |  | 4,321 | 0 | 0 s ago | 0 s ago | "));
        const auto tone = [&](int r) {
            return model->index(r, QuorumTableModel::Health).data(Qt::ForegroundRole).value<QColor>();
        };
        QCOMPARE(tone(0), statusForeground(StatusTone::Good));
        QCOMPARE(tone(1), statusForeground(StatusTone::Warning));
        QCOMPARE(tone(2), statusForeground(StatusTone::Error));
    }

    void timelineOfAWeek()
    {
        BrokerStatesTimeline *t = timeline();
        QCOMPARE(t->range(), ChartRange::Day7);
        QCOMPARE(t->to(), m_now);
        QVERIFY(child<QToolButton>(t, "range7d")->isChecked());
        const int week = int(-7 * kDay / kMinute);
        QCOMPARE(lanes(),
                 (QStringList{
                     QStringLiteral("1: Online %1..0").arg(week),
                     QStringLiteral("2: Online %1..-2880, Fenced -2880..-2820, Online -2820..-20, "
                                    "Fenced -20..0")
                         .arg(week),
                     QStringLiteral("3: ? %1..-1560, Stopping -1560..-1559, Offline -1559..0").arg(week),
                     QStringLiteral("4: Online %1..-4320, Unreachable -4320..-4200, Online -4200..0").arg(week),
                 }));
        auto *title = child<QLabel>(t, "brokerStatesTitle");
        QVERIFY2(title->text().contains(QStringLiteral("7 change(s) recorded in the last 7d")),
                 qPrintable(title->text()));
        saveScreenshot(m_window.get(), QStringLiteral("brokers-page"));
        // The panels fit what they hold: the quorum's four rows, then the lanes below.
        auto *quorum = child<QuorumPanel>(page(), "quorumPanel");
        QCOMPARE(quorum->height(), quorum->sizeHint().height());
        QVERIFY(t->geometry().top() < page()->view()->height() + quorum->height() + 40);
        saveScreenshot(page(), QStringLiteral("brokers-page-alone"));
    }

    // Half of a 1920-px screen, as a window tiled beside another: the page fits it, the title
    // and the legend wrapped onto more lines (one line each held the window at 1,300 px).
    void halfAScreenWide()
    {
        m_window->resize(960, 800);
        QTRY_COMPARE(m_window->width(), 960);
        auto *legend = child<QWidget>(timeline(), "brokerStatesLegend");
        QTRY_VERIFY(legend->height() > legend->sizeHint().height()); // more than one row
        QVERIFY(legend->geometry().right() <= timeline()->width());
        saveScreenshot(m_window.get(), QStringLiteral("brokers-page-half-screen"));
        m_window->resize(1280, 800);
        QTRY_COMPARE(m_window->width(), 1280);
    }

    void tooltipNamesBrokerStateAndTimes()
    {
        BrokerLanes *lanes = timeline()->lanesView();
        QVERIFY(lanes->isVisible());
        QVERIFY(lanes->width() > 600);
        // The middle of broker 2's hour of fencing two days ago (lane 1).
        const BrokerSpan &fenced = timeline()->lanes()[1].spans[1];
        QCOMPARE(fenced.status, std::optional(BrokerStatus::Fenced));
        const QRect lane = lanes->laneRect(1);
        const QPoint at((lanes->xOf(fenced.from) + lanes->xOf(fenced.to)) / 2, lane.center().y());
        const QString format = QStringLiteral("yyyy-MM-dd HH:mm:ss");
        const QString expected =
            QStringLiteral("broker 2 · Fenced\n%1 – %2 (1h 00m)")
                .arg(fenced.from.toLocalTime().toString(format), fenced.to.toLocalTime().toString(format));
        QCOMPARE(lanes->toolTipAt(at), expected);
        // As the user sees it: a tooltip event at that point.
        QHelpEvent help(QEvent::ToolTip, at, lanes->mapToGlobal(at));
        QCoreApplication::sendEvent(lanes, &help);
        QTRY_COMPARE(QToolTip::text(), expected);
        QToolTip::hideText();
        // Broker 3 before its first recorded change: unknown, and the tooltip says why.
        const QString unknown =
            lanes->toolTipAt(QPoint(lanes->laneRect(2).left() + 20, lanes->laneRect(2).center().y()));
        QVERIFY2(unknown.startsWith(QStringLiteral("broker 3 · Unknown\n")), qPrintable(unknown));
        QVERIFY(unknown.contains(QStringLiteral("No change of this broker is recorded before")));
        // Outside the lanes: no tooltip.
        QCOMPARE(lanes->toolTipAt(QPoint(2, 2)), QString());
    }

    void shorterRangeStartsFromTheStoredState()
    {
        clickRange("range24h");
        QCOMPARE(timeline()->range(), ChartRange::Hour24);
        QCOMPARE(AppSettings().integer(AppSettings::Key::BrokerStatesRange), int(ChartRange::Hour24));
        // Every broker's state when the day began comes from its newest event before it.
        QCOMPARE(lanes(), (QStringList{
                              QStringLiteral("1: Online -1440..0"),
                              QStringLiteral("2: Online -1440..-20, Fenced -20..0"),
                              QStringLiteral("3: Offline -1440..0"),
                              QStringLiteral("4: Online -1440..0"),
                          }));
        saveScreenshot(page(), QStringLiteral("brokers-page-24h"));
        clickRange("range1h");
        QCOMPARE(lanes()[1], QStringLiteral("2: Online -60..-20, Fenced -20..0"));
    }

    void livePollsExtendTheLanes()
    {
        // Broker 4 becomes unreachable in a poll the history has not stored: the lane shows it
        // from the window's own events, and the next poll draws it on.
        const QDateTime second = m_now.addSecs(5 * kMinute);
        m_window->applyUpdate(PollUpdate{
            pollAt(second, BrokerStatus::Unreachable), {brokerEvent(second, 4, EventKind::BrokerUnreachable)}, {}});
        const QDateTime third = m_now.addSecs(10 * kMinute);
        m_window->applyUpdate(PollUpdate{pollAt(third, BrokerStatus::Unreachable), {}, {}});
        QCOMPARE(timeline()->to(), third);
        QCOMPARE(lanes()[3], QStringLiteral("4: Online -50..5, Unreachable 5..10"));
        const auto stored = m_store->eventsOfKinds(kCluster, {EventKind::BrokerUnreachable}, second, third);
        QVERIFY(stored && stored->empty());
        // Switching the range reads the store again and keeps the live change.
        clickRange("range15m");
        QCOMPARE(lanes()[3], QStringLiteral("4: Online -5..5, Unreachable 5..10"));
        const QAbstractItemModel *table = page()->view()->model();
        QCOMPARE(cell(table, findRow(table, QStringLiteral("Id"), QStringLiteral("4")), QStringLiteral("State")),
                 QStringLiteral("Unreachable"));
        saveScreenshot(page(), QStringLiteral("brokers-page-live-15m"));
        clickRange("range7d");
    }

    void quorumNotReadable()
    {
        auto s = std::make_shared<ClusterSnapshot>(*pollAt(m_now.addSecs(15 * kMinute)));
        s->quorum.reset();
        s->quorumError = QStringLiteral("DescribeQuorum (KIP-595) not supported by broker 1: a KRaft cluster of Apache "
                                        "Kafka 3.3 or later has it");
        m_window->applyUpdate(PollUpdate{s, {}, {}});
        auto *summary = child<QLabel>(page(), "quorumSummary");
        QVERIFY2(summary->text().contains(QStringLiteral("ZooKeeper")), qPrintable(summary->text()));
        QVERIFY(summary->text().contains(s->quorumError));
        QVERIFY(!child<QTableView>(page(), "quorumTable")->isVisible());
        saveScreenshot(page(), QStringLiteral("brokers-page-no-quorum"));

        // A quorum without a leader: said in the error tone, and the cluster is in error.
        auto leaderless = std::make_shared<ClusterSnapshot>(*s);
        leaderless->takenAt = s->takenAt.addSecs(5);
        leaderless->quorum = quorumAt(leaderless->takenAt);
        leaderless->quorum->leaderId = -1;
        m_window->applyUpdate(PollUpdate{leaderless, {}, {}});
        QVERIFY2(summary->text().startsWith(QStringLiteral("No leader · epoch 12")), qPrintable(summary->text()));
        QCOMPARE(clusterHealth(*leaderless).level, HealthLevel::Error);
        QVERIFY(child<QTableView>(page(), "quorumTable")->isVisible());
    }

    // A fresh install watched for 30 s, shown over 7 days: 30 s of states, not 7 days of them.
    void freshHistoryIsNoDataBeforeTheFirstPoll()
    {
        auto store = HistoryStore::open(m_dir.filePath(QStringLiteral("fresh/history.sqlite")));
        QVERIFY2(store, store ? "" : qPrintable(store.errorMessage()));
        AppSettings().setValue(AppSettings::Key::BrokerStatesRange, int(ChartRange::Day7));
        AppSettings().setValue(AppSettings::Key::LastPage, int(PageKind::Brokers));
        AppConfig config;
        config.clusters = {{kCluster, QStringLiteral("kafka-1.dc1.example:9092"), false, {}}};
        HistoryReader reader((*store)->path());
        MainWindow window(config, QString(), QString(), nullptr, &reader);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.selectPage(kCluster, PageKind::Brokers);
        window.applyUpdate(PollUpdate{pollAt(ago(30)), {}, {}});
        window.applyUpdate(PollUpdate{pollAt(m_now), {}, {}});
        auto *t = child<BrokerStatesTimeline>(window.page(PageKind::Brokers), "brokerStatesTimeline");
        QTRY_VERIFY(!t->isLoading());
        QCOMPARE(t->range(), ChartRange::Day7);
        QCOMPARE(t->knownFrom(), ago(30));
        QStringList text;
        for (const BrokerLane &lane : t->lanes()) {
            QCOMPARE(lane.spans.size(), size_t(1));
            QCOMPARE(lane.spans[0].from, ago(30));
            QCOMPARE(lane.spans[0].to, m_now);
            text << brokerStateText(lane.spans[0].status);
        }
        QCOMPARE(text.join(QLatin1Char(' ')), QStringLiteral("Online Fenced Offline Online"));
        auto *title = child<QLabel>(t, "brokerStatesTitle");
        QVERIFY2(title->text().contains(QStringLiteral("nothing recorded before")), qPrintable(title->text()));
        // Most of the week is No data, and its tooltip says why.
        BrokerLanes *lanes = t->lanesView();
        QCOMPARE(lanes->noDataUntil(), ago(30));
        const QString tip = lanes->toolTipAt(QPoint(lanes->width() / 2, lanes->laneRect(0).center().y()));
        QVERIFY2(tip.startsWith(QStringLiteral("broker 1 · No data\n")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("Lagscope was not watching it")));
        saveScreenshot(window.page(PageKind::Brokers), QStringLiteral("brokers-page-fresh"));
        const QPalette light = QApplication::palette();
        QApplication::setPalette(darkPalette());
        QCoreApplication::processEvents();
        saveScreenshot(window.page(PageKind::Brokers), QStringLiteral("brokers-page-fresh-dark"));
        QApplication::setPalette(light);
        // The 15 minute range reads the same: half a minute of states at its right end.
        child<QToolButton>(t, "range15m")->click();
        QTRY_VERIFY(!t->isLoading());
        QCOMPARE(t->lanes()[1].spans.front().from, ago(30));
        saveScreenshot(window.page(PageKind::Brokers), QStringLiteral("brokers-page-fresh-15m"));
        AppSettings().setValue(AppSettings::Key::BrokerStatesRange, int(ChartRange::Day7));
    }

    // Three days of history shown over seven: the lanes begin with its first poll.
    void threeDaysOfHistoryShownOverAWeek()
    {
        auto opened = HistoryStore::open(m_dir.filePath(QStringLiteral("three-days/history.sqlite")));
        QVERIFY2(opened, opened ? "" : qPrintable(opened.errorMessage()));
        HistoryStore &store = **opened;
        for (qint64 t = 3 * kDay; t > 0; t -= kHour)
            QVERIFY(store.appendSnapshot(*pollAt(ago(t))).ok());
        QVERIFY(store
                    .appendEvents({brokerEvent(ago(2 * kDay), 2, EventKind::BrokerFenced),
                                   brokerEvent(ago(2 * kDay - 3 * kHour), 2, EventKind::BrokerUnfenced),
                                   brokerEvent(ago(30 * kHour), 3, EventKind::BrokerOffline),
                                   brokerEvent(ago(20 * kMinute), 2, EventKind::BrokerFenced)})
                    .ok());
        AppConfig config;
        config.clusters = {{kCluster, QStringLiteral("kafka-1.dc1.example:9092"), false, {}}};
        HistoryReader reader(store.path());
        MainWindow window(config, QString(), QString(), nullptr, &reader);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.selectPage(kCluster, PageKind::Brokers);
        window.applyUpdate(PollUpdate{pollAt(m_now), {}, {}});
        auto *t = child<BrokerStatesTimeline>(window.page(PageKind::Brokers), "brokerStatesTimeline");
        QTRY_VERIFY(!t->isLoading());
        QCOMPARE(t->knownFrom(), ago(3 * kDay));
        QStringList out;
        for (const BrokerLane &lane : t->lanes())
            out << QStringLiteral("%1: %2").arg(lane.broker).arg(spansText(lane, m_now));
        const int days3 = int(-3 * kDay / kMinute);
        QCOMPARE(out,
                 (QStringList{
                     QStringLiteral("1: Online %1..0").arg(days3),
                     QStringLiteral("2: ? %1..-2880, Fenced -2880..-2700, Online -2700..-20, Fenced -20..0").arg(days3),
                     QStringLiteral("3: ? %1..-1800, Offline -1800..0").arg(days3),
                     QStringLiteral("4: Online %1..0").arg(days3),
                 }));
        saveScreenshot(window.page(PageKind::Brokers), QStringLiteral("brokers-page-3-days"));
    }

    void darkPaletteScreenshot()
    {
        m_window->applyUpdate(PollUpdate{pollAt(m_now.addSecs(20 * kMinute), BrokerStatus::Unreachable), {}, {}});
        const QPalette light = QApplication::palette();
        QApplication::setPalette(darkPalette());
        QCoreApplication::processEvents();
        saveScreenshot(m_window.get(), QStringLiteral("brokers-page-dark"));
        QApplication::setPalette(light);
    }
};

QTEST_MAIN(TestBrokersPage)
#include "tst_brokerspage.moc"
