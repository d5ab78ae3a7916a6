#pragma once
// The configuration file's parser, shared by ConfigLoader.cpp (document, clusters, scalars)
// and ConfigFlows.cpp (replication flows). Internal to core/config: use ConfigLoader.h.

#include "config/Config.h"
#include "config/ConfigDiagnostics.h"
#include "config/ConfigNodes.h"
#include "mirror/ReplicationPolicy.h"
#include "util/Result.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace lagscope::configparser {

// The node helpers every part of the parser reads the document with.
using confignodes::closestMatch;
using confignodes::describe;
using confignodes::findEntry;
using confignodes::indexPath;
using confignodes::MapEntry;
using confignodes::readMap;
using confignodes::scalarText;

// Cluster names and MirrorMaker 2 aliases end up in topic names, file names and CLI
// arguments, so they are kept to characters that need no quoting anywhere.
bool isValidName(const QString &text);
// "host:port" or "[ipv6]:port", as librdkafka's bootstrap.servers takes them.
bool isValidHostPort(const QString &text);

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
    // A whole number from min to max; otherwise the error `expected` (%1: the value given)
    // and defaultValue.
    int parseIntInRange(const MapEntry &entry, int min, int max, int defaultValue, const QString &expected);
    void parseClusters(const MapEntry &entry);
    void parseCluster(const YAML::Node &node, const QString &path);
    QString parseBootstrap(const MapEntry &entry);
    void addServer(const QString &text, const YAML::Mark &mark, const QString &path, QStringList &servers);
    void parseProperties(const MapEntry &entry, std::map<QString, QString> &properties);
    void parseFlows(const MapEntry &entry);
    // history, history_password, history_sslmode, history_sslrootcert (ConfigHistory.cpp).
    void parseHistory(const std::vector<MapEntry> &entries);
    void applyReadOnlyClusters(const MapEntry &entry);
    void parseFlow(const YAML::Node &node, const QString &path);
    std::optional<QString> parseClusterReference(const std::vector<MapEntry> &entries, const YAML::Node &flow,
                                                 const QString &path, const QString &key);
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

} // namespace lagscope::configparser
