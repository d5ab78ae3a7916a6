#include "actions/FailoverPlanner.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <map>

namespace lagscope::failover {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct FailoverPlannerText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverPlanner)
};

constexpr qint64 kNone = -1;

struct Candidate {
    Method method = Method::None;
    qint64 offset = kNone;
    QString note;
};

// Highest offset the true position can have. The truth is the replica of the anchor, the
// first record at or after C that exists on the source: its offset is known once exact
// matching read the source, and then the matcher's bound, which counts the target records
// it read (holes from compaction allowed), applies. A sync at or past the anchor bounds it
// from above (order is kept), and so does the log end. Without the source read, a
// contiguous to-side lets the newest sync below C bound it too (at most C - from records lie
// between); only conservative candidates are checked against that.
qint64 upperBound(const PartitionInputs &p, qint64 c)
{
    qint64 upper = p.toLogEnd >= 0 ? p.toLogEnd : std::numeric_limits<qint64>::max();
    const bool anchored = p.exact.kind == ReplicaMatch::Found && p.exact.anchorOffset >= 0;
    const qint64 position = anchored ? p.exact.anchorOffset : c;
    const OffsetPair *below = nullptr;
    for (const OffsetPair &s : p.syncs) {
        if (s.from >= position)
            upper = std::min(upper, s.to);
        else if (!below || s.from > below->from)
            below = &s;
    }
    if (p.exact.kind == ReplicaMatch::Found && p.exact.upperBound >= 0)
        upper = std::min(upper, p.exact.upperBound);
    else if (below && p.toContiguous && !anchored)
        upper = std::min(upper, below->to + (c - below->from));
    return upper == std::numeric_limits<qint64>::max() ? kNone : upper;
}

// Records on the from-side not on the to-side, from the newest sync (as the flow monitor
// counts them); -1 when unknown.
qint64 notReplicated(const PartitionInputs &p)
{
    if (p.fromLogEnd < 0 || p.toLogEnd < 0 || p.syncs.empty())
        return kNone;
    const auto newest = std::max_element(p.syncs.begin(), p.syncs.end(),
                                         [](const OffsetPair &x, const OffsetPair &y) { return x.from < y.from; });
    return std::max<qint64>(0, p.fromLogEnd - (newest->from + (p.toLogEnd - newest->to)));
}

} // namespace

QString modeName(Mode mode)
{
    switch (mode) {
    case Mode::Auto: return QStringLiteral("auto");
    case Mode::Exact: return QStringLiteral("exact");
    case Mode::OffsetSync: return QStringLiteral("offset-sync");
    case Mode::Checkpoint: return QStringLiteral("checkpoint");
    }
    return {};
}

QString methodName(Method method)
{
    switch (method) {
    case Method::None: return QStringLiteral("none");
    case Method::Exact: return QStringLiteral("exact");
    case Method::ExactAmbiguous: return QStringLiteral("exact-ambiguous");
    case Method::LogStart: return QStringLiteral("log-start");
    case Method::OffsetSync: return QStringLiteral("offset-sync");
    case Method::Checkpoint: return QStringLiteral("checkpoint");
    case Method::FallbackEarliest: return QStringLiteral("earliest");
    case Method::FallbackLatest: return QStringLiteral("latest");
    }
    return {};
}

QString fallbackName(Fallback fallback)
{
    switch (fallback) {
    case Fallback::Fail: return QStringLiteral("fail");
    case Fallback::Earliest: return QStringLiteral("earliest");
    case Fallback::Latest: return QStringLiteral("latest");
    }
    return {};
}

std::optional<Mode> parseMode(const QString &text)
{
    for (Mode m : {Mode::Auto, Mode::Exact, Mode::OffsetSync, Mode::Checkpoint})
        if (modeName(m) == text)
            return m;
    return std::nullopt;
}

std::optional<Fallback> parseFallback(const QString &text)
{
    for (Fallback f : {Fallback::Fail, Fallback::Earliest, Fallback::Latest})
        if (fallbackName(f) == text)
            return f;
    return std::nullopt;
}

QString topicStatusName(TopicTranslation::Status status)
{
    switch (status) {
    case TopicTranslation::Translated: return QStringLiteral("translated");
    case TopicTranslation::NotReplicated: return QStringLiteral("not-replicated");
    case TopicTranslation::Untranslatable: return QStringLiteral("untranslatable");
    }
    return {};
}

QStringList untranslatedTopicReasons(const std::vector<TopicTranslation> &topics)
{
    QStringList out;
    for (const auto &t : topics)
        if (t.status != TopicTranslation::Translated)
            out << QStringLiteral("%1 (%2)").arg(t.topic, t.reason);
    return out;
}

QStringList FailoverPlan::untranslatedTopics() const
{
    QStringList out;
    for (const auto &t : topics)
        if (t.status != TopicTranslation::Translated)
            out << t.topic;
    return out;
}

bool FailoverPlan::hasErrors() const
{
    return std::any_of(partitions.begin(), partitions.end(), [](const auto &p) { return p.newOffset < 0; });
}

bool FailoverPlan::skips() const
{
    return std::any_of(partitions.begin(), partitions.end(), [](const auto &p) { return p.skipped != 0; });
}

qint64 FailoverPlan::totalReread() const
{
    qint64 sum = 0;
    for (const auto &p : partitions)
        sum += std::max<qint64>(0, p.reread);
    return sum;
}

qint64 FailoverPlan::totalSkipped() const
{
    qint64 sum = 0;
    for (const auto &p : partitions)
        sum += std::max<qint64>(0, p.skipped);
    return sum;
}

qint64 translateBySyncs(const std::vector<OffsetPair> &syncs, qint64 committed)
{
    const OffsetPair *best = nullptr;
    for (const OffsetPair &s : syncs)
        if (s.from <= committed && (!best || s.from > best->from))
            best = &s;
    if (!best)
        return kNone;
    return best->to + (committed == best->from ? 0 : 1);
}

namespace {

// Every translation of C the mode allows, from the partition's inputs.
std::vector<Candidate> translationCandidates(const PartitionInputs &p, qint64 c, bool checkpointIsFresher,
                                             const PlanOptions &options)
{
    std::vector<Candidate> candidates;
    const bool any = options.mode == Mode::Auto;
    if ((any || options.mode == Mode::Exact) && p.exact.kind == ReplicaMatch::Found && p.committedLive)
        candidates.push_back(
            {p.exact.ambiguous ? Method::ExactAmbiguous : Method::Exact, p.exact.newOffset, p.exact.note});
    // At or below the source's log start (0 always is) nothing the group could have consumed
    // is left: every record on the target may be unconsumed. A fact, not a mode's choice.
    if (c == 0 || (p.fromLogStart >= 0 && c <= p.fromLogStart))
        candidates.push_back(
            {Method::LogStart, std::max<qint64>(0, p.toLogStart),
             FailoverPlannerText::tr("committed at the source's log start (%1): the target's log start").arg(c)});
    if (any || options.mode == Mode::OffsetSync) {
        if (const qint64 t = translateBySyncs(p.syncs, c); t >= 0)
            candidates.push_back(
                {Method::OffsetSync, t, FailoverPlannerText::tr("newest offset sync at or below %1").arg(c)});
    }
    if ((any || options.mode == Mode::Checkpoint) && p.checkpoint) {
        // A checkpoint above the group's position (it rewound since) would skip records.
        if (p.checkpoint->from <= c || options.mode == Mode::Checkpoint)
            candidates.push_back(
                {Method::Checkpoint, p.checkpoint->to,
                 checkpointIsFresher
                     ? FailoverPlannerText::tr("checkpoint newer than the cached commit")
                     : FailoverPlannerText::tr("MirrorMaker checkpoint of offset %1").arg(p.checkpoint->from)});
    }
    return candidates;
}

// The highest offset wins; on a tie, an exact match.
Candidate bestCandidate(const std::vector<Candidate> &candidates)
{
    Candidate chosen;
    for (const Candidate &cand : candidates)
        if (cand.offset > chosen.offset
            || (cand.offset == chosen.offset
                && (cand.method == Method::Exact || cand.method == Method::ExactAmbiguous)))
            chosen = cand;
    return chosen;
}

// No method translated C: the fallback's offset, or the error when it is Fail.
void applyFallback(PlannedFailoverPartition &out, const PartitionInputs &p, qint64 c, qint64 upper,
                   const PlanOptions &options)
{
    QString why;
    if (options.mode == Mode::Exact)
        why = p.exact.kind == ReplicaMatch::NotSearched
                  ? FailoverPlannerText::tr("exact matching needs the source cluster")
              : p.exact.note.isEmpty() ? FailoverPlannerText::tr("no replica of the records at offset %1 found").arg(c)
                                       : p.exact.note;
    else
        why = FailoverPlannerText::tr("no %1 data for offset %2").arg(modeName(options.mode)).arg(c);
    switch (options.fallback) {
    case Fallback::Fail: out.error = why; return;
    case Fallback::Earliest:
        out.method = Method::FallbackEarliest;
        out.newOffset = std::max<qint64>(0, p.toLogStart);
        out.skipped = 0;
        out.reread = upper >= 0 ? upper - out.newOffset : kNone;
        out.note = why + FailoverPlannerText::tr("; fallback: earliest");
        return;
    case Fallback::Latest:
        out.method = Method::FallbackLatest;
        out.newOffset = p.toLogEnd;
        // Nothing known about where C lies: skipping is possible unless the partition is empty.
        out.skipped = p.toLogEnd <= std::max<qint64>(0, p.toLogStart) ? 0 : kNone;
        out.reread = 0;
        out.note = why + FailoverPlannerText::tr("; fallback: latest");
        return;
    }
}

// What the chosen offset re-reads and skips, against the highest place C can be at.
void boundRereadAndSkips(PlannedFailoverPartition &out, const PartitionInputs &p, qint64 c, qint64 upper,
                         const QString &toCluster)
{
    if (out.newOffset < p.toLogStart) {
        // Replicas already deleted on the target by retention: the group cannot read them.
        out.skipped = p.toLogStart - out.newOffset;
        out.note += FailoverPlannerText::tr("; records %1..%2 were deleted on %3")
                        .arg(out.newOffset)
                        .arg(p.toLogStart - 1)
                        .arg(toCluster);
        out.newOffset = p.toLogStart;
    }
    if (out.method == Method::Exact) {
        out.reread = 0;
        out.rereadExact = true;
    } else if (out.method == Method::ExactAmbiguous) {
        // The truth is one of the candidates when every place was read, else at most the bound.
        qint64 last = p.exact.complete ? p.exact.lastCandidate : upper;
        if (last >= 0 && upper >= 0)
            last = std::min(last, upper);
        out.reread = last >= 0 ? std::max<qint64>(0, last - out.newOffset) : kNone;
        out.rereadExact = out.reread == 0;
    } else if (upper >= 0) {
        out.reread = std::max<qint64>(0, upper - out.newOffset);
        out.rereadExact = upper == out.newOffset;
    }
    // The never-skip rule, checked rather than assumed: an offset above the highest place
    // C can be at jumps over records the group has not consumed.
    if (upper >= 0 && out.newOffset > upper)
        out.skipped = std::max<qint64>(out.skipped, out.newOffset - upper);
    else if (out.method == Method::Checkpoint && p.checkpoint->from > c)
        out.skipped = kNone;
    if ((out.method == Method::Exact || out.method == Method::ExactAmbiguous) && !p.exact.anchorReplicated
        && p.fromLogEnd > c)
        out.notReplicated = std::max(out.notReplicated, p.fromLogEnd - c);
}

PlannedFailoverPartition planPartition(const FailoverGroupInputs &in, const PartitionInputs &p,
                                       const PlanOptions &options)
{
    PlannedFailoverPartition out;
    out.from = p.from;
    out.to = p.to;
    out.committed = p.committed;
    out.committedAgeMs =
        p.committedLive || p.committedSeenAtMs < 0 ? -1 : std::max<qint64>(0, in.nowMs - p.committedSeenAtMs);
    out.targetBefore = p.targetCommitted;
    out.notReplicated = notReplicated(p);
    out.exactCandidates = p.exact.candidates;
    if (!p.committed) {
        out.error = FailoverPlannerText::tr("the group has no committed offset for %1").arg(p.from.toString());
        return out;
    }
    if (p.toLogEnd < 0) {
        out.error = FailoverPlannerText::tr("%1 does not exist on %2").arg(p.to.toString(), in.toCluster);
        return out;
    }

    // The freshest view of the group's position: the live commit, or in disaster mode the
    // cached one unless MirrorMaker checkpointed the group after the cache last saw it.
    qint64 c = *p.committed;
    bool checkpointIsFresher = false;
    if (!p.committedLive && p.checkpoint && p.checkpointTimestampMs > p.committedSeenAtMs) {
        c = p.checkpoint->from;
        checkpointIsFresher = true;
        out.committed = c;
        out.committedAgeMs = std::max<qint64>(0, in.nowMs - p.checkpointTimestampMs);
    }

    const Candidate chosen = bestCandidate(translationCandidates(p, c, checkpointIsFresher, options));
    const qint64 upper = upperBound(p, c);
    if (chosen.method == Method::None) {
        applyFallback(out, p, c, upper, options);
        return out;
    }
    out.method = chosen.method;
    out.newOffset = chosen.offset;
    out.note = chosen.note;
    boundRereadAndSkips(out, p, c, upper, in.toCluster);
    return out;
}

} // namespace

QString uncommittedNote(const UncommittedPartition &u, const QString &toCluster)
{
    const QString where = u.toLogEnd < 0 ? FailoverPlannerText::tr("its log offsets are unknown")
                                         : FailoverPlannerText::tr("earliest starts at %1 (%2 record(s)), latest at %3")
                                               .arg(u.toLogStart)
                                               .arg(std::max<qint64>(0, u.toLogEnd - u.toLogStart))
                                               .arg(u.toLogEnd);
    return FailoverPlannerText::tr(
               "%1 was never committed by the group: on %2 its consumer starts at %3 where its auto.offset.reset says "
               "(%4)")
        .arg(u.from.toString(), toCluster, u.to.toString(), where);
}

QStringList uncommittedSummary(const std::vector<UncommittedPartition> &partitions, const QString &toCluster)
{
    // One line a topic: a topic of 100 partitions the group never touched is one fact.
    std::map<QString, std::vector<const UncommittedPartition *>> byTopic;
    for (const auto &u : partitions)
        byTopic[u.from.topic].push_back(&u);
    QStringList out;
    for (const auto &[topic, parts] : byTopic) {
        QStringList numbers;
        qint64 records = 0;
        bool known = true;
        for (const UncommittedPartition *u : parts) {
            numbers << QString::number(u->from.partition);
            known = known && u->toLogEnd >= 0;
            records += std::max<qint64>(0, u->toLogEnd - std::max<qint64>(0, u->toLogStart));
        }
        out << QCoreApplication::translate(
                   "lagscope::FailoverPlanner",
                   "%1: %n partition(s) never committed by the group (%2): on %3 its consumer "
                   "starts there where its auto.offset.reset says (earliest: %4; latest: the log "
                   "end, nothing read)",
                   nullptr, int(parts.size()))
                   .arg(topic, numbers.join(QStringLiteral(", ")), toCluster,
                        known ? FailoverPlannerText::tr("%1 record(s) read from the log start").arg(records)
                              : FailoverPlannerText::tr("log offsets unknown"));
    }
    return out;
}

FailoverPlan planFailover(const FailoverGroupInputs &in, const PlanOptions &options)
{
    FailoverPlan plan;
    plan.fromCluster = in.fromCluster;
    plan.toCluster = in.toCluster;
    plan.group = in.group;
    plan.targetGroup = in.targetGroup.isEmpty() ? in.group : in.targetGroup;
    plan.disaster = !in.fromReachable;
    plan.mode = options.mode;
    plan.fallback = options.fallback;
    for (const auto &p : in.partitions)
        plan.partitions.push_back(planPartition(in, p, options));
    std::sort(plan.partitions.begin(), plan.partitions.end(),
              [](const auto &a, const auto &b) { return a.from < b.from; });
    plan.topics = in.topics;
    plan.uncommitted = in.uncommitted;
    for (const auto &t : in.topics)
        if (t.status != TopicTranslation::Translated)
            plan.warnings << FailoverPlannerText::tr(
                                 "topic '%1' is not translated (%2): the group's offsets there are left as they are")
                                 .arg(t.topic, t.reason);
    plan.warnings << uncommittedSummary(in.uncommitted, in.toCluster);
    if (plan.partitions.empty())
        plan.warnings << (in.topics.empty()
                              ? FailoverPlannerText::tr("group '%1' has no committed offsets on %2 to translate")
                                    .arg(in.group, in.fromCluster)
                              : FailoverPlannerText::tr(
                                    "group '%1' has no committed offset on %2 that can be translated")
                                    .arg(in.group, in.fromCluster));
    return plan;
}

} // namespace lagscope::failover
