#pragma once
// Secrets behind ${keyring:NAME} references: the desktop keyring (Secret Service, through
// qtkeychain) when one answers on the session bus, otherwise kept in memory for this
// session only — the user is asked again next time (the offscreen/CI case).
// Every secret it hands out or stores also goes to the SecretMasker.
//
// Thread: GUI for everything but the lookup installed with installLookup(), which pollers
// call on their own threads (it only reads the in-memory copy, under a mutex).
// Ownership: one process-wide instance.

#include <QObject>
#include <QString>
#include <QStringList>

namespace lagscope {

class Keyring final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Keyring)

public:
    static Keyring &instance();

    // True when a Secret Service runs (and Lagscope was built with qtkeychain).
    bool available() const;
    // Why not, for the dialog ("no Secret Service on the session bus…"); empty when available.
    QString unavailableReason() const;

    // Makes resolveSecret("${keyring:NAME}") answer from the secrets known in this session.
    void installLookup();

    // The reference the configuration holds for a cluster's password, "${keyring:lagscope/<cluster>}".
    static QString referenceFor(const QString &cluster);
    // The NAME of a ${keyring:NAME} reference; empty for anything else.
    static QString nameOf(const QString &reference);

    bool knows(const QString &name) const;
    // In memory for this session, and into the keyring when available (asynchronously:
    // stored() tells how it went).
    void store(const QString &name, const QString &secret);
    // Reads these entries from the keyring into memory (asynchronously: loaded() per name).
    void preload(const QStringList &names);

    void setAvailableForTests(bool available) { m_forceUnavailable = !available; }
    // Drops the in-memory copies, as a restart would: the next preload() must find the
    // secrets in the keyring itself (tests of the Secret Service path).
    void forgetSessionSecrets();

Q_SIGNALS:
    void stored(const QString &name, const QString &error);
    void loaded(const QString &name, bool found);

private:
    Keyring() = default;
    void remember(const QString &name, const QString &secret);

    bool m_forceUnavailable = false;
};

} // namespace lagscope
