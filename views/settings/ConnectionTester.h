#pragma once
// The cluster dialog's "Test connection" button and its result line: runs checkConnection()
// (kafka/ConnectionCheck.h) in a job off the GUI thread with the request timeout, and says
// "Reachable: N brokers, cluster id …" or the failure, in the tones of StatusColors.h.
// A new test cancels the one in flight, whose late answer is dropped with its job.
// Thread: GUI. Ownership: owned by its parent (the dialog); a running test is cancelled with it.

#include "config/Config.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace lagscope {

class Job;

class ConnectionTester final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionTester)

public:
    // settings: the cluster as the form holds it now, its password the one to test with (the
    // typed password itself, or a reference resolved on the job's thread).
    ConnectionTester(std::function<ClusterConfig()> settings, QWidget *parent = nullptr);
    ~ConnectionTester() override;

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    QPushButton *button() const { return m_button; }
    QLabel *result() const { return m_result; }
    void test();
    // The form changed: an earlier result no longer describes it.
    void clear();

Q_SIGNALS:
    void finished(bool reachable);

private:
    std::function<ClusterConfig()> m_settings;
    int m_timeoutMs = 10000;
    QPushButton *m_button = nullptr;
    QLabel *m_result = nullptr;
    Job *m_job = nullptr;
};

} // namespace lagscope
