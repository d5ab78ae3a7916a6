#pragma once
// Gets OAUTHBEARER tokens from an OpenID Connect token endpoint with the client credentials
// grant (RFC 6749 section 4.4), for librdkafka's token refresh callback. Lagscope fetches the
// tokens itself rather than through librdkafka's built-in OIDC (which needs librdkafka built
// with curl), so that a failure names its step: the token endpoint unreachable, the endpoint
// refusing the client (with its error and error_description), or an answer without a token.
// Every secret it sees (the client secret, the tokens) goes to the SecretMasker first.
//
// Thread: any; fetch() blocks up to its timeout (librdkafka's background thread calls it).
// Ownership: shared between the handle owner and the callback registry (RdkafkaConf.cpp).

#include "config/Config.h"
#include "util/Result.h"

#include <QString>

#include <map>

namespace lagscope {

struct OidcToken {
    QString value;      // the JWT
    qint64 expiresAtMs; // ms since the epoch (the JWT's exp, else now + expires_in)
    QString principal;  // the JWT's sub, else the client id
};

class OidcTokenSource {
public:
    explicit OidcTokenSource(const SecurityConfig &security) : m_security(security) { }

    // One request to the token endpoint, within timeoutMs. The error starts with
    // "token endpoint <url>: ..." and never contains the secret.
    Result<OidcToken> fetch(int timeoutMs) const;

    const std::map<QString, QString> &extensions() const { return m_security.oauthExtensions; }

    // Pure, for the unit tests: what a token endpoint's answer means.
    // status: the HTTP status; body: the answer.
    static Result<OidcToken> parseAnswer(const QString &endpoint, const QString &clientId, long status,
                                         const QByteArray &body, qint64 nowMs);

private:
    SecurityConfig m_security;
};

} // namespace lagscope
