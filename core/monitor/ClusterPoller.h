#pragma once
// Polls one cluster on a timer and publishes immutable snapshots.
//
// Thread: lives on its own QThread (one per cluster, created by MonitorService); every slot
// runs there, so blocking Kafka calls never touch the GUI thread. Its KafkaClient is
// created on that thread and never leaves it.
// Ownership: deleted on its thread when the thread finishes (deleteLater).

#include "config/Config.h"
#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"
#include "model/Rebalance.h"
#include "monitor/ExactLag.h"
#include "monitor/RebalanceDetector.h"
#include "monitor/LagEvaluator.h"
#include "monitor/SnapshotBuilder.h"
#include "util/Deadline.h"

#include <QObject>

#include <atomic>
#include <map>
#include <memory>
#include <optional>

class QTimer;

namespace lagscope {

class KafkaClient;

// One poll's outcome: the snapshot and what changed since the previous poll.
struct PollUpdate {
    SnapshotPtr snapshot;
    std::vector<ClusterEvent> events;  // the diff's, then one Rebalance event per rebalance
    std::vector<Rebalance> rebalances; // completed at this poll
};

struct PollerSettings {
    int pollIntervalMs = 5000;
    int requestTimeoutMs = 10000;
    int maxBackoffMs = 60000;    // cap of the exponential backoff while unreachable
    StatusSettings lagStatus;    // window and rules of the lag status (docs/LAG-STATUS.md)
    bool ignoreOrphaned = false; // AppConfig::ignoreOrphanedOffsets
};

class ClusterPoller final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterPoller)

public:
    ClusterPoller(ClusterConfig cluster, PollerSettings settings, QObject *parent = nullptr);
    ~ClusterPoller() override;

    // Thread-safe: makes a poll in progress give up at once (used at shutdown).
    void cancel() { m_cancel->store(true); }

    // Where the rebalance detector's state is kept between runs (RebalanceDetector::state):
    // read at start(), written when it changes and when the poller is destroyed. Empty: not
    // kept. Set before start(), from the thread that created the poller.
    void setStatePath(const QString &path) { m_statePath = path; }

public Q_SLOTS:
    void start();      // first poll now, then every pollIntervalMs
    void refreshNow(); // poll now unless a poll is running; the timer restarts
    void stop();

Q_SIGNALS:
    void pollStarted(const QString &cluster);
    void updated(const lagscope::PollUpdate &update);

private:
    void poll();
    void scheduleNext(bool succeeded);
    void publish(SnapshotPtr snapshot, std::vector<Rebalance> rebalances = {});
    void publishUnreachable(const QString &error, qint64 elapsedMs);
    void loadState();
    void saveState();
    void verifyExactLag(ClusterSnapshot &snapshot);

    ClusterConfig m_cluster;
    PollerSettings m_settings;
    QTimer *m_timer = nullptr;
    std::unique_ptr<KafkaClient> m_client;
    std::map<int, BrokerInfo> m_knownBrokers;
    LagEvaluator m_lagEvaluator;
    ExactLag m_exactLag;
    std::unique_ptr<PartitionReader> m_reader; // for m_exactLag, made when first needed
    SnapshotPtr m_lastGood;
    SnapshotPtr m_previous;
    // The last quorum a poll could read: a leader change is reported against it, even when
    // the polls in between (the election) could not read the quorum.
    std::optional<QuorumInfo> m_lastQuorum;
    RebalanceDetector m_rebalances;
    QString m_statePath;
    bool m_stateLoaded = false;
    QDateTime m_unreachableSince;
    int m_failures = 0;
    bool m_polling = false;
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
};

} // namespace lagscope

Q_DECLARE_METATYPE(lagscope::PollUpdate)
