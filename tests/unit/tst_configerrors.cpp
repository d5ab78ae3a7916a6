// The configuration loader's answer to bad files: the exact message, with file, line,
// column and key, of every kind of error; and that no input makes it throw.

#include "ConfigTestUtil.h"
#include "TableRows.h"
#include "config/ConfigLoader.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// The loader refuses `file` with exactly `error`. The last statement of each table's test
// function, so a failure here ends that test too.
void expectError(const QByteArray &file, const QString &error)
{
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY(!config.ok());
    QCOMPARE(config.errorMessage(), error);
}

} // namespace

class TestConfigErrors final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void badDurations_data();
    void badDurations();
    void badBootstrap_data();
    void badBootstrap();
    void errors_data();
    void errors();
    void neverThrows_data();
    void neverThrows();
};

void TestConfigErrors::badDurations_data()
{
    addColumns<QByteArray, QString>("text", "error");

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
    QTest::newRow("empty") << QByteArray("")
                           << QStringLiteral("config.yaml:1:1: poll_interval: expected a duration like 5s or 500ms, "
                                             "got an empty value");
    QTest::newRow("below minimum") << QByteArray(
        "249ms") << QStringLiteral("config.yaml:1:16: poll_interval: expected at least 250ms, got \"249ms\"");
    QTest::newRow("zero") << QByteArray("0")
                          << QStringLiteral("config.yaml:1:16: poll_interval: expected at least 250ms, got \"0\"");
    QTest::newRow("above maximum") << QByteArray(
        "1441m") << QStringLiteral("config.yaml:1:16: poll_interval: expected at most 1440m (a day), got \"1441m\"");
}

void TestConfigErrors::badDurations()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    expectError("poll_interval: " + text + "\nclusters: [{name: a, bootstrap: \"h:1\"}]\n", error);
}

void TestConfigErrors::badBootstrap_data()
{
    addColumns<QByteArray, QString>("value", "error");

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
    QTest::newRow("url") << QByteArray("PLAINTEXT://kafka:9092") << badEntry("bootstrap", 16, "PLAINTEXT://kafka:9092");
    QTest::newRow("ipv6 without brackets") << QByteArray("\"::1:9092\"") << badEntry("bootstrap", 16, "::1:9092");
    QTest::newRow("one bad entry of three") << QByteArray("a:1,b:x,c:3") << badEntry("bootstrap", 16, "b:x");
    QTest::newRow("empty entry") << QByteArray("\"a:1,,c:3\"") << badEntry("bootstrap", 16, "");
    QTest::newRow("bad list item") << QByteArray("[a:1, b]") << badEntry("bootstrap[1]", 22, "b");
    QTest::newRow("list item is a list")
        << QByteArray("[a:1, [b:2]]")
        << QStringLiteral("config.yaml:3:22: clusters[0].bootstrap[1]: expected host:port, got a sequence");
    QTest::newRow("empty string") << QByteArray(
        "\"\"") << QStringLiteral("config.yaml:3:16: clusters[0].bootstrap: expected at least one host:port");
    QTest::newRow("empty list") << QByteArray(
        "[]") << QStringLiteral("config.yaml:3:16: clusters[0].bootstrap: expected at least one host:port");
    QTest::newRow("empty value") << QByteArray(
        "") << QStringLiteral("config.yaml:3:5: clusters[0].bootstrap: expected at least one host:port");
    QTest::newRow("map") << QByteArray("{host: a, port: 1}")
                         << QStringLiteral(
                                "config.yaml:3:16: clusters[0].bootstrap: expected host:port or a sequence of "
                                "them, got a map");
}

void TestConfigErrors::badBootstrap()
{
    QFETCH(QByteArray, value);
    QFETCH(QString, error);
    expectError("clusters:\n  - name: a\n    bootstrap: " + value + '\n', error);
}

void TestConfigErrors::errors_data()
{
    addColumns<QByteArray, QString>("file", "error");

    QTest::newRow("syntax error") << yaml(R"(
clusters:
  - name: a
    bootstrap: [a:1
  - name: b
)") << QStringLiteral("config.yaml:4:9: syntax error: end of sequence flow not found");

    QTest::newRow("tab indentation") << yaml("clusters:\n\t- name: a\n")
                                     << QStringLiteral("config.yaml:2:2: syntax error: illegal block entry");

    // yaml-cpp 0.7 never consumes a top-level ',': LoadAll() used to make empty documents
    // until memory ran out (found by tests/fuzz fuzz_config).
    QTest::newRow("stray comma") << QByteArray(",") << QStringLiteral("config.yaml:1:1: syntax error: unexpected ','");
    QTest::newRow("comma before the first key") << QByteArray(",clusters:\n  - name: a\n    bootstrap: a:1\n")
                                                << QStringLiteral("config.yaml:1:1: syntax error: unexpected ','");
    QTest::newRow("comma after the document end")
        << QByteArray("clusters:\n  - name: a\n    bootstrap: a:1\n...\n  , x\n")
        << QStringLiteral("config.yaml:5:3: syntax error: unexpected ','");

    QTest::newRow("wrong type: poll_interval") << yaml(R"(
request_timeout: 10s
poll_interval: fast
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:2:16: poll_interval: expected a duration like 5s or 500ms, got \"fast\"");

    QTest::newRow("lag_window too small") << yaml(R"(
lag_window: 2
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:1:13: lag_window: expected a number of polls from 3 to 1000, got \"2\"");

    QTest::newRow("lag_window not a number") << yaml(R"(
poll_interval: 1s
lag_window: [10]
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:2:13: lag_window: expected a number of polls from 3 to 1000, got a sequence");

    QTest::newRow("allowed_lag negative") << yaml(R"(
allowed_lag: -1
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:1:14: allowed_lag: expected a number of records from 0 to 1000000, got \"-1\"");

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

    QTest::newRow("wrong type: property value")
        << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    properties:
      socket.timeout.ms: [1, 2]
      client.id:
)")
        << QStringLiteral("config.yaml:5:26: clusters[0].properties.socket.timeout.ms: expected a single "
                          "value, got a sequence\n"
                          "config.yaml:6:7: clusters[0].properties.client.id: expected a single value, got "
                          "an empty value");

    QTest::newRow("wrong type: properties")
        << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    properties: [a, b]
)")
        << QStringLiteral("config.yaml:4:17: clusters[0].properties: expected a map of librdkafka "
                          "properties, got a sequence");

    QTest::newRow("missing bootstrap") << yaml(R"(
poll_interval: 5s
clusters:
  - name: a
    read_only: true
)") << QStringLiteral("config.yaml:3:5: clusters[0]: missing required key \"bootstrap\"");

    QTest::newRow("missing name and bootstrap")
        << yaml(R"(
clusters:
  - read_only: true
)")
        << QStringLiteral("config.yaml:2:5: clusters[0]: missing required key \"name\"\n"
                          "config.yaml:2:5: clusters[0]: missing required key \"bootstrap\"");

    QTest::newRow("missing clusters") << yaml(R"(
poll_interval: 5s
)") << QStringLiteral("config.yaml:1:1: missing required key \"clusters\"");

    QTest::newRow("unknown key with suggestion")
        << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
  - name: b
    bootstap: b:1
)")
        << QStringLiteral("config.yaml:4:5: clusters[1]: missing required key \"bootstrap\"\n"
                          "config.yaml:5:5: clusters[1].bootstap: unknown key (did you mean \"bootstrap\"?)");

    QTest::newRow("unknown top-level key")
        << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
log_level: debug
)")
        << QStringLiteral("config.yaml:4:1: log_level: unknown key (expected one of: poll_interval, "
                          "request_timeout, clusters, replication, read_only_clusters, alerts, lag_window, "
                          "allowed_lag, ignore_orphaned_offsets, history, history_password, history_sslmode, "
                          "history_sslrootcert)");

    QTest::newRow("top-level key with a typo") << yaml(R"(
Poll_intervall: 5s
clusters:
  - name: a
    bootstrap: a:1
)") << QStringLiteral("config.yaml:1:1: Poll_intervall: unknown key (did you mean \"poll_interval\"?)");

    QTest::newRow("unknown flow key")
        << yaml(R"(
clusters:
  - {name: a, bootstrap: "a:1"}
  - {name: b, bootstrap: "b:1"}
replication:
  - source: a
    target: b
    topics: ".*"
)")
        << QStringLiteral("config.yaml:7:5: replication[0].topics: unknown key (expected one of: source, "
                          "target, source_alias, target_alias, policy, separator, internal_topic_separator, "
                          "offset_syncs_location)");

    QTest::newRow("duplicate key") << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
    name: b
)") << QStringLiteral("config.yaml:4:5: clusters[0].name: duplicate key (first given at line 2)");

    QTest::newRow("duplicate cluster name")
        << yaml(R"(
clusters:
  - name: primary
    bootstrap: a:1
  - name: primary
    bootstrap: b:1
)")
        << QStringLiteral("config.yaml:4:11: clusters[1].name: duplicate cluster name \"primary\" (first "
                          "defined at line 2)");

    QTest::newRow("bad cluster name")
        << yaml(R"(
clusters:
  - name: my cluster
    bootstrap: a:1
)")
        << QStringLiteral("config.yaml:2:11: clusters[0].name: expected a cluster name made of letters, "
                          "digits, \".\", \"_\" and \"-\", got \"my cluster\"");

    QTest::newRow("bad host:port")
        << yaml(R"(
clusters:
  - name: a
    bootstrap: a:1
  - name: b
    bootstrap: b:9092,c:90920
)")
        << QStringLiteral("config.yaml:5:16: clusters[1].bootstrap: expected host:port with a port from 1 "
                          "to 65535, got \"c:90920\"");

    QTest::newRow("flow: unknown source, close to a name")
        << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - source: primry
    target: dr
)")
        << QStringLiteral("config.yaml:5:13: replication[0].source: unknown cluster \"primry\" (did you "
                          "mean \"primary\"?)");

    QTest::newRow("flow: unknown target")
        << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - source: primary
    target: backup
)")
        << QStringLiteral("config.yaml:6:13: replication[0].target: unknown cluster \"backup\" (defined "
                          "clusters: primary, dr)");

    QTest::newRow("flow: source is target")
        << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
replication:
  - source: primary
    target: primary
)")
        << QStringLiteral("config.yaml:5:13: replication[0].target: expected a cluster other than the "
                          "source, got \"primary\"");

    QTest::newRow("flow: missing target") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
replication:
  - source: primary
)") << QStringLiteral("config.yaml:4:5: replication[0]: missing required key \"target\"");

    QTest::newRow("flow: same aliases")
        << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - source: primary
    target: dr
    target_alias: primary
)")
        << QStringLiteral("config.yaml:7:19: replication[0].target_alias: expected an alias other than the "
                          "source alias, got \"primary\"");

    QTest::newRow("flow: bad alias") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - {source: primary, target: dr, source_alias: "p/1"}
)")
                                     << QStringLiteral(
                                            "config.yaml:5:49: replication[0].source_alias: expected an alias made of "
                                            "letters, digits, \".\", \"_\" and \"-\", got \"p/1\"");

    QTest::newRow("flow: duplicate") << yaml(R"(
clusters:
  - {name: primary, bootstrap: "a:1"}
  - {name: dr, bootstrap: "b:1"}
replication:
  - {source: primary, target: dr}
  - {source: dr, target: primary}
  - {source: primary, target: dr, source_alias: p}
)")
                                     << QStringLiteral(
                                            "config.yaml:7:5: replication[2]: duplicate flow from primary to dr (first "
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
                          "bootstrap, read_only, properties, security)");

    // Errors are found section by section but reported in file order.
    QTest::newRow("all errors, ordered by line")
        << yaml(R"(
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
)")
        << QStringLiteral(
               "config.yaml:3:13: replication[0].target: unknown cluster \"nowhere\" (defined clusters: primary, dr)\n"
               "config.yaml:7:16: clusters[0].read_only: expected true or false, got \"maybe\"\n"
               "config.yaml:9:16: clusters[1].bootstrap: expected host:port with a port from 1 to 65535, got \"b\"\n"
               "config.yaml:10:16: poll_interval: expected at least 250ms, got \"100ms\"\n"
               "config.yaml:11:1: security: unknown key (expected one of: poll_interval, request_timeout, clusters, "
               "replication, read_only_clusters, alerts, lag_window, allowed_lag, ignore_orphaned_offsets, history, "
               "history_password, history_sslmode, history_sslrootcert)");

    const char *twoClusters = "clusters:\n  - name: a\n    bootstrap: a:1\n  - name: b\n    bootstrap: b:1\n"
                              "replication:\n  - source: a\n    target: b\n";
    QTest::newRow("flow: unknown policy")
        << QByteArray(QByteArray(twoClusters) + "    policy: custom\n")
        << QStringLiteral("config.yaml:9:13: replication[0].policy: expected one of default, identity, got \"custom\"");
    QTest::newRow("flow: bad offset_syncs_location")
        << QByteArray(QByteArray(twoClusters) + "    offset_syncs_location: both\n")
        << QStringLiteral("config.yaml:9:28: replication[0].offset_syncs_location: expected one of source, target, "
                          "got \"both\"");
    QTest::newRow("flow: empty separator")
        << QByteArray(QByteArray(twoClusters) + "    separator: \"\"\n")
        << QStringLiteral("config.yaml:9:16: replication[0].separator: expected a non-empty separator such as \".\", "
                          "got \"\"");
}

void TestConfigErrors::errors()
{
    QFETCH(QByteArray, file);
    QFETCH(QString, error);
    expectError(file, error);
}

void TestConfigErrors::neverThrows_data()
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
void TestConfigErrors::neverThrows()
{
    QFETCH(QByteArray, file);
    const Result<AppConfig> config = parseConfig(file, fileName());
    QVERIFY(!config.ok());
    QVERIFY2(config.errorMessage().startsWith(QStringLiteral("config.yaml:")), qPrintable(config.errorMessage()));
}

QTEST_GUILESS_MAIN(TestConfigErrors)
#include "tst_configerrors.moc"
