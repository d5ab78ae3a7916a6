#include "pages/TriagePage.h"

#include "models/ClusterStripModel.h"
#include "models/SparklineDelegate.h"
#include "models/StatusColors.h"
#include "models/TriageModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace lagscope {

namespace {

QLabel *heading(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

void fitHeight(QTableView *view)
{
    // Every cluster visible without a scroll bar of its own: the list below takes the rest.
    const int rows = view->model()->rowCount();
    const int height = view->horizontalHeader()->height() + rows * view->verticalHeader()->defaultSectionSize()
                       + 2 * view->frameWidth();
    view->setFixedHeight(height);
}

} // namespace

TriagePage::TriagePage(const QStringList &clusters, QWidget *parent)
    : QWidget(parent), m_clusterCount(int(clusters.size()))
{
    setObjectName(QStringLiteral("triagePage"));
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("Triage"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    title->setFont(f);
    layout->addWidget(title);
    m_summary = new QLabel(tr("Waiting for the first polls…"), this);
    m_summary->setObjectName(QStringLiteral("triageSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    layout->addWidget(heading(tr("Clusters"), this));
    m_strip = new ClusterStripModel(clusters, this);
    m_clusters = new QTableView(this);
    m_clusters->setObjectName(QStringLiteral("triageClusters"));
    m_clusters->setModel(m_strip);
    m_clusters->verticalHeader()->hide();
    m_clusters->setSelectionMode(QAbstractItemView::NoSelection);
    m_clusters->setFocusPolicy(Qt::NoFocus); // a glance, not a list to walk: Tab goes to the rows
    for (const int column : {ClusterStripModel::LagTrendColumn, ClusterStripModel::PollTrendColumn}) {
        m_clusters->setItemDelegateForColumn(column, new SparklineDelegate(ClusterStripModel::TrendRole, m_clusters));
        m_clusters->setColumnWidth(column, 160);
    }
    m_clusters->horizontalHeader()->setSectionResizeMode(ClusterStripModel::StatusColumn, QHeaderView::Stretch);
    fitHeight(m_clusters);
    layout->addWidget(m_clusters);

    layout->addWidget(heading(tr("What is wrong now, worst first"), this));
    m_model = new TriageModel(this);
    m_list = new QTableView(this);
    m_list->setObjectName(QStringLiteral("triageList"));
    m_list->setModel(m_model);
    m_list->verticalHeader()->hide();
    m_list->verticalHeader()->setDefaultSectionSize(m_list->fontMetrics().height() + 8);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setWordWrap(false);
    m_list->setTabKeyNavigation(false); // Tab leaves the list, the arrows walk its rows
    m_list->horizontalHeader()->setSectionResizeMode(TriageModel::MessageColumn, QHeaderView::Stretch);
    m_list->setColumnWidth(TriageModel::SeverityColumn, 80);
    m_list->setColumnWidth(TriageModel::SinceColumn, 90);
    m_list->setColumnWidth(TriageModel::ClusterColumn, 120);
    m_list->setColumnWidth(TriageModel::SubjectColumn, 170);
    m_list->setToolTip(tr("Double-click or press Enter to open a row's page"));
    connect(m_list, &QTableView::activated, this, [this](const QModelIndex &index) {
        if (const TriageItem *i = m_model->item(index.row()))
            Q_EMIT openItem(*i);
    });
    layout->addWidget(m_list, 1);
    setFocusProxy(m_list);
}

void TriagePage::applyCluster(const SnapshotPtr &snapshot) { m_strip->apply(snapshot); }

void TriagePage::setItems(const std::vector<TriageItem> &items, const std::map<QString, ClusterTriage> &perCluster)
{
    // Keep the selected row across the rebuild, by what it is about rather than its place.
    const TriageItem *selected = m_model->item(m_list->currentIndex().row());
    const QString key = selected ? selected->key() : QString();
    m_model->setItems(items, QDateTime::currentDateTimeUtc());
    for (int r = 0; !key.isEmpty() && r < m_model->rowCount(); ++r)
        if (m_model->item(r)->key() == key)
            m_list->setCurrentIndex(m_model->index(r, 0));
    m_strip->setTriage(perCluster);

    int errors = 0;
    for (const TriageItem &i : items)
        errors += i.severity == TriageSeverity::Error;
    const int warnings = int(items.size()) - errors;
    if (items.empty()) {
        m_summary->setText(tr("Nothing wrong on %n cluster(s).", nullptr, m_clusterCount));
        setToneText(m_summary, StatusTone::Good, true);
    } else {
        m_summary->setText(tr("%1 and %2 across %n cluster(s).", nullptr, m_clusterCount)
                               .arg(tr("%n error(s)", nullptr, errors), tr("%n warning(s)", nullptr, warnings)));
        setToneText(m_summary, errors > 0 ? StatusTone::Error : StatusTone::Warning, true);
    }
}

} // namespace lagscope
