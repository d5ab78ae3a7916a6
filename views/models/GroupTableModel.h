#pragma once
// The consumer groups of one cluster snapshot: state, lag status (with why, in the tooltip),
// members, topics, lag in records and seconds, time to drain, and a lag trend.
// The trend is the model's own memory: per group, the last kTrendLength total-lag values
// seen across apply() calls. Only changes are recorded (a value equal to the previous one
// is not appended), so a group whose lag did not move stays an unchanged row and costs the
// view nothing; the sparkline shows the direction of the recent changes.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent; it keeps a
// reference to the last snapshot applied.

#include "models/SnapshotTableModel.h"
#include "model/ClusterSnapshot.h"

#include <QList>
#include <QStringList>

#include <map>

namespace lagscope {

// One row of GroupTableModel: what it shows of a group, compared to find the changed rows.
struct GroupTableRow {
    QString groupId;
    QString state;
    int members = 0;
    QStringList topics;
    bool lagKnown = false; // false when no partition has a known lag
    std::int64_t totalLag = 0;
    std::int64_t maxLag = 0;
    int rebalances = 0; // in the last hour
    QList<qint64> trend;
    LagVerdict verdict;
    std::optional<LagTime> lagTime;
    std::optional<DrainTime> drain;
    std::optional<RetentionForecast> retention; // the soonest partition's breach forecast
    TopicPartition retentionPartition;
    QString error; // not read in the last poll: the values are from lastReadAt
    QDateTime lastReadAt;
    QString splitBrain;         // why the group is a split brain (SplitBrain::describe()); empty: none
    QStringList orphanedTopics; // topics with orphaned offsets (monitor/OrphanedOffsets)

    const QString &key() const { return groupId; } // rows are kept sorted by group id
    friend bool operator==(const GroupTableRow &, const GroupTableRow &) = default;
};

class GroupTableModel final : public SnapshotTableModel<GroupTableRow, ClusterSnapshot> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupTableModel)

public:
    enum Column {
        Group,
        State,
        Status,
        Members,
        Topics,
        TotalLag,
        MaxLag,
        LagSeconds,
        Drain,
        Retention,
        Rebalances,
        Trend,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole,
        TrendRole,  // QList<qint64>, oldest first; on every column of a row
        TopicsRole, // QStringList of the group's topics; on every column of a row
    };
    static constexpr int kTrendLength = 60;

    explicit GroupTableModel(QObject *parent = nullptr);

    // The row at `row` (valid), for GroupFilterProxy's filter.
    const GroupTableRow &rowAt(int row) const { return m_rows[size_t(row)]; }
    // The split brains of the shown cluster, group id -> what was seen (monitor/SplitBrain):
    // the group column shows a badge on those rows. Updates the rows at once.
    void setSplitBrains(std::map<QString, QString> byGroup);

private:
    using Row = GroupTableRow;

    static const Columns &columns();
    std::vector<Row> rowsOf(const ClusterSnapshot &snapshot) const override;
    QVariant cellData(const Row &row, int column, int role) const override;

    static QVariant foreground(const Row &row, int column);

    std::map<QString, QString> m_splitBrains;
};

} // namespace lagscope
