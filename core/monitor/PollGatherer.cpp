#include "monitor/PollGatherer.h"

#include "kafka/KafkaClient.h"
#include "kafka/ListenerProbe.h"
#include "monitor/BrokerLifecycle.h"
#include "monitor/DescribeRows.h"

#include <QSet>

#include <algorithm>

namespace lagscope {

namespace {

// When each stage must have its answers, in per cent of the poll's time. A broker or a
// coordinator that is down holds its part of a stage until that stage's deadline (its
// groups come back unread), and the later stages still have time: the other groups' lag is
// computed in that poll. Metadata alone may take the whole time (nothing works without it).
constexpr int kListedByPercent = 30;
constexpr int kGroupsReadByPercent = 65;
// How long a TCP connect to a broker's listener may take (BrokerLifecycle: is it alive?).
constexpr int kProbeMs = 1500;

// A description error other than "no such group" (a group with only committed offsets,
// which newer brokers answer that way) means the group could not be read.
bool describeFailed(const GroupDescription &d) { return !d.error.isEmpty() && !groupNotFound(d); }

// What the last good poll knew of a group, as the description of one not read now.
GroupDescription lastKnown(const GroupState &g)
{
    GroupDescription d;
    d.groupId = g.groupId;
    d.state = g.state;
    d.type = g.type;
    d.members = g.members;
    return d;
}

// The poll's error line for the groups not read, or why the list was incomplete.
void sayUnread(PollResult &result, const QString &listIncomplete)
{
    if (!result.groupErrors.empty())
        result.errors << QStringLiteral("%1 groups not read; e.g. %2: %3")
                             .arg(result.groupErrors.size())
                             .arg(result.groupErrors.begin()->first, result.groupErrors.begin()->second);
    else if (!listIncomplete.isEmpty())
        result.errors << listIncomplete;
}

// Every group known from the last good poll becomes unread with `why`: the snapshot then
// carries its last values instead of reporting it gone or its offsets as standing still.
void markAllUnread(PollResult &result, const QString &why, const ClusterSnapshot *lastGood)
{
    result.errors << why;
    if (!lastGood)
        return;
    for (const auto &g : lastGood->groups) {
        result.groups.push_back(lastKnown(g));
        result.groupErrors[g.groupId] = why;
    }
}

// Round trips 2 and 3: descriptions (ConsumerGroupDescribe, then DescribeGroups for the
// classic groups) with the committed offsets asked at the same time.
void gatherGroups(KafkaClient &client, PollResult &result, const ClusterOverview &overview, Deadline deadline,
                  const ClusterSnapshot *lastGood)
{
    const auto &listed = overview.groups;
    if (!listed)
        return markAllUnread(result, listed.errorMessage(), lastGood);
    QStringList ids;
    ids.reserve(qsizetype(listed->size()));
    for (const auto &g : *listed)
        ids << g.groupId;
    // A broker that did not list its groups: those known from the last poll are unread, not
    // gone (they are the ones it coordinates).
    std::vector<GroupDescription> unlisted;
    if (!overview.groupsIncomplete.isEmpty() && lastGood) {
        const QSet<QString> seen(ids.begin(), ids.end());
        for (const auto &g : lastGood->groups)
            if (!seen.contains(g.groupId)) {
                unlisted.push_back(lastKnown(g));
                result.groupErrors[g.groupId] =
                    QStringLiteral("not listed, its coordinator did not answer: ") + overview.groupsIncomplete;
            }
    }
    if (!ids.isEmpty()) {
        GroupsRead read = client.readGroups(ids, deadline);
        if (!read.described)
            return markAllUnread(result, read.described.errorMessage(), lastGood);
        if (!read.committed)
            return markAllUnread(result, read.committed.errorMessage(), lastGood);
        result.groups = std::move(*read.described);
        result.committed = std::move(read.committed->offsets);
        std::map<QString, QString> unread = std::move(read.committed->errors);
        for (const auto &d : result.groups)
            if (describeFailed(d))
                unread.try_emplace(d.groupId, d.error);
        result.groupErrors.merge(unread);
    }
    result.groups.insert(result.groups.end(), unlisted.begin(), unlisted.end());
    sayUnread(result, overview.groupsIncomplete);
}

// Round trip 4: log start and end offsets together. Partitions without a leader are left
// out: asking for them would only wait for the deadline, and the topics page shows them as
// offline anyway.
void gatherOffsets(KafkaClient &client, PollResult &result, Deadline deadline)
{
    std::vector<TopicPartition> partitions;
    for (const auto &t : result.metadata.topics)
        for (const auto &p : t.partitions)
            if (p.leader >= 0)
                partitions.push_back({t.name, p.partition});
    const QDateTime asked = QDateTime::currentDateTimeUtc();
    LogBounds bounds = client.logBounds(partitions, deadline);
    result.logEndAt = asked.addMSecs(asked.msecsTo(QDateTime::currentDateTimeUtc()) / 2);
    for (auto *part : {&bounds.earliest, &bounds.latest}) {
        if (!*part) {
            result.errors << part->errorMessage();
            continue;
        }
        (part == &bounds.latest ? result.logEnd : result.logStart) = std::move((*part)->offsets);
    }
}

} // namespace

Result<PollResult> gatherPoll(KafkaClient &client, Deadline deadline, const ClusterSnapshot *lastGood)
{
    PollResult result;
    // Round trip 1: metadata, DescribeCluster and ListGroups at once.
    const int budget = deadline.remainingMs();
    const auto by = [&](int percent) { return Deadline::inMs(std::max(1, budget * percent / 100)); };
    const Deadline groupsRead = by(kGroupsReadByPercent);
    ClusterOverview overview = client.metadataAndGroups(deadline, by(kListedByPercent));
    if (!overview.metadata)
        return Result<PollResult>(overview.metadata.error());
    result.metadata = std::move(*overview.metadata);
    if (overview.quorum)
        result.quorum = std::move(*overview.quorum);
    else
        result.quorumError = overview.quorum.errorMessage();
    gatherGroups(client, result, overview, groupsRead, lastGood);
    gatherOffsets(client, result, deadline);
    result.connectionStates = client.brokerConnectionStates();
    // Is a broker that Lagscope is not connected to alive? A connect answers within a round
    // trip; a host that drops it costs at most kProbeMs of the poll.
    const std::vector<BrokerInfo> unsure = brokersToProbe(result.metadata, result.connectionStates);
    if (!unsure.empty())
        result.listenerProbes = probeListeners(unsure, Deadline::inMs(std::clamp(deadline.remainingMs(), 1, kProbeMs)));
    return result;
}

} // namespace lagscope
