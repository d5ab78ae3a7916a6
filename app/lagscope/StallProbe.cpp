#include "StallProbe.h"

#include "monitor/MonitorService.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>

namespace lagscope {

namespace {
constexpr int kBuckets = 10001; // 0..9,999 ms, then "10 s or more"
}

StallProbe::StallProbe(const QString &path, QObject *parent) : QObject(parent), m_file(path), m_histogram(kBuckets, 0)
{
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        qWarning("stall probe: cannot write %s: %s", qPrintable(path), qPrintable(m_file.errorString()));
    m_clock.start();
    m_lastNs = m_clock.nsecsElapsed();
    auto *timer = new QTimer(this);
    // Precise: a coarse timer may itself fire up to 5 % late, which would be counted as stall.
    timer->setTimerType(Qt::PreciseTimer);
    connect(timer, &QTimer::timeout, this, &StallProbe::tick);
    timer->start(kTickMs);
}

StallProbe::~StallProbe() { report(); }

void StallProbe::watch(MonitorService *monitor)
{
    if (!monitor)
        return;
    connect(monitor, &MonitorService::updated, this, [this](const PollUpdate &update) {
        if (!update.snapshot)
            return;
        Polls &p = m_polls[update.snapshot->cluster];
        ++(update.snapshot->reachable ? p.reachable : p.unreachable);
    });
}

void StallProbe::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 lateMs = std::max<qint64>(0, (now - m_lastNs) / 1000000 - kTickMs);
    m_lastNs = now;
    ++m_histogram[static_cast<size_t>(std::min<qint64>(lateMs, kBuckets - 1))];
    ++m_ticks;
    m_maxMs = std::max(m_maxMs, lateMs);
    if (now - m_lastReportNs >= qint64(kReportMs) * 1000000)
        report();
}

qint64 StallProbe::percentile(double fraction) const
{
    const auto wanted = static_cast<quint64>(fraction * static_cast<double>(m_ticks));
    quint64 seen = 0;
    for (size_t ms = 0; ms < m_histogram.size(); ++ms) {
        seen += m_histogram[ms];
        if (seen > wanted)
            return static_cast<qint64>(ms);
    }
    return 0;
}

void StallProbe::report()
{
    m_lastReportNs = m_clock.nsecsElapsed();
    if (!m_file.isOpen())
        return;
    QJsonObject histogram;
    for (size_t ms = 0; ms < m_histogram.size(); ++ms)
        if (m_histogram[ms])
            histogram.insert(QString::number(ms), static_cast<qint64>(m_histogram[ms]));
    QJsonObject polls;
    for (auto it = m_polls.cbegin(); it != m_polls.cend(); ++it)
        polls.insert(it.key(), QJsonObject{{QStringLiteral("reachable"), static_cast<qint64>(it->reachable)},
                                           {QStringLiteral("unreachable"), static_cast<qint64>(it->unreachable)}});
    const QJsonObject line{
        {QStringLiteral("t"), QDateTime::currentMSecsSinceEpoch()},
        {QStringLiteral("uptime_ms"), m_clock.elapsed()},
        {QStringLiteral("tick_ms"), kTickMs},
        {QStringLiteral("ticks"), static_cast<qint64>(m_ticks)},
        {QStringLiteral("p50_ms"), percentile(0.50)},
        {QStringLiteral("p99_ms"), percentile(0.99)},
        {QStringLiteral("max_ms"), m_maxMs},
        {QStringLiteral("late_ms"), histogram},
        {QStringLiteral("polls"), polls},
    };
    m_file.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    m_file.flush();
}

} // namespace lagscope
