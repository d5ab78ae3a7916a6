#include "pages/OverviewPage.h"

#include "model/ClusterHealth.h"
#include "models/StatusColors.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <map>

namespace lagscope {

namespace {

QLabel *valueLabel(QWidget *parent, const QString &objectName)
{
    auto *l = new QLabel(parent);
    l->setObjectName(objectName);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

OverviewPage::OverviewPage(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("overviewPage"));
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    m_title->setFont(f);
    layout->addWidget(m_title);
    m_banner = valueLabel(this, QStringLiteral("overviewBanner"));
    m_banner->setWordWrap(true);
    layout->addWidget(m_banner);

    auto *form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignRight);
    m_brokers = valueLabel(this, QStringLiteral("overviewBrokers"));
    m_controller = valueLabel(this, QStringLiteral("overviewController"));
    m_partitions = valueLabel(this, QStringLiteral("overviewPartitions"));
    m_groups = valueLabel(this, QStringLiteral("overviewGroups"));
    m_lag = valueLabel(this, QStringLiteral("overviewLag"));
    m_poll = valueLabel(this, QStringLiteral("overviewPoll"));
    m_errors = valueLabel(this, QStringLiteral("overviewErrors"));
    m_errors->setWordWrap(true);
    form->addRow(tr("Brokers online:"), m_brokers);
    form->addRow(tr("Controller:"), m_controller);
    form->addRow(tr("Partitions:"), m_partitions);
    form->addRow(tr("Consumer groups:"), m_groups);
    form->addRow(tr("Total lag:"), m_lag);
    form->addRow(tr("Last poll:"), m_poll);
    form->addRow(tr("Errors:"), m_errors);
    layout->addLayout(form);
    layout->addStretch(1);
}

void OverviewPage::apply(const SnapshotPtr &s)
{
    if (!s) {
        m_title->setText(tr("Waiting for the first poll…"));
        return;
    }
    const QLocale locale;
    m_title->setText(s->cluster);
    if (!s->reachable) {
        m_banner->setText(tr("Unreachable since %1 — showing the last data seen, which may be stale.")
                              .arg(s->unreachableSince.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
        m_banner->setStyleSheet(
            QStringLiteral("color: %1; font-weight: bold;").arg(statusForeground(StatusTone::Error, palette()).name()));
        m_banner->show();
    } else {
        m_banner->hide();
    }

    const ClusterHealth health = clusterHealth(*s);
    m_brokers->setText(tr("%1 of %2").arg(health.brokersOnline).arg(health.brokers));
    m_controller->setText(s->controllerId >= 0 ? tr("broker %1").arg(s->controllerId) : tr("unknown"));
    m_partitions->setText(tr("%1 in %2 topics — %3 under-replicated, %4 offline")
                              .arg(locale.toString(health.partitions))
                              .arg(s->topics.size())
                              .arg(health.underReplicated)
                              .arg(health.offlinePartitions));
    std::map<QString, int> byState;
    for (const auto &g : s->groups)
        ++byState[g.state];
    QStringList states;
    for (const auto &[state, n] : byState)
        states << QStringLiteral("%1 %2").arg(n).arg(state);
    m_groups->setText(
        tr("%1 (%2)").arg(s->groups.size()).arg(states.isEmpty() ? tr("none") : states.join(QStringLiteral(", "))));
    m_lag->setText(tr("%1 records").arg(locale.toString(qlonglong(s->totalLag()))));
    m_poll->setText(
        tr("%1, took %2 ms").arg(s->takenAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"))).arg(s->pollDurationMs));
    m_errors->setText(s->error.isEmpty() ? tr("none") : s->error);
}

} // namespace lagscope
