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
    QString signIn{}; // how Lagscope signed in, e.g. "Kerberos ticket from `kinit -k -t …`" (see signInDescription)
};

// The step of a sign-in that failed, read from a failure of checkConnection() or KafkaClient:
// the Kerberos ticket (kinit, the ticket cache, the KDC), the OpenID Connect token endpoint,
// the broker (it refused the credentials or the token), or the connection itself.
enum class SignInStep {
    Ticket,
    TokenEndpoint,
    Broker,
    Connection
};
SignInStep failedSignInStep(const QString &error);

// How a connection with these settings signs in, for the connection details and the test
// result: "Kerberos ticket from `kinit -k -t '…' '…'` (service kafka)", "Kerberos ticket from the
// ticket cache (service kafka)", "token from https://idp/token as client 'lagscope'",
// "SCRAM-SHA-512 as 'alice'"; empty without SASL.
QString signInDescription(const SecurityConfig &security);

// Connects with `cluster` as given (its password may be a reference, resolved here, or the
// password itself typed in the dialog) and reads the metadata within `timeoutMs`. The error
// is the client's: authentication, TLS, name resolution or the timeout, naming the cluster.
Result<ConnectionCheck> checkConnection(const ClusterConfig &cluster, int timeoutMs,
                                        std::shared_ptr<std::atomic_bool> cancel = {});

} // namespace lagscope
