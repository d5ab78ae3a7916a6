#include "CliContext.h"

#include "config/ConfigLoader.h"
#include "util/SecretMasker.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace lagscope::cli {

CliContext::CliContext(QString command) : m_command(std::move(command)), m_out(stdout), m_err(stderr)
{
    m_parser.setApplicationDescription(QStringLiteral("lagscopectl %1").arg(m_command));
    m_parser.addHelpOption();
    m_parser.addOptions({
        {QStringLiteral("config"), QStringLiteral("Configuration file (default: %1).").arg(defaultConfigPath()),
         QStringLiteral("file")},
        {QStringLiteral("cluster"), QStringLiteral("Cluster name from the configuration."), QStringLiteral("name")},
        {QStringLiteral("bootstrap"), QStringLiteral("Connect to these brokers instead of a configured cluster."),
         QStringLiteral("host:port,...")},
        {QStringLiteral("format"), QStringLiteral("Output format: table, csv or json."), QStringLiteral("format"),
         QStringLiteral("table")},
        {QStringLiteral("timeout"), QStringLiteral("Deadline for the whole command, in seconds."),
         QStringLiteral("seconds")},
    });
}

bool CliContext::listAllGroups(QStringList &groups)
{
    auto listed = m_client->listGroups(deadline());
    if (!listed) {
        fail(RuntimeError, listed.errorMessage());
        return false;
    }
    for (const auto &g : *listed)
        groups << g.groupId;
    groups.sort();
    return true;
}

int CliContext::fail(int code, const QString &message)
{
    m_err << "lagscopectl " << m_command << ": " << maskSecrets(message) << Qt::endl;
    m_exit = code;
    return code;
}

bool CliContext::parse(const QStringList &args)
{
    QStringList argv = args;
    argv.prepend(QStringLiteral("lagscopectl ") + m_command);
    if (!m_parser.parse(argv)) {
        fail(UsageError, m_parser.errorText());
        return false;
    }
    if (m_parser.isSet(QStringLiteral("help"))) {
        m_out << m_parser.helpText();
        m_exit = Ok;
        return false;
    }
    if (const QString repeated = repeatedValueError(m_parser, m_repeatable); !repeated.isEmpty()) {
        fail(UsageError, repeated);
        return false;
    }
    // A value after an option that takes none (--group A B) would otherwise be dropped unseen.
    if (!m_parser.positionalArguments().isEmpty()) {
        fail(UsageError, unexpectedArgumentError(m_parser));
        return false;
    }
    const QString format = m_parser.value(QStringLiteral("format"));
    if (format == QStringLiteral("table"))
        m_format = Format::Table;
    else if (format == QStringLiteral("csv"))
        m_format = Format::Csv;
    else if (format == QStringLiteral("json"))
        m_format = Format::Json;
    else {
        fail(UsageError, QStringLiteral("--format must be table, csv or json, not '%1'").arg(format));
        return false;
    }
    if (m_parser.isSet(QStringLiteral("timeout"))) {
        const std::optional<int> ms = timeoutOptionMs(m_parser.value(QStringLiteral("timeout")));
        if (!ms) {
            fail(UsageError, timeoutOptionError(m_parser.value(QStringLiteral("timeout"))));
            return false;
        }
        m_timeoutMs = *ms;
    }
    const bool cluster = m_parser.isSet(QStringLiteral("cluster"));
    const bool bootstrap = m_parser.isSet(QStringLiteral("bootstrap"));
    if (!m_clusterRequired && (cluster || bootstrap)) {
        fail(UsageError, QStringLiteral("--cluster and --bootstrap are not used by %1: it names its clusters with "
                                        "--from and --to")
                             .arg(m_command));
        return false;
    }
    if (m_clusterRequired && cluster == bootstrap) {
        fail(UsageError, QStringLiteral("give exactly one of --cluster NAME or --bootstrap HOST:PORT"));
        return false;
    }
    if (bootstrap && !isValidBootstrapServers(m_parser.value(QStringLiteral("bootstrap")))) {
        fail(UsageError, QStringLiteral("--bootstrap takes host:port with a port from 1 to 65535 (several separated "
                                        "by commas), not '%1'")
                             .arg(m_parser.value(QStringLiteral("bootstrap"))));
        return false;
    }
    return true;
}

QString CliContext::configPath() const
{
    return m_parser.isSet(QStringLiteral("config")) ? m_parser.value(QStringLiteral("config")) : defaultConfigPath();
}

bool CliContext::connect()
{
    int requestTimeout = m_timeoutMs;
    if (m_parser.isSet(QStringLiteral("bootstrap"))) {
        m_cluster.name = m_parser.value(QStringLiteral("bootstrap"));
        m_cluster.bootstrapServers = m_cluster.name;
    } else {
        const QString path = configPath();
        auto config = loadConfig(path);
        if (!config) {
            fail(UsageError, config.errorMessage());
            return false;
        }
        for (const auto &w : config->warnings)
            m_err << "warning: " << maskSecrets(w) << Qt::endl;
        const QString name = m_parser.value(QStringLiteral("cluster"));
        const ClusterConfig *cluster = config->cluster(name);
        if (!cluster) {
            QStringList names;
            for (const auto &c : config->clusters)
                names << c.name;
            fail(UsageError, QStringLiteral("no cluster named '%1' in %2 (configured: %3)")
                                 .arg(name, path, names.join(QStringLiteral(", "))));
            return false;
        }
        m_cluster = *cluster;
        if (!m_parser.isSet(QStringLiteral("timeout"))) {
            m_timeoutMs = config->requestTimeoutMs;
            requestTimeout = config->requestTimeoutMs;
        }
    }
    auto client = KafkaClient::create(m_cluster, ClientOptions{requestTimeout, 0, {}});
    if (!client) {
        fail(UsageError, client.errorMessage());
        return false;
    }
    m_client = std::move(*client);
    return true;
}

QJsonObject groupsAuditDetails(const QStringList &groups, bool allGroups)
{
    if (groups.size() == 1 && !allGroups)
        return QJsonObject{{QStringLiteral("group"), groups.first()}};
    return QJsonObject{{QStringLiteral("groups"), QJsonArray::fromStringList(groups)},
                       {QStringLiteral("all_groups"), allGroups}};
}

QString dryRunExecuteConflict(const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("dry-run")) && parser.isSet(QStringLiteral("execute")))
        return QStringLiteral("Option --dry-run and --execute cannot be used together");
    return QString();
}

QString repeatedValueError(const QCommandLineParser &parser, const QStringList &repeatable)
{
    QStringList seen;
    for (const QString &name : parser.optionNames()) {
        if (seen.contains(name))
            continue;
        seen << name;
        const QStringList values = parser.values(name);
        if (values.size() > 1 && !repeatable.contains(name))
            return QStringLiteral("--%1 takes one value but was given %2 ('%3'); run the command once for each")
                .arg(name)
                .arg(values.size())
                .arg(values.join(QStringLiteral("', '")));
    }
    return QString();
}

std::optional<int> timeoutOptionMs(const QString &text)
{
    bool ok = false;
    const double seconds = text.toDouble(&ok);
    // `!(seconds > 0)` also refuses NaN; a day bounds it well inside an int of milliseconds.
    if (!ok || !(seconds > 0) || seconds > kMaxTimeoutSeconds)
        return std::nullopt;
    return std::max(1, int(seconds * 1000));
}

QString timeoutOptionError(const QString &text)
{
    return QStringLiteral("--timeout takes a number of seconds above 0 and at most %1, not '%2'")
        .arg(kMaxTimeoutSeconds)
        .arg(text);
}

QString unexpectedArgumentError(const QCommandLineParser &parser)
{
    return QStringLiteral("unexpected argument '%1' (an option takes at most one value; repeat the option for more)")
        .arg(parser.positionalArguments().value(0));
}

void printJson(QTextStream &out, const QJsonValue &value)
{
    const QJsonDocument doc = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    out << QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
}

} // namespace lagscope::cli
