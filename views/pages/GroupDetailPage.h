#pragma once
// One consumer group: its partitions (committed, log end, lag, owner) and its lag chart
// over time from the history store. Thread: GUI. Owned by its parent (the page stack).

#include "model/ClusterSnapshot.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QSplitter;
class QTableView;

namespace lagscope {

class HistoryReader;
class LagChart;
class PartitionLagModel;
class RebalanceTimeline;

class GroupDetailPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupDetailPage)

public:
    explicit GroupDetailPage(HistoryReader *history, QWidget *parent = nullptr);

    // snapshot may be null before the cluster's first poll; the chart still shows history.
    void showGroup(const QString &cluster, const SnapshotPtr &snapshot, const QString &groupId);
    void apply(const SnapshotPtr &snapshot); // a new poll of the shown cluster
    QString groupId() const;
    // Why writes to the shown cluster are refused (read-only), or empty: the reset and the
    // delete button are then disabled and say why in their tooltips. Set by the window from
    // writeRefusal(), one text per action.
    void setWriteRefusal(const QString &resetRefusal, const QString &deleteRefusal);
    // The split brains the shown group is part of on the shown cluster, one line each
    // (SplitBrain::describe()); empty: none. Shown as a badge above the partitions.
    void setSplitBrains(const QStringList &splitBrains);
    LagChart *chart() const { return m_chart; }
    RebalanceTimeline *rebalances() const { return m_rebalances; }
    QSplitter *splitter() const { return m_splitter; }

Q_SIGNALS:
    // The "Reset offsets…" button: the window opens the reset dialog for this group.
    void resetRequested(const QString &cluster, const QString &group);
    // The "Delete…" button: the window opens the delete dialog for this group.
    void deleteRequested(const QString &cluster, const QString &group);
    // The "Delete orphaned offsets…" button: the delete dialog with these topics preselected.
    void deleteOrphansRequested(const QString &cluster, const QString &group, const QStringList &topics);
    // The "Fail over…" button: the window opens the failover wizard for this group.
    void failoverRequested(const QString &cluster, const QString &group);

public:
    // Set by the window after showGroup(): the cluster the group would move to ("" when no
    // flow links its cluster) and why it cannot (read-only target…), empty when it can.
    void setFailoverTarget(const QString &target, const QString &unavailableReason);

private:
    void updateHeader(const SnapshotPtr &snapshot);
    void updateBadges(const GroupState *group);

    QLabel *m_header = nullptr;
    QLabel *m_status = nullptr; // the group's lag status, why, lag time and time to drain
    QPushButton *m_resetButton = nullptr;
    QPushButton *m_deleteButton = nullptr;
    QPushButton *m_failoverButton = nullptr;
    QLabel *m_badges = nullptr;                   // split brain and orphaned offsets
    QPushButton *m_deleteOrphansButton = nullptr; // shown while the group has orphaned offsets
    QStringList m_splitBrains;
    QStringList m_orphanedTopics;
    QString m_deleteRefusal;
    QString m_cluster;
    QString m_writeRefusal;
    QTableView *m_table = nullptr;
    PartitionLagModel *m_model = nullptr;
    LagChart *m_chart = nullptr;
    RebalanceTimeline *m_rebalances = nullptr;
    QSplitter *m_splitter = nullptr;
};

} // namespace lagscope
