#pragma once
// One real consumer-group member (or a manually assigned consumer that commits for a
// group). Tracks the positions it consumed itself, so that commits contain exactly what the
// application processed — the semantics Lagscope's lag numbers are checked against.
//
// Not thread-safe: a GroupMember is created, polled and closed by one thread.
#include "Args.h"
#include "Kafka.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace lagscope::traffic {

struct MemberOptions {
    std::string bootstrap;
    std::string group;
    std::string clientId;
    std::string protocol = "classic"; // group.protocol: classic | consumer (KIP-848)
    std::vector<std::string> topics;
    std::vector<int32_t> manualPartitions; // non-empty: assign() these on every topic, no subscribe
    bool partitionEof = false;
    bool commitOnRevoke = true; // commit consumed positions before giving partitions away
    std::vector<KeyValue> extraConfig;
};

// The options of a command that runs a member: --bootstrap, --group, --client-id (default
// traffic-<group>-<clientSuffix>), --protocol and --topic, checked; an Error is a usage
// message.
Result<MemberOptions> memberOptions(const Args &args, const std::string &clientSuffix);

class GroupMember {
public:
    static Result<std::unique_ptr<GroupMember>> create(const MemberOptions &options);
    ~GroupMember();
    GroupMember(const GroupMember &) = delete;
    GroupMember &operator=(const GroupMember &) = delete;

    rd_kafka_t *handle() const { return m_rk.get(); }
    const std::string &clientId() const { return m_options.clientId; }

    Status start(); // subscribe, or assign the manual partitions

    enum class Polled {
        Nothing,
        Message,
        Eof,
        Error
    };
    // A returned message counts as consumed: its position is what the next commit stores.
    Polled poll(int timeoutMs);
    const std::string &lastError() const { return m_lastError; }
    // Value of the message the last poll() returned as Polled::Message.
    const std::string &lastValue() const { return m_lastValue; }

    // Commits the consumed positions that changed since the last commit; returns how many
    // partitions the broker accepted.
    Result<int> commitConsumed(const Deadline &deadline);
    // Commits every consumed position again, changed or not (a stalled application's
    // periodic commit).
    Result<int> commitAllAgain(const Deadline &deadline);
    Result<int> commitExact(const std::vector<PartitionOffset> &offsets, const Deadline &deadline);
    // Every partition this member ever committed successfully.
    std::size_t committedPartitionCount() const { return m_committedEver.size(); }

    // Stops consuming but stays in the group: pauses current and future partitions and
    // disables commit-on-revoke (used after the final commit of `consume --stay`).
    void freeze();

    bool allAssignedAtEof() const;
    std::size_t assignedCount() const { return m_assigned.size(); }
    // Sum over assigned partitions of (high watermark - position), where position is the
    // consumed position, else the committed offset, else the low watermark; -1 when unknown.
    // Asks the brokers: watermarks cached from fetches go stale while the prefetch queue is full.
    int64_t queryLag(const Deadline &deadline);

    // Leaves the group (or drops the assignment) within the deadline.
    Status close(const Deadline &deadline);

private:
    explicit GroupMember(const MemberOptions &options) : m_options(options) { }
    static void rebalanceTrampoline(rd_kafka_t *rk, rd_kafka_resp_err_t err,
                                    rd_kafka_topic_partition_list_t *partitions, void *opaque);
    void onRebalance(rd_kafka_resp_err_t err, rd_kafka_topic_partition_list_t *partitions);
    Result<int> commitPartitions(const std::set<Partition> &which, const Deadline &deadline);

    MemberOptions m_options;
    Handle m_rk;
    std::map<Partition, int64_t> m_next;          // next offset to consume, per consumed partition
    std::map<Partition, int32_t> m_leaderEpoch;   // of the last record consumed, committed with it
    std::map<Partition, int64_t> m_lastCommitted; // what we last committed, to skip no-op commits
    std::set<Partition> m_assigned;
    std::set<Partition> m_atEof;
    std::set<Partition> m_committedEver;
    std::string m_lastError;
    std::string m_lastValue;
    bool m_frozen = false;
    bool m_closed = false;
};

} // namespace lagscope::traffic
