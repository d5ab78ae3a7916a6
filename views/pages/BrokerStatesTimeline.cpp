#include "pages/BrokerStatesTimeline.h"

#include "charts/ChartRangeBar.h"
#include "models/StatusColors.h"
#include "pages/BrokerLanes.h"
#include "history/HistoryReader.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace lagscope {

// The legend: a swatch and the name of each state, painted as the lanes paint them, in as
// many rows as the width needs — one row would hold the window at least 1,000 px wide.
class BrokerStatesLegend final : public QWidget {
public:
    explicit BrokerStatesLegend(QWidget *parent) : QWidget(parent)
    {
        setObjectName(QStringLiteral("brokerStatesLegend"));
        QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
    }

    QSize sizeHint() const override
    {
        int w = 0;
        for (const Item &item : items())
            w += itemWidth(item);
        return QSize(w, rowHeight());
    }
    QSize minimumSizeHint() const override
    {
        int widest = 0;
        for (const Item &item : items())
            widest = std::max(widest, itemWidth(item));
        return QSize(widest, rowHeight());
    }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return int(rowStarts(items(), width).size()) * rowHeight(); }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const QFontMetrics fm = fontMetrics();
        const std::vector<Item> all = items();
        const std::vector<size_t> starts = rowStarts(all, width());
        for (size_t row = 0; row < starts.size(); ++row) {
            const size_t end = row + 1 < starts.size() ? starts[row + 1] : all.size();
            const int top = int(row) * rowHeight();
            int x = 0;
            for (size_t i = starts[row]; i < end; ++i) {
                const Item &item = all[i];
                const QRect swatch(x, top + (rowHeight() - fm.height()) / 2 + 2, swatchWidth(), fm.height() - 4);
                paintBrokerState(p, swatch, item.look);
                p.setPen(palette().color(QPalette::Mid));
                p.drawRect(swatch.adjusted(0, 0, -1, -1));
                p.setPen(palette().color(QPalette::WindowText));
                p.drawText(QRect(x + swatch.width() + 6, top, fm.horizontalAdvance(item.text) + 2, rowHeight()),
                           Qt::AlignLeft | Qt::AlignVCenter, item.text);
                x += itemWidth(item);
            }
        }
    }

private:
    struct Item {
        BrokerStateLook look;
        QString text;
    };

    // Every state, Unknown, then No data: the lanes' looks, in the legend's order.
    std::vector<Item> items() const
    {
        std::vector<Item> out;
        for (const auto &state : kStates)
            out.push_back({brokerStateLook(state, palette()), brokerStateText(state)});
        out.push_back({noDataLook(palette()), noDataText()});
        return out;
    }

    int swatchWidth() const { return fontMetrics().height() * 2; }
    int rowHeight() const { return fontMetrics().height() + 6; }
    int itemWidth(const Item &item) const
    {
        return swatchWidth() + 6 + fontMetrics().horizontalAdvance(item.text) + 18;
    }
    // The first item of each row at this width: an item goes on the next row when it would
    // cross the edge, unless it is the row's first.
    std::vector<size_t> rowStarts(const std::vector<Item> &all, int width) const
    {
        std::vector<size_t> starts{0};
        int x = 0;
        for (size_t i = 0; i < all.size(); ++i) {
            const int w = itemWidth(all[i]);
            if (x > 0 && x + w > width) {
                starts.push_back(i);
                x = 0;
            }
            x += w;
        }
        return starts;
    }

    static constexpr std::array<std::optional<BrokerStatus>, 6> kStates{
        BrokerStatus::Online, BrokerStatus::Unreachable, BrokerStatus::Stopping,
        BrokerStatus::Fenced, BrokerStatus::Offline,     std::nullopt};
};

namespace {

// Live events kept for a reload: a week covers every range; older ones are in the store.
constexpr qint64 kReceivedKeptSecs = 7 * 24 * 3600;

bool sameEvent(const ClusterEvent &a, const ClusterEvent &b)
{
    return a.time == b.time && a.kind == b.kind && a.subject == b.subject;
}

} // namespace

BrokerStatesTimeline::BrokerStatesTimeline(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("brokerStatesTimeline"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    auto *header = new QHBoxLayout;
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("brokerStatesTitle"));
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true); // the page may be narrower than the title's one line
    header->addWidget(m_title, 1);
    m_rangeBar = new ChartRangeBar(m_range, this);
    m_rangeBar->setObjectName(QStringLiteral("brokerStatesRange"));
    header->addWidget(m_rangeBar);
    layout->addLayout(header);

    m_view = new BrokerLanes;
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("brokerLanesScroll"));
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The lanes scroll only when they do not fit; the legend stays right below them.
    layout->addWidget(m_scroll, 1);
    layout->addWidget(new BrokerStatesLegend(this));
    layout->addStretch(0);

    connect(m_rangeBar, &ChartRangeBar::rangeClicked, this, [this](ChartRange r) {
        setRange(r);
        Q_EMIT rangeChanged(r);
    });
    connect(m_rangeBar, &ChartRangeBar::liveClicked, this, [this](bool live) {
        m_live = live;
        if (live && m_currentAt.isValid())
            m_to = m_currentAt;
        rebuild();
    });
    reload();
}

QDateTime BrokerStatesTimeline::from() const
{
    return m_to.addSecs(-std::chrono::duration_cast<std::chrono::seconds>(chartRangeSpan(m_range)).count());
}

BrokerStatesTimeline::~BrokerStatesTimeline()
{
    if (m_reader)
        m_reader->cancel(m_loading);
}

void BrokerStatesTimeline::setSource(HistoryReader *reader)
{
    if (m_reader)
        m_reader->cancel(m_loading);
    m_loading = 0;
    m_reader = reader;
    reload();
}

void BrokerStatesTimeline::setCluster(const QString &cluster, const BrokerStatesAt &firstPoll)
{
    if (cluster == m_cluster)
        return;
    m_cluster = cluster;
    m_firstPoll = firstPoll;
    m_received.clear();
    m_current.clear();
    m_currentAt = QDateTime();
    reload();
}

QDateTime BrokerStatesTimeline::knownFrom() const
{
    if (!m_historyStart.isValid() || !m_firstPoll.at.isValid())
        return m_historyStart.isValid() ? m_historyStart : m_firstPoll.at;
    return std::min(m_historyStart, m_firstPoll.at);
}

void BrokerStatesTimeline::setRange(ChartRange range)
{
    m_range = range;
    m_rangeBar->setRange(range);
    reload();
}

void BrokerStatesTimeline::addEvent(const ClusterEvent &event)
{
    if (std::none_of(m_events.begin(), m_events.end(), [&](const ClusterEvent &e) { return sameEvent(e, event); }))
        m_events.push_back(event);
}

void BrokerStatesTimeline::reload()
{
    if (m_reader)
        m_reader->cancel(m_loading); // its answer is for another cluster or range
    m_loading = 0;
    if (m_live || !m_to.isValid())
        m_to = m_currentAt.isValid() ? m_currentAt : QDateTime::currentDateTimeUtc();
    m_events.clear();
    m_historyStart = QDateTime();
    m_readError.clear();
    if (m_reader && !m_cluster.isEmpty()) {
        struct Read {
            std::vector<ClusterEvent> events;
            QDateTime historyStart;
        };
        m_loading = m_reader->read<Read>(
            this,
            [cluster = m_cluster, rangeFrom = from()](const HistoryStore &store) -> Result<Read> {
                const auto &kinds = brokerStateEventKinds();
                // Up to now, not to the range's end: a range held still still gets the events after it.
                auto before = store.latestEventsBefore(cluster, kinds, rangeFrom);
                auto events = store.eventsOfKinds(cluster, kinds, rangeFrom, {});
                auto start = store.historyStart(cluster);
                if (!before || !events || !start)
                    return Error{!before   ? before.errorMessage()
                                 : !events ? events.errorMessage()
                                           : start.errorMessage()};
                // The newest event of each broker before the range sets where its lane starts; as
                // an event, its time orders it against the session's first poll.
                Read read{std::move(*before), *start};
                read.events.insert(read.events.end(), events->begin(), events->end());
                return read;
            },
            [this](Result<Read> read) {
                m_loading = 0;
                if (read) {
                    m_events = std::move(read->events);
                    m_historyStart = read->historyStart;
                } else {
                    m_readError = read.errorMessage();
                }
                for (const ClusterEvent &e : m_received)
                    addEvent(e);
                rebuild();
            });
    }
    for (const ClusterEvent &e : m_received)
        addEvent(e);
    rebuild();
}

void BrokerStatesTimeline::append(const std::vector<ClusterEvent> &events)
{
    bool added = false;
    for (const ClusterEvent &e : events) {
        if (e.cluster != m_cluster || !brokerStatusAfter(e.kind) || eventBrokerId(e) < 0)
            continue;
        m_received.push_back(e);
        addEvent(e);
        added = true;
    }
    if (!added)
        return;
    const QDateTime oldest = m_received.back().time.addSecs(-kReceivedKeptSecs);
    std::erase_if(m_received, [&](const ClusterEvent &e) { return e.time < oldest; });
    rebuild();
}

void BrokerStatesTimeline::apply(const SnapshotPtr &snapshot)
{
    if (snapshot && snapshot->cluster != m_cluster)
        return;
    m_current = snapshot ? brokerStatesOf(*snapshot) : std::map<int, BrokerStatus>();
    m_currentAt = snapshot ? snapshot->takenAt : QDateTime();
    if (!m_firstPoll.at.isValid() && snapshot && snapshot->reachable)
        m_firstPoll = BrokerStatesAt{m_currentAt, m_current};
    if (m_live && m_currentAt.isValid())
        m_to = m_currentAt;
    rebuild();
}

void BrokerStatesTimeline::rebuild()
{
    const QDateTime start = from();
    if (isLoading()) {
        m_lanes.clear();
        m_view->setLanes(m_lanes, start, m_to, QDateTime());
        m_title->setText(tr("<b>Broker states</b> — loading the last %1…").arg(chartRangeLabel(m_range)));
        m_title->setToolTip(QString());
        return;
    }
    const QDateTime known = knownFrom();
    BrokerHistory history;
    history.events = m_events;
    history.current = m_current;
    history.currentAt = m_currentAt;
    history.firstPoll = m_firstPoll;
    history.knownFrom = known;
    m_lanes = brokerLanes(history, start, m_to);
    m_view->setLanes(m_lanes, start, m_to, known);
    m_scroll->setMaximumHeight(m_view->sizeHint().height());
    const auto changes = std::count_if(m_events.begin(), m_events.end(),
                                       [&](const ClusterEvent &e) { return e.time >= start && e.time <= m_to; });
    QString title = tr("<b>Broker states</b> — %n change(s) recorded in the last %1", nullptr, int(changes))
                        .arg(chartRangeLabel(m_range));
    if (!known.isValid())
        title += tr("; nothing recorded yet");
    else if (known > start)
        title +=
            tr("; nothing recorded before %1").arg(known.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    if (!m_reader)
        title += tr("; no history: only this session's polls are shown");
    else if (!m_readError.isEmpty())
        title += QStringLiteral("; <span style=\"color:%1\">%2</span>")
                     .arg(statusForeground(StatusTone::Error, palette()).name(), m_readError.toHtmlEscaped());
    m_title->setText(title);
    m_title->setToolTip(tr("The history records changes only: a broker with no change recorded is drawn in its "
                           "current state since the history of the cluster began, and one whose first change has "
                           "no change before it is unknown until then. Before the history's first record of the "
                           "cluster (or, without a history, this session's first poll) the lanes show No data."));
}

} // namespace lagscope
