#pragma once
// Waits until the records of the given groups' topics are mirrored to the target: gathers
// again (without record matching, like the CLI) about once a second and reports how many
// records are still missing, until none is, the source stops answering, stop() is asked,
// or 15 minutes have passed. The result is the error that ended the wait, empty otherwise.
//
// Why stop() besides cancel(): stop ends the wait after the gather in flight (the wizard
// then gathers everything again), cancel also cuts that gather short (closing the wizard).
//
// Thread: create and start on the GUI thread (see Job.h); behind() arrives there.
// Ownership: owned by its parent (the failover session).

#include "actions/FailoverGather.h"
#include "jobs/Job.h"

#include <QStringList>

#include <atomic>
#include <memory>

namespace lagscope {

class FailoverWaitJob final : public ResultJob<QString> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverWaitJob)

public:
    // `request` names the groups to watch; `initial` is the count the wait starts from.
    FailoverWaitJob(const failover::FailoverRequest &request, qint64 initial, QObject *parent = nullptr);

    void stop() { m_stop->store(true); }

    // Records on the source not yet on the target, over `included` (pure; -1 never).
    static qint64 notReplicated(const std::vector<failover::FailoverGroupInputs> &groups, const QStringList &included);

Q_SIGNALS:
    // After each gather that did not end the wait: records still missing, of `initial`.
    void behind(qint64 left, qint64 initial);

private:
    FailoverWaitJob(const failover::FailoverRequest &request, qint64 initial, std::shared_ptr<std::atomic_bool> stop,
                    QObject *parent);

    std::shared_ptr<std::atomic_bool> m_stop;
};

} // namespace lagscope
