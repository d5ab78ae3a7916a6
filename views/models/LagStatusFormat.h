#pragma once
// How the lag verdicts (model/LagStatus.h) look in tables: colour of a status, tooltips
// that say why, and sort values. Shared by the groups table and the partition table.
// Thread: GUI thread (colours read the palette). Ownership: free functions only.

#include "model/LagStatus.h"
#include "model/RetentionForecast.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <optional>

namespace lagscope {

// The translation context of the lag status texts (lupdate reads it from here).
struct LagStatusText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::LagStatus)
};

inline StatusTone lagStatusTone(LagStatus s)
{
    switch (s) {
    case LagStatus::Ok: return StatusTone::Good;
    case LagStatus::Warn:
    case LagStatus::Rewind: return StatusTone::Warning;
    case LagStatus::Err:
    case LagStatus::Risk:
    case LagStatus::Stop:
    case LagStatus::Stall: return StatusTone::Error;
    }
    return StatusTone::Muted;
}

// One line on what the status means, then the evaluator's reason for this row.
inline QString lagStatusToolTip(const LagVerdict &v)
{
    QString meaning;
    switch (v.status) {
    case LagStatus::Ok: meaning = LagStatusText::tr("OK: caught up or keeping up."); break;
    case LagStatus::Warn: meaning = LagStatusText::tr("WARN: the lag is growing (trend over the window)."); break;
    case LagStatus::Err: meaning = LagStatusText::tr("ERR: the committed offset is outside the log."); break;
    case LagStatus::Stop: meaning = LagStatusText::tr("STOP: nobody consumes, and there is lag."); break;
    case LagStatus::Stall:
        meaning = LagStatusText::tr(
            "STALL: a member owns the partition, but its committed offset does not move while there is lag.");
        break;
    case LagStatus::Rewind: meaning = LagStatusText::tr("REWIND: the committed offset went backwards."); break;
    case LagStatus::Risk:
        meaning = LagStatusText::tr("RISK: at the rates seen, retention will delete records the group has not read "
                                    "yet (the log start passes the committed offset).");
        break;
    }
    return meaning + QLatin1Char('\n') + v.reason;
}

inline QString lagTimeText(const std::optional<LagTime> &t) { return t ? formatLagTime(*t) : unknownText(); }

inline QString lagTimeToolTip(const std::optional<LagTime> &t)
{
    if (!t)
        return LagStatusText::tr(
            "Unknown until the log-end offset has been sampled twice (or there is no committed offset)");
    if (t->atLeast)
        return LagStatusText::tr(
                   "The first unconsumed record is older than the log-end history Lagscope has sampled (%1): "
                   "at least that old. Lagscope does not extrapolate.")
            .arg(formatDuration(t->seconds));
    return LagStatusText::tr("The first unconsumed record was appended about %1 ago (interpolated between two polls' "
                             "log-end offsets).")
        .arg(formatDuration(t->seconds));
}

inline QString drainText(const std::optional<DrainTime> &d) { return d ? formatDrainTime(*d) : unknownText(); }

inline QString drainToolTip(const std::optional<DrainTime> &d, bool group)
{
    if (!d)
        return LagStatusText::tr("Unknown until two polls have shown the consume rate");
    QString text =
        d->never ? LagStatusText::tr("Never at the current rate: the committed offset has not advanced in the window.")
                 : LagStatusText::tr("Time to consume the current lag at the rate the committed offset advanced over "
                                     "the window (new records arriving meanwhile are not counted).");
    if (group)
        text += QLatin1Char('\n') + LagStatusText::tr("The group's value is its slowest partition's (partition skew).");
    return text;
}

// The retention-breach forecast (docs/LAG-STATUS.md, "Retention-breach forecast"): the range
// when records will be lost, empty when none is forecast; the tooltip says why not.
inline QString retentionText(const std::optional<RetentionForecast> &f)
{
    return f && f->breach() ? formatRetentionForecast(*f) : QString();
}

inline QString retentionToolTip(const std::optional<RetentionForecast> &f)
{
    if (!f)
        return LagStatusText::tr("Not forecast: no lag, no committed offset, records already lost (ERR), or the "
                                 "consume rate not known yet");
    switch (f->kind) {
    case RetentionForecast::Kind::NoMovement:
        return LagStatusText::tr("No forecast: the log start has not moved while Lagscope watched (a compacted topic, "
                                 "infinite retention, or not yet)");
    case RetentionForecast::Kind::OneStep:
        return LagStatusText::tr("No forecast yet: one step of the log start seen, a rate needs two");
    case RetentionForecast::Kind::Paused: return LagStatusText::tr("No forecast: the log start has stopped moving");
    case RetentionForecast::Kind::Outpaced:
        return LagStatusText::tr("No forecast: the group keeps up with the log start");
    case RetentionForecast::Kind::Breach: break;
    }
    return LagStatusText::tr("At the rates seen, retention deletes records the group has not read in %1, from %n "
                             "step(s) of the log start. The range covers the polls' granularity and the steps' "
                             "spacing, not a change of rates.",
                             nullptr, int(f->steps))
        .arg(formatRetentionForecast(*f));
}

// Sort values: unknown first, "never" last.
inline double lagTimeSortValue(const std::optional<LagTime> &t) { return t ? t->seconds : -1.0; }
inline double drainSortValue(const std::optional<DrainTime> &d) { return !d ? -1.0 : d->never ? 1e300 : d->seconds; }
// Soonest loss first, no forecast last.
inline double retentionSortValue(const std::optional<RetentionForecast> &f)
{
    return f && f->breach() ? double(f->seconds) : 1e300;
}

// A group the last poll could not read (GroupState::error): shown as UNREAD, sorted with
// the worst, with why and the age of the values still shown.
inline constexpr int kUnreadSeverity = 100;
inline QString unreadText() { return QCoreApplication::translate("lagscope::LagStatus", "UNREAD"); }
inline QString unreadToolTip(const QString &error, const QDateTime &lastReadAt)
{
    QString tip =
        LagStatusText::tr("UNREAD: the last poll could not read this group, so its status was not judged.\n%1")
            .arg(error);
    if (lastReadAt.isValid())
        tip += QLatin1Char('\n')
               + LagStatusText::tr("The values shown were read at %1 (%2 ago).")
                     .arg(QLocale().toString(lastReadAt.toLocalTime(), QStringLiteral("HH:mm:ss")),
                          formatDuration(double(lastReadAt.secsTo(QDateTime::currentDateTimeUtc()))));
    else
        tip += QLatin1Char('\n') + LagStatusText::tr("No poll has read it yet.");
    return tip;
}

} // namespace lagscope
