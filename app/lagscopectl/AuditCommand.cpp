// lagscopectl audit: the audit trail of write actions (applied, failed and refused), from
// the same audit.jsonl the GUI and the CLI append to, rotated files included.
#include "CliContext.h"

#include "actions/AuditLog.h"
#include "report/Table.h"
#include "util/AppPaths.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <optional>

namespace lagscope::cli {

namespace {

// "7d", "12h", "30m", "90s" before now, or an ISO 8601 date/time.
std::optional<QDateTime> parseSince(const QString &text, const QDateTime &now)
{
    static const QRegularExpression relative(QStringLiteral("^([0-9]{1,6})([dhms])$"));
    if (const auto m = relative.match(text); m.hasMatch()) {
        const qint64 n = m.captured(1).toLongLong();
        const QChar unit = m.captured(2).front();
        const qint64 seconds = unit == u'd' ? n * 86400 : unit == u'h' ? n * 3600 : unit == u'm' ? n * 60 : n;
        return now.addSecs(-seconds);
    }
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime(QDate::fromString(text, Qt::ISODate), QTime(0, 0), Qt::UTC);
    return t.isValid() ? std::optional(t) : std::nullopt;
}

} // namespace

int auditCommand(const QStringList &args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("lagscopectl audit: write actions recorded in the audit log"));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("since"),
         QStringLiteral("Only records from then on: 7d, 12h, 30m or an ISO date (default 7d)."), QStringLiteral("when"),
         QStringLiteral("7d")},
        {QStringLiteral("file"), QStringLiteral("Audit log to read (default: %1).").arg(auditLogPath(appDataDir())),
         QStringLiteral("path")},
        {QStringLiteral("format"), QStringLiteral("Output format: table, csv or json."), QStringLiteral("format"),
         QStringLiteral("table")},
    });
    if (!p.parse(QStringList{QStringLiteral("lagscopectl audit")} + args)) {
        err << "lagscopectl audit: " << p.errorText() << Qt::endl;
        return UsageError;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out << p.helpText();
        return Ok;
    }
    if (const QString repeated = repeatedValueError(p, {}); !repeated.isEmpty()) {
        err << "lagscopectl audit: " << repeated << Qt::endl;
        return UsageError;
    }
    if (!p.positionalArguments().isEmpty()) {
        err << "lagscopectl audit: " << unexpectedArgumentError(p) << Qt::endl;
        return UsageError;
    }
    const auto since = parseSince(p.value(QStringLiteral("since")), QDateTime::currentDateTimeUtc());
    if (!since) {
        err << "lagscopectl audit: --since takes 7d, 12h, 30m, 90s or an ISO date, not '"
            << p.value(QStringLiteral("since")) << "'" << Qt::endl;
        return UsageError;
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != u"table" && format != u"csv" && format != u"json") {
        err << "lagscopectl audit: --format must be table, csv or json" << Qt::endl;
        return UsageError;
    }
    const QString path = p.isSet(QStringLiteral("file")) ? p.value(QStringLiteral("file")) : auditLogPath(appDataDir());
    // No log at the default place means no write yet; a file named on the command line that
    // is not there is a typo, which "no records" would hide.
    if (p.isSet(QStringLiteral("file")) && !QFileInfo::exists(path)
        && !QFileInfo::exists(path + QStringLiteral(".1"))) {
        err << "lagscopectl audit: no audit log at " << path << " (--file)" << Qt::endl;
        return UsageError;
    }
    auto records = readAuditRecords(path, *since);
    if (!records) {
        err << "lagscopectl audit: " << records.errorMessage() << Qt::endl;
        return RuntimeError;
    }
    if (format == u"json") {
        QJsonArray array;
        for (const QJsonObject &r : *records)
            array.append(r);
        printJson(out, array);
        return Ok;
    }
    Table table{{QStringLiteral("TIME"), QStringLiteral("USER"), QStringLiteral("CLUSTER"), QStringLiteral("ACTION"),
                 QStringLiteral("GROUP"), QStringLiteral("RESULT"), QStringLiteral("DETAIL")},
                {}};
    for (const QJsonObject &r : *records) {
        auto field = [&r](const char *key) { return r.value(QLatin1String(key)).toString(); };
        QString detail = field("reason");
        if (detail.isEmpty())
            detail = QString(field("spec") + QLatin1Char(' ') + field("scope")).trimmed();
        if (r.contains(QStringLiteral("unreadable")))
            detail = QStringLiteral("unreadable line: ") + field("unreadable");
        // A refused write of several groups names them all ("groups", "all_groups").
        QString group = field("group");
        if (group.isEmpty() && r.value(QStringLiteral("all_groups")).toBool())
            group = QStringLiteral("(all groups)");
        else if (group.isEmpty())
            for (const QJsonValue &g : r.value(QStringLiteral("groups")).toArray())
                group += (group.isEmpty() ? QString() : QStringLiteral(",")) + g.toString();
        table.rows.push_back(
            {field("time"), field("user"), field("cluster"), field("action"), group, field("result"), detail});
    }
    out << (format == u"csv" ? formatCsv(table) : formatText(table));
    if (format == u"table" && records->empty())
        err << "No audit records since " << since->toString(Qt::ISODate) << " in " << path << Qt::endl;
    return Ok;
}

} // namespace lagscope::cli
