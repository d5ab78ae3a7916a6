#pragma once
// Runs one ClusterPoller per configured cluster, each on its own QThread, and re-publishes
// their results on the thread that owns the service (the GUI thread in the app).
//
// Thread: create, use and destroy on one thread (the GUI thread). Signals are emitted there.
// Ownership: owns its threads and pollers; the destructor cancels polls in progress, stops the
// threads and waits — at most one request deadline, since every Kafka call has one.

#include "config/Config.h"
#include "monitor/ClusterPoller.h"

#include <QObject>

#include <map>
#include <vector>

class QThread;

namespace lagscope {

class MonitorService final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MonitorService)

public:
    explicit MonitorService(const AppConfig &config, QObject *parent = nullptr);
    ~MonitorService() override;

    // Keeps each poller's rebalance state in `directory` between runs (ClusterPoller::
    // setStatePath), one file per cluster. Call before start().
    void setStateDirectory(const QString &directory);
    static QString stateFileName(const QString &cluster);

    void start();
    // Lets every poll in flight complete and publish, then stops the pollers and their threads;
    // their last updates are then queued to this object (QCoreApplication::sendPostedEvents
    // delivers them). Blocks for at most one poll's deadline. Nothing polls afterwards.
    void finish();
    void refreshAll();
    void refresh(const QString &cluster);

    QStringList clusters() const;
    // The latest snapshot of a cluster, null before its first poll.
    SnapshotPtr latest(const QString &cluster) const;

Q_SIGNALS:
    void pollStarted(const QString &cluster);
    void updated(const lagscope::PollUpdate &update);

private:
    struct Worker {
        QThread *thread = nullptr;
        ClusterPoller *poller = nullptr;
    };
    void onUpdate(const PollUpdate &update);

    std::map<QString, Worker> m_workers;
    std::map<QString, SnapshotPtr> m_latest;
    QStringList m_order; // configuration order, for display
};

} // namespace lagscope
