#pragma once
// The event log: every change the pollers noticed, newest last, filterable by text,
// severity and cluster. Thread: GUI. Owned by the main window.

#include "model/ClusterEvent.h"

#include <QDockWidget>

#include <vector>

class QComboBox;
class QLineEdit;
class QTableView;

namespace lagscope {

class EventFilterProxy;
class EventLogModel;

class EventLogDock final : public QDockWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogDock)

public:
    explicit EventLogDock(QWidget *parent = nullptr);

    void append(const std::vector<ClusterEvent> &events);
    EventLogModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    void setMinimumSeverity(int index);

Q_SIGNALS:
    void minimumSeverityChanged(int index);

private:
    EventLogModel *m_model = nullptr;
    EventFilterProxy *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QLineEdit *m_filter = nullptr;
    QComboBox *m_severity = nullptr;
};

} // namespace lagscope
