#pragma once
// Secret references in the configuration: ${env:NAME}, ${file:/path}, ${cmd:command} and
// ${keyring:NAME}; any other text is a clear-text secret. resolveSecret() turns one into
// the secret itself and hands it to the SecretMasker before returning it, so no caller can
// forget to.
//
// Thread: any. resolveSecret() blocks (a ${cmd:} runs a process, bounded by its timeout);
// call it on a worker thread or the CLI's main thread, never on the GUI thread.

#include "util/Result.h"

#include <QString>

#include <functional>
#include <optional>

namespace lagscope {

struct SecretReference {
    enum Kind {
        Clear,
        Env,
        File,
        Command,
        Keyring
    };
    Kind kind = Clear;
    QString argument; // variable name, path, command line or keyring entry; the text for Clear
};

// Clear for text that is not of the form ${scheme:...}; an error for ${...} with an unknown
// scheme or an empty argument (a typo must not be sent as a password).
Result<SecretReference> parseSecretReference(const QString &text);

struct SecretResolveOptions {
    int commandTimeoutMs = 10000;
};

// The secret, or an error naming the reference (never the secret). Files are read whole
// and trimmed; a command's standard output is trimmed, its standard error is quoted (masked,
// shortened) when it fails or times out.
Result<QString> resolveSecret(const QString &text, const SecretResolveOptions &options = {});

// Where ${keyring:NAME} is looked up. The desktop app installs one backed by the system
// keyring or the secrets asked for in this session; without one, ${keyring:} is an error
// that says so. The lookup must not block on the GUI thread (it is called on workers).
using KeyringLookup = std::function<std::optional<QString>(const QString &name)>;
void setKeyringLookup(KeyringLookup lookup);

// For config warnings: "group- or world-readable" when a secret file is readable by more
// than its owner, empty otherwise (or when the file cannot be examined).
QString secretFilePermissionProblem(const QString &path);

} // namespace lagscope
