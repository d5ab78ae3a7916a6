#pragma once
// The enterprise sign-ins of a librdkafka handle, prepared before the handle is made:
// - GSSAPI with a keytab: Lagscope runs the kinit command itself first (kinitCommand() in
//   config/SecurityProperties.h), so that a refused keytab is reported with kinit's own
//   words ("Kerberos ticket: `kinit …` failed: …") instead of the broker's later "no
//   credentials"; librdkafka runs the same command again to renew the ticket.
// - OAUTHBEARER with an OpenID Connect client: registers the handle's OidcTokenSource for
//   librdkafka's token refresh callback, which runs on librdkafka's background thread
//   (librdkafka calls it again at 80 % of each token's lifetime).
// Internal to core/kafka.
//
// Thread: any; prepare() blocks while kinit runs (bounded by the timeout).
// Ownership: one SignIn per handle, a member of the handle owner's Impl, destroyed after the handle.

#include "config/Config.h"
#include "kafka/RdkafkaHandles.h"
#include "util/Result.h"

#include <QByteArray>
#include <QString>

namespace lagscope::rd {

class SignIn {
public:
    SignIn() = default;
    ~SignIn();
    SignIn(const SignIn &) = delete;
    SignIn &operator=(const SignIn &) = delete;

    // Before rd_kafka_new(): kinit, or the token callback on `conf`. The error is
    // "Authentication failed: Kerberos ticket: …" (without the cluster, as makeConf's).
    Status prepare(rd_kafka_conf_t *conf, const ClusterConfig &cluster, int timeoutMs);
    // After rd_kafka_new(): token callbacks on the background thread.
    void started(rd_kafka_t *rk) const;

private:
    QByteArray m_oidcId; // key of the token source in the callback registry, when OIDC is used
};

// Runs `command` (kinitCommand()) through /bin/sh within timeoutMs. The error names the
// command and carries kinit's stderr: "Kerberos ticket: `kinit -k -t '…' '…'` failed (exit
// code 1): kinit: Preauthentication failed while getting initial credentials".
Status runKinit(const QString &command, int timeoutMs);

} // namespace lagscope::rd
