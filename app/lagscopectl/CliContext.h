#pragma once
// What every lagscopectl command shares: options common to all commands, the loaded
// configuration, the chosen cluster's client, output format and exit codes.

#include "config/Config.h"
#include "kafka/KafkaClient.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QTextStream>

#include <memory>
#include <optional>

namespace lagscope::cli {

enum ExitCode {
    Ok = 0,
    RuntimeError = 1,
    UsageError = 2,
    Refused = 3
};

enum class Format {
    Table,
    Csv,
    Json
};

class CliContext {
public:
    explicit CliContext(QString command);

    QCommandLineParser &parser() { return m_parser; }
    // For commands that name their clusters otherwise (failover --from/--to): --cluster and
    // --bootstrap are then not required.
    void setClusterRequired(bool required) { m_clusterRequired = required; }
    // Options the command reads with values(): they may be given more than once. Any other
    // option given twice with values is a usage error (see repeatedValueError()).
    void setRepeatable(QStringList options) { m_repeatable = std::move(options); }
    // Parses args (command name excluded). On failure prints the error and returns false;
    // exitCode() then tells why.
    bool parse(const QStringList &args);
    // Loads the configuration and creates the client for --cluster (or --bootstrap).
    bool connect();
    // --config, or the default configuration file.
    QString configPath() const;
    // Every consumer group of the cluster, sorted (--all-groups of the write commands);
    // false, with the error printed, when they cannot be listed. After connect().
    bool listAllGroups(QStringList &groups);

    KafkaClient &client() { return *m_client; }
    const ClusterConfig &cluster() const { return m_cluster; }
    Format format() const { return m_format; }
    Deadline deadline() const { return Deadline::inMs(m_timeoutMs); }
    int exitCode() const { return m_exit; }

    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }
    int fail(int code, const QString &message);

private:
    QString m_command;
    QCommandLineParser m_parser;
    QTextStream m_out;
    QTextStream m_err;
    ClusterConfig m_cluster;
    std::unique_ptr<KafkaClient> m_client;
    Format m_format = Format::Table;
    int m_timeoutMs = 10000;
    int m_exit = Ok;
    bool m_clusterRequired = true;
    QStringList m_repeatable;
};

int describeCommand(const QStringList &args);
int brokersCommand(const QStringList &args);
int quorumCommand(const QStringList &args);
int topicsCommand(const QStringList &args);
int groupsCommand(const QStringList &args);
int resetOffsetsCommand(const QStringList &args);
int undoCommand(const QStringList &args);
int deleteCommand(const QStringList &args);
int deleteOffsetsCommand(const QStringList &args);
int failoverCommand(const QStringList &args);
int failbackCommand(const QStringList &args);
int auditCommand(const QStringList &args);
int triageCommand(const QStringList &args);
int collectCommand(const QStringList &args);
// Builds its own QCoreApplication (or QApplication for PDF); call before any exists.
int reportMain(int argc, char **argv);

// The usage error of --dry-run given with --execute (reset-offsets, undo, failover), in the
// tool's words; empty when they are not both given.
QString dryRunExecuteConflict(const QCommandLineParser &parser);

// The usage error of an option that takes one value but was given several (e.g. --group A
// --group B to a command that plans one group): QCommandLineParser::value() would quietly
// keep the last one. Options in `repeatable` are read with values() and may repeat; a
// repeated flag means the same as one. Empty when nothing is repeated.
QString repeatedValueError(const QCommandLineParser &parser, const QStringList &repeatable);

// --timeout SECONDS of every command: above 0 and at most a day (kMaxTimeoutSeconds), in
// milliseconds; nullopt for anything else (a word, NaN, infinity, a number of seconds whose
// milliseconds overflow an int). timeoutOptionError() is the usage error to print then.
inline constexpr int kMaxTimeoutSeconds = 86400;
std::optional<int> timeoutOptionMs(const QString &text);
QString timeoutOptionError(const QString &text);

// The usage error of a positional argument: no command takes one.
QString unexpectedArgumentError(const QCommandLineParser &parser);

// The groups of a write in its audit record: "group" for one named group (as records had
// before several could be given), else "groups" and "all_groups".
QJsonObject groupsAuditDetails(const QStringList &groups, bool allGroups);

// Prints the document as indented JSON followed by a newline.
void printJson(QTextStream &out, const class QJsonValue &value);

} // namespace lagscope::cli
