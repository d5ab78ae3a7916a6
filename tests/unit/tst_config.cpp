// Unit tests of the YAML configuration loader (core/config/ConfigLoader): valid files,
// loading from disk and the shipped sample file. Bad files: tst_configerrors.cpp.

#include "ConfigTestUtil.h"
#include "TableRows.h"
#include "config/ConfigLoader.h"

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;

using namespace lagscope::test;

class TestConfig final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void minimal();
    void full();
    void durations_data();
    void durations();
    void ignoreOrphanedOffsets_data();
    void ignoreOrphanedOffsets();
    void bootstrap_data();
    void bootstrap();
    void aliases_data();
    void aliases();
    void commentedOutCollections();
    void flowPolicy();
    void propertyOverridingTypedKeyWarns();

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
    QCOMPARE(config->lagWindowPolls, 10);
    QCOMPARE(config->allowedLag, 1);
    QCOMPARE(config->ignoreOrphanedOffsets, false);
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
lag_window: 20
allowed_lag: 0
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
    QCOMPARE(config->lagWindowPolls, 20);
    QCOMPARE(config->allowedLag, 0);
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
    addColumns<QByteArray, int>("text", "ms");

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
    const QByteArray file =
        "poll_interval: " + text + "\nrequest_timeout: " + text + "\nclusters: [{name: a, bootstrap: \"h:1\"}]\n";
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->pollIntervalMs, ms);
    QCOMPARE(config->requestTimeoutMs, ms);
}

void TestConfig::ignoreOrphanedOffsets_data()
{
    addColumns<QByteArray, bool, QString>("text", "ignored", "error");
    QTest::newRow("true") << QByteArray("true") << true << QString();
    QTest::newRow("false") << QByteArray("false") << false << QString();
    // YAML 1.1's "yes" is a string in YAML 1.2: refused, as every boolean key refuses it.
    QTest::newRow("yes is refused") << QByteArray("yes") << false
                                    << QStringLiteral("ignore_orphaned_offsets: expected true or false");
}

void TestConfig::ignoreOrphanedOffsets()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, ignored);
    QFETCH(QString, error);
    const QByteArray file = "ignore_orphaned_offsets: " + text + "\nclusters: [{name: a, bootstrap: \"h:1\"}]\n";
    const Result<AppConfig> config = parseConfig(file, fileName());
    if (!error.isEmpty()) {
        QVERIFY(!config.ok());
        QVERIFY2(config.errorMessage().contains(error), qPrintable(config.errorMessage()));
        return;
    }
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->ignoreOrphanedOffsets, ignored);
    QVERIFY(config->warnings.isEmpty());
}

void TestConfig::bootstrap_data()
{
    addColumns<QByteArray, QString>("value", "servers");

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
    addColumns<QByteArray, QString, QString>("flow", "sourceAlias", "targetAlias");

    QTest::newRow("defaults are the cluster names")
        << QByteArray("{source: primary, target: dr}") << QStringLiteral("primary") << QStringLiteral("dr");
    QTest::newRow("source alias only") << QByteArray("{source: primary, target: dr, source_alias: p}")
                                       << QStringLiteral("p") << QStringLiteral("dr");
    QTest::newRow("target alias only") << QByteArray("{source: primary, target: dr, target_alias: backup}")
                                       << QStringLiteral("primary") << QStringLiteral("backup");
    QTest::newRow("both aliases") << QByteArray("{source: primary, target: dr, source_alias: a, target_alias: b}")
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
)"),
                                                 fileName());
    QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
    QCOMPARE(config->flows.size(), size_t(2));
    QCOMPARE(config->flows[0].policy, mirror::ReplicationPolicyConfig{});
    const mirror::ReplicationPolicyConfig &p = config->flows[1].policy;
    QCOMPARE(p.kind, mirror::ReplicationPolicyConfig::Identity);
    QCOMPARE(p.separator, QStringLiteral("_"));
    QCOMPARE(p.internalTopicSeparatorEnabled, false);
    QCOMPARE(p.offsetSyncsLocation, mirror::ReplicationPolicyConfig::Target);
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
    QVERIFY2(config.errorMessage().startsWith(dir.path() + QStringLiteral(": ")), qPrintable(config.errorMessage()));
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
    const Result<AppConfig> config = loadConfig(QStringLiteral(LAGSCOPE_SOURCE_DIR "/resources/lagscope.sample.yaml"));
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
    QCOMPARE(path,
             QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/config.yaml"));
    QVERIFY2(path.endsWith(QStringLiteral("/lagscope/config.yaml")), qPrintable(path));
}

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
