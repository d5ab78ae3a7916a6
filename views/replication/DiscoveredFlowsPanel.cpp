#include "replication/DiscoveredFlowsPanel.h"

#include "WidgetBuild.h"
#include "models/StatusColors.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lagscope {

namespace {

QString namingText(const mirror::DiscoveredFlow &f)
{
    const mirror::ReplicationPolicyConfig &p = f.flow.policy;
    QString text = p.kind == mirror::ReplicationPolicyConfig::Identity ? DiscoveredFlowsPanel::tr("identity")
                                                                       : DiscoveredFlowsPanel::tr("default");
    if (f.policyAmbiguous)
        text += DiscoveredFlowsPanel::tr(" or identity?");
    text += DiscoveredFlowsPanel::tr(", separator \"%1\"").arg(p.separator);
    if (!p.internalTopicSeparatorEnabled)
        text += DiscoveredFlowsPanel::tr(" (internal \".\")");
    text += p.offsetSyncsLocation == mirror::ReplicationPolicyConfig::Target
                ? DiscoveredFlowsPanel::tr(", syncs on target")
                : DiscoveredFlowsPanel::tr(", syncs on source");
    return text;
}

} // namespace

DiscoveredFlowsPanel::DiscoveredFlowsPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("discoveredFlows"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *title = new QLabel(tr("<b>Discovered flows</b> — found from topic names on your clusters. "
                                "<b>Not trusted</b> until you confirm one with Monitor."),
                             this);
    title->setWordWrap(true);
    layout->addWidget(title);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("discoveredFlowTable"));
    m_table->setHorizontalHeaderLabels({tr("Flow"), tr("Clusters"), tr("Naming"), tr("Found from"), tr("State")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Evidence, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);

    m_details = newMessageLabel(this, QStringLiteral("discoveredFlowDetails"), LabelText::Selectable);
    layout->addWidget(m_details);

    auto *buttons = new QHBoxLayout;
    m_monitor = new QPushButton(tr("Monitor"), this);
    m_monitor->setObjectName(QStringLiteral("monitorDiscoveredFlow"));
    m_monitor->setToolTip(tr("I checked this flow: monitor it for this session"));
    m_copy = new QPushButton(tr("Copy YAML"), this);
    m_copy->setObjectName(QStringLiteral("copyDiscoveredFlowYaml"));
    m_copy->setToolTip(tr("Copy the configuration entry (under replication:) that keeps this flow"));
    buttons->addWidget(m_monitor);
    buttons->addWidget(m_copy);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(m_table, &QTableWidget::itemSelectionChanged, this, &DiscoveredFlowsPanel::updateDetails);
    connect(m_monitor, &QPushButton::clicked, this, &DiscoveredFlowsPanel::monitorSelected);
    connect(m_copy, &QPushButton::clicked, this, &DiscoveredFlowsPanel::copySelectedYaml);
    updateDetails();
}

void DiscoveredFlowsPanel::setCandidates(std::vector<mirror::DiscoveredFlow> candidates)
{
    const int old = selectedRow();
    const QString selected = old >= 0 ? m_candidates[size_t(old)].label() : QString();
    m_candidates = std::move(candidates);
    m_table->setRowCount(int(m_candidates.size()));
    int reselect = -1;
    for (int row = 0; row < int(m_candidates.size()); ++row) {
        const mirror::DiscoveredFlow &f = m_candidates[size_t(row)];
        const QString clusters = (f.flow.sourceCluster.isEmpty() ? tr("? (unknown)") : f.flow.sourceCluster)
                                 + QStringLiteral(" \u2192 ") + f.flow.targetCluster;
        const QString state = !f.monitorable() ? tr("Cannot monitor: source cluster unknown")
                              : f.doubts.isEmpty()
                                  ? tr("Not trusted: confirm to monitor")
                                  : tr("Not trusted: %n guess(es) to check", nullptr, int(f.doubts.size()));
        const QString cells[ColumnCount] = {f.label(), clusters, namingText(f), f.evidence.join(QStringLiteral(", ")),
                                            state};
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c == State)
                item->setForeground(
                    statusForeground(f.monitorable() ? StatusTone::Warning : StatusTone::Error, palette()));
            if (c == Evidence)
                item->setToolTip(f.evidence.join(QLatin1Char('\n')));
            m_table->setItem(row, c, item);
        }
        if (f.label() == selected)
            reselect = row;
    }
    if (reselect < 0 && !m_candidates.empty())
        reselect = 0;
    selectRow(reselect);
    updateDetails();
}

void DiscoveredFlowsPanel::selectRow(int row)
{
    if (row < 0 || row >= m_table->rowCount())
        m_table->clearSelection();
    else
        m_table->selectRow(row);
}

int DiscoveredFlowsPanel::selectedRow() const
{
    const auto rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty() || rows.front().row() >= int(m_candidates.size()))
        return -1;
    return rows.front().row();
}

void DiscoveredFlowsPanel::updateDetails()
{
    const int row = selectedRow();
    m_monitor->setEnabled(row >= 0 && m_candidates[size_t(row)].monitorable());
    m_copy->setEnabled(row >= 0 && m_candidates[size_t(row)].monitorable());
    if (row < 0) {
        m_details->setText(QString());
        return;
    }
    const mirror::DiscoveredFlow &f = m_candidates[size_t(row)];
    QString text = tr("<b>%1</b> found from %2.")
                       .arg(f.label().toHtmlEscaped(), f.evidence.join(QStringLiteral(", ")).toHtmlEscaped());
    if (f.doubts.isEmpty())
        text +=
            tr(" Everything MirrorMaker's naming needs was found; check the clusters and aliases before trusting it.");
    else
        text += QStringLiteral("<br/><span style=\"color:%1\">")
                    .arg(statusForeground(StatusTone::Warning, palette()).name())
                + tr("Guessed: %1").arg(f.doubts.join(QStringLiteral("; ")).toHtmlEscaped())
                + QStringLiteral("</span>");
    m_details->setText(text);
}

bool DiscoveredFlowsPanel::monitorSelected()
{
    const int row = selectedRow();
    if (row < 0 || !m_candidates[size_t(row)].monitorable())
        return false;
    Q_EMIT monitorRequested(m_candidates[size_t(row)].flow);
    return true;
}

QString DiscoveredFlowsPanel::selectedYaml() const
{
    const int row = selectedRow();
    return row < 0 ? QString() : mirror::flowConfigYaml(m_candidates[size_t(row)].flow);
}

bool DiscoveredFlowsPanel::copySelectedYaml()
{
    const QString yaml = selectedYaml();
    if (yaml.isEmpty())
        return false;
    QApplication::clipboard()->setText(yaml);
    return true;
}

} // namespace lagscope
