#include "kafka/ConnectionCheck.h"

#include "config/SecurityProperties.h"
#include "kafka/KafkaClient.h"
#include "util/Deadline.h"

namespace lagscope {

Result<ConnectionCheck> checkConnection(const ClusterConfig &cluster, int timeoutMs,
                                        std::shared_ptr<std::atomic_bool> cancel)
{
    using R = Result<ConnectionCheck>;
    // One budget for everything, secret resolution included: the dialog promises an answer
    // within the request timeout.
    const Deadline deadline = Deadline::inMs(timeoutMs);
    ClientOptions options;
    options.requestTimeoutMs = timeoutMs;
    options.cancel = std::move(cancel);
    auto client = KafkaClient::create(cluster, options);
    if (!client)
        return R(client.error());
    auto metadata = (*client)->metadata(deadline);
    if (!metadata)
        return R(metadata.error());
    return ConnectionCheck{int(metadata->brokers.size()), metadata->clusterId, metadata->controllerId,
                           signInDescription(cluster.security)};
}

SignInStep failedSignInStep(const QString &error)
{
    // The texts come from SignIn.cpp (kinit), OidcTokenSource (token endpoint) and the GSSAPI
    // errors librdkafka passes on from the Kerberos library ("Ticket expired", "Server not
    // found in Kerberos database", "No Kerberos credentials available").
    if (error.contains(u"Kerberos ticket:") || error.contains(u"GSSAPI Error")
        || error.contains(u"Kerberos", Qt::CaseInsensitive))
        return SignInStep::Ticket;
    if (error.contains(u"token endpoint"))
        return SignInStep::TokenEndpoint;
    if (error.contains(kAuthenticationFailed))
        return SignInStep::Broker;
    return SignInStep::Connection;
}

QString signInDescription(const SecurityConfig &s)
{
    if (!s.usesSasl())
        return QString();
    if (s.usesKerberos()) {
        const QString kinit = kinitCommand(s);
        return kinit.isEmpty()
                   ? QStringLiteral("Kerberos ticket from the ticket cache (service %1)").arg(kerberosServiceName(s))
                   : QStringLiteral("Kerberos ticket from `%1` (service %2)").arg(kinit, kerberosServiceName(s));
    }
    if (s.usesOidc())
        return QStringLiteral("token from %1 as client '%2'").arg(s.oauthTokenEndpoint, s.oauthClientId);
    if (s.username.isEmpty())
        return s.saslMechanism;
    return QStringLiteral("%1 as '%2'").arg(s.saslMechanism, s.username);
}

} // namespace lagscope
