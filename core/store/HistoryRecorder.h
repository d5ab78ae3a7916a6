#pragma once
// Writes every poll update into the history store, off the GUI thread, and compacts the
// store now and then (downsampling, retention).
//
// A history shared in PostgreSQL (HistoryRecorderShared.cpp) is written one writer per
// cluster: a poll is written only while this process holds the cluster's lease
// (store/HistoryLease.h); the others poll without writing it. While the database is
// unreachable, what this process writes — polls, flow polls and alert events — is kept in
// memory, up to kMaxBufferedWrites, and written when it returns, oldest first; older ones
// beyond that are dropped, counted and reported (`backlog`, a warning), and once the database
// is back each cluster or flow that lost some gets a `history-gap` event in the history,
// saying how many of what and from when to when.
//
// Thread: lives on its own QThread (moveToThread before start()); open() and every slot run
// there, because the store's SQLite connection belongs to the thread that opened it.
// Ownership: created by the composition root, deleted on its thread via deleteLater.

#include "mirror/FlowHealth.h"
#include "mirror/FlowSnapshot.h"
#include "monitor/ClusterPoller.h"
#include "store/HistoryStore.h"

#include <QDateTime>
#include <QObject>

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <variant>

class QTimer;

namespace lagscope {

class HistoryLease;

class HistoryRecorder final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryRecorder)

public:
    explicit HistoryRecorder(QString path, QObject *parent = nullptr);
    ~HistoryRecorder() override;

    // Writes kept in memory at most while a shared history's database is unreachable: an
    // hour of one cluster polled every 5 s (a poll of 500 groups × 20 partitions holds
    // ≈ 1 MB; a flow poll or a batch of alert events far less). A poll, a flow's poll and a
    // batch of alert events count one each.
    static constexpr int kMaxBufferedWrites = 720;

public Q_SLOTS:
    void open();
    void record(const lagscope::PollUpdate &update);
    // A MirrorMaker 2 flow's poll: one flow sample, its groups' failover readiness, and its
    // events under the flow's label.
    void recordFlow(std::shared_ptr<const lagscope::mirror::FlowSnapshot> snapshot,
                    const std::vector<lagscope::mirror::FlowEvent> &events);
    void compactNow();
    // Events that do not come from a poll (alerts): stored like the polls' events.
    void recordEvents(const std::vector<lagscope::ClusterEvent> &events);

Q_SIGNALS:
    // The file exists with a current schema: readers may open it now.
    void opened(const QString &path);
    // Opening moved a corrupt file aside, or a write failed: the user should know.
    void warning(const QString &message);
    // Recording stopped (the disk is full or nearly, the file cannot be opened): polls go on
    // unrecorded until `resumed`. Sent once per stop, with what the user should know and do.
    void paused(const QString &message);
    void resumed(const QString &message);
    void recorded(const QString &cluster, const QDateTime &takenAt);
    void flowRecorded(const QString &flow, const QDateTime &takenAt);
    // A shared history: this process started (true) or stopped (false) writing a cluster.
    void writerChanged(const QString &cluster, bool writing);
    // A shared history: writes kept in memory now, and dropped in all (the buffer was full).
    void backlog(qint64 buffered, qint64 dropped);

private:
    // Reports a failure once until it changes; true when `s` failed. A failure on a full
    // disk pauses recording; the first success after a pause resumes it.
    bool failed(const Status &s);
    // True when this write is skipped: the disk is (nearly) full (counted while paused).
    bool heldForSpace();
    void pause(qint64 freeBytes);
    void openStore();
    qint64 freeBytes() const; // on the history's disk; -1 when unknown
    QString diskFullText(qint64 freeBytes) const;
    // A shared history (HistoryRecorderShared.cpp): the lease, the buffer and the reconnection.
    struct FlowWrite {
        std::shared_ptr<const mirror::FlowSnapshot> snapshot;
        std::vector<mirror::FlowEvent> events;
    };
    using PendingWrite = std::variant<PollUpdate, FlowWrite, std::vector<ClusterEvent>>;
    // What a cluster or flow lost from a full buffer, for its history-gap event.
    struct Gap {
        int polls = 0;
        int flowPolls = 0;
        int alertEvents = 0;
        QDateTime from, to;
    };
    void recordShared(PendingWrite write);
    bool writesShared(const QString &cluster);
    bool writeShared(const PendingWrite &write); // false: the database was lost meanwhile
    void sayWritten(const PendingWrite &write);
    bool flushBuffer();
    bool writeGaps();
    void keep(PendingWrite write);
    void noteDropped(const PendingWrite &write);
    static QString ownerOf(const PendingWrite &write); // the cluster or flow; empty for alert events
    void lostDatabase(const QString &error);
    // Writes the store-specific parts of a flow's poll (both kinds of history).
    Status appendFlow(const FlowWrite &flow);

    QString m_path;
    std::unique_ptr<HistoryStore> m_store;
    QTimer *m_compactTimer = nullptr;
    QString m_lastError;             // reported once until it changes, not once per poll
    QTimer *m_reopenTimer = nullptr; // retries a failed open (e.g. on a full disk)
    bool m_paused = false;
    QDateTime m_pausedSince;
    int m_unrecorded = 0; // polls not recorded while paused
    // A shared history only.
    std::unique_ptr<HistoryLease> m_lease;
    std::set<QString> m_writing;       // clusters this process writes, as last told
    std::set<QString> m_told;          // clusters whose writer was told at least once
    std::deque<PendingWrite> m_buffer; // kept while the database is unreachable, oldest first
    qint64 m_dropped = 0;              // writes dropped from a full buffer, in all
    std::map<QString, Gap> m_gaps;     // by cluster or flow: dropped, not yet told in the history
    qint64 m_lastOpenAttemptMs = -1;
};

} // namespace lagscope
