#pragma once
// The one place that knows every secret Lagscope has seen (clear-text passwords read from
// the configuration, resolved ${env:}/${file:}/${cmd:}/${keyring:} references), so that any
// text about to leave the process — a log line, a librdkafka log or error string, a CLI
// message, an event, an audit record, a report — can be scrubbed of them.
//
// Thread: every function is safe to call from any thread (librdkafka callbacks included).
// Ownership: one process-wide instance; secrets are kept for the life of the process.

#include <QByteArray>
#include <QString>

namespace lagscope {

inline constexpr char16_t kSecretMask[] = u"****";

class SecretMasker final {
public:
    static SecretMasker &instance();

    // Remembers `secret` (and the forms it takes when escaped in JSON or URL-encoded);
    // empty strings are ignored. Longer secrets are replaced first, so one secret that
    // contains another is masked whole.
    void add(const QString &secret);
    QString mask(QString text) const;
    QByteArray mask(const QByteArray &utf8) const;
    bool isEmpty() const;

    // Tests only: forgets every secret.
    void clearForTests();

private:
    SecretMasker() = default;
};

// Shorthands for SecretMasker::instance().
void addSecret(const QString &secret);
QString maskSecrets(const QString &text);

// Routes qDebug/qWarning/... through the masker before the previous handler prints them.
// Called once by each executable's main().
void installMaskingMessageHandler();

} // namespace lagscope
