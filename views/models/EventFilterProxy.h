#pragma once
// Filters an EventLogModel by minimum severity, cluster and a case-insensitive text
// (matched against cluster, kind, subject, group and message); sorts by
// EventLogModel::SortRole so time sorts by UTC milliseconds and severity by rank.
// Thread: GUI thread only. Ownership: owned by its parent; does not own its source model.

#include "model/ClusterEvent.h"
#include "models/TextFilterProxy.h"

namespace lagscope {

class EventFilterProxy final : public TextFilterProxy {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventFilterProxy)

public:
    explicit EventFilterProxy(QObject *parent = nullptr);

    EventSeverity minimumSeverity() const { return m_minimum; }
    void setMinimumSeverity(EventSeverity severity);
    QString cluster() const { return m_cluster; }
    void setCluster(const QString &cluster); // empty: every cluster

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    EventSeverity m_minimum = EventSeverity::Info;
    QString m_cluster;
};

} // namespace lagscope
