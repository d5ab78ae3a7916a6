#pragma once
// Health at a glance for one cluster: brokers, controller, partitions, groups, lag, poll.
// Thread: GUI. Owned by its parent (the page stack).

#include "model/ClusterSnapshot.h"

#include <QWidget>

class QLabel;
class QFormLayout;

namespace lagscope {

class OverviewPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OverviewPage)

public:
    explicit OverviewPage(QWidget *parent = nullptr);
    void apply(const SnapshotPtr &snapshot);

private:
    QLabel *m_title = nullptr;
    QLabel *m_banner = nullptr;
    QLabel *m_brokers = nullptr;
    QLabel *m_controller = nullptr;
    QLabel *m_partitions = nullptr;
    QLabel *m_groups = nullptr;
    QLabel *m_lag = nullptr;
    QLabel *m_poll = nullptr;
    QLabel *m_errors = nullptr;
};

} // namespace lagscope
