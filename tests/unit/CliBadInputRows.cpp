// The table of tst_clibadinput (CliBadInputRows.h).
#include "CliBadInputRows.h"

namespace lagscope::test {

namespace {

using namespace clirows;

class Table {
public:
    // A row: `args`, the option it is about, and what stderr must contain.
    void add(const QString &option, const QString &label, const QStringList &args, const QStringList &fragments,
             int exit = 2)
    {
        const QByteArray name = (args.value(0) + QStringLiteral(": ")
                                 + (option.isEmpty() ? QString() : QStringLiteral("--") + option + u' ') + label)
                                    .toUtf8();
        m_rows.push_back({name, args, option, fragments, exit});
    }
    // `--option value` in the command's base line.
    void value(const QString &command, const QString &option, const QString &value, const QString &fragment)
    {
        add(option, QStringLiteral("'%1'").arg(value), with(base(command), option, value), {fragment});
    }

    std::vector<CliRow> take() { return std::move(m_rows); }

private:
    std::vector<CliRow> m_rows;
};

const QString kBadConfigError = QStringLiteral("@DIR@/files/bad.yaml:4:5: clusters[0].colour: unknown key");
const QString kMissingFile = QStringLiteral("@DIR@/files/missing");

// The options CliContext gives every command that talks to a cluster.
void addCommonRows(Table &t, const QString &command, bool full)
{
    const QStringList b = base(command);
    const bool failover = command == u"failover" || command == u"failback";
    t.add(QString(), QStringLiteral("unknown option"), b + QStringList{QStringLiteral("--bogus")},
          {QStringLiteral("Unknown option 'bogus'")});
    t.add(QString(), QStringLiteral("stray argument"), b + QStringList{QStringLiteral("extra")},
          {QStringLiteral("unexpected argument 'extra'")});
    t.add(QStringLiteral("format"), QStringLiteral("without its value"), b + QStringList{QStringLiteral("--format")},
          {QStringLiteral("Missing value after '--format'")});
    t.value(command, QStringLiteral("format"), QStringLiteral("xml"),
            QStringLiteral("--format must be table, csv or json, not 'xml'"));
    const QString timeout = QStringLiteral("--timeout takes a number of seconds");
    for (const char *v : {"abc", "0", "-5", "nan", "inf", "1e10", "100000"}) {
        if (!full && qstrcmp(v, "abc") != 0 && qstrcmp(v, "nan") != 0 && qstrcmp(v, "1e10") != 0)
            continue;
        t.value(command, QStringLiteral("timeout"), QString::fromLatin1(v), timeout);
    }
    t.value(command, QStringLiteral("config"), kMissingFile, kMissingFile + QStringLiteral(": cannot read the file"));
    if (failover) {
        t.value(command, QStringLiteral("config"), QStringLiteral("@DIR@/files/bad.yaml"), kBadConfigError);
        // Failover names its clusters with --from and --to: --cluster and --bootstrap would be ignored.
        t.add(QStringLiteral("cluster"), QStringLiteral("not used"),
              b + QStringList{QStringLiteral("--cluster"), QStringLiteral("a")},
              {QStringLiteral("--cluster and --bootstrap are not used by %1").arg(command)});
        t.add(QStringLiteral("bootstrap"), QStringLiteral("not used"),
              b + QStringList{QStringLiteral("--bootstrap"), QStringLiteral("127.0.0.1:1")},
              {QStringLiteral("--cluster and --bootstrap are not used by %1").arg(command)});
        return;
    }
    t.add(QStringLiteral("config"), QStringLiteral("bad file"),
          b + QStringList{QStringLiteral("--config"), QStringLiteral("@DIR@/files/bad.yaml")}, {kBadConfigError});
    t.value(command, QStringLiteral("cluster"), QStringLiteral("nosuch"),
            QStringLiteral("no cluster named 'nosuch' in @DIR@/config/lagscope/config.yaml (configured: a, b, c)"));
    const QString exactlyOne = QStringLiteral("give exactly one of --cluster NAME or --bootstrap HOST:PORT");
    t.add(QStringLiteral("cluster"), QStringLiteral("and --bootstrap"),
          b + QStringList{QStringLiteral("--bootstrap"), QStringLiteral("127.0.0.1:1")}, {exactlyOne});
    t.add(QString(), QStringLiteral("no --cluster nor --bootstrap"), without(b, QStringLiteral("cluster")),
          {exactlyOne});
    const QString hostPort = QStringLiteral("--bootstrap takes host:port with a port from 1 to 65535");
    const QStringList noCluster = without(b, QStringLiteral("cluster"));
    for (const char *v : {"kafka", "kafka:0", "kafka:99999", "", "PLAINTEXT://kafka:9092", "a:1,,b:2"}) {
        if (!full && qstrcmp(v, "kafka") != 0)
            continue;
        t.add(QStringLiteral("bootstrap"), QStringLiteral("'%1'").arg(QString::fromLatin1(v)),
              noCluster + QStringList{QStringLiteral("--bootstrap"), QString::fromLatin1(v)}, {hostPort});
    }
}

void addGroupChoiceRows(Table &t, const QString &command)
{
    const QStringList b = base(command);
    const QString error = command == u"reset-offsets"
                              ? QStringLiteral("--group is required (repeatable), or --all-groups")
                              : QStringLiteral("give --group G (repeatable) or --all-groups");
    t.add(QString(), QStringLiteral("no group"), without(b, QStringLiteral("group")), {error});
    t.add(QStringLiteral("group"), QStringLiteral("and --all-groups"), b + QStringList{QStringLiteral("--all-groups")},
          {command == u"reset-offsets" ? QStringLiteral("give --group or --all-groups, not both") : error});
}

void addDryRunExecute(Table &t, const QString &command)
{
    t.add(QString(), QStringLiteral("--dry-run and --execute"),
          base(command) + QStringList{QStringLiteral("--dry-run"), QStringLiteral("--execute")},
          {QStringLiteral("--dry-run and --execute cannot be used together")});
}

void addResetRows(Table &t)
{
    const QString c = QStringLiteral("reset-offsets");
    const QStringList b = base(c);
    addGroupChoiceRows(t, c);
    addDryRunExecute(t, c);
    const QString oneSpec = QStringLiteral("give exactly one reset spec");
    t.add(QString(), QStringLiteral("no spec"), without(b, QStringLiteral("to-earliest"), false), {oneSpec});
    t.add(QString(), QStringLiteral("two specs"), b + QStringList{QStringLiteral("--to-latest")}, {oneSpec});
    t.add(QString(), QStringLiteral("no scope"), without(b, QStringLiteral("all-topics"), false),
          {QStringLiteral("One of the reset scopes should be defined: --all-topics, --topic.")});
    const QStringList noSpec = without(b, QStringLiteral("to-earliest"), false);
    const auto spec = [&](const char *option, const char *value, const QString &fragment) {
        t.add(QString::fromLatin1(option), QStringLiteral("'%1'").arg(QString::fromLatin1(value)),
              noSpec + QStringList{QStringLiteral("--") + QString::fromLatin1(option), QString::fromLatin1(value)},
              {fragment});
    };
    const QString wholeNumber = QStringLiteral("takes a whole number");
    for (const char *v : {"five", "1.5", "99999999999999999999", "", "0x10"}) {
        spec("to-offset", v, QStringLiteral("--to-offset ") + wholeNumber);
        spec("shift-by", v, QStringLiteral("--shift-by ") + wholeNumber);
    }
    for (const char *v : {"yesterday", "2026-13-01T00:00:00.000", "2026-12-01", "2026-12-01T25:00:00.000", ""})
        spec("to-datetime", v, QStringLiteral("--to-datetime"));
    for (const char *v : {"5m", "P", "PT", "PT1.5.5S", "P1Y", ""}) // "-PT1H" is valid, as in the tool
        spec("by-duration", v, QStringLiteral("--by-duration"));
    spec("from-file", "@DIR@/files/missing", QStringLiteral("cannot read @DIR@/files/missing"));
    spec("from-file", "@DIR@/files/plan-bad.csv", QStringLiteral("@DIR@/files/plan-bad.csv: "));
    spec("from-file", "@DIR@/files/backup-bad.json", QStringLiteral("@DIR@/files/backup-bad.json: "));
    spec("from-file", "@DIR@/files", QStringLiteral("cannot read @DIR@/files"));
    for (const char *v : {":1", "t:x", "t:-1", "t:", "t:1,,2"})
        t.add(QStringLiteral("topic"), QStringLiteral("'%1'").arg(QString::fromLatin1(v)),
              without(b, QStringLiteral("all-topics"), false)
                  + QStringList{QStringLiteral("--topic"), QString::fromLatin1(v)},
              {QStringLiteral("--topic")});
}

void addUndoRows(Table &t)
{
    const QString c = QStringLiteral("undo");
    const QStringList b = base(c);
    addDryRunExecute(t, c);
    t.add(QString(), QStringLiteral("no backup"), without(b, QStringLiteral("backup")),
          {QStringLiteral("--backup FILE is required")});
    t.value(c, QStringLiteral("backup"), kMissingFile, QStringLiteral("cannot read @DIR@/files/missing"));
    t.value(c, QStringLiteral("backup"), QStringLiteral("@DIR@/files/backup-bad.json"),
            QStringLiteral("@DIR@/files/backup-bad.json: "));
    t.value(c, QStringLiteral("backup"), QStringLiteral("@DIR@/files/plan-bad.csv"),
            QStringLiteral("@DIR@/files/plan-bad.csv: "));
    t.value(c, QStringLiteral("backup"), QStringLiteral("@DIR@/files/backup-other.json"),
            QStringLiteral("@DIR@/files/backup-other.json is a backup of cluster 'other', not 'a'"));
}

void addDeleteRows(Table &t)
{
    addGroupChoiceRows(t, QStringLiteral("delete"));
    addDryRunExecute(t, QStringLiteral("delete"));
    const QString c = QStringLiteral("delete-offsets");
    const QStringList b = base(c);
    addDryRunExecute(t, c);
    t.add(QString(), QStringLiteral("no group"), without(b, QStringLiteral("group")),
          {QStringLiteral("--group is required")});
    t.add(QString(), QStringLiteral("no topic"), without(b, QStringLiteral("topic")),
          {QStringLiteral("takes the following options: --topic")});
    t.value(c, QStringLiteral("group"), QString(), QStringLiteral("--group is required"));
    for (const char *v : {"t:x", ":0", "t:-2"})
        t.value(c, QStringLiteral("topic"), QString::fromLatin1(v), QStringLiteral("--topic"));
}

void addDescribeRows(Table &t)
{
    const QString c = QStringLiteral("describe");
    addGroupChoiceRows(t, c);
    t.add(QString(), QStringLiteral("--members and --state"),
          base(c) + QStringList{QStringLiteral("--members"), QStringLiteral("--state")},
          {QStringLiteral("give at most one of --members, --state and --offsets")});
}

void addFailoverRows(Table &t, const QString &c)
{
    const QStringList b = base(c);
    addDryRunExecute(t, c);
    const QString required = QStringLiteral("--from CLUSTER and --to CLUSTER are required");
    t.add(QStringLiteral("from"), QStringLiteral("missing"), without(b, QStringLiteral("from")), {required});
    t.add(QStringLiteral("to"), QStringLiteral("missing"), without(b, QStringLiteral("to")), {required});
    t.value(c, QStringLiteral("from"), QStringLiteral("nosuch"), QStringLiteral("no cluster named 'nosuch'"));
    t.value(c, QStringLiteral("to"), QStringLiteral("nosuch"), QStringLiteral("no cluster named 'nosuch'"));
    t.value(c, QStringLiteral("to"), QStringLiteral("c"), QStringLiteral("no replication flow between"));
    t.add(QStringLiteral("group"), QStringLiteral("none"), without(b, QStringLiteral("group")),
          {QStringLiteral("give --group G (repeatable) or --all-groups")});
    const QString modes =
        QStringLiteral("--mode is auto|exact|offset-sync|checkpoint, --fallback is fail|earliest|latest");
    t.value(c, QStringLiteral("mode"), QStringLiteral("fast"), modes);
    t.value(c, QStringLiteral("fallback"), QStringLiteral("skip"), modes);
    for (const char *v : {"soon", "-1", "nan", "inf", "1e12"})
        t.value(c, QStringLiteral("wait-replication"), QString::fromLatin1(v),
                QStringLiteral("--wait-replication takes"));
    t.add(QStringLiteral("target-group"), QStringLiteral("with two groups"),
          b
              + QStringList{QStringLiteral("--group"), QStringLiteral("h"), QStringLiteral("--target-group"),
                            QStringLiteral("x")},
          {QStringLiteral("--target-group needs exactly one --group")});
    t.add(QString(), QStringLiteral("--refresh-cache and --execute"),
          b + QStringList{QStringLiteral("--refresh-cache"), QStringLiteral("--execute")},
          {QStringLiteral("--refresh-cache writes nothing to a cluster: drop --execute")});
}

void addTriageRows(Table &t)
{
    const QString c = QStringLiteral("triage");
    t.add(QString(), QStringLiteral("unknown option"), {c, QStringLiteral("--cluster"), QStringLiteral("a")},
          {QStringLiteral("Unknown option 'cluster'")});
    t.add(QString(), QStringLiteral("stray argument"), {c, QStringLiteral("a")},
          {QStringLiteral("unexpected argument 'a'")});
    t.value(c, QStringLiteral("format"), QStringLiteral("yaml"), QStringLiteral("--format must be table, csv or json"));
    t.value(c, QStringLiteral("config"), kMissingFile, kMissingFile + QStringLiteral(": cannot read the file"));
    t.value(c, QStringLiteral("config"), QStringLiteral("@DIR@/files/bad.yaml"), kBadConfigError);
    for (const char *v : {"0", "1001", "x", "-1", "2.5"})
        t.value(c, QStringLiteral("polls"), QString::fromLatin1(v),
                QStringLiteral("--polls takes a number from 1 to 1000"));
    for (const char *v : {"0", "0.05", "3601", "x", "nan", "inf"})
        t.value(c, QStringLiteral("interval"), QString::fromLatin1(v),
                QStringLiteral("--interval takes seconds from 0.1 to 3600"));
    for (const char *v : {"x", "0", "-1", "nan", "inf", "1e10"})
        t.value(c, QStringLiteral("timeout"), QString::fromLatin1(v),
                QStringLiteral("--timeout takes a number of seconds"));
}

void addAuditRows(Table &t)
{
    const QString c = QStringLiteral("audit");
    t.add(QString(), QStringLiteral("unknown option"), {c, QStringLiteral("--group"), QStringLiteral("g")},
          {QStringLiteral("Unknown option 'group'")});
    t.add(QString(), QStringLiteral("stray argument"), {c, QStringLiteral("7d")},
          {QStringLiteral("unexpected argument '7d'")});
    for (const char *v : {"x", "7w", "-7d", "2026-13-40", "1234567d", ""})
        t.value(c, QStringLiteral("since"), QString::fromLatin1(v), QStringLiteral("--since takes 7d, 12h, 30m"));
    t.value(c, QStringLiteral("format"), QStringLiteral("pdf"), QStringLiteral("--format must be table, csv or json"));
    t.value(c, QStringLiteral("file"), kMissingFile, QStringLiteral("no audit log at @DIR@/files/missing"));
}

void addReportRows(Table &t)
{
    const QString c = QStringLiteral("report");
    const QStringList b = base(c);
    t.add(QString(), QStringLiteral("unknown option"), b + QStringList{QStringLiteral("--bogus")},
          {QStringLiteral("Unknown option 'bogus'")});
    t.add(QString(), QStringLiteral("stray argument"), b + QStringList{QStringLiteral("extra")},
          {QStringLiteral("unexpected argument 'extra'")});
    t.add(QStringLiteral("format"), QStringLiteral("missing"), without(b, QStringLiteral("format")),
          {QStringLiteral("--format must be csv, json or pdf")});
    t.value(c, QStringLiteral("format"), QStringLiteral("xml"), QStringLiteral("--format must be csv, json or pdf"));
    t.add(QStringLiteral("out"), QStringLiteral("missing"), without(b, QStringLiteral("out")),
          {QStringLiteral("--out FILE is required")});
    t.value(c, QStringLiteral("out"), QStringLiteral("@DIR@/nonexistent-dir/report.csv"),
            QStringLiteral("--out: no folder @DIR@/nonexistent-dir"));
    const QString oneOf = QStringLiteral("give exactly one of --since DURATION or --from TIME");
    t.add(QString(), QStringLiteral("neither --since nor --from"), without(b, QStringLiteral("since")), {oneOf});
    t.add(QStringLiteral("from"), QStringLiteral("and --since"),
          b + QStringList{QStringLiteral("--from"), QStringLiteral("2026-12-01T00:00:00Z")}, {oneOf});
    t.add(QStringLiteral("to"), QStringLiteral("with --since"),
          b + QStringList{QStringLiteral("--to"), QStringLiteral("2026-12-01T00:00:00Z")},
          {QStringLiteral("--since ends now; use --from and --to for another range")});
    for (const char *v : {"x", "-1h", "0", "1y", ""})
        t.value(c, QStringLiteral("since"), QString::fromLatin1(v), QStringLiteral("--since: "));
    // Longer than the history keeps: refused before the history is opened.
    t.value(c, QStringLiteral("since"), QStringLiteral("30d"), QStringLiteral("The history keeps "));
    const QStringList fromRange = without(b, QStringLiteral("since"));
    for (const char *v : {"yesterday", "2026-13-01T00:00:00Z", "2026-12-01T08:00:00+25:00"})
        t.add(QStringLiteral("from"), QStringLiteral("'%1'").arg(QString::fromLatin1(v)),
              fromRange + QStringList{QStringLiteral("--from"), QString::fromLatin1(v)}, {QStringLiteral("--from")});
    t.add(QStringLiteral("to"), QStringLiteral("'noon'"),
          fromRange
              + QStringList{QStringLiteral("--from"), QStringLiteral("2026-12-01T00:00:00Z"), QStringLiteral("--to"),
                            QStringLiteral("noon")},
          {QStringLiteral("--to")});
    for (const char *v : {"-1", "x", "1.5", "99999999999999999999"})
        t.value(c, QStringLiteral("sla-lag"), QString::fromLatin1(v),
                QStringLiteral("--sla-lag takes a number of records"));
    for (const char *v : {"-1", "nan", "inf", "x"})
        t.value(c, QStringLiteral("sla-seconds"), QString::fromLatin1(v),
                QStringLiteral("--sla-seconds takes a number of seconds"));
    t.value(c, QStringLiteral("history"), kMissingFile, QStringLiteral("no history at @DIR@/files/missing"));
    t.value(c, QStringLiteral("group"), QStringLiteral("billing-("), QStringLiteral("--group"));
    t.value(c, QStringLiteral("cluster"), QString(), QStringLiteral("--cluster takes a cluster name"));
}

// collect runs until SIGTERM: only rows refused before it starts.
void addCollectRows(Table &t)
{
    const QString c = QStringLiteral("collect");
    t.add(QString(), QStringLiteral("unknown option"), {c, QStringLiteral("--cluster"), QStringLiteral("a")},
          {QStringLiteral("Unknown option 'cluster'")});
    t.add(QString(), QStringLiteral("stray argument"), {c, QStringLiteral("a")},
          {QStringLiteral("unexpected argument 'a'")});
    t.value(c, QStringLiteral("config"), kMissingFile, kMissingFile + QStringLiteral(": cannot read the file"));
    t.value(c, QStringLiteral("config"), QStringLiteral("@DIR@/files/bad.yaml"), kBadConfigError);
    t.add(QStringLiteral("history"), QStringLiteral("without its value"), {c, QStringLiteral("--history")},
          {QStringLiteral("Missing value after '--history'")});
    t.add(QStringLiteral("metrics-listen"), QStringLiteral("without its value"),
          {c, QStringLiteral("--metrics-listen")}, {QStringLiteral("Missing value after '--metrics-listen'")});
}

std::vector<CliRow> makeRows()
{
    Table t;
    t.add(QString(), QStringLiteral("no command"), {}, {QStringLiteral("Usage: lagscopectl")});
    t.add(QString(), QStringLiteral("unknown command"), {QStringLiteral("frobnicate")},
          {QStringLiteral("unknown command 'frobnicate'")});
    t.add(QString(), QStringLiteral("an option first"), {QStringLiteral("--cluster")},
          {QStringLiteral("unknown command '--cluster'")});
    for (const char *command : kCommands) {
        const QString c = QString::fromLatin1(command);
        if (c != u"triage" && c != u"audit" && c != u"report" && c != u"collect")
            addCommonRows(t, c, c == u"describe" || c == u"reset-offsets");
    }
    addDescribeRows(t);
    addResetRows(t);
    addUndoRows(t);
    addDeleteRows(t);
    addFailoverRows(t, QStringLiteral("failover"));
    addFailoverRows(t, QStringLiteral("failback"));
    addTriageRows(t);
    addAuditRows(t);
    addReportRows(t);
    addCollectRows(t);
    return t.take();
}

} // namespace

const std::vector<CliRow> &cliRows()
{
    static const std::vector<CliRow> rows = makeRows();
    return rows;
}

} // namespace lagscope::test
