// libFuzzer target for secret references (core/config/SecretReference): ${env:NAME},
// ${file:/path}, ${cmd:command}, ${keyring:NAME} and clear text.
//
// Input: the reference text (UTF-8). parseSecretReference() is fuzzed on everything;
// resolveSecret() only for ${env:} and ${keyring:} (a stub keyring): resolving ${cmd:} would
// run fuzzer-made shell commands and ${file:} read arbitrary files. Checks: clear text
// comes back unchanged, and a resolved secret is never empty.
#include "FuzzSupport.h"
#include "config/SecretReference.h"

using namespace lagscope;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    // A keyring that knows names of one letter: both the found and not-found paths run.
    setKeyringLookup([](const QString &name) -> std::optional<QString> {
        if (name.size() == 1)
            return QStringLiteral("secret-") + name;
        return std::nullopt;
    });
    qputenv("LAGSCOPE_FUZZ_SECRET", "env-secret");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(fuzz::bytesOf(data, size));
    const Result<SecretReference> ref = parseSecretReference(text);
    if (!ref) {
        if (ref.errorMessage().isEmpty())
            fuzz::violated("fuzz_secret_reference", "empty error");
        return 0;
    }
    if (ref->kind == SecretReference::Clear && ref->argument != text)
        fuzz::violated("fuzz_secret_reference", "clear text changed:", text);
    if (ref->kind != SecretReference::Clear && ref->argument.isEmpty())
        fuzz::violated("fuzz_secret_reference", "accepted a reference without argument:", text);
    if (ref->kind == SecretReference::Env || ref->kind == SecretReference::Keyring) {
        const Result<QString> secret = resolveSecret(text);
        if (secret && secret->isEmpty())
            fuzz::violated("fuzz_secret_reference", "resolved to an empty secret:", text);
    }
    return 0;
}
