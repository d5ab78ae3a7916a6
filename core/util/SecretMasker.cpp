#include "util/SecretMasker.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QUrl>

#include <algorithm>
#include <mutex>
#include <shared_mutex>
#include <vector>

namespace lagscope {

namespace {

std::shared_mutex &lock()
{
    static std::shared_mutex mutex;
    return mutex;
}

// Sorted longest first (see SecretMasker::add).
std::vector<QString> &secrets()
{
    static std::vector<QString> list;
    return list;
}

// How `secret` reads inside a JSON string (audit records, reports): quotes, backslashes
// and control characters are escaped there.
QString jsonEscaped(const QString &secret)
{
    const QByteArray doc = QJsonDocument(QJsonArray{QJsonValue(secret)}).toJson(QJsonDocument::Compact);
    // ["..."] -> ...
    return QString::fromUtf8(doc.mid(2, doc.size() - 4));
}

QtMessageHandler previousHandler = nullptr;

void maskingHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (previousHandler)
        previousHandler(type, context, maskSecrets(message));
}

} // namespace

SecretMasker &SecretMasker::instance()
{
    static SecretMasker masker;
    return masker;
}

void SecretMasker::add(const QString &secret)
{
    if (secret.isEmpty())
        return;
    const QString forms[] = {secret, jsonEscaped(secret), QString::fromLatin1(QUrl::toPercentEncoding(secret))};
    std::unique_lock guard(lock());
    auto &list = secrets();
    for (const QString &form : forms)
        if (!form.isEmpty() && std::find(list.begin(), list.end(), form) == list.end())
            list.push_back(form);
    std::stable_sort(list.begin(), list.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
}

QString SecretMasker::mask(QString text) const
{
    std::shared_lock guard(lock());
    for (const QString &secret : secrets())
        text.replace(secret, QString::fromUtf16(kSecretMask));
    return text;
}

QByteArray SecretMasker::mask(const QByteArray &utf8) const
{
    if (isEmpty())
        return utf8;
    return mask(QString::fromUtf8(utf8)).toUtf8();
}

bool SecretMasker::isEmpty() const
{
    std::shared_lock guard(lock());
    return secrets().empty();
}

void SecretMasker::clearForTests()
{
    std::unique_lock guard(lock());
    secrets().clear();
}

void addSecret(const QString &secret) { SecretMasker::instance().add(secret); }
QString maskSecrets(const QString &text) { return SecretMasker::instance().mask(text); }

void installMaskingMessageHandler()
{
    static std::once_flag once;
    std::call_once(once, [] { previousHandler = qInstallMessageHandler(maskingHandler); });
}

} // namespace lagscope
