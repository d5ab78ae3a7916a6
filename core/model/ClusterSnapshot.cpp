#include "model/ClusterSnapshot.h"

#include <algorithm>

namespace lagscope {

int TopicState::replicationFactor() const
{
    size_t rf = 0;
    for (const auto &p : partitions)
        rf = std::max(rf, p.replicas.size());
    return int(rf);
}

int TopicState::underReplicatedCount() const
{
    return int(std::count_if(partitions.begin(), partitions.end(), [](const auto &p) { return p.underReplicated(); }));
}

int TopicState::offlineCount() const
{
    return int(std::count_if(partitions.begin(), partitions.end(), [](const auto &p) { return p.offline(); }));
}

QStringList GroupState::topics() const
{
    QStringList out;
    for (const auto &p : partitions)
        if (out.isEmpty() || out.last() != p.partition.topic)
            out << p.partition.topic;
    out.removeDuplicates();
    return out;
}

const GroupState *ClusterSnapshot::group(const QString &id) const
{
    const auto it = std::lower_bound(groups.begin(), groups.end(), id,
                                     [](const GroupState &g, const QString &key) { return g.groupId < key; });
    return it != groups.end() && it->groupId == id ? &*it : nullptr;
}

const TopicState *ClusterSnapshot::topic(const QString &name) const
{
    const auto it = std::lower_bound(topics.begin(), topics.end(), name,
                                     [](const TopicState &t, const QString &key) { return t.name < key; });
    return it != topics.end() && it->name == name ? &*it : nullptr;
}

int ClusterSnapshot::onlineBrokerCount() const
{
    return int(std::count_if(brokers.begin(), brokers.end(),
                             [](const BrokerState &b) { return b.status == BrokerStatus::Online; }));
}

std::int64_t ClusterSnapshot::totalLag() const
{
    std::int64_t sum = 0;
    for (const auto &g : groups)
        sum += g.totalLag;
    return sum;
}

} // namespace lagscope
