#include "config/ConfigLoader.h"

#include "config/AlertConfigParser.h"
#include "config/ConfigDiagnostics.h"
#include "config/ConfigNodes.h"
#include "config/ConfigParser.h"
#include "config/ConfigSecurity.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <exception>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

namespace lagscope::configparser {

namespace {

using confignodes::quoted;

constexpr qint64 kMinDurationMs = 250;
constexpr qint64 kMaxDurationMs = 24 * 60 * 60 * 1000;

const QStringList &topLevelKeys()
{
    static const QStringList keys{QStringLiteral("poll_interval"),
                                  QStringLiteral("request_timeout"),
                                  QStringLiteral("clusters"),
                                  QStringLiteral("replication"),
                                  QStringLiteral("read_only_clusters"),
                                  QStringLiteral("alerts"),
                                  QStringLiteral("lag_window"),
                                  QStringLiteral("allowed_lag"),
                                  QStringLiteral("ignore_orphaned_offsets"),
                                  QStringLiteral("history"),
                                  QStringLiteral("history_password"),
                                  QStringLiteral("history_sslmode"),
                                  QStringLiteral("history_sslrootcert")};
    return keys;
}

const QStringList &clusterKeys()
{
    static const QStringList keys{QStringLiteral("name"), QStringLiteral("bootstrap"), QStringLiteral("read_only"),
                                  QStringLiteral("properties"), QStringLiteral("security")};
    return keys;
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

// Where yaml-cpp's parser stops making progress, if it does. yaml-cpp 0.7 (Debian 12) never
// consumes a ',' outside a flow collection at the top level (a file that is just ",", or a
// stray comma at the start of a line): each HandleNextDocument() then starts an empty
// document at the same place, and LoadAll() appends documents until memory runs out (found
// by tests/fuzz fuzz_config). This pass runs the parser without building nodes and reports
// the place where a document starts a second time.
class StuckDocumentFinder final : public YAML::EventHandler {
public:
    std::optional<YAML::Mark> stuckAt;

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        if (m_started && mark.pos == m_lastStart.pos)
            stuckAt = mark;
        m_started = true;
        m_lastStart = mark;
    }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &, YAML::anchor_t) override { }
    void OnAlias(const YAML::Mark &, YAML::anchor_t) override { }
    void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t, const std::string &) override { }
    void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {
    }
    void OnSequenceEnd() override { }
    void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override { }
    void OnMapEnd() override { }

private:
    bool m_started = false;
    YAML::Mark m_lastStart;
};

// Throws YAML::ParserException on a syntax error, as LoadAll() does.
std::optional<YAML::Mark> findStuckDocument(const std::string &text)
{
    std::istringstream in(text);
    YAML::Parser parser(in);
    StuckDocumentFinder finder;
    while (!finder.stuckAt && parser.HandleNextDocument(finder)) { }
    return finder.stuckAt;
}

} // namespace

bool isValidHostPort(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(?:\\[[^\\[\\]\\s]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return false;
    const int port = match.capturedView(1).toInt();
    return port >= 1 && port <= 65535;
}

// Cluster names and MirrorMaker 2 aliases end up in topic names, file names and CLI
// arguments, so they are kept to characters that need no quoting anywhere.
bool isValidName(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9._-]+$"));
    return pattern.match(text).hasMatch();
}

Result<AppConfig> ConfigParser::parse(const QByteArray &yaml)
{
    try {
        const std::string text(yaml.constData(), static_cast<std::size_t>(yaml.size()));
        if (const std::optional<YAML::Mark> stuck = findStuckDocument(text)) {
            // A ',' in every case seen; the character is quoted from the file all the same.
            const std::size_t at = static_cast<std::size_t>(stuck->pos);
            const QString what = at < text.size() ? QString::fromUtf8(text.substr(at, 1)) : QString();
            m_diagnostics.error(*stuck, QString(), tr("syntax error: unexpected '%1'").arg(what));
            return Result<AppConfig>::failure(m_diagnostics.errorText());
        }
        const std::vector<YAML::Node> documents = YAML::LoadAll(text);
        if (documents.empty()) {
            m_diagnostics.error(YAML::Mark::null_mark(), QString(),
                                tr("expected a map with a \"clusters\" key, got an empty file"));
        } else {
            parseDocument(documents.front());
            if (documents.size() > 1)
                m_diagnostics.error(
                    documents[1].Mark(), QString(),
                    tr("expected a single YAML document, got %1").arg(static_cast<qsizetype>(documents.size())));
        }
    } catch (const YAML::ParserException &e) {
        // LoadAll() throws before any document is checked and yaml-cpp cannot resume after
        // a syntax error, so this is the only error of the file.
        m_diagnostics.error(e.mark, QString(), tr("syntax error: %1").arg(QString::fromStdString(e.msg)));
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
        m_diagnostics.error(
            empty ? YAML::Mark::null_mark() : root.Mark(), QString(),
            tr("expected a map with a \"clusters\" key, got %1").arg(empty ? tr("an empty file") : describe(root)));
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
    if (const MapEntry *entry = findEntry(entries, u"ignore_orphaned_offsets"))
        m_config.ignoreOrphanedOffsets = parseBool(*entry).value_or(m_config.ignoreOrphanedOffsets);
    parseHistory(entries);
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
    const std::optional<qint64> ms = entry.value.IsScalar() ? durationMs(scalarText(entry.value)) : std::nullopt;
    if (!ms) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a duration like 5s or 500ms, got %1").arg(describe(entry.value)));
        return defaultMs;
    }
    if (*ms < kMinDurationMs) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected at least 250ms, got %1").arg(describe(entry.value)));
        return defaultMs;
    }
    if (*ms > kMaxDurationMs) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected at most 1440m (a day), got %1").arg(describe(entry.value)));
        return defaultMs;
    }
    return static_cast<int>(*ms);
}

// A number of polls; 3 is the least the trend and STOP rules can work with, and 1000
// polls per partition is already a lot of memory on a large cluster.
int ConfigParser::parseWindow(const MapEntry &entry, int defaultPolls)
{
    return parseIntInRange(entry, 3, 1000, defaultPolls, tr("expected a number of polls from 3 to 1000, got %1"));
}

// Records at the log end that still count as caught up (docs/LAG-STATUS.md, rule 2).
int ConfigParser::parseAllowedLag(const MapEntry &entry, int defaultLag)
{
    return parseIntInRange(entry, 0, 1000000, defaultLag, tr("expected a number of records from 0 to 1000000, got %1"));
}

int ConfigParser::parseIntInRange(const MapEntry &entry, int min, int max, int defaultValue, const QString &expected)
{
    bool ok = false;
    const int value = entry.value.IsScalar() ? scalarText(entry.value).toInt(&ok) : 0;
    if (!ok || value < min || value > max) {
        m_diagnostics.error(entry.valueMark(), entry.path, expected.arg(describe(entry.value)));
        return defaultValue;
    }
    return value;
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
                            tr("expected a map with name and bootstrap, got %1").arg(describe(node)));
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
                            tr("expected host:port or a sequence of them, got %1").arg(describe(value)));
    }
    return servers.join(QLatin1Char(','));
}

void ConfigParser::addServer(const QString &text, const YAML::Mark &mark, const QString &path, QStringList &servers)
{
    if (isValidHostPort(text)) {
        servers.append(text);
        return;
    }
    m_diagnostics.error(mark, path, tr("expected host:port with a port from 1 to 65535, got %1").arg(quoted(text)));
}

void ConfigParser::parseProperties(const MapEntry &entry, std::map<QString, QString> &properties)
{
    if (entry.value.IsNull()) // every property commented out
        return;
    if (!entry.value.IsMap()) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a map of librdkafka properties, got %1").arg(describe(entry.value)));
        return;
    }
    for (const MapEntry &property : readMap(m_diagnostics, entry.value, entry.path, {})) {
        if (!property.value.IsScalar()) {
            m_diagnostics.error(property.valueMark(), property.path,
                                tr("expected a single value, got %1").arg(describe(property.value)));
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
        m_diagnostics.error(
            entry.valueMark(), entry.path,
            tr("expected a regular expression over cluster names, got %1%2")
                .arg(describe(entry.value), re.isValid() ? QString() : QStringLiteral(" (%1)").arg(re.errorString())));
        return;
    }
    m_config.readOnlyClusters = pattern;
    for (ClusterConfig &c : m_config.clusters)
        if (re.match(c.name).hasMatch()) {
            c.readOnly = true;
            c.readOnlyReason = tr("matches read_only_clusters \"%1\"").arg(pattern);
        }
}

std::optional<QString> ConfigParser::parseName(const MapEntry &entry, const QString &what)
{
    if (entry.value.IsScalar() && isValidName(scalarText(entry.value)))
        return scalarText(entry.value);
    m_diagnostics.error(
        entry.valueMark(), entry.path,
        tr("expected %1 made of letters, digits, \".\", \"_\" and \"-\", got %2").arg(what, describe(entry.value)));
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
    m_diagnostics.error(entry.valueMark(), entry.path, tr("expected true or false, got %1").arg(describe(entry.value)));
    return std::nullopt;
}

std::optional<QString> ConfigParser::parseChoice(const MapEntry &entry, const QStringList &choices)
{
    if (entry.value.IsScalar() && choices.contains(scalarText(entry.value)))
        return scalarText(entry.value);
    m_diagnostics.error(
        entry.valueMark(), entry.path,
        tr("expected one of %1, got %2").arg(choices.join(QStringLiteral(", ")), describe(entry.value)));
    return std::nullopt;
}

void ConfigParser::missingKey(const YAML::Node &map, const QString &path, const QString &key)
{
    m_diagnostics.error(map.Mark(), path, tr("missing required key \"%1\"").arg(key));
}

} // namespace lagscope::configparser

namespace lagscope {

using configparser::ConfigParser;

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

bool isValidBootstrapServers(const QString &servers)
{
    const QStringList parts = servers.split(QLatin1Char(','));
    return std::all_of(parts.begin(), parts.end(),
                       [](const QString &part) { return configparser::isValidHostPort(part.trimmed()); });
}

QString defaultConfigPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/config.yaml");
}

} // namespace lagscope
