#pragma once
// The user's configuration as plain values. Built by ConfigLoader on any thread, then
// copied freely; nothing here owns a connection.

#include "config/AlertConfig.h"
#include "mirror/ReplicationPolicy.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace lagscope {

// How Lagscope authenticates to a cluster and verifies it (the `security:` block). Mapped
// onto librdkafka properties by securityProperties() (config/SecurityProperties.h).
// password and keyPassword hold what the file says: a reference such as ${env:NAME},
// ${file:/path}, ${cmd:pass show kafka/prod} or ${keyring:NAME}, or clear text (accepted
// with a warning). They are resolved only when a connection is made.
struct SecurityConfig {
    QString protocol;      // PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL; empty: not configured
    QString saslMechanism; // PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, GSSAPI, OAUTHBEARER
    QString username;
    QString password;
    // GSSAPI (Kerberos). With a keytab Lagscope gets its own ticket by running kinitCommand()
    // (config/SecurityProperties.h); without one it uses the ticket cache (kinit by the user).
    QString kerberosPrincipal{};   // e.g. lagscope@EXAMPLE.COM; required with a keytab
    QString kerberosKeytab{};      // absolute path; checked when the file is read
    QString kerberosServiceName{}; // the broker's service name; empty: "kafka"
    // OAUTHBEARER with an OpenID Connect client (the client credentials grant): Lagscope asks
    // the token endpoint for a token and again before it expires (kafka/OidcTokenSource.h).
    // Empty oauthTokenEndpoint: the sasl.oauthbearer.* passthrough properties decide.
    QString oauthTokenEndpoint{};
    QString oauthClientId{};
    QString oauthClientSecret{}; // a reference or clear text, like password
    QString oauthScope{};
    std::map<QString, QString> oauthExtensions{}; // SASL extensions sent with the token
    QString caFile; // absolute paths (relative ones are taken from the config file's folder)
    QString certFile;
    QString keyFile;
    QString keyPassword;
    // Both on unless the file turns them off explicitly; the GUI then shows a warning badge.
    bool verifyCertificates = true;
    bool verifyHostname = true;

    bool usesTls() const { return protocol == u"SSL" || protocol == u"SASL_SSL"; }
    bool usesSasl() const { return protocol == u"SASL_PLAINTEXT" || protocol == u"SASL_SSL"; }
    bool tlsVerificationOff() const { return usesTls() && (!verifyCertificates || !verifyHostname); }
    bool usesKerberos() const { return usesSasl() && saslMechanism == u"GSSAPI"; }
    bool usesOidc() const { return usesSasl() && saslMechanism == u"OAUTHBEARER" && !oauthTokenEndpoint.isEmpty(); }
};

struct ClusterConfig {
    QString name;
    // Comma-separated host:port list, as librdkafka's bootstrap.servers expects it.
    QString bootstrapServers;
    // Refuses every write action (resets, failover) in GUI and CLI alike.
    bool readOnly = false;
    // Passed to librdkafka as is (e.g. "socket.timeout.ms"); typed keys win over these.
    std::map<QString, QString> properties;
    // Last, with initializers, so that aggregate initialisation written before they
    // existed ({name, bootstrap, readOnly, properties}) still means the same.
    QString readOnlyReason{}; // e.g. "matches read_only_clusters \"prod-.*\"" (empty: read_only: true)
    SecurityConfig security{};
};

// One MirrorMaker 2 replication flow, source -> target, as configured by the user.
struct ReplicationFlowConfig {
    QString sourceCluster; // name of a cluster in clusters
    QString targetCluster; // name of a cluster in clusters
    QString sourceAlias;   // MirrorMaker 2 alias of the source (defaults to sourceCluster)
    QString targetAlias;   // MirrorMaker 2 alias of the target (defaults to targetCluster)
    // How MirrorMaker 2 names topics for this flow (policy, separator, offset-syncs location).
    mirror::ReplicationPolicyConfig policy;
};

// The MirrorMaker 2 alias of a flow's cluster: the alias when set, else the cluster name.
inline QString aliasOr(const QString &alias, const QString &cluster) { return alias.isEmpty() ? cluster : alias; }

struct AppConfig {
    QString path;                 // file it was read from ("" when built in memory)
    int pollIntervalMs = 5000;    // how often every cluster is polled
    int requestTimeoutMs = 10000; // deadline of one request to a cluster
    int lagWindowPolls = 10;      // polls the lag status looks back over (docs/LAG-STATUS.md)
    // A lag up to this many records counts as caught up: 1 by default, because where
    // Lagscope cannot read a topic (monitor/ExactLag) a transaction's commit marker at the
    // log end still leaves an idle consumer at lag 1 (docs/LAG-STATUS.md, The window).
    int allowedLag = 1;
    // Orphaned offsets (docs/LAG-STATUS.md) leave the group's totals, lag time and status, and
    // so its lag alerts, when true (YAML ignore_orphaned_offsets); they are still shown.
    bool ignoreOrphanedOffsets = false;
    std::vector<ClusterConfig> clusters;
    std::vector<ReplicationFlowConfig> flows;
    QString readOnlyClusters;      // top-level regex; matching clusters have readOnly set
    std::vector<AlertRule> alerts; // config/AlertConfig.h
    QStringList warnings;          // accepted but worth telling the user, with file:line:column
    // A team's shared history (YAML history: postgresql://…, with history_password, history_sslmode
    // and history_sslrootcert) as a location for HistoryStore::open (store/HistoryLocation.h);
    // empty: the SQLite file given on the command line, or the default one.
    QString history{};

    const ClusterConfig *cluster(const QString &name) const
    {
        for (const auto &c : clusters)
            if (c.name == name)
                return &c;
        return nullptr;
    }
};

} // namespace lagscope
