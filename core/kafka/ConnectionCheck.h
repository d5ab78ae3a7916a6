#pragma once
// "Test connection" of the cluster dialog: one Metadata request (and the DescribeCluster
// that follows it) to a cluster that is not configured yet, answered as what a user wants to
// know: how many brokers answered and the cluster id, or why it failed.
//
// Thread: any; it blocks up to the request timeout, so the GUI runs it in a job.
// Ownership: plain functions and values.

#include "config/Config.h"
#include "util/Result.h"

#include <QString>

#include <atomic>
#include <memory>

namespace lagscope {

struct ConnectionCheck {
    int brokers = 0;
    QString clusterId;
    int controllerId = -1;
};

// Connects with `cluster` as given (its password may be a reference, resolved here, or the
// password itself typed in the dialog) and reads the metadata within `timeoutMs`. The error
// is the client's: authentication, TLS, name resolution or the timeout, naming the cluster.
Result<ConnectionCheck> checkConnection(const ClusterConfig &cluster, int timeoutMs,
                                        std::shared_ptr<std::atomic_bool> cancel = {});

} // namespace lagscope
