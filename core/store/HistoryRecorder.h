#pragma once
// Writes every poll update into the history store, off the GUI thread, and compacts the
// store now and then (downsampling, retention).
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

#include <memory>

class QTimer;

namespace lagscope {

class HistoryRecorder final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryRecorder)

public:
    explicit HistoryRecorder(QString path, QObject *parent = nullptr);
    ~HistoryRecorder() override;

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

    QString m_path;
    std::unique_ptr<HistoryStore> m_store;
    QTimer *m_compactTimer = nullptr;
    QString m_lastError;             // reported once until it changes, not once per poll
    QTimer *m_reopenTimer = nullptr; // retries a failed open (e.g. on a full disk)
    bool m_paused = false;
    QDateTime m_pausedSince;
    int m_unrecorded = 0; // polls not recorded while paused
};

} // namespace lagscope
