// The shared history of the configuration file: `history:` names a team's PostgreSQL database
// (store/HistoryLocation.h), `history_password` its password (a secret reference, like a
// cluster's), `history_sslmode` and `history_sslrootcert` how TLS to it is checked. Without
// `history` the history is the SQLite file of the command line (or the default one).
#include "config/ConfigParser.h"
#include "config/SecretReference.h"
#include "store/HistoryLocation.h"
#include "util/SecretMasker.h"

#include <QDir>
#include <QUrl>

namespace lagscope::configparser {

void ConfigParser::parseHistory(const std::vector<MapEntry> &entries)
{
    const MapEntry *url = findEntry(entries, u"history");
    const MapEntry *password = findEntry(entries, u"history_password");
    const MapEntry *sslMode = findEntry(entries, u"history_sslmode");
    const MapEntry *sslRootCert = findEntry(entries, u"history_sslrootcert");
    const QString expected = tr("expected postgresql://USER@HOST[:PORT]/DATABASE");
    // A scalar that is not empty; otherwise an error that never quotes a password.
    auto text = [this](const MapEntry &e, bool secret) -> std::optional<QString> {
        if (e.value.IsScalar() && !scalarText(e.value).isEmpty())
            return scalarText(e.value);
        const QString got = e.value.IsScalar() || e.value.IsNull() ? tr("an empty value") : describe(e.value);
        m_diagnostics.error(e.valueMark(), e.path,
                            secret ? tr("expected a secret or a reference like ${env:NAME}, got %1").arg(got)
                                   : tr("expected a single value, got %1").arg(got));
        return std::nullopt;
    };

    PostgresLocation location;
    bool ok = url != nullptr;
    if (url) {
        if (!url->value.IsScalar() || scalarText(url->value).isEmpty()) {
            m_diagnostics.error(url->valueMark(), url->path, expected + tr(", got %1").arg(describe(url->value)));
            ok = false;
        } else if (const QString value = scalarText(url->value); QUrl(value).hasQuery()) {
            m_diagnostics.error(url->valueMark(), url->path,
                                tr("options do not go in the URL: use history_sslmode and history_sslrootcert"));
            ok = false;
        } else if (auto parsed = parsePostgresLocation(value); !parsed) {
            m_diagnostics.error(url->valueMark(), url->path, parsed.errorMessage());
            ok = false;
        } else {
            location = *parsed;
        }
    }
    for (const MapEntry *e : {password, sslMode, sslRootCert})
        if (e && !url) {
            m_diagnostics.error(e->keyNode.Mark(), e->path, tr("only with history (a postgresql:// URL)"));
            ok = false;
        }

    if (password) {
        if (const auto value = text(*password, true); !value) {
            ok = false;
        } else if (auto ref = parseSecretReference(*value); !ref) {
            m_diagnostics.error(password->valueMark(), password->path, ref.errorMessage());
            ok = false;
        } else {
            if (ref->kind == SecretReference::Clear) {
                addSecret(*value);
                m_diagnostics.warning(password->valueMark(), password->path,
                                      tr("written in clear text; prefer ${env:NAME}, ${file:/path}, ${cmd:...} or "
                                         "${keyring:NAME}"));
            }
            location.password = *value;
        }
    }
    if (sslMode) {
        if (const auto mode = parseChoice(*sslMode, postgresSslModes()))
            location.sslMode = *mode;
        else
            ok = false;
    }
    if (sslRootCert) {
        if (const auto value = text(*sslRootCert, false); !value) {
            ok = false;
        } else {
            const QString path =
                QDir::cleanPath(QDir(m_configDir).absoluteFilePath(QDir::fromNativeSeparators(*value)));
            const QFileInfo info(path);
            if (!info.isFile() || !info.isReadable()) {
                m_diagnostics.error(sslRootCert->valueMark(), sslRootCert->path,
                                    info.exists() ? tr("cannot read %1").arg(path)
                                                  : tr("file not found: %1").arg(path));
                ok = false;
            }
            location.sslRootCert = path;
        }
    }
    if (ok)
        m_config.history = location.encode();
}

} // namespace lagscope::configparser
