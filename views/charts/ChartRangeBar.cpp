#include "charts/ChartRangeBar.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QToolButton>

namespace lagscope {

ChartRangeBar::ChartRangeBar(ChartRange range, QWidget *parent) : QWidget(parent)
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(4, 2, 4, 0);
    row->setSpacing(2);
    m_ranges = new QButtonGroup(this);
    m_ranges->setExclusive(true);
    for (const ChartRange r : kChartRanges) {
        auto *button = new QToolButton(this);
        button->setObjectName(QStringLiteral("range") + chartRangeKey(r));
        button->setText(chartRangeLabel(r));
        button->setToolTip(tr("Show the last %1").arg(chartRangeLabel(r)));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setChecked(r == range);
        m_ranges->addButton(button, int(r));
        row->addWidget(button);
    }
    connect(m_ranges, &QButtonGroup::idClicked, this, [this](int id) { Q_EMIT rangeClicked(ChartRange(id)); });
    row->addStretch(1);

    m_live = new QToolButton(this);
    m_live->setObjectName(QStringLiteral("live"));
    m_live->setText(tr("Live"));
    m_live->setToolTip(tr("Follow new polls: keep the present at the right edge"));
    m_live->setCheckable(true);
    m_live->setChecked(true);
    m_live->setAutoRaise(true);
    connect(m_live, &QToolButton::clicked, this, &ChartRangeBar::liveClicked);
    row->addWidget(m_live);
}

void ChartRangeBar::setRange(ChartRange range)
{
    if (QAbstractButton *b = m_ranges->button(int(range)))
        b->setChecked(true);
}

void ChartRangeBar::setLive(bool live) { m_live->setChecked(live); }

bool ChartRangeBar::isLive() const { return m_live->isChecked(); }

} // namespace lagscope
