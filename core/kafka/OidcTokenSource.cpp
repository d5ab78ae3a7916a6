#include "kafka/OidcTokenSource.h"

#include "config/SecretReference.h"
#include "util/SecretMasker.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <curl/curl.h>

#include <memory>
#include <mutex>

namespace lagscope {

namespace {

struct CurlDeleter {
    void operator()(CURL *c) const { curl_easy_cleanup(c); }
};
struct ListDeleter {
    void operator()(curl_slist *l) const { curl_slist_free_all(l); }
};

size_t collect(char *data, size_t size, size_t count, void *out)
{
    auto *body = static_cast<QByteArray *>(out);
    constexpr qsizetype kMaxAnswer = 1 << 20; // a token answer is a few kB
    if (body->size() > kMaxAnswer)
        return 0; // curl then fails the transfer with CURLE_WRITE_ERROR
    body->append(data, qsizetype(size * count));
    return size * count;
}

// The JWT's payload, without checking its signature: the broker does that. Lagscope only
// reads exp (when to refresh) and sub (the principal librdkafka reports).
QJsonObject jwtClaims(const QString &token)
{
    const QStringList parts = token.split(u'.');
    if (parts.size() != 3)
        return {};
    const QByteArray payload =
        QByteArray::fromBase64(parts[1].toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    return QJsonDocument::fromJson(payload).object();
}

} // namespace

Result<OidcToken> OidcTokenSource::parseAnswer(const QString &endpoint, const QString &clientId, long status,
                                               const QByteArray &body, qint64 nowMs)
{
    using R = Result<OidcToken>;
    const QJsonObject answer = QJsonDocument::fromJson(body).object();
    if (status != 200) {
        // RFC 6749 section 5.2: {"error": "invalid_client", "error_description": "..."}.
        QString why = answer.value(QStringLiteral("error")).toString();
        if (const QString d = answer.value(QStringLiteral("error_description")).toString(); !d.isEmpty())
            why += (why.isEmpty() ? QString() : QStringLiteral(": ")) + d;
        if (why.isEmpty())
            why = QString::fromUtf8(body.left(200)).simplified();
        QString hint;
        if (status == 400 || status == 401)
            hint = QStringLiteral(" (check oauth_client_id and oauth_client_secret)");
        return R::failure(maskSecrets(QStringLiteral("token endpoint %1 refused client '%2': HTTP %3%4%5")
                                          .arg(endpoint, clientId)
                                          .arg(status)
                                          .arg(why.isEmpty() ? QString() : QStringLiteral(" ") + why, hint)));
    }
    const QString token = answer.value(QStringLiteral("access_token")).toString();
    if (token.isEmpty())
        return R::failure(QStringLiteral("token endpoint %1: the answer has no access_token").arg(endpoint));
    addSecret(token);
    const QJsonObject claims = jwtClaims(token);
    qint64 expiresAtMs = 0;
    if (claims.value(QStringLiteral("exp")).isDouble())
        expiresAtMs = qint64(claims.value(QStringLiteral("exp")).toDouble()) * 1000;
    else if (answer.value(QStringLiteral("expires_in")).isDouble())
        expiresAtMs = nowMs + qint64(answer.value(QStringLiteral("expires_in")).toDouble() * 1000);
    if (expiresAtMs <= nowMs)
        return R::failure(QStringLiteral("token endpoint %1: the token has no expiry in the future (exp or expires_in)")
                              .arg(endpoint));
    QString principal = claims.value(QStringLiteral("sub")).toString();
    if (principal.isEmpty())
        principal = clientId;
    return OidcToken{token, expiresAtMs, principal};
}

Result<OidcToken> OidcTokenSource::fetch(int timeoutMs) const
{
    using R = Result<OidcToken>;
    static std::once_flag init;
    std::call_once(init, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    const QString &endpoint = m_security.oauthTokenEndpoint;
    auto secret = resolveSecret(m_security.oauthClientSecret);
    if (!secret)
        return R::failure(QStringLiteral("security.oauth_client_secret: %1").arg(secret.errorMessage()));

    std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
    if (!curl)
        return R::failure(QStringLiteral("token endpoint %1: cannot start an HTTP request").arg(endpoint));
    // RFC 6749 section 2.3.1: HTTP Basic with the form-urlencoded id and secret.
    const QByteArray user = QUrl::toPercentEncoding(m_security.oauthClientId);
    const QByteArray password = QUrl::toPercentEncoding(*secret);
    addSecret(QString::fromLatin1(password));
    QByteArray form = "grant_type=client_credentials";
    if (!m_security.oauthScope.isEmpty())
        form += "&scope=" + QUrl::toPercentEncoding(m_security.oauthScope);
    QByteArray body;
    char error[CURL_ERROR_SIZE] = {};
    const QByteArray url = endpoint.toUtf8();
    std::unique_ptr<curl_slist, ListDeleter> headers(curl_slist_append(nullptr, "Accept: application/json"));
    CURL *c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, url.constData());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_HTTPAUTH, long(CURLAUTH_BASIC));
    curl_easy_setopt(c, CURLOPT_USERNAME, user.constData());
    curl_easy_setopt(c, CURLOPT_PASSWORD, password.constData());
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, form.constData());
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, long(std::max(1000, timeoutMs)));
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);       // librdkafka's thread: no SIGALRM for DNS timeouts
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L); // a redirect would resend the secret elsewhere
    const CURLcode rc = curl_easy_perform(c);
    if (rc != CURLE_OK) {
        const QString why = error[0] ? QString::fromUtf8(error) : QString::fromUtf8(curl_easy_strerror(rc));
        return R::failure(maskSecrets(QStringLiteral("token endpoint %1 unreachable: %2").arg(endpoint, why)));
    }
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    return parseAnswer(endpoint, m_security.oauthClientId, status, body, QDateTime::currentMSecsSinceEpoch());
}

} // namespace lagscope
