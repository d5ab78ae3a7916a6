#include "config/SecretReference.h"

#include "util/SecretMasker.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>

#include <mutex>

#include <sys/stat.h>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct SecretReferenceText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::SecretReference)
};

constexpr qsizetype kMaxStderr = 300;

std::mutex &keyringMutex()
{
    static std::mutex mutex;
    return mutex;
}

KeyringLookup &keyring()
{
    static KeyringLookup lookup;
    return lookup;
}

QString stderrExcerpt(const QByteArray &raw)
{
    QString text = maskSecrets(QString::fromLocal8Bit(raw).trimmed());
    text.replace(QLatin1Char('\n'), QStringLiteral(" | "));
    if (text.size() > kMaxStderr)
        text = text.left(kMaxStderr) + QStringLiteral("…");
    return text.isEmpty() ? SecretReferenceText::tr("(no error output)") : text;
}

Result<QString> runCommand(const QString &command, int timeoutMs)
{
    QProcess process;
    process.setProgram(QStringLiteral("/bin/sh"));
    process.setArguments({QStringLiteral("-c"), command});
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    if (!process.waitForStarted(timeoutMs))
        return Result<QString>::failure(
            SecretReferenceText::tr("${cmd:%1}: cannot start /bin/sh: %2").arg(command, process.errorString()));
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return Result<QString>::failure(SecretReferenceText::tr("${cmd:%1}: no answer within %2 s (killed); stderr: %3")
                                            .arg(command)
                                            .arg(timeoutMs / 1000.0)
                                            .arg(stderrExcerpt(process.readAllStandardError())));
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return Result<QString>::failure(SecretReferenceText::tr("${cmd:%1}: failed (exit code %2); stderr: %3")
                                            .arg(command)
                                            .arg(process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1)
                                            .arg(stderrExcerpt(process.readAllStandardError())));
    // Only the first line counts: `pass show` prints the password first, notes after it.
    const QString out = QString::fromLocal8Bit(process.readAllStandardOutput());
    const QString secret = out.section(QLatin1Char('\n'), 0, 0).trimmed();
    if (secret.isEmpty())
        return Result<QString>::failure(SecretReferenceText::tr("${cmd:%1}: printed nothing").arg(command));
    return secret;
}

} // namespace

Result<SecretReference> parseSecretReference(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\$\\{([A-Za-z]+):(.*)\\}$"),
                                            QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!text.trimmed().startsWith(QStringLiteral("${")))
        return SecretReference{SecretReference::Clear, text};
    if (!match.hasMatch())
        return Result<SecretReference>::failure(SecretReferenceText::tr(
            "a reference must look like ${env:NAME}, ${file:/path}, ${cmd:command} or ${keyring:NAME}"));
    const QString scheme = match.captured(1);
    const QString argument = match.captured(2).trimmed();
    SecretReference ref;
    if (scheme == u"env")
        ref.kind = SecretReference::Env;
    else if (scheme == u"file")
        ref.kind = SecretReference::File;
    else if (scheme == u"cmd")
        ref.kind = SecretReference::Command;
    else if (scheme == u"keyring")
        ref.kind = SecretReference::Keyring;
    else
        return Result<SecretReference>::failure(
            SecretReferenceText::tr("unknown reference ${%1:...} (expected env, file, cmd or keyring)").arg(scheme));
    if (argument.isEmpty())
        return Result<SecretReference>::failure(SecretReferenceText::tr("${%1:} names nothing").arg(scheme));
    ref.argument = argument;
    return ref;
}

Result<QString> resolveSecret(const QString &text, const SecretResolveOptions &options)
{
    auto ref = parseSecretReference(text);
    if (!ref)
        return Result<QString>(ref.error());
    QString secret;
    switch (ref->kind) {
    case SecretReference::Clear: secret = ref->argument; break;
    case SecretReference::Env:
        if (!qEnvironmentVariableIsSet(ref->argument.toLocal8Bit().constData()))
            return Result<QString>::failure(
                SecretReferenceText::tr("${env:%1}: the environment variable is not set").arg(ref->argument));
        secret = qEnvironmentVariable(ref->argument.toLocal8Bit().constData());
        break;
    case SecretReference::File: {
        QFile file(ref->argument);
        if (!file.open(QIODevice::ReadOnly))
            return Result<QString>::failure(
                SecretReferenceText::tr("${file:%1}: %2").arg(ref->argument, file.errorString()));
        secret = QString::fromUtf8(file.readAll()).trimmed();
        if (secret.isEmpty())
            return Result<QString>::failure(
                SecretReferenceText::tr("${file:%1}: the file is empty").arg(ref->argument));
        break;
    }
    case SecretReference::Command: {
        auto out = runCommand(ref->argument, options.commandTimeoutMs);
        if (!out)
            return out;
        secret = *out;
        break;
    }
    case SecretReference::Keyring: {
        KeyringLookup lookup;
        {
            std::lock_guard guard(keyringMutex());
            lookup = keyring();
        }
        std::optional<QString> found = lookup ? lookup(ref->argument) : std::nullopt;
        if (!found)
            return Result<QString>::failure(
                lookup ? SecretReferenceText::tr("${keyring:%1}: no such secret in the keyring or this session")
                             .arg(ref->argument)
                       : SecretReferenceText::tr(
                             "${keyring:%1}: keyring secrets are available in the desktop app only; use ${env:}, "
                             "${file:} or ${cmd:} here")
                             .arg(ref->argument));
        secret = *found;
        break;
    }
    }
    addSecret(secret);
    return secret;
}

void setKeyringLookup(KeyringLookup lookup)
{
    std::lock_guard guard(keyringMutex());
    keyring() = std::move(lookup);
}

QString secretFilePermissionProblem(const QString &path)
{
    struct stat st { };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return QString();
    if (st.st_mode & (S_IRGRP | S_IROTH))
        return SecretReferenceText::tr("%1 is readable by others (mode %2): chmod 600 it")
            .arg(path)
            .arg(QString::number(st.st_mode & 0777, 8));
    return QString();
}

} // namespace lagscope
