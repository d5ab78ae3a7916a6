#include "pages/RebalanceTimeline.h"

#include "models/StatusColors.h"
#include "history/HistoryReader.h"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace lagscope {

// The bars. Painted from the timeline's list; no state of its own beyond the window.
class RebalanceStrip final : public QWidget {
public:
    explicit RebalanceStrip(QWidget *parent) : QWidget(parent)
    {
        setObjectName(QStringLiteral("rebalanceStrip"));
        setMinimumHeight(fontMetrics().height() * 2 + 10);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }

    void setData(const std::vector<Rebalance> *rebalances, QDateTime from, QDateTime to)
    {
        m_rebalances = rebalances;
        m_from = std::move(from);
        m_to = std::move(to);
        update();
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const QPalette &pal = palette();
        const QRect area = rect().adjusted(1, 1, -1, -fontMetrics().height() - 4);
        p.fillRect(area, pal.color(QPalette::Base));
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(area.adjusted(0, 0, -1, -1));
        if (!m_rebalances || !m_from.isValid() || m_from >= m_to)
            return;
        const double span = double(m_from.msecsTo(m_to));
        const auto xOf = [&](const QDateTime &t) {
            const double f = std::clamp(double(m_from.msecsTo(t)) / span, 0.0, 1.0);
            return area.left() + int(f * (area.width() - 1));
        };
        const QColor solid = statusForeground(StatusTone::Warning, pal);
        QColor pale = solid;
        pale.setAlphaF(0.3);
        const QRect bar = area.adjusted(0, 4, 0, -4);
        for (const Rebalance &r : *m_rebalances) {
            if (r.endBy < m_from || (r.startAfter.isValid() && r.startAfter > m_to))
                continue;
            // Possible span: from the last poll before it to the first poll after it.
            const int x0 = xOf(r.startAfter.isValid() ? r.startAfter : r.endBy);
            const int x1 = xOf(r.endBy);
            p.fillRect(QRect(QPoint(x0, bar.top()), QPoint(std::max(x1, x0 + 2), bar.bottom())), pale);
            // Certain span: seen rebalancing from startBy to endAfter (none when it happened between polls).
            if (!r.betweenPolls() && r.startBy.isValid() && r.endAfter.isValid() && r.startBy <= r.endAfter) {
                const int s0 = xOf(r.startBy), s1 = xOf(r.endAfter);
                p.fillRect(QRect(QPoint(s0, bar.top() + 3), QPoint(std::max(s1, s0 + 1), bar.bottom() - 3)), solid);
            } else {
                p.fillRect(QRect(QPoint((x0 + x1) / 2, bar.top() + 3), QPoint((x0 + x1) / 2 + 1, bar.bottom() - 3)),
                           solid);
            }
        }
        // Edge labels: the window's start and end in local time.
        p.setPen(pal.color(QPalette::WindowText));
        const int y = rect().bottom() - 2;
        const QString fmt = m_from.daysTo(m_to) >= 1 ? QStringLiteral("MM-dd HH:mm") : QStringLiteral("HH:mm:ss");
        p.drawText(area.left(), y, m_from.toLocalTime().toString(fmt));
        const QString right = m_to.toLocalTime().toString(fmt);
        p.drawText(area.right() - fontMetrics().horizontalAdvance(right), y, right);
    }

private:
    const std::vector<Rebalance> *m_rebalances = nullptr;
    QDateTime m_from;
    QDateTime m_to;
};

namespace {

enum ListColumn {
    Ended,
    Duration,
    Trigger,
    Members,
    Moved,
    ListColumns
};

QString memberLines(const std::vector<RebalanceMember> &members)
{
    QStringList lines;
    for (const auto &m : members)
        lines << QStringLiteral("  %1 (%2, %3)").arg(m.memberId, m.clientId, m.host);
    return lines.isEmpty() ? QStringLiteral("  —") : lines.join(QLatin1Char('\n'));
}

QString movesText(const std::vector<PartitionMove> &moves, int limit)
{
    QStringList parts;
    for (const auto &m : moves) {
        if (parts.size() == limit) {
            parts << QStringLiteral("…");
            break;
        }
        parts << m.partition.toString();
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

RebalanceTimeline::RebalanceTimeline(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("rebalanceTimeline"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("rebalanceTitle"));
    m_strip = new RebalanceStrip(this);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("rebalanceList"));
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setHeaderLabels({tr("Ended by"), tr("Duration"), tr("Trigger"), tr("Members"), tr("Partitions moved")});
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(Ended, 150);
    m_list->setColumnWidth(Duration, 170);
    m_list->setColumnWidth(Trigger, 210);
    m_list->setColumnWidth(Members, 80);
    layout->addWidget(m_title);
    layout->addWidget(m_strip);
    layout->addWidget(m_list, 1);
    refresh();
}

RebalanceTimeline::~RebalanceTimeline()
{
    if (m_reader)
        m_reader->cancel(m_loading);
}

void RebalanceTimeline::setSource(HistoryReader *reader)
{
    if (m_reader)
        m_reader->cancel(m_loading);
    m_loading = 0;
    m_reader = reader;
    reload();
}

void RebalanceTimeline::setGroup(const QString &cluster, const QString &group)
{
    m_cluster = cluster;
    m_group = group;
    reload();
}

void RebalanceTimeline::setRange(ChartRange range)
{
    m_range = range;
    reload();
}

void RebalanceTimeline::setNow(const QDateTime &now)
{
    m_now = now;
    refreshStrip();
}

void RebalanceTimeline::reload()
{
    if (m_reader)
        m_reader->cancel(m_loading); // its answer is for another group or range
    m_loading = 0;
    m_rebalances.clear();
    if (m_reader && !m_group.isEmpty()) {
        const QDateTime to = QDateTime::currentDateTimeUtc();
        const auto span = std::chrono::duration_cast<std::chrono::seconds>(chartRangeSpan(m_range)).count();
        const QString cluster = m_cluster;
        const QString group = m_group;
        m_loading = m_reader->read<std::vector<Rebalance>>(
            this,
            [cluster, group, from = to.addSecs(-span)](const HistoryStore &store) {
                return store.rebalances(cluster, from, {}, group);
            },
            [this](Result<std::vector<Rebalance>> read) {
                m_loading = 0;
                // Live ones that came during the load, and are not in what it read, stay.
                std::vector<Rebalance> live = std::exchange(m_rebalances, {});
                if (read)
                    m_rebalances = std::move(*read);
                else
                    qWarning("RebalanceTimeline: %s", qPrintable(read.errorMessage()));
                for (const Rebalance &r : live)
                    add(r);
                refresh();
            });
    }
    refresh();
}

bool RebalanceTimeline::add(const Rebalance &r)
{
    // The recorder may already have stored it when the page loaded.
    if (std::any_of(m_rebalances.begin(), m_rebalances.end(), [&](const Rebalance &k) { return k.endBy == r.endBy; }))
        return false;
    m_rebalances.push_back(r);
    return true;
}

void RebalanceTimeline::append(const std::vector<Rebalance> &rebalances)
{
    bool added = false;
    for (const Rebalance &r : rebalances)
        if (r.cluster == m_cluster && r.group == m_group)
            added = add(r) || added;
    if (added)
        refresh();
}

void RebalanceTimeline::refresh()
{
    refreshStrip();
    rebuildList();
}

void RebalanceTimeline::refreshStrip()
{
    const QDateTime to = m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
    const auto span = std::chrono::duration_cast<std::chrono::seconds>(chartRangeSpan(m_range)).count();
    const QDateTime from = to.addSecs(-span);
    const int lastHour = int(std::count_if(m_rebalances.begin(), m_rebalances.end(),
                                           [&](const Rebalance &r) { return r.endBy.secsTo(to) <= 3600; }));
    if (isLoading()) {
        m_title->setText(tr("<b>Rebalances</b> — loading the last %1…").arg(chartRangeLabel(m_range)));
        m_strip->setData(&m_rebalances, from, to);
        return;
    }
    m_title->setText(m_group.isEmpty() ? tr("<b>Rebalances</b>")
                                       : tr("<b>Rebalances</b> — %1 in the last %2, %3 in the last hour. "
                                            "Times are poll times: each bar spans the polls around the rebalance.")
                                             .arg(m_rebalances.size())
                                             .arg(chartRangeLabel(m_range))
                                             .arg(lastHour));
    m_strip->setData(&m_rebalances, from, to);
}

void RebalanceTimeline::rebuildList()
{
    m_list->clear();
    const QString timeFormat = QStringLiteral("yyyy-MM-dd HH:mm:ss");
    // Newest first: that is the one people look for.
    for (auto it = m_rebalances.rbegin(); it != m_rebalances.rend(); ++it) {
        const Rebalance &r = *it;
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(Ended, r.endBy.toLocalTime().toString(timeFormat));
        item->setText(Duration, durationText(r));
        item->setText(Trigger, triggerText(r.trigger));
        item->setText(Members, QStringLiteral("%1 → %2").arg(r.membersBefore.size()).arg(r.membersAfter.size()));
        item->setText(Moved, r.moves.empty() ? tr("none")
                                             : tr("%n: %1", nullptr, int(r.moves.size())).arg(movesText(r.moves, 12)));
        const QString when =
            r.betweenPolls()
                ? tr("Began and ended between the polls at %1 and %2.")
                      .arg(r.startAfter.toLocalTime().toString(timeFormat), r.endBy.toLocalTime().toString(timeFormat))
                : tr("Started between %1 and %2; ended between %3 and %4 (%5).")
                      .arg(r.startAfter.isValid() ? r.startAfter.toLocalTime().toString(timeFormat) : tr("?"),
                           r.startBy.toLocalTime().toString(timeFormat), r.endAfter.toLocalTime().toString(timeFormat),
                           r.endBy.toLocalTime().toString(timeFormat), r.statesSeen.join(QStringLiteral(" → ")));
        QStringList moves;
        for (const auto &m : r.moves)
            moves << QStringLiteral("  %1: %2 → %3")
                         .arg(m.partition.toString(), m.fromMember.isEmpty() ? tr("(none)") : m.fromMember,
                              m.toMember.isEmpty() ? tr("(none)") : m.toMember);
        const QString tip = tr("%1\nMembers before:\n%2\nMembers after:\n%3\nMoves:\n%4")
                                .arg(when, memberLines(r.membersBefore), memberLines(r.membersAfter),
                                     moves.isEmpty() ? QStringLiteral("  —") : moves.join(QLatin1Char('\n')));
        for (int c = 0; c < ListColumns; ++c)
            item->setToolTip(c, tip);
    }
}

} // namespace lagscope
