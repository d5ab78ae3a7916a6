#pragma once
// The rows of tst_clibadinput: lagscopectl command lines that are usage or configuration
// errors, each with the option it gives a bad value (empty for rows about the command line as
// a whole) and what stderr must say. "@DIR@" is the test's scratch tree.

#include <QString>
#include <QStringList>

#include <vector>

namespace lagscope::test {

inline constexpr const char *kCommands[] = {"describe",      "brokers", "quorum", "topics",         "groups",
                                            "reset-offsets", "undo",    "delete", "delete-offsets", "failover",
                                            "failback",      "triage",  "audit",  "report",         "collect"};

// The default configuration: nothing listens on these ports, and no row gets that far.
inline constexpr char kConfig[] = "clusters:\n"
                                  "  - {name: a, bootstrap: \"127.0.0.1:1\"}\n"
                                  "  - {name: b, bootstrap: \"127.0.0.1:2\"}\n"
                                  "  - {name: c, bootstrap: \"127.0.0.1:3\"}\n"
                                  "replication:\n"
                                  "  - {source: a, target: b}\n";
inline constexpr char kBadConfig[] = "clusters:\n  - name: a\n    bootstrap: 127.0.0.1:1\n    colour: blue\n";
inline constexpr char kBackupOfG[] =
    R"({"cluster": "a", "group": "g", "time": "2026-12-01T08:00:00.000Z", "offsets": [{"topic": "t", "partition": 0, "offset": 5}], "uncommitted": []})";
inline constexpr char kOtherClusterBackup[] =
    R"({"cluster": "other", "group": "g", "time": "2026-12-01T08:00:00.000Z", "offsets": [{"topic": "t", "partition": 0, "offset": 5}], "uncommitted": []})";

struct CliRow {
    QByteArray name;
    QStringList args;
    QString option; // the option given a bad value, without "--"; empty: the command line
    QStringList fragments;
    int exit = 2;
};

namespace clirows {

// A command line that would pass its checks (and then try to connect): rows change one thing.
inline QStringList base(const QString &command)
{
    const QString c = command;
    if (c == u"describe" || c == u"delete")
        return {c, QStringLiteral("--cluster"), QStringLiteral("a"), QStringLiteral("--group"), QStringLiteral("g")};
    if (c == u"reset-offsets")
        return {c,
                QStringLiteral("--cluster"),
                QStringLiteral("a"),
                QStringLiteral("--group"),
                QStringLiteral("g"),
                QStringLiteral("--all-topics"),
                QStringLiteral("--to-earliest")};
    if (c == u"undo")
        return {c, QStringLiteral("--cluster"), QStringLiteral("a"), QStringLiteral("--backup"),
                QStringLiteral("@DIR@/files/backup-g.json")};
    if (c == u"delete-offsets")
        return {c,
                QStringLiteral("--cluster"),
                QStringLiteral("a"),
                QStringLiteral("--group"),
                QStringLiteral("g"),
                QStringLiteral("--topic"),
                QStringLiteral("t")};
    if (c == u"failover" || c == u"failback")
        return {c,
                QStringLiteral("--from"),
                c == u"failover" ? QStringLiteral("a") : QStringLiteral("b"),
                QStringLiteral("--to"),
                c == u"failover" ? QStringLiteral("b") : QStringLiteral("a"),
                QStringLiteral("--group"),
                QStringLiteral("g")};
    if (c == u"triage" || c == u"audit" || c == u"collect")
        return {c};
    if (c == u"report")
        return {c,
                QStringLiteral("--format"),
                QStringLiteral("csv"),
                QStringLiteral("--out"),
                QStringLiteral("@DIR@/out/report.csv"),
                QStringLiteral("--since"),
                QStringLiteral("1h"),
                QStringLiteral("--history"),
                QStringLiteral("@DIR@/files/history.sqlite")};
    return {c, QStringLiteral("--cluster"), QStringLiteral("a")}; // brokers, quorum, topics, groups
}

// `args` without `--option` and its value (or without the flag when it takes none).
inline QStringList without(QStringList args, const QString &option, bool hasValue = true)
{
    const qsizetype at = args.indexOf(QStringLiteral("--") + option);
    if (at >= 0)
        args.remove(at, hasValue ? 2 : 1);
    return args;
}

// `args` with `--option value` instead of the option's value there.
inline QStringList with(const QStringList &args, const QString &option, const QString &value)
{
    return without(args, option) + QStringList{QStringLiteral("--") + option, value};
}

} // namespace clirows

// The table; built once.
const std::vector<CliRow> &cliRows();

} // namespace lagscope::test
