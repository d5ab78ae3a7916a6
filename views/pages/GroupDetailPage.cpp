#include "pages/GroupDetailPage.h"

#include "AppIcons.h"
#include "WidgetBuild.h"
#include "charts/LagChart.h"
#include "models/LagStatusFormat.h"
#include "models/PartitionLagModel.h"
#include "models/StatusColors.h"
#include "monitor/OrphanedOffsets.h"
#include "pages/RebalanceTimeline.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace lagscope {

GroupDetailPage::GroupDetailPage(HistoryReader *history, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("groupDetailPage"));
    auto *layout = new QVBoxLayout(this);
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("groupHeader"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Mnemonics clear of the menu bar's (File, View, Go, Help).
    m_resetButton =
        new QPushButton(actionIcon("document-revert", QStyle::SP_BrowserReload), tr("&Reset offsets…"), this);
    m_resetButton->setObjectName(QStringLiteral("resetOffsetsButton"));
    m_resetButton->setEnabled(false);
    connect(m_resetButton, &QPushButton::clicked, this,
            [this] { Q_EMIT resetRequested(m_cluster, m_model->groupId()); });
    m_deleteButton = new QPushButton(actionIcon("edit-delete", QStyle::SP_TrashIcon), tr("De&lete…"), this);
    m_deleteButton->setObjectName(QStringLiteral("deleteGroupButton"));
    m_deleteButton->setEnabled(false);
    connect(m_deleteButton, &QPushButton::clicked, this,
            [this] { Q_EMIT deleteRequested(m_cluster, m_model->groupId()); });
    m_failoverButton = new QPushButton(actionIcon("go-jump", QStyle::SP_ArrowForward), tr("Fail &over…"), this);
    m_failoverButton->setObjectName(QStringLiteral("failoverButton"));
    m_failoverButton->setEnabled(false);
    m_failoverButton->hide(); // shown when a flow links the group's cluster
    connect(m_failoverButton, &QPushButton::clicked, this,
            [this] { Q_EMIT failoverRequested(m_cluster, m_model->groupId()); });
    auto *headerRow = new QHBoxLayout;
    headerRow->addWidget(m_header, 1);
    headerRow->addWidget(m_failoverButton);
    headerRow->addWidget(m_resetButton);
    headerRow->addWidget(m_deleteButton);
    layout->addLayout(headerRow);
    m_status = newMessageLabel(this, QStringLiteral("groupStatus"), LabelText::Selectable);
    layout->addWidget(m_status);
    auto *badgeRow = new QHBoxLayout;
    m_badges = newMessageLabel(this, QStringLiteral("groupBadges"), LabelText::Selectable);
    m_badges->hide();
    m_deleteOrphansButton = new QPushButton(tr("Delete orphaned offsets…"), this);
    m_deleteOrphansButton->setObjectName(QStringLiteral("deleteOrphansButton"));
    m_deleteOrphansButton->hide();
    connect(m_deleteOrphansButton, &QPushButton::clicked, this,
            [this] { Q_EMIT deleteOrphansRequested(m_cluster, m_model->groupId(), m_orphanedTopics); });
    badgeRow->addWidget(m_badges, 1);
    badgeRow->addWidget(m_deleteOrphansButton, 0, Qt::AlignTop);
    layout->addLayout(badgeRow);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_model = new PartitionLagModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(PartitionLagModel::SortRole);
    m_table = new QTableView(m_splitter);
    setUpListTable(m_table, QStringLiteral("partitionTable"));
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(PartitionLagModel::Topic, Qt::AscendingOrder);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setDefaultSectionSize(110);
    m_table->setColumnWidth(PartitionLagModel::Topic, 200);
    m_table->setColumnWidth(PartitionLagModel::Member, 220);
    m_table->setColumnWidth(PartitionLagModel::Client, 180);
    m_chart = new LagChart(m_splitter);
    m_chart->setObjectName(QStringLiteral("lagChart"));
    m_chart->setSource(history);
    m_rebalances = new RebalanceTimeline(m_splitter);
    m_rebalances->setSource(history);
    m_rebalances->setRange(m_chart->range());
    connect(m_chart, &LagChart::rangeChanged, m_rebalances, &RebalanceTimeline::setRange);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setStretchFactor(2, 1);
    layout->addWidget(m_splitter, 1);
}

QString GroupDetailPage::groupId() const { return m_model->groupId(); }

void GroupDetailPage::showGroup(const QString &cluster, const SnapshotPtr &snapshot, const QString &groupId)
{
    m_cluster = cluster;
    m_resetButton->setEnabled(!groupId.isEmpty() && m_writeRefusal.isEmpty());
    m_deleteButton->setEnabled(!groupId.isEmpty() && m_writeRefusal.isEmpty());
    m_model->setGroup(snapshot, groupId);
    m_chart->setGroup(cluster, groupId);
    m_rebalances->setGroup(cluster, groupId);
    if (snapshot)
        m_rebalances->setNow(snapshot->takenAt);
    updateHeader(snapshot);
}

void GroupDetailPage::setFailoverTarget(const QString &target, const QString &unavailableReason)
{
    m_failoverButton->setVisible(!target.isEmpty());
    m_failoverButton->setText(tr("Fail &over to %1…").arg(target));
    m_failoverButton->setEnabled(!target.isEmpty() && unavailableReason.isEmpty() && !m_model->groupId().isEmpty());
    m_failoverButton->setToolTip(unavailableReason);
}

void GroupDetailPage::setWriteRefusal(const QString &resetRefusal, const QString &deleteRefusal)
{
    m_writeRefusal = resetRefusal;
    m_resetButton->setEnabled(resetRefusal.isEmpty() && !m_model->groupId().isEmpty());
    m_resetButton->setToolTip(resetRefusal);
    m_deleteButton->setEnabled(deleteRefusal.isEmpty() && !m_model->groupId().isEmpty());
    m_deleteButton->setToolTip(deleteRefusal);
    m_deleteRefusal = deleteRefusal;
    m_deleteOrphansButton->setEnabled(deleteRefusal.isEmpty());
    m_deleteOrphansButton->setToolTip(deleteRefusal);
}

void GroupDetailPage::apply(const SnapshotPtr &snapshot)
{
    m_model->apply(snapshot);
    m_chart->appendSnapshot(snapshot);
    if (snapshot)
        m_rebalances->setNow(snapshot->takenAt);
    updateHeader(snapshot);
}

void GroupDetailPage::updateHeader(const SnapshotPtr &snapshot)
{
    const GroupState *g = snapshot ? snapshot->group(m_model->groupId()) : nullptr;
    updateBadges(g);
    if (!g) {
        m_header->setText(tr("<b>%1</b> — not in the latest poll").arg(m_model->groupId().toHtmlEscaped()));
        m_status->clear();
        return;
    }
    m_status->setText(tr("<b style=\"color:%1\">%2</b> %3<br>Oldest unconsumed record: %4 · time to drain "
                         "(slowest partition): %5")
                          .arg(statusForeground(lagStatusTone(g->verdict.status), palette()).name(),
                               lagStatusName(g->verdict.status), g->verdict.reason.toHtmlEscaped(),
                               lagTimeText(g->maxLagTime).toHtmlEscaped(), drainText(g->drain).toHtmlEscaped()));
    m_status->setToolTip(lagStatusToolTip(g->verdict));
    const QLocale locale;
    m_header->setText(
        tr("<b>%1</b> on %2 — %3, %n member(s), total lag %4, max partition lag %5", nullptr, int(g->members.size()))
            .arg(g->groupId.toHtmlEscaped(), snapshot->cluster.toHtmlEscaped(), g->state,
                 locale.toString(qlonglong(g->totalLag)), locale.toString(qlonglong(g->maxLag)))
        + tr(", %n rebalance(s) in the last hour", nullptr, g->rebalancesLastHour));
}

} // namespace lagscope

namespace lagscope {

void GroupDetailPage::setSplitBrains(const QStringList &splitBrains)
{
    if (splitBrains == m_splitBrains)
        return;
    m_splitBrains = splitBrains;
    const SnapshotPtr shown = m_model->snapshot();
    updateBadges(shown ? shown->group(m_model->groupId()) : nullptr);
}

// The badges say what the lag status cannot: the same group consumes elsewhere too, and
// some of its commits are read by nobody (docs/LAG-STATUS.md, "Orphaned offsets").
void GroupDetailPage::updateBadges(const GroupState *group)
{
    QStringList lines;
    const QString error = statusForeground(StatusTone::Error, palette()).name();
    const QString warning = statusForeground(StatusTone::Warning, palette()).name();
    for (const QString &b : m_splitBrains)
        lines << tr("<b style=\"color:%1\">SPLIT BRAIN</b> %2").arg(error, b.toHtmlEscaped());
    m_orphanedTopics = group ? orphanedTopics(*group) : QStringList();
    if (group && !m_orphanedTopics.isEmpty()) {
        QStringList why;
        for (const PartitionLag &p : group->partitions)
            if (p.orphaned())
                why << tr("%1 (%2)").arg(p.partition.toString(), orphanReasonText(p.orphan));
        lines << tr("<b style=\"color:%1\">ORPHANED OFFSETS</b> %n committed partition(s) nobody reads: %2", nullptr,
                    int(why.size()))
                     .arg(warning, why.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    m_badges->setText(lines.join(QStringLiteral("<br>")));
    m_badges->setVisible(!lines.isEmpty());
    m_deleteOrphansButton->setVisible(!m_orphanedTopics.isEmpty());
    m_deleteOrphansButton->setEnabled(m_deleteRefusal.isEmpty());
}

} // namespace lagscope
