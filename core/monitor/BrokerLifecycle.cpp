#include "monitor/BrokerLifecycle.h"

#include <QCoreApplication>

namespace lagscope {

namespace {

struct BrokerLifecycleText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::BrokerLifecycle)
};

bool connectionUp(const std::map<int, QString> &states, int id)
{
    const auto it = states.find(id);
    return it != states.end() && (it->second == QStringLiteral("UP") || it->second == QStringLiteral("UPDATE"));
}

// DOWN: the connection failed; TRY_CONNECT: waiting to retry after a failure.
bool connectionFailed(const std::map<int, QString> &states, int id)
{
    const auto it = states.find(id);
    return it != states.end() && (it->second == QStringLiteral("DOWN") || it->second == QStringLiteral("TRY_CONNECT"));
}

ListenerAnswer probeOf(const BrokerFacts &facts, int id, ListenerAnswer fallback)
{
    const auto it = facts.listenerProbes.find(id);
    return it == facts.listenerProbes.end() ? fallback : it->second;
}

// Partitions with another replica and a leader that the broker replicates, and the ISRs of
// those it is in. A partition of one replica keeps its leader through a controlled
// shutdown, and one without a leader has nothing to move: neither says anything.
void countReplicas(const ClusterMetadata &md, BrokerState &b)
{
    for (const auto &t : md.topics)
        for (const auto &p : t.partitions) {
            if (p.leader == b.info.id)
                ++b.partitionsLed;
            if (p.replicas.size() < 2 || p.leader < 0
                || std::find(p.replicas.begin(), p.replicas.end(), b.info.id) == p.replicas.end())
                continue;
            ++b.sharedReplicas;
            if (std::find(p.isr.begin(), p.isr.end(), b.info.id) != p.isr.end())
                ++b.inSyncReplicas;
        }
}

QString address(const BrokerInfo &b) { return QStringLiteral("%1:%2").arg(b.host).arg(b.port); }

const BrokerState *find(const std::vector<BrokerState> *list, int id)
{
    if (!list)
        return nullptr;
    for (const auto &b : *list)
        if (b.info.id == id)
            return &b;
    return nullptr;
}

// Registered and unfenced (in Metadata).
void judgeRegistered(BrokerState &b, const BrokerFacts &facts, const BrokerState *was)
{
    countReplicas(facts.metadata, b);
    // The controller takes a broker in controlled shutdown out of every ISR (and so moves its
    // leadership away) before it fences it. One that was in some ISR in the last poll, or was
    // already Stopping, and is in none now, is on its way out; one that has just come back
    // was in none before and is catching up instead.
    const bool wasInSync = was && (was->inSyncReplicas > 0 || was->status == BrokerStatus::Stopping);
    if (b.sharedReplicas > 0 && b.inSyncReplicas == 0 && wasInSync) {
        b.status = BrokerStatus::Stopping;
        b.reason =
            BrokerLifecycleText::tr("Controlled shutdown: registered and unfenced, but out of the ISR of all its %n "
                                    "replicated partition(s)",
                                    nullptr, b.sharedReplicas);
        return;
    }
    // Not connected: librdkafka's failure, else the listener's answer. Without either
    // (a look without a probe), nothing says it is unreachable.
    const bool up = connectionUp(facts.connectionStates, b.info.id);
    const ListenerAnswer answer = up ? ListenerAnswer::Accepted : probeOf(facts, b.info.id, ListenerAnswer::Accepted);
    if (!up && (connectionFailed(facts.connectionStates, b.info.id) || answer != ListenerAnswer::Accepted)) {
        b.status = BrokerStatus::Unreachable;
        b.reason = answer == ListenerAnswer::Refused
                       ? BrokerLifecycleText::tr(
                             "Registered and unfenced with the controller, but %1 refuses connections: a "
                             "firewall, or a broker that has just died (the controller fences it within its "
                             "broker.session.timeout.ms)")
                             .arg(address(b.info))
                       : BrokerLifecycleText::tr(
                             "Registered and unfenced with the controller, but Lagscope cannot connect to %1")
                             .arg(address(b.info));
        return;
    }
    b.status = BrokerStatus::Online;
    b.reason =
        up ? BrokerLifecycleText::tr("Registered and unfenced with the controller; connected")
           : BrokerLifecycleText::tr("Registered and unfenced with the controller; its listener accepts connections");
}

void judgeFenced(BrokerState &b, const BrokerFacts &facts)
{
    switch (probeOf(facts, b.info.id, ListenerAnswer::Silent)) {
    case ListenerAnswer::Refused:
        b.status = BrokerStatus::Offline;
        b.reason =
            BrokerLifecycleText::tr("Fenced by the controller, and %1 refuses connections: the broker is not running")
                .arg(address(b.info));
        break;
    case ListenerAnswer::Accepted:
        b.status = BrokerStatus::Fenced;
        b.reason = BrokerLifecycleText::tr(
                       "Fenced by the controller (missed heartbeats, or still catching up), but %1 accepts "
                       "connections: the process is alive")
                       .arg(address(b.info));
        break;
    case ListenerAnswer::Silent:
        b.status = BrokerStatus::Fenced;
        b.reason = BrokerLifecycleText::tr(
                       "Fenced by the controller; %1 did not answer a connection attempt (host down or cut "
                       "off?)")
                       .arg(address(b.info));
        break;
    }
}

} // namespace

std::vector<BrokerState> brokerStates(const BrokerFacts &facts, const std::map<int, BrokerInfo> &knownBrokers,
                                      const std::vector<BrokerState> *previous)
{
    const ClusterMetadata &md = facts.metadata;
    std::map<int, BrokerState> out;
    for (const auto &[id, info] : knownBrokers) {
        BrokerState &b = out[id];
        b.info = info;
        b.status = BrokerStatus::Offline;
        b.reason =
            md.fencingKnown
                ? BrokerLifecycleText::tr("No longer registered with the controller")
                : BrokerLifecycleText::tr("Missing from Metadata: fenced or stopped; %1").arg(md.fencingUnknownWhy);
    }
    for (const auto &info : md.fencedBrokers) {
        BrokerState &b = out[info.id];
        b = BrokerState{};
        b.info = info;
        judgeFenced(b, facts);
        countReplicas(md, b);
    }
    for (const auto &info : md.brokers) {
        BrokerState &b = out[info.id];
        b = BrokerState{};
        b.info = info;
        judgeRegistered(b, facts, find(previous, info.id));
    }
    if (auto it = out.find(md.controllerId); it != out.end())
        it->second.controller = true;
    std::vector<BrokerState> list;
    for (auto &[id, b] : out)
        list.push_back(std::move(b));
    return list;
}

std::vector<BrokerInfo> brokersToProbe(const ClusterMetadata &metadata, const std::map<int, QString> &connectionStates)
{
    std::vector<BrokerInfo> out = metadata.fencedBrokers;
    for (const BrokerInfo &b : metadata.brokers)
        if (!connectionUp(connectionStates, b.id))
            out.push_back(b);
    return out;
}

QString brokerStatusName(BrokerStatus status)
{
    switch (status) {
    case BrokerStatus::Online: return QStringLiteral("Online");
    case BrokerStatus::Unreachable: return QStringLiteral("Unreachable");
    case BrokerStatus::Offline: return QStringLiteral("Offline");
    case BrokerStatus::Fenced: return QStringLiteral("Fenced");
    case BrokerStatus::Stopping: return QStringLiteral("Stopping");
    }
    return {};
}

} // namespace lagscope
