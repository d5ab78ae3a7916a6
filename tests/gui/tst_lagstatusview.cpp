// The lag status in the widgets: five groups whose polls went through the real LagEvaluator
// (healthy, slow, stopped, stalled, and one whose records retention is about to delete) in
// the groups table and a group's page; the Status cell's colour and tooltip, lag time, time to
// drain and the retention-breach forecast. Saves screenshots with the tooltip shown.
#include "GuiTestUtil.h"
#include "charts/LagChart.h"
#include "models/GroupTableModel.h"
#include "models/PartitionLagModel.h"
#include "models/StatusColors.h"
#include "monitor/LagEvaluator.h"
#include "pages/GroupDetailPage.h"

#include <QApplication>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTableView>
#include <QTest>
#include <QToolTip>

using namespace lagscope;
using lagscope::test::screenshotPath;

namespace {

const QDateTime kStart = QDateTime::fromMSecsSinceEpoch(1'750'000'000'000, Qt::UTC);

// One poll: each group consumes `rate` of the 20 records/s produced per partition, from 12 polls
// on the stopped group has no member and stands still, the stalled one keeps its member.
ClusterSnapshot poll(int i)
{
    ClusterSnapshot s;
    s.cluster = QStringLiteral("primary");
    s.takenAt = kStart.addSecs(5 * i);
    s.reachable = true;
    struct Spec {
        const char *name;
        double consumed; // records/s
        bool stopsAt12;
        bool memberStays;
    };
    const Spec specs[] = {{"analytics-slow", 12, false, true},
                          {"audit-stopping", 20, true, false},
                          {"billing-healthy", 20, false, true},
                          {"search-stalled", 20, true, true}};
    for (const Spec &spec : specs) {
        GroupState g;
        g.groupId = QString::fromLatin1(spec.name);
        g.state = spec.stopsAt12 && !spec.memberStays && i >= 12 ? QStringLiteral("Empty") : QStringLiteral("Stable");
        for (int p = 0; p < 3; ++p) {
            PartitionLag pl;
            pl.partition = {QStringLiteral("orders"), p};
            pl.logEnd = 100 * (i + 1) + 7 * p;
            const int moving = spec.stopsAt12 ? std::min(i, 12) : i;
            pl.committed = std::min<std::int64_t>(*pl.logEnd, std::int64_t(spec.consumed * 5 * moving) + 90);
            pl.lag = *pl.logEnd - *pl.committed;
            if (!(spec.stopsAt12 && !spec.memberStays && i >= 12)) {
                pl.memberId = QStringLiteral("%1-member-%2").arg(g.groupId).arg(p % 2);
                pl.clientId = QStringLiteral("%1-%2").arg(g.groupId).arg(p % 2);
                pl.host = QStringLiteral("/10.0.0.%1").arg(p % 2 + 1);
            }
            g.totalLag += *pl.lag;
            g.maxLag = std::max(g.maxLag, *pl.lag);
            g.partitions.push_back(pl);
        }
        if (!(spec.stopsAt12 && !spec.memberStays && i >= 12))
            g.members.resize(2);
        s.groups.push_back(g);
    }
    // archive-risk reads 4 of the 20 records/s written to "archive", whose retention deletes
    // a 200-record segment every other poll: the log start gains 16 records/s on it.
    TopicState archive;
    archive.name = QStringLiteral("archive");
    PartitionState ap;
    ap.partition = 0;
    ap.leader = 1;
    ap.logStart = 1000 + 200 * (i / 2);
    ap.logEnd = 5100 + 100 * i;
    archive.partitions.push_back(ap);
    s.topics.push_back(archive);
    GroupState risk;
    risk.groupId = QStringLiteral("archive-risk");
    risk.state = QStringLiteral("Stable");
    PartitionLag rp;
    rp.partition = {QStringLiteral("archive"), 0};
    rp.logEnd = ap.logEnd;
    rp.committed = 3500 + 20 * i;
    rp.lag = *rp.logEnd - *rp.committed;
    rp.memberId = QStringLiteral("archive-risk-member-0");
    rp.clientId = QStringLiteral("archive-risk-0");
    rp.host = QStringLiteral("/10.0.0.3");
    risk.totalLag = risk.maxLag = *rp.lag;
    risk.partitions.push_back(rp);
    risk.members.resize(1);
    s.groups.insert(s.groups.begin() + 1, risk); // sorted by id: after analytics-slow
    return s;
}

// The window with the tooltip of `index` drawn where Qt shows it.
void saveWithToolTip(QWidget *window, QTableView *view, const QModelIndex &index, const QString &name)
{
    const QRect cellRect = view->visualRect(index);
    const QPoint global = view->viewport()->mapToGlobal(cellRect.center());
    QToolTip::showText(global, index.data(Qt::ToolTipRole).toString(), view->viewport(), cellRect);
    auto shownTip = []() -> QLabel * {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w->inherits("QTipLabel") && w->isVisible())
                return qobject_cast<QLabel *>(w);
        return nullptr;
    };
    QTRY_VERIFY2(shownTip(), "the tooltip is shown");
    QLabel *tip = shownTip();
    QCOMPARE(tip->text(), index.data(Qt::ToolTipRole).toString());
    QPixmap shot = window->grab();
    QPainter painter(&shot);
    painter.drawPixmap(window->mapFromGlobal(tip->mapToGlobal(QPoint(0, 0))), tip->grab());
    painter.end();
    QVERIFY(shot.save(screenshotPath(name)));
    QToolTip::hideText();
}

// The groups table as the main window shows it, in `window` (shown).
QTableView *showGroupsTable(QWidget &window, GroupTableModel &model)
{
    window.resize(1250, 260);
    auto *view = new QTableView(&window);
    view->setGeometry(0, 0, 1250, 260);
    view->setModel(&model);
    view->verticalHeader()->hide();
    view->setColumnWidth(GroupTableModel::Group, 170);
    view->setColumnWidth(GroupTableModel::Topics, 80);
    view->setColumnWidth(GroupTableModel::Retention, 140);
    window.show();
    return view;
}

int rowOf(const QAbstractItemModel *m, const QString &group)
{
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, 0).data().toString() == group)
            return r;
    return -1;
}

} // namespace

class TestLagStatusView final : public QObject {
    Q_OBJECT

private:
    SnapshotPtr m_snapshot;

private Q_SLOTS:
    void initTestCase()
    {
        LagEvaluator evaluator;
        for (int i = 0; i < 20; ++i) {
            ClusterSnapshot s = poll(i);
            evaluator.evaluate(s);
            m_snapshot = std::make_shared<const ClusterSnapshot>(std::move(s));
        }
    }

    void groupsTable()
    {
        QWidget window;
        GroupTableModel model;
        model.apply(m_snapshot);
        QTableView *view = showGroupsTable(window, model);
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const QStringList expected{QStringLiteral("WARN"), QStringLiteral("STOP"), QStringLiteral("OK"),
                                   QStringLiteral("STALL")};
        const QStringList groups{QStringLiteral("analytics-slow"), QStringLiteral("audit-stopping"),
                                 QStringLiteral("billing-healthy"), QStringLiteral("search-stalled")};
        for (int i = 0; i < groups.size(); ++i) {
            const int row = rowOf(&model, groups[i]);
            QVERIFY(row >= 0);
            const QModelIndex status = model.index(row, GroupTableModel::Status);
            QCOMPARE(status.data().toString(), expected[i]);
            QVERIFY(status.data(Qt::ForegroundRole).value<QColor>().isValid());
            QVERIFY(!model.index(row, GroupTableModel::LagSeconds).data().toString().isEmpty());
        }
        const QModelIndex stop = model.index(rowOf(&model, QStringLiteral("audit-stopping")), GroupTableModel::Status);
        const QString tip = stop.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("STOP: nobody consumes")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("no member consumes this partition; committed offset")), qPrintable(tip));
        QVERIFY(stop.data(Qt::BackgroundRole).value<QColor>().isValid());
        QCOMPARE(model.index(stop.row(), GroupTableModel::Drain).data().toString(), QStringLiteral("never"));
        const QModelIndex ok = model.index(rowOf(&model, QStringLiteral("billing-healthy")), GroupTableModel::Status);
        QVERIFY2(ok.data(Qt::ToolTipRole).toString().contains(QStringLiteral("all 3 partitions OK")),
                 qPrintable(ok.data(Qt::ToolTipRole).toString()));
        const QModelIndex warn = model.index(rowOf(&model, QStringLiteral("analytics-slow")), GroupTableModel::Status);
        QVERIFY(warn.data(Qt::ToolTipRole).toString().contains(QStringLiteral("lag grew from")));
        saveWithToolTip(&window, view, stop, QStringLiteral("lagstatus-groups-stop-tooltip"));
        saveWithToolTip(&window, view, warn, QStringLiteral("lagstatus-groups-warn-tooltip"));
    }

    // A group the last poll could not read: UNREAD, with why and the age of its values, its
    // numbers greyed; sorted with the worst.
    void unreadGroup()
    {
        ClusterSnapshot s = *m_snapshot;
        for (GroupState &g : s.groups)
            if (g.groupId == QStringLiteral("billing-healthy")) {
                g.error = QStringLiteral("cluster 'primary': committed offsets of group 'billing-healthy': "
                                         "Failed to look up group coordinator: Local: Timed out");
                g.lastReadAt = QDateTime::currentDateTimeUtc().addSecs(-95); // as live: "95s ago"
            }
        QWidget window;
        GroupTableModel model;
        model.apply(std::make_shared<const ClusterSnapshot>(std::move(s)));
        QTableView *view = showGroupsTable(window, model);
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const int row = rowOf(&model, QStringLiteral("billing-healthy"));
        const QModelIndex status = model.index(row, GroupTableModel::Status);
        QCOMPARE(status.data().toString(), QStringLiteral("UNREAD"));
        const QString tip = status.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("UNREAD: the last poll could not read this group")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Failed to look up group coordinator")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("ago)")), qPrintable(tip));
        QVERIFY(status.data(Qt::BackgroundRole).value<QColor>().isValid());
        // The carried numbers are still shown, greyed like other values that may not hold.
        const QModelIndex lag = model.index(row, GroupTableModel::TotalLag);
        QVERIFY(!lag.data().toString().isEmpty());
        QCOMPARE(lag.data(Qt::ForegroundRole).value<QColor>(), statusForeground(StatusTone::Muted));
        QVERIFY(model.index(row, GroupTableModel::Status).data(GroupTableModel::SortRole).toInt()
                > model.index(rowOf(&model, QStringLiteral("audit-stopping")), GroupTableModel::Status)
                      .data(GroupTableModel::SortRole)
                      .toInt());
        saveWithToolTip(&window, view, status, QStringLiteral("lagstatus-groups-unread-tooltip"));
    }

    // RISK: the forecast in the status tooltip of the groups table and of the group page's
    // partition, in the reason under the group page's title too.
    void retentionRisk()
    {
        QWidget window;
        GroupTableModel model;
        model.apply(m_snapshot);
        QTableView *view = showGroupsTable(window, model);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QModelIndex status = model.index(rowOf(&model, QStringLiteral("archive-risk")), GroupTableModel::Status);
        QCOMPARE(status.data().toString(), QStringLiteral("RISK"));
        QCOMPARE(status.data(Qt::ForegroundRole).value<QColor>(), statusForeground(StatusTone::Error));
        const QString tip = status.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("RISK: at the rates seen, retention will delete records")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("archive-0: records lost in ~")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("without the forecast it would be WARN")), qPrintable(tip));
        // Sorted with the worst: above STOP, below ERR.
        QVERIFY(status.data(GroupTableModel::SortRole).toInt()
                > model.index(rowOf(&model, QStringLiteral("audit-stopping")), GroupTableModel::Status)
                      .data(GroupTableModel::SortRole)
                      .toInt());
        const GroupState *g = m_snapshot->group(QStringLiteral("archive-risk"));
        QVERIFY(g && g->retention && g->retention->breach());
        qInfo("archive-risk: %s", qPrintable(g->verdict.reason));
        const QModelIndex loss = model.index(status.row(), GroupTableModel::Retention);
        QCOMPARE(loss.data().toString(), formatRetentionForecast(*g->retention));
        QVERIFY(loss.data().toString().startsWith(QLatin1Char('~')));
        QVERIFY2(loss.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("archive-0: At the rates seen")),
                 qPrintable(loss.data(Qt::ToolTipRole).toString()));
        // The others: no forecast (no log-start step seen on their topic).
        const QModelIndex none =
            model.index(rowOf(&model, QStringLiteral("audit-stopping")), GroupTableModel::Retention);
        QVERIFY(none.data().toString().isEmpty());
        saveWithToolTip(&window, view, status, QStringLiteral("lagstatus-groups-risk-tooltip"));

        GroupDetailPage page(nullptr);
        page.resize(1250, 420);
        page.showGroup(QStringLiteral("primary"), m_snapshot, QStringLiteral("archive-risk"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *label = page.findChild<QLabel *>(QStringLiteral("groupStatus"));
        QVERIFY(label);
        QVERIFY2(label->text().contains(QStringLiteral("RISK")), qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral("records lost in ~")), qPrintable(label->text()));
        auto *partitions = page.findChild<QTableView *>(QStringLiteral("partitionTable"));
        QVERIFY(partitions);
        const QModelIndex first = partitions->model()->index(0, PartitionLagModel::Status);
        QCOMPARE(first.data().toString(), QStringLiteral("RISK"));
        QVERIFY(first.data(Qt::ToolTipRole).toString().contains(QStringLiteral("records lost in ~")));
        const QModelIndex partitionLoss = partitions->model()->index(0, PartitionLagModel::Retention);
        QCOMPARE(partitionLoss.data().toString(), formatRetentionForecast(*g->retention));
        saveWithToolTip(&page, partitions, first, QStringLiteral("lagstatus-group-page-risk-tooltip"));
    }

    void groupPage()
    {
        GroupDetailPage page(nullptr);
        page.resize(1250, 420);
        page.showGroup(QStringLiteral("primary"), m_snapshot, QStringLiteral("search-stalled"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *status = page.findChild<QLabel *>(QStringLiteral("groupStatus"));
        QVERIFY(status);
        QVERIFY2(status->text().contains(QStringLiteral("STALL")), qPrintable(status->text()));
        QVERIFY(status->text().contains(QStringLiteral("Oldest unconsumed record:")));
        auto *view = page.findChild<QTableView *>(QStringLiteral("partitionTable"));
        QVERIFY(view);
        QCOMPARE(view->model()->rowCount(), 3);
        const QModelIndex first = view->model()->index(0, PartitionLagModel::Status);
        QCOMPARE(first.data().toString(), QStringLiteral("STALL"));
        QVERIFY(
            first.data(Qt::ToolTipRole).toString().contains(QStringLiteral("owns the partition but committed offset")));
        QCOMPARE(view->model()->index(0, PartitionLagModel::Drain).data().toString(), QStringLiteral("never"));
        saveWithToolTip(&page, view, first, QStringLiteral("lagstatus-group-page-stall-tooltip"));
    }
};

QTEST_MAIN(TestLagStatusView)
#include "tst_lagstatusview.moc"
