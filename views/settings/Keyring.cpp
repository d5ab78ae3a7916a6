#include "settings/Keyring.h"

#include "config/SecretReference.h"
#include "util/SecretMasker.h"

#include <QRegularExpression>

#include <map>
#include <mutex>

#ifdef LAGSCOPE_HAVE_QTKEYCHAIN
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <qt6keychain/keychain.h>
#endif

namespace lagscope {

namespace {

const QString kService = QStringLiteral("lagscope");

std::mutex &secretsMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::map<QString, QString> &sessionSecrets()
{
    static std::map<QString, QString> secrets;
    return secrets;
}

} // namespace

Keyring &Keyring::instance()
{
    static Keyring keyring;
    return keyring;
}

QString Keyring::unavailableReason() const
{
#ifdef LAGSCOPE_HAVE_QTKEYCHAIN
    if (m_forceUnavailable)
        return tr("The desktop keyring is turned off.");
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return tr("No desktop session bus: the password is kept for this session only and asked again next time.");
    if (!bus.interface() || !bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.secrets")))
        return tr("No keyring (Secret Service) is running: the password is kept for this session only and asked "
                  "again next time.");
    return QString();
#else
    return tr("This build has no keyring support: the password is kept for this session only.");
#endif
}

bool Keyring::available() const { return unavailableReason().isEmpty(); }

void Keyring::installLookup()
{
    setKeyringLookup([](const QString &name) -> std::optional<QString> {
        std::lock_guard guard(secretsMutex());
        const auto it = sessionSecrets().find(name);
        if (it == sessionSecrets().end())
            return std::nullopt;
        return it->second;
    });
}

QString Keyring::referenceFor(const QString &cluster) { return QStringLiteral("${keyring:lagscope/%1}").arg(cluster); }

QString Keyring::nameOf(const QString &reference)
{
    auto ref = parseSecretReference(reference);
    return ref && ref->kind == SecretReference::Keyring ? ref->argument : QString();
}

bool Keyring::knows(const QString &name) const
{
    std::lock_guard guard(secretsMutex());
    return sessionSecrets().count(name) > 0;
}

void Keyring::forgetSessionSecrets()
{
    std::lock_guard guard(secretsMutex());
    sessionSecrets().clear();
}

void Keyring::remember(const QString &name, const QString &secret)
{
    addSecret(secret);
    std::lock_guard guard(secretsMutex());
    sessionSecrets()[name] = secret;
}

void Keyring::store(const QString &name, const QString &secret)
{
    remember(name, secret);
#ifdef LAGSCOPE_HAVE_QTKEYCHAIN
    if (available()) {
        auto *job = new QKeychain::WritePasswordJob(kService, this);
        job->setKey(name);
        job->setTextData(secret);
        connect(job, &QKeychain::Job::finished, this, [this, name](QKeychain::Job *j) {
            Q_EMIT stored(name, j->error() == QKeychain::NoError ? QString() : maskSecrets(j->errorString()));
        });
        job->start();
        return;
    }
#endif
    Q_EMIT stored(name, unavailableReason());
}

void Keyring::preload(const QStringList &names)
{
    for (const QString &name : names) {
#ifdef LAGSCOPE_HAVE_QTKEYCHAIN
        if (available()) {
            auto *job = new QKeychain::ReadPasswordJob(kService, this);
            job->setKey(name);
            connect(job, &QKeychain::Job::finished, this, [this, name](QKeychain::Job *j) {
                const auto *read = static_cast<QKeychain::ReadPasswordJob *>(j);
                const bool found = j->error() == QKeychain::NoError;
                if (found)
                    remember(name, read->textData());
                Q_EMIT loaded(name, found);
            });
            job->start();
            continue;
        }
#endif
        Q_EMIT loaded(name, knows(name));
    }
}

} // namespace lagscope
