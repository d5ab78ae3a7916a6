// Unit tests of the YAML configuration loader (core/config/ConfigLoader): valid files, the
// exact message of every kind of error, loading from disk and the shipped sample file.

#include "config/ConfigLoader.h"

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;

namespace {

// Test files are raw string literals opened with R"( at the end of a line, so the file's
// line 1 is the literal's second line: the leading newline is dropped.
QByteArray yaml(const char *text)
{
    QByteArray bytes(text);
    if (bytes.startsWith('\n'))
        bytes.remove(0, 1);
    return bytes;
}

QString fileName()
{
    return QStringLiteral("config.yaml");
}

// A valid file around one cluster's bootstrap value or one flow, for the table tests.
const char kTwoClusters[] = R"(
clusters:
  - name: primary
    bootstrap: p:9092
  - name: dr
    bootstrap: d:9092
replication:
)";

} // namespace

class TestConfig final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void minimal();
    void full();
    void durations_data();
    void durations();
    void bootstrap_data();
    void bootstrap();
    void aliases_data();
    void aliases();
    void commentedOutCollections();
    void flowPolicy();
    void propertyOverridingTypedKeyWarns();

    void badDurations_data();
    void badDurations();
    void badBootstrap_data();
    void badBootstrap();
    void errors_data();
    void errors();
    void neverThrows_data();
    void neverThrows();

    void loadMissingFile();
    void loadDirectory();
    void loadFile();
    void sampleFileIsValid();
    void defaultPath();
};

void TestConfig::initTestCase()
{
    QCoreApplication::setApplicationName(QStringLiteral("lagscope"));
    QStandardPaths::setTestModeEnabled(true);
}

void TestConfig::minimal()
{
    const Result<AppConfig> config = parseConfig(yaml(R"(
clusters:
  - name: local
    bootstrap: 127.0.0.1:9092
)"),
                                                 fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->path, QString());
    QCOMPARE(config->pollIntervalMs, 5000);
    QCOMPARE(config->requestTimeoutMs, 10000);
    QCOMPARE(config->clusters.size(), 1U);
    const ClusterConfig &cluster = config->clusters.front();
    QCOMPARE(cluster.name, QStringLiteral("local"));
    QCOMPARE(cluster.bootstrapServers, QStringLiteral("127.0.0.1:9092"));
    QCOMPARE(cluster.readOnly, false);
    QVERIFY(cluster.properties.empty());
    QVERIFY(config->flows.empty());
    QVERIFY(config->warnings.isEmpty());
}

void TestConfig::full()
{
    const Result<AppConfig> config = parseConfig(yaml(R"(
# every key
poll_interval: 2s
request_timeout: 30s
clusters:
  - name: primary
    bootstrap: "k1:9092,k2:9093"
    read_only: false
    properties:
      socket.keepalive.enable: true
      socket.timeout.ms: 60000
      client.id: "lagscope console"
  - name: dr.eu-west_1
    bootstrap: [d1:9092, d2:9092]
    read_only: true
replication:
  - source: primary
    target: dr.eu-west_1
    source_alias: prim
    target_alias: dr
  - source: dr.eu-west_1
    target: primary
)"),
                                                 fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->pollIntervalMs, 2000);
    QCOMPARE(config->requestTimeoutMs, 30000);
    QCOMPARE(config->clusters.size(), 2U);

    const ClusterConfig *primary = config->cluster(QStringLiteral("primary"));
    QVERIFY(primary);
    QCOMPARE(primary->bootstrapServers, QStringLiteral("k1:9092,k2:9093"));
    QCOMPARE(primary->readOnly, false);
    const std::map<QString, QString> properties{
        {QStringLiteral("client.id"), QStringLiteral("lagscope console")},
        {QStringLiteral("socket.keepalive.enable"), QStringLiteral("true")},
        {QStringLiteral("socket.timeout.ms"), QStringLiteral("60000")},
    };
    QVERIFY(primary->properties == properties);

    const ClusterConfig *dr = config->cluster(QStringLiteral("dr.eu-west_1"));
    QVERIFY(dr);
    QCOMPARE(dr->bootstrapServers, QStringLiteral("d1:9092,d2:9092"));
    QCOMPARE(dr->readOnly, true);
    QVERIFY(dr->properties.empty());

    QCOMPARE(config->flows.size(), 2U);
    const ReplicationFlowConfig &forward = config->flows[0];
    QCOMPARE(forward.sourceCluster, QStringLiteral("primary"));
    QCOMPARE(forward.targetCluster, QStringLiteral("dr.eu-west_1"));
    QCOMPARE(forward.sourceAlias, QStringLiteral("prim"));
    QCOMPARE(forward.targetAlias, QStringLiteral("dr"));
    const ReplicationFlowConfig &back = config->flows[1];
    QCOMPARE(back.sourceCluster, QStringLiteral("dr.eu-west_1"));
    QCOMPARE(back.targetCluster, QStringLiteral("primary"));
    QVERIFY(config->warnings.isEmpty());
}

void TestConfig::durations_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("ms");

    QTest::newRow("milliseconds") << QByteArray("500ms") << 500;
    QTest::newRow("minimum") << QByteArray("250ms") << 250;
    QTest::newRow("seconds") << QByteArray("5s") << 5000;
    QTest::newRow("minutes") << QByteArray("2m") << 120000;
    QTest::newRow("plain number is seconds") << QByteArray("7") << 7000;
    QTest::newRow("quoted") << QByteArray("\"3s\"") << 3000;
    QTest::newRow("maximum") << QByteArray("1440m") << 86400000;
}

void TestConfig::durations()
{
    QFETCH(QByteArray, text);
    QFETCH(int, ms);
    const QByteArray file = "poll_interval: " + text + "\nrequest_timeout: " + text
        + "\nclusters: [{name: a, bootstrap: \"h:1\"}]\n";
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->pollIntervalMs, ms);
    QCOMPARE(config->requestTimeoutMs, ms);
}

void TestConfig::bootstrap_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("servers");

    QTest::newRow("one") << QByteArray("kafka:9092") << QStringLiteral("kafka:9092");
    QTest::newRow("ipv4") << QByteArray("10.0.0.1:1") << QStringLiteral("10.0.0.1:1");
    QTest::newRow("ipv6 in brackets") << QByteArray("\"[::1]:9092\"") << QStringLiteral("[::1]:9092");
    QTest::newRow("highest port") << QByteArray("kafka_1.internal-net:65535")
                                  << QStringLiteral("kafka_1.internal-net:65535");
    QTest::newRow("comma separated") << QByteArray("a:1,b:2,c:3") << QStringLiteral("a:1,b:2,c:3");
    QTest::newRow("spaces trimmed") << QByteArray("\" a:1 , b:2 \"") << QStringLiteral("a:1,b:2");
    QTest::newRow("flow list") << QByteArray("[a:1, b:2]") << QStringLiteral("a:1,b:2");
    QTest::newRow("block list") << QByteArray("\n      - a:1\n      - b:2") << QStringLiteral("a:1,b:2");
}

void TestConfig::bootstrap()
{
    QFETCH(QByteArray, value);
    QFETCH(QString, servers);
    const QByteArray file = "clusters:\n  - name: a\n    bootstrap: " + value + '\n';
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->clusters.front().bootstrapServers, servers);
}

void TestConfig::aliases_data()
{
    QTest::addColumn<QByteArray>("flow");
    QTest::addColumn<QString>("sourceAlias");
    QTest::addColumn<QString>("targetAlias");

    QTest::newRow("defaults are the cluster names")
        << QByteArray("{source: primary, target: dr}") << QStringLiteral("primary") << QStringLiteral("dr");
    QTest::newRow("source alias only")
        << QByteArray("{source: primary, target: dr, source_alias: p}") << QStringLiteral("p")
        << QStringLiteral("dr");
    QTest::newRow("target alias only")
        << QByteArray("{source: primary, target: dr, target_alias: backup}") << QStringLiteral("primary")
        << QStringLiteral("backup");
    QTest::newRow("both aliases")
        << QByteArray("{source: primary, target: dr, source_alias: a, target_alias: b}")
        << QStringLiteral("a") << QStringLiteral("b");
}

void TestConfig::aliases()
{
    QFETCH(QByteArray, flow);
    QFETCH(QString, sourceAlias);
    QFETCH(QString, targetAlias);
    const Result<AppConfig> config = parseConfig(yaml(kTwoClusters) + "  - " + flow + '\n', fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->flows.size(), 1U);
    QCOMPARE(config->flows.front().sourceCluster, QStringLiteral("primary"));
    QCOMPARE(config->flows.front().targetCluster, QStringLiteral("dr"));
    QCOMPARE(config->flows.front().sourceAlias, sourceAlias);
    QCOMPARE(config->flows.front().targetAlias, targetAlias);
}

// Commenting out every item must not turn a valid file into an invalid one.
void TestConfig::commentedOutCollections()
{
    const Result<AppConfig> config = parseConfig(yaml(R"(
clusters:
  - name: a
    bootstrap: h:1
    properties:
      # socket.timeout.ms: 1000
replication:
  # - source: a
  #   target: b
)"),
                                                 fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QVERIFY(config->clusters.front().properties.empty());
    QVERIFY(config->flows.empty());
}

void TestConfig::propertyOverridingTypedKeyWarns()
{
    const Result<AppConfig> config = parseConfig(yaml(R"(
clusters:
  - name: a
    bootstrap: h:1
    properties:
      bootstrap.servers: other:9092
)"),
                                                 fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->clusters.front().bootstrapServers, QStringLiteral("h:1"));
    QCOMPARE(config->warnings,
             QStringList{QStringLiteral("config.yaml:5:7: clusters[0].properties.bootstrap.servers: "
                                        "ignored, the cluster's \"bootstrap\" key sets the servers")});
}

void TestConfig::badDurations_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");

    const auto notADuration = [](const char *got) -> QString {
        return QStringLiteral("config.yaml:1:16: poll_interval: expected a duration like 5s or 500ms, got ")
            + QLatin1String(got);
    };
    QTest::newRow("word") << QByteArray("fast") << notADuration("\"fast\"");
    QTest::newRow("hours are not a unit") << QByteArray("1h") << notADuration("\"1h\"");
    QTest::newRow("upper case unit") << QByteArray("5S") << notADuration("\"5S\"");
    QTest::newRow("fraction") << QByteArray("1.5s") << notADuration("\"1.5s\"");
    QTest::newRow("negative") << QByteArray("-5s") << notADuration("\"-5s\"");
    QTest::newRow("space before unit") << QByteArray("5 s") << notADuration("\"5 s\"");
    QTest::newRow("sequence") << QByteArray("[5s]") << notADuration("a sequence");
    QTest::newRow("empty")
        << QByteArray("")
        << QStringLiteral("config.yaml:1:1: poll_interval: expected a duration like 5s or 500ms, "
                          "got an empty value");
    QTest::newRow("below minimum")
        << QByteArray("249ms")
        << QStringLiteral("config.yaml:1:16: poll_interval: expected at least 250ms, got \"249ms\"");
    QTest::newRow("zero") << QByteArray("0")
                          << QStringLiteral("config.yaml:1:16: poll_interval: expected at least 250ms, got \"0\"");
    QTest::newRow("above maximum")
        << QByteArray("1441m")
        << QStringLiteral("config.yaml:1:16: poll_interval: expected at most 1440m (a day), got \"1441m\"");
}

void TestConfig::badDurations()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const QByteArray file = "poll_interval: " + text + "\nclusters: [{name: a, bootstrap: \"h:1\"}]\n";
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY(!config.ok());
    QCOMPARE(config.errorMessage(), error);
}

void TestConfig::badBootstrap_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("error");

    const auto badEntry = [](const char *path, int column, const char *got) -> QString {
        return QStringLiteral("config.yaml:3:%1: clusters[0].%2: expected host:port with a port from 1 "
                              "to 65535, got \"%3\"")
            .arg(column)
            .arg(QLatin1String(path), QLatin1String(got));
    };
    QTest::newRow("port too high") << QByteArray("kafka:99999") << badEntry("bootstrap", 16, "kafka:99999");
    QTest::newRow("port zero") << QByteArray("kafka:0") << badEntry("bootstrap", 16, "kafka:0");
    QTest::newRow("no port") << QByteArray("kafka") << badEntry("bootstrap", 16, "kafka");
    QTest::newRow("no host") << QByteArray("\":9092\"") << badEntry("bootstrap", 16, ":9092");
    QTest::newRow("url") << QByteArray("PLAINTEXT://kafka:9092")
                         << badEntry("bootstrap", 16, "PLAINTEXT://kafka:9092");
    QTest::newRow("ipv6 without brackets") << QByteArray("\"::1:9092\"") << badEntry("bootstrap", 16, "::1:9092");
    QTest::newRow("one bad entry of three")
        << QByteArray("a:1,b:x,c:3") << badEntry("bootstrap", 16, "b:x");
    QTest::newRow("empty entry") << QByteArray("\"a:1,,c:3\"") << badEntry("bootstrap", 16, "");
    QTest::newRow("bad list item") << QByteArray("[a:1, b]") << badEntry("bootstrap[1]", 22, "b");
    QTest::newRow("list item is a list")
        << QByteArray("[a:1, [b:2]]")
        << QStringLiteral("config.yaml:3:22: clusters[0].bootstrap[1]: expected host:port, got a sequence");
    QTest::newRow("empty string")
        << QByteArray("\"\"")
        << QStringLiteral("config.yaml:3:16: clusters[0].bootstrap: expected at least one host:port");
    QTest::newRow("empty list")
        << QByteArray("[]")
        << QStringLiteral("config.yaml:3:16: clusters[0].bootstrap: expected at least one host:port");
    QTest::newRow("empty value")
        << QByteArray("")
        << QStringLiteral("config.yaml:3:5: clusters[0].bootstrap: expected at least one host:port");
    QTest::newRow("map")
        << QByteArray("{host: a, port: 1}")
        << QStringLiteral("config.yaml:3:16: clusters[0].bootstrap: expected host:port or a sequence of "
                          "them, got a map");
}

void TestConfig::badBootstrap()
{
    QFETCH(QByteArray, value);
    QFETCH(QString, error);
    const QByteArray file = "clusters:\n  - name: a\n    bootstrap: " + value + '\n';
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY(!config.ok());
    QCOMPARE(config.errorMessage(), error);
}

void TestConfig::flowPolicy()
{
    const Result<AppConfig> config = parseConfig(yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
  - name: b
    bootstrap: b:1
replication:
  - source: a
    target: b
  - source: b
    target: a
    policy: identity
    separator: _
    internal_topic_separator: false
    offset_syncs_location: target
)"), fileName());
    QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
    QCOMPARE(config->flows.size(), size_t(2));
    QCOMPARE(config->flows[0].policy, mirror::ReplicationPolicyConfig{});
    const mirror::ReplicationPolicyConfig &p = config->flows[1].policy;
    QCOMPARE(p.kind, mirror::ReplicationPolicyConfig::Identity);
    QCOMPARE(p.separator, QStringLiteral("_"));
    QCOMPARE(p.internalTopicSeparatorEnabled, false);
    QCOMPARE(p.offsetSyncsLocation, mirror::ReplicationPolicyConfig::Target);
}

void TestConfig::errors_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("error");

    QTest::newRow("syntax error") << yaml(R"(
clusters:
  - name: a
    bootstrap: [a:1
  - name: b
)") << QStringLiteral("config.yaml:4:9: syntax error: end of sequence flow not found");

    QTest::newRow("tab indentation") << yaml("clusters:\n\t- name: a\n")
                                     << QStringLiteral("config.yaml:2:2: syntax error: illegal block entry");

    QTest::newRow("wrong type: poll_interval") << yaml(R"(
request_timeout: 10s
poll_interval: fast
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:2:16: poll_interval: expected a duration like 5s or 500ms, got \"fast\"");

    QTest::newRow("wrong type: clusters") << yaml(R"(
clusters:
  name: a
  bootstrap: a:1
)") << QStringLiteral("config.yaml:2:3: clusters: expected a sequence of clusters, got a map");

    QTest::newRow("wrong type: read_only") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    read_only: maybe
)") << QStringLiteral("config.yaml:4:16: clusters[0].read_only: expected true or false, got \"maybe\"");

    QTest::newRow("yes is not a boolean") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    read_only: yes
)") << QStringLiteral("config.yaml:4:16: clusters[0].read_only: expected true or false, got \"yes\"");

    QTest::newRow("wrong type: cluster") << yaml(R"(
clusters:
  - primary
)") << QStringLiteral("config.yaml:2:5: clusters[0]: expected a map with name and bootstrap, got \"primary\"");

    QTest::newRow("wrong type: property value") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    properties:
      socket.timeout.ms: [1, 2]
      client.id:
)") << QStringLiteral("config.yaml:5:26: clusters[0].properties.socket.timeout.ms: expected a single "
                      "value, got a sequence\n"
                      "config.yaml:6:7: clusters[0].properties.client.id: expected a single value, got "
                      "an empty value");

    QTest::newRow("wrong type: properties") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    properties: [a, b]
)") << QStringLiteral("config.yaml:4:17: clusters[0].properties: expected a map of librdkafka "
                      "properties, got a sequence");

    QTest::newRow("missing bootstrap") << yaml(R"(
poll_interval: 5s
clusters:
  - name: a
    read_only: true
)") << QStringLiteral("config.yaml:3:5: clusters[0]: missing required key \"bootstrap\"");

    QTest::newRow("missing name and bootstrap") << yaml(R"(
clusters:
  - read_only: true
)") << QStringLiteral("config.yaml:2:5: clusters[0]: missing required key \"name\"\n"
                      "config.yaml:2:5: clusters[0]: missing required key \"bootstrap\"");

    QTest::newRow("missing clusters") << yaml(R"(
poll_interval: 5s
)") << QStringLiteral("config.yaml:1:1: missing required key \"clusters\"");

    QTest::newRow("unknown key with suggestion") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
  - name: b
    bootstap: b:1
)") << QStringLiteral("config.yaml:4:5: clusters[1]: missing required key \"bootstrap\"\n"
                      "config.yaml:5:5: clusters[1].bootstap: unknown key (did you mean \"bootstrap\"?)");

    QTest::newRow("unknown top-level key") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
log_level: debug
)") << QStringLiteral("config.yaml:4:1: log_level: unknown key (expected one of: poll_interval, "
                      "request_timeout, clusters, replication)");

    QTest::newRow("top-level key with a typo") << yaml(R"(
Poll_intervall: 5s
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:1:1: Poll_intervall: unknown key (did you mean \"poll_interval\"?)");

    QTest::newRow("unknown flow key") << yaml(R"(
clusters:
  - {name: a, bootstrap: "a:1"}
  - {name: b, bootstrap: "b:1"}
replication:
  - source: a
    target: b
    topics: ".*"
)") << QStringLiteral("config.yaml:7:5: replication[0].topics: unknown key (expected one of: source, "
                      "target, source_alias, target_alias, policy, separator, internal_topic_separator, "
                      "offset_syncs_location)");

    QTest::newRow("duplicate key") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    name: b
)") << QStringLiteral("config.yaml:4:5: clusters[0].name: duplicate key (first given at line 2)");

    QTest::newRow("duplicate cluster name") << yaml(R"(
clusters:
  - name: primary
    bootstrap: a:1
  - name: primary
    bootstrap: b:1
)") << QStringLiteral("config.yaml:4:11: clusters[1].name: duplicate cluster name \"primary\" (first "
                      "defined at line 2)");

    QTest::newRow("bad cluster name") << yaml(R"(
clusters:
  - name: my cluster
    bootstrap: a:1
)") << QStringLiteral("config.yaml:2:11: clusters[0].name: expected a cluster name made of letters, "
                      "digits, \".\", \"_\" and \"-\", got \"my cluster\"");

    QTest::newRow("bad host:port") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
  - name: b
    bootstrap: b:9092,c:90920
)") << QStringLiteral("config.yaml:5:16: clusters[1].bootstrap: expected host:port with a port from 1 "
                      "to 65535, got \"c:90920\"");

    QTest::newRow("flow: unknown source, close to a name") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - source: primry
    target: dr
)") << QStringLiteral("config.yaml:5:13: replication[0].source: unknown cluster \"primry\" (did you "
                      "mean \"primary\"?)");

    QTest::newRow("flow: unknown target") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - source: primary
    target: backup
)") << QStringLiteral("config.yaml:6:13: replication[0].target: unknown cluster \"backup\" (defined "
                      "clusters: primary, dr)");

    QTest::newRow("flow: source is target") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
replication:
  - source: primary
    target: primary
)") << QStringLiteral("config.yaml:5:13: replication[0].target: expected a cluster other than the "
                      "source, got \"primary\"");

    QTest::newRow("flow: missing target") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
replication:
  - source: primary
)") << QStringLiteral("config.yaml:4:5: replication[0]: missing required key \"target\"");

    QTest::newRow("flow: same aliases") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - source: primary
    target: dr
    target_alias: primary
)") << QStringLiteral("config.yaml:7:19: replication[0].target_alias: expected an alias other than the "
                      "source alias, got \"primary\"");

    QTest::newRow("flow: bad alias") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - {source: primary, target: dr, source_alias: "p/1"}
)") << QStringLiteral("config.yaml:5:49: replication[0].source_alias: expected an alias made of "
                      "letters, digits, \".\", \"_\" and \"-\", got \"p/1\"");

    QTest::newRow("flow: duplicate") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - {source: primary, target: dr}
  - {source: dr, target: primary}
  - {source: primary, target: dr, source_alias: p}
)") << QStringLiteral("config.yaml:7:5: replication[2]: duplicate flow from primary to dr (first "
                      "defined at line 5)");

    QTest::newRow("wrong type: replication") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
replication: primary->dr
)") << QStringLiteral("config.yaml:3:14: replication: expected a sequence of flows, got \"primary->dr\"");

    QTest::newRow("empty file") << QByteArray()
                                << QStringLiteral("config.yaml:1:1: expected a map with a \"clusters\" "
                                                  "key, got an empty file");

    QTest::newRow("only comments") << yaml("# nothing yet\n\n")
                                   << QStringLiteral("config.yaml:1:1: expected a map with a \"clusters\" "
                                                     "key, got an empty file");

    QTest::newRow("no clusters") << yaml("poll_interval: 5s\nclusters: []\n")
                                 << QStringLiteral("config.yaml:2:11: clusters: expected at least one cluster");

    QTest::newRow("clusters left empty") << yaml("clusters:\n")
                                         << QStringLiteral("config.yaml:1:1: clusters: expected at least "
                                                           "one cluster");

    QTest::newRow("not a map") << yaml("- name: a\n  bootstrap: a:1\n")
                               << QStringLiteral("config.yaml:1:1: expected a map with a \"clusters\" key, "
                                                 "got a sequence");

    QTest::newRow("two documents") << yaml(R"(
clusters:
  - {name: a, bootstrap: "a:1"}
---
clusters:
  - {name: b, bootstrap: "b:1"}
)") << QStringLiteral("config.yaml:4:1: expected a single YAML document, got 2");

    QTest::newRow("control characters are escaped")
        << yaml("clusters:\n  - name: a\n    bootstrap: a:1\n    \"x\\ny\": 1\n")
        << QStringLiteral("config.yaml:4:5: clusters[0].x\\ny: unknown key (expected one of: name, "
                          "bootstrap, read_only, properties)");

    // Errors are found section by section but reported in file order.
    QTest::newRow("all errors, ordered by line") << yaml(R"(
replication:
  - source: primary
    target: nowhere
clusters:
  - name: primary
    bootstrap: a:1
    read_only: maybe
  - name: dr
    bootstrap: b
poll_interval: 100ms
security: {}
)") << QStringLiteral(
        "config.yaml:3:13: replication[0].target: unknown cluster \"nowhere\" (defined clusters: primary, dr)\n"
        "config.yaml:7:16: clusters[0].read_only: expected true or false, got \"maybe\"\n"
        "config.yaml:9:16: clusters[1].bootstrap: expected host:port with a port from 1 to 65535, got \"b\"\n"
        "config.yaml:10:16: poll_interval: expected at least 250ms, got \"100ms\"\n"
        "config.yaml:11:1: security: unknown key (expected one of: poll_interval, request_timeout, clusters, "
        "replication)");

    const char *twoClusters = "clusters:\n  - name: a\n    bootstrap: a:1\n  - name: b\n    bootstrap: b:1\n"
                              "replication:\n  - source: a\n    target: b\n";
    QTest::newRow("flow: unknown policy") << QByteArray(QByteArray(twoClusters) + "    policy: custom\n")
        << QStringLiteral("config.yaml:9:13: replication[0].policy: expected one of default, identity, got \"custom\"");
    QTest::newRow("flow: bad offset_syncs_location")
        << QByteArray(QByteArray(twoClusters) + "    offset_syncs_location: both\n")
        << QStringLiteral("config.yaml:9:28: replication[0].offset_syncs_location: expected one of source, target, "
                          "got \"both\"");
    QTest::newRow("flow: empty separator") << QByteArray(QByteArray(twoClusters) + "    separator: \"\"\n")
        << QStringLiteral("config.yaml:9:16: replication[0].separator: expected a non-empty separator such as \".\", "
                          "got \"\"");
}

void TestConfig::errors()
{
    QFETCH(QByteArray, file);
    QFETCH(QString, error);
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY(!config.ok());
    QCOMPARE(config.errorMessage(), error);
}

void TestConfig::neverThrows_data()
{
    QTest::addColumn<QByteArray>("file");

    QTest::newRow("deep nesting") << QByteArray(5000, '[');
    QTest::newRow("every byte value") << [] {
        QByteArray bytes;
        for (int i = 0; i < 256; ++i)
            bytes.append(static_cast<char>(i));
        return bytes;
    }();
    QTest::newRow("nul byte") << QByteArray("clusters:\0\n", 11);
    QTest::newRow("unclosed quote") << QByteArray("clusters: 'a\n");
    QTest::newRow("anchor loop") << QByteArray("a: &x [*x]\n");
    QTest::newRow("complex key") << QByteArray("? [a, b]\n: c\nclusters: {}\n");
}

// Whatever the input, the loader answers with a located error instead of throwing.
void TestConfig::neverThrows()
{
    QFETCH(QByteArray, file);
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY(!config.ok());
    QVERIFY2(config.errorMessage().startsWith(QStringLiteral("config.yaml:")),
             qPrintable(config.errorMessage()));
}

void TestConfig::loadMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("missing.yaml"));
    QFile probe(path);
    QVERIFY(!probe.open(QIODevice::ReadOnly));

    const Result<AppConfig> config = loadConfig(path);
    QVERIFY(!config.ok());
    QCOMPARE(config.errorMessage(), path + QStringLiteral(": cannot read the file: ") + probe.errorString());
}

void TestConfig::loadDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result<AppConfig> config = loadConfig(dir.path());
    QVERIFY(!config.ok());
    QVERIFY2(config.errorMessage().startsWith(dir.path() + QStringLiteral(": ")),
             qPrintable(config.errorMessage()));
}

void TestConfig::loadFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("lagscope.yaml"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("clusters:\n  - name: a\n    bootstrap: a:1\n");
    file.close();

    const Result<AppConfig> config = loadConfig(path);
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->path, path);
    QCOMPARE(config->clusters.front().name, QStringLiteral("a"));

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("clusters:\n  - name: a\n");
    file.close();
    const Result<AppConfig> broken = loadConfig(path);
    QVERIFY(!broken.ok());
    QCOMPARE(broken.errorMessage(), path + QStringLiteral(":2:5: clusters[0]: missing required key \"bootstrap\""));
}

void TestConfig::sampleFileIsValid()
{
    const Result<AppConfig> config =
        loadConfig(QStringLiteral(LAGSCOPE_SOURCE_DIR "/resources/lagscope.sample.yaml"));
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QVERIFY2(config->warnings.isEmpty(), qPrintable(config->warnings.join(QLatin1Char('\n'))));
    QCOMPARE(config->clusters.size(), 2U);
    QVERIFY(config->cluster(QStringLiteral("primary")));
    QVERIFY(config->cluster(QStringLiteral("dr")));
    QCOMPARE(config->flows.size(), 1U);
    QCOMPARE(config->flows.front().sourceCluster, QStringLiteral("primary"));
    QCOMPARE(config->flows.front().targetCluster, QStringLiteral("dr"));
}

void TestConfig::defaultPath()
{
    const QString path = defaultConfigPath();
    QCOMPARE(path, QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)
                       + QStringLiteral("/config.yaml"));
    QVERIFY2(path.endsWith(QStringLiteral("/lagscope/config.yaml")), qPrintable(path));
}

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
