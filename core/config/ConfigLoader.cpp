#include "config/ConfigLoader.h"

#include "config/AlertConfigParser.h"
#include "config/ConfigDiagnostics.h"
#include "config/ConfigNodes.h"
#include "config/ConfigSecurity.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <yaml-cpp/yaml.h>

#include <exception>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace lagscope {

namespace {

using confignodes::closestMatch;
using confignodes::describe;
using confignodes::findEntry;
using confignodes::indexPath;
using confignodes::MapEntry;
using confignodes::quoted;
using confignodes::readMap;
using confignodes::scalarText;

constexpr qint64 kMinDurationMs = 250;
constexpr qint64 kMaxDurationMs = 24 * 60 * 60 * 1000;

const QStringList &topLevelKeys()
{
    static const QStringList keys{QStringLiteral("poll_interval"),
                                  QStringLiteral("request_timeout"), QStringLiteral("clusters"),
                                  QStringLiteral("replication"), QStringLiteral("read_only_clusters"),
                                  QStringLiteral("alerts"), QStringLiteral("lag_window"), QStringLiteral("allowed_lag")};
    return keys;
}

const QStringList &clusterKeys()
{
    static const QStringList keys{QStringLiteral("name"), QStringLiteral("bootstrap"),
                                  QStringLiteral("read_only"), QStringLiteral("properties"),
                                  QStringLiteral("security")};
    return keys;
}

const QStringList &flowKeys()
{
    static const QStringList keys{QStringLiteral("source"), QStringLiteral("target"),
                                  QStringLiteral("source_alias"), QStringLiteral("target_alias"),
                                  QStringLiteral("policy"), QStringLiteral("separator"),
                                  QStringLiteral("internal_topic_separator"),
                                  QStringLiteral("offset_syncs_location")};
    return keys;
}

// Cluster names and MirrorMaker 2 aliases end up in topic names, file names and CLI
// arguments, so they are kept to characters that need no quoting anywhere.
bool isValidName(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9._-]+$"));
    return pattern.match(text).hasMatch();
}

// "host:port" or "[ipv6]:port", as librdkafka's bootstrap.servers takes them.
bool isValidHostPort(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:\\[[^\\[\\]\\s]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return false;
    const int port = match.capturedView(1).toInt();
    return port >= 1 && port <= 65535;
}

// "500ms", "5s", "2m" or a plain number of seconds; nullopt when the text is none of them.
std::optional<qint64> durationMs(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,9})(ms|s|m)?$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const qint64 amount = match.capturedView(1).toLongLong();
    const QStringView unit = match.capturedView(2);
    if (unit == u"ms")
        return amount;
    if (unit == u"m")
        return amount * 60 * 1000;
    return amount * 1000;
}

class ConfigParser final {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ConfigLoader)

public:
    explicit ConfigParser(const QString &fileName)
        : m_diagnostics(fileName), m_configDir(QFileInfo(fileName).absolutePath())
    {
    }

    Result<AppConfig> parse(const QByteArray &yaml);

private:
    void parseDocument(const YAML::Node &root);
    int parseDuration(const MapEntry &entry, int defaultMs);
    int parseWindow(const MapEntry &entry, int defaultPolls);
    int parseAllowedLag(const MapEntry &entry, int defaultLag);
    void parseClusters(const MapEntry &entry);
    void parseCluster(const YAML::Node &node, const QString &path);
    QString parseBootstrap(const MapEntry &entry);
    void addServer(const QString &text, const YAML::Mark &mark, const QString &path,
                   QStringList &servers);
    void parseProperties(const MapEntry &entry, std::map<QString, QString> &properties);
    void parseFlows(const MapEntry &entry);
    void applyReadOnlyClusters(const MapEntry &entry);
    void parseFlow(const YAML::Node &node, const QString &path);
    std::optional<QString> parseClusterReference(const std::vector<MapEntry> &entries,
                                                 const YAML::Node &flow, const QString &path,
                                                 const QString &key);
    std::optional<QString> parseName(const MapEntry &entry, const QString &what);
    std::optional<bool> parseBool(const MapEntry &entry);
    // One of `choices` (exact spelling); an error listing them otherwise.
    std::optional<QString> parseChoice(const MapEntry &entry, const QStringList &choices);
    void parseFlowPolicy(const std::vector<MapEntry> &entries, mirror::ReplicationPolicyConfig &policy);
    void missingKey(const YAML::Node &map, const QString &path, const QString &key);

    ConfigDiagnostics m_diagnostics;
    QString m_configDir; // relative paths in the file (CA, certificates) start here
    AppConfig m_config;
    // Every cluster name written in the file, valid or not, with the line it is on: a bad
    // name is reported once, not again by each flow that refers to it.
    std::map<QString, int> m_clusterLines;
    QStringList m_clusterNames; // the same names, in file order, for messages
    // Line of each flow already read, by source and target cluster.
    std::map<std::pair<QString, QString>, int> m_flowLines;
};

Result<AppConfig> ConfigParser::parse(const QByteArray &yaml)
{
    try {
        const std::vector<YAML::Node> documents =
            YAML::LoadAll(std::string(yaml.constData(), static_cast<std::size_t>(yaml.size())));
        if (documents.empty()) {
            m_diagnostics.error(YAML::Mark::null_mark(), QString(),
                                tr("expected a map with a \"clusters\" key, got an empty file"));
        } else {
            parseDocument(documents.front());
            if (documents.size() > 1)
                m_diagnostics.error(documents[1].Mark(), QString(),
                                    tr("expected a single YAML document, got %1")
                                        .arg(static_cast<qsizetype>(documents.size())));
        }
    } catch (const YAML::ParserException &e) {
        // LoadAll() throws before any document is checked and yaml-cpp cannot resume after
        // a syntax error, so this is the only error of the file.
        m_diagnostics.error(e.mark, QString(),
                            tr("syntax error: %1").arg(QString::fromStdString(e.msg)));
    } catch (const std::exception &e) {
        m_diagnostics.error(YAML::Mark::null_mark(), QString(),
                            tr("cannot read the YAML: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    if (m_diagnostics.hasErrors())
        return Result<AppConfig>::failure(m_diagnostics.errorText());
    m_config.warnings = m_diagnostics.warnings();
    return std::move(m_config);
}

void ConfigParser::parseDocument(const YAML::Node &root)
{
    if (!root.IsMap()) {
        const bool empty = root.IsNull();
        m_diagnostics.error(empty ? YAML::Mark::null_mark() : root.Mark(), QString(),
                            tr("expected a map with a \"clusters\" key, got %1")
                                .arg(empty ? tr("an empty file") : describe(root)));
        return;
    }
    const std::vector<MapEntry> entries = readMap(m_diagnostics, root, QString(), topLevelKeys());
    // Fixed order, whatever the order in the file: flows refer to clusters.
    if (const MapEntry *entry = findEntry(entries, u"poll_interval"))
        m_config.pollIntervalMs = parseDuration(*entry, m_config.pollIntervalMs);
    if (const MapEntry *entry = findEntry(entries, u"request_timeout"))
        m_config.requestTimeoutMs = parseDuration(*entry, m_config.requestTimeoutMs);
    if (const MapEntry *entry = findEntry(entries, u"lag_window"))
        m_config.lagWindowPolls = parseWindow(*entry, m_config.lagWindowPolls);
    if (const MapEntry *entry = findEntry(entries, u"allowed_lag"))
        m_config.allowedLag = parseAllowedLag(*entry, m_config.allowedLag);
    if (const MapEntry *entry = findEntry(entries, u"clusters"))
        parseClusters(*entry);
    else
        missingKey(root, QString(), QStringLiteral("clusters"));
    if (const MapEntry *entry = findEntry(entries, u"replication"))
        parseFlows(*entry);
    if (const MapEntry *entry = findEntry(entries, u"read_only_clusters"))
        applyReadOnlyClusters(*entry);
    if (const MapEntry *entry = findEntry(entries, u"alerts"))
        m_config.alerts = parseAlertRules(m_diagnostics, *entry, m_clusterNames);
}

int ConfigParser::parseDuration(const MapEntry &entry, int defaultMs)
{
    const std::optional<qint64> ms =
        entry.value.IsScalar() ? durationMs(scalarText(entry.value)) : std::nullopt;
    if (!ms) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a duration like 5s or 500ms, got %1")
                                .arg(describe(entry.value)));
        return defaultMs;
    }
    if (*ms < kMinDurationMs) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected at least 250ms, got %1").arg(describe(entry.value)));
        return defaultMs;
    }
    if (*ms > kMaxDurationMs) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected at most 1440m (a day), got %1")
                                .arg(describe(entry.value)));
        return defaultMs;
    }
    return static_cast<int>(*ms);
}

// A number of polls; 3 is the least the trend and STOP rules can work with, and 1000
// polls per partition is already a lot of memory on a large cluster.
int ConfigParser::parseWindow(const MapEntry &entry, int defaultPolls)
{
    bool ok = false;
    const int polls = entry.value.IsScalar() ? scalarText(entry.value).toInt(&ok) : 0;
    if (!ok || polls < 3 || polls > 1000) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a number of polls from 3 to 1000, got %1").arg(describe(entry.value)));
        return defaultPolls;
    }
    return polls;
}

// Records at the log end that still count as caught up (docs/LAG-STATUS.md, rule 2).
int ConfigParser::parseAllowedLag(const MapEntry &entry, int defaultLag)
{
    bool ok = false;
    const int lag = entry.value.IsScalar() ? scalarText(entry.value).toInt(&ok) : 0;
    if (!ok || lag < 0 || lag > 1000000) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a number of records from 0 to 1000000, got %1").arg(describe(entry.value)));
        return defaultLag;
    }
    return lag;
}

void ConfigParser::parseClusters(const MapEntry &entry)
{
    const YAML::Node &clusters = entry.value;
    if (clusters.IsNull() || (clusters.IsSequence() && clusters.size() == 0)) {
        m_diagnostics.error(entry.valueMark(), entry.path, tr("expected at least one cluster"));
        return;
    }
    if (!clusters.IsSequence()) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a sequence of clusters, got %1").arg(describe(clusters)));
        return;
    }
    std::size_t index = 0;
    for (const YAML::Node &cluster : clusters)
        parseCluster(cluster, indexPath(entry.path, index++));
}

void ConfigParser::parseCluster(const YAML::Node &node, const QString &path)
{
    if (!node.IsMap()) {
        m_diagnostics.error(node.Mark(), path,
                            tr("expected a map with name and bootstrap, got %1")
                                .arg(describe(node)));
        return;
    }
    const std::vector<MapEntry> entries = readMap(m_diagnostics, node, path, clusterKeys());
    ClusterConfig cluster;

    if (const MapEntry *entry = findEntry(entries, u"name")) {
        if (entry->value.IsScalar()) {
            const QString name = scalarText(entry->value);
            const int line = entry->value.Mark().line + 1;
            const auto [known, inserted] = m_clusterLines.try_emplace(name, line);
            if (inserted)
                m_clusterNames.append(name);
            else
                m_diagnostics.error(entry->valueMark(), entry->path,
                                    tr("duplicate cluster name %1 (first defined at line %2)")
                                        .arg(describe(entry->value))
                                        .arg(known->second));
        }
        if (const std::optional<QString> name = parseName(*entry, tr("a cluster name")))
            cluster.name = *name;
    } else {
        missingKey(node, path, QStringLiteral("name"));
    }

    if (const MapEntry *entry = findEntry(entries, u"bootstrap"))
        cluster.bootstrapServers = parseBootstrap(*entry);
    else
        missingKey(node, path, QStringLiteral("bootstrap"));

    if (const MapEntry *entry = findEntry(entries, u"read_only"))
        cluster.readOnly = parseBool(*entry).value_or(false);

    if (const MapEntry *entry = findEntry(entries, u"properties"))
        parseProperties(*entry, cluster.properties);

    if (const MapEntry *entry = findEntry(entries, u"security"))
        configsecurity::parseSecurity(m_diagnostics, *entry, m_configDir, cluster.security);

    m_config.clusters.push_back(std::move(cluster));
}

QString ConfigParser::parseBootstrap(const MapEntry &entry)
{
    const YAML::Node &value = entry.value;
    QStringList servers;
    const bool emptyText = value.IsScalar() && scalarText(value).trimmed().isEmpty();
    const bool emptyList = value.IsSequence() && value.size() == 0;
    if (value.IsNull() || emptyText || emptyList) {
        m_diagnostics.error(entry.valueMark(), entry.path, tr("expected at least one host:port"));
    } else if (value.IsScalar()) {
        const QStringList parts = scalarText(value).split(QLatin1Char(','));
        for (const QString &part : parts)
            addServer(part.trimmed(), value.Mark(), entry.path, servers);
    } else if (value.IsSequence()) {
        std::size_t index = 0;
        for (const YAML::Node &item : value) {
            const QString itemPath = indexPath(entry.path, index++);
            if (item.IsScalar())
                addServer(scalarText(item).trimmed(), item.Mark(), itemPath, servers);
            else
                m_diagnostics.error(item.IsNull() ? value.Mark() : item.Mark(), itemPath,
                                    tr("expected host:port, got %1").arg(describe(item)));
        }
    } else {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected host:port or a sequence of them, got %1")
                                .arg(describe(value)));
    }
    return servers.join(QLatin1Char(','));
}

void ConfigParser::addServer(const QString &text, const YAML::Mark &mark, const QString &path,
                             QStringList &servers)
{
    if (isValidHostPort(text)) {
        servers.append(text);
        return;
    }
    m_diagnostics.error(mark, path,
                        tr("expected host:port with a port from 1 to 65535, got %1")
                            .arg(quoted(text)));
}

void ConfigParser::parseProperties(const MapEntry &entry, std::map<QString, QString> &properties)
{
    if (entry.value.IsNull()) // every property commented out
        return;
    if (!entry.value.IsMap()) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a map of librdkafka properties, got %1")
                                .arg(describe(entry.value)));
        return;
    }
    for (const MapEntry &property : readMap(m_diagnostics, entry.value, entry.path, {})) {
        if (!property.value.IsScalar()) {
            m_diagnostics.error(property.valueMark(), property.path,
                                tr("expected a single value, got %1")
                                    .arg(describe(property.value)));
            continue;
        }
        if (property.key == u"bootstrap.servers")
            m_diagnostics.warning(property.keyNode.Mark(), property.path,
                                  tr("ignored, the cluster's \"bootstrap\" key sets the servers"));
        configsecurity::checkPassthroughProperty(m_diagnostics, property);
        properties[property.key] = scalarText(property.value);
    }
}

// `read_only_clusters: prod-.*` protects every cluster whose whole name matches, whatever
// its own read_only says: a forgotten flag must not expose a production cluster.
void ConfigParser::applyReadOnlyClusters(const MapEntry &entry)
{
    const QString pattern = entry.value.IsScalar() ? scalarText(entry.value) : QString();
    const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
    if (pattern.isEmpty() || !re.isValid()) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a regular expression over cluster names, got %1%2")
                                .arg(describe(entry.value),
                                     re.isValid() ? QString() : QStringLiteral(" (%1)").arg(re.errorString())));
        return;
    }
    m_config.readOnlyClusters = pattern;
    for (ClusterConfig &c : m_config.clusters)
        if (re.match(c.name).hasMatch()) {
            c.readOnly = true;
            c.readOnlyReason = tr("matches read_only_clusters \"%1\"").arg(pattern);
        }
}

void ConfigParser::parseFlows(const MapEntry &entry)
{
    if (entry.value.IsNull()) // every flow commented out
        return;
    if (!entry.value.IsSequence()) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a sequence of flows, got %1").arg(describe(entry.value)));
        return;
    }
    std::size_t index = 0;
    for (const YAML::Node &flow : entry.value)
        parseFlow(flow, indexPath(entry.path, index++));
}

void ConfigParser::parseFlow(const YAML::Node &node, const QString &path)
{
    if (!node.IsMap()) {
        m_diagnostics.error(node.Mark(), path,
                            tr("expected a map with source and target, got %1")
                                .arg(describe(node)));
        return;
    }
    const std::vector<MapEntry> entries = readMap(m_diagnostics, node, path, flowKeys());
    const std::optional<QString> source =
        parseClusterReference(entries, node, path, QStringLiteral("source"));
    const std::optional<QString> target =
        parseClusterReference(entries, node, path, QStringLiteral("target"));
    if (!source || !target)
        return;
    if (*source == *target) {
        const MapEntry *entry = findEntry(entries, u"target");
        m_diagnostics.error(entry->valueMark(), entry->path,
                            tr("expected a cluster other than the source, got %1")
                                .arg(describe(entry->value)));
        return;
    }

    ReplicationFlowConfig flow{*source, *target, *source, *target, {}};
    parseFlowPolicy(entries, flow.policy);
    const MapEntry *sourceAlias = findEntry(entries, u"source_alias");
    const MapEntry *targetAlias = findEntry(entries, u"target_alias");
    if (sourceAlias)
        flow.sourceAlias = parseName(*sourceAlias, tr("an alias")).value_or(flow.sourceAlias);
    if (targetAlias)
        flow.targetAlias = parseName(*targetAlias, tr("an alias")).value_or(flow.targetAlias);
    // MirrorMaker 2 names remote topics "<source alias>.<topic>"; equal aliases would make
    // replicated topics indistinguishable from the target's own.
    if (flow.sourceAlias == flow.targetAlias) {
        const MapEntry *entry = targetAlias ? targetAlias : sourceAlias;
        m_diagnostics.error(entry->valueMark(), entry->path,
                            tr("expected an alias other than the source alias, got %1")
                                .arg(describe(entry->value)));
    }

    const int line = node.Mark().line + 1;
    const auto [known, inserted] = m_flowLines.try_emplace(std::pair(*source, *target), line);
    if (!inserted) {
        m_diagnostics.error(node.Mark(), path,
                            tr("duplicate flow from %1 to %2 (first defined at line %3)")
                                .arg(*source, *target)
                                .arg(known->second));
        return;
    }
    m_config.flows.push_back(std::move(flow));
}

std::optional<QString> ConfigParser::parseClusterReference(const std::vector<MapEntry> &entries,
                                                           const YAML::Node &flow,
                                                           const QString &path, const QString &key)
{
    const MapEntry *entry = findEntry(entries, key);
    if (!entry) {
        missingKey(flow, path, key);
        return std::nullopt;
    }
    if (!entry->value.IsScalar()) {
        m_diagnostics.error(entry->valueMark(), entry->path,
                            tr("expected a cluster name, got %1").arg(describe(entry->value)));
        return std::nullopt;
    }
    const QString name = scalarText(entry->value);
    if (m_clusterLines.contains(name))
        return name;
    // Without any cluster the clusters key already has an error; one per flow would be noise.
    if (m_clusterNames.isEmpty())
        return std::nullopt;
    const QString suggestion = closestMatch(name, m_clusterNames);
    const QString hint = suggestion.isEmpty()
        ? tr("defined clusters: %1").arg(m_clusterNames.join(QStringLiteral(", ")))
        : tr("did you mean \"%1\"?").arg(suggestion);
    m_diagnostics.error(entry->valueMark(), entry->path,
                        tr("unknown cluster %1 (%2)").arg(describe(entry->value), hint));
    return std::nullopt;
}

std::optional<QString> ConfigParser::parseName(const MapEntry &entry, const QString &what)
{
    if (entry.value.IsScalar() && isValidName(scalarText(entry.value)))
        return scalarText(entry.value);
    m_diagnostics.error(entry.valueMark(), entry.path,
                        tr("expected %1 made of letters, digits, \".\", \"_\" and \"-\", got %2")
                            .arg(what, describe(entry.value)));
    return std::nullopt;
}

std::optional<bool> ConfigParser::parseBool(const MapEntry &entry)
{
    // YAML 1.2 spellings only: "yes", "on" and friends are strings in YAML 1.2 and a
    // classic source of surprises, so they are refused rather than guessed.
    if (entry.value.IsScalar()) {
        const QString text = scalarText(entry.value);
        if (text == u"true" || text == u"True" || text == u"TRUE")
            return true;
        if (text == u"false" || text == u"False" || text == u"FALSE")
            return false;
    }
    m_diagnostics.error(entry.valueMark(), entry.path,
                        tr("expected true or false, got %1").arg(describe(entry.value)));
    return std::nullopt;
}

std::optional<QString> ConfigParser::parseChoice(const MapEntry &entry, const QStringList &choices)
{
    if (entry.value.IsScalar() && choices.contains(scalarText(entry.value)))
        return scalarText(entry.value);
    m_diagnostics.error(entry.valueMark(), entry.path,
                        tr("expected one of %1, got %2").arg(choices.join(QStringLiteral(", ")), describe(entry.value)));
    return std::nullopt;
}

// The MirrorMaker 2 settings that decide topic names: replication.policy.class (default or
// identity), replication.policy.separator, replication.policy.internal.topic.separator.enabled
// and offset-syncs.topic.location. They must match the MirrorMaker 2 configuration.
void ConfigParser::parseFlowPolicy(const std::vector<MapEntry> &entries, mirror::ReplicationPolicyConfig &policy)
{
    using P = mirror::ReplicationPolicyConfig;
    if (const MapEntry *e = findEntry(entries, u"policy"))
        if (auto v = parseChoice(*e, {QStringLiteral("default"), QStringLiteral("identity")}))
            policy.kind = *v == u"identity" ? P::Identity : P::Default;
    if (const MapEntry *e = findEntry(entries, u"separator")) {
        if (e->value.IsScalar() && !scalarText(e->value).isEmpty())
            policy.separator = scalarText(e->value);
        else
            m_diagnostics.error(e->valueMark(), e->path,
                                tr("expected a non-empty separator such as \".\", got %1").arg(describe(e->value)));
    }
    if (const MapEntry *e = findEntry(entries, u"internal_topic_separator"))
        policy.internalTopicSeparatorEnabled = parseBool(*e).value_or(true);
    if (const MapEntry *e = findEntry(entries, u"offset_syncs_location"))
        if (auto v = parseChoice(*e, {QStringLiteral("source"), QStringLiteral("target")}))
            policy.offsetSyncsLocation = *v == u"target" ? P::Target : P::Source;
}

void ConfigParser::missingKey(const YAML::Node &map, const QString &path, const QString &key)
{
    m_diagnostics.error(map.Mark(), path, tr("missing required key \"%1\"").arg(key));
}

} // namespace

Result<AppConfig> parseConfig(const QByteArray &yaml, const QString &fileName)
{
    return ConfigParser(fileName).parse(yaml);
}

Result<AppConfig> loadConfig(const QString &path)
{
    QFile file(path);
    QByteArray yaml;
    if (file.open(QIODevice::ReadOnly))
        yaml = file.readAll();
    if (!file.isOpen() || file.error() != QFileDevice::NoError)
        return Result<AppConfig>::failure(
            QCoreApplication::translate("lagscope::ConfigLoader", "%1: cannot read the file: %2")
                .arg(path, file.errorString()));
    Result<AppConfig> config = parseConfig(yaml, path);
    if (config)
        config->path = QFileInfo(path).absoluteFilePath();
    return config;
}

QString defaultConfigPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)
        + QStringLiteral("/config.yaml");
}

} // namespace lagscope
