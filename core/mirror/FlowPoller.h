#pragma once
// Polls one MirrorMaker 2 flow (source -> target) on a timer and publishes immutable
// FlowSnapshots with the events since the previous poll.
//
// Thread: lives on its own QThread, like ClusterPoller; every slot runs there. Its Kafka
// clients and readers are created on that thread on the first poll and never leave it.
// Every Kafka call has a deadline: an unreachable side makes the snapshot Broken (with why)
// after at most a few request timeouts, never a hang.
// Ownership: whoever moves it to its thread deletes it there (deleteLater on finished).

#include "config/Config.h"
#include "mirror/FlowHealth.h"
#include "mirror/FlowSnapshot.h"
#include "mirror/MirrorReader.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

class QElapsedTimer;
class QTimer;

namespace lagscope {
class KafkaClient;
class PartitionReader;
struct ClientOptions;
} // namespace lagscope

namespace lagscope::mirror {

struct FlowGathered;

struct FlowPollerSettings {
    int pollIntervalMs = 5000;
    int requestTimeoutMs = 5000; // budget of each side's calls in one poll
    FlowThresholds thresholds;
    // Where the failover cache lives (actions/FailoverCache.h); empty: not written. Each poll
    // that reaches the source stores its offset syncs, the groups' committed offsets and the
    // source log ends there, for a failover after the source is gone.
    QString failoverCacheDir;
};

class FlowPoller final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowPoller)

public:
    FlowPoller(ReplicationFlowConfig flow, ClusterConfig source, ClusterConfig target, FlowPollerSettings settings,
               QObject *parent = nullptr);
    ~FlowPoller() override;

    // Thread-safe: makes a poll in progress give up at once (used at shutdown).
    void cancel() { m_cancel->store(true); }

public Q_SLOTS:
    void start(); // first poll now, then every pollIntervalMs
    void refreshNow();
    void stop();

Q_SIGNALS:
    void updated(std::shared_ptr<const lagscope::mirror::FlowSnapshot> snapshot,
                 std::vector<lagscope::mirror::FlowEvent> events);

private:
    void poll();
    // The steps of a poll, in order. Each side gets its own deadline, so a dead cluster
    // costs one timeout, not one per call.
    void gatherTarget(FlowGathered &g, const ClientOptions &options, const QElapsedTimer &elapsed);
    void gatherSource(FlowGathered &g, const ClientOptions &options, const QElapsedTimer &elapsed);
    void takeMirrorRecords(FlowGathered &g) const;
    void gatherOffsets(FlowGathered &g, const QElapsedTimer &elapsed);

    ReplicationFlowConfig m_flow;
    ClusterConfig m_source;
    ClusterConfig m_target;
    FlowPollerSettings m_settings;
    QTimer *m_timer = nullptr;
    std::unique_ptr<KafkaClient> m_sourceClient;
    std::unique_ptr<KafkaClient> m_targetClient;
    std::unique_ptr<PartitionReader> m_sourceReader; // offset syncs, when they live on the source
    std::unique_ptr<PartitionReader> m_targetReader;
    MirrorReader m_reader;
    std::shared_ptr<const FlowSnapshot> m_previous;
    bool m_polling = false;
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
};

} // namespace lagscope::mirror
