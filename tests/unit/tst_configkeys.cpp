// Every key of the configuration file given a wrong type and a wrong value: the loader refuses
// the file with "config.yaml:line:column: key path: what", at the value's place. The keys come
// from the parser itself (each map's "unknown key (expected one of: ...)" list), so a key added
// to the parser without rows here fails keysHaveRows(), and one the sample configuration does
// not show fails sampleShowsEveryKey().

#include "ConfigTestUtil.h"
#include "TableRows.h"
#include "config/ConfigLoader.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <map>
#include <utility>
#include <vector>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// A map of the file whose keys are tested: the lines before it and entries that make it valid.
struct Section {
    const char *name;
    const char *header;      // the lines before the map's first entry
    const char *firstPrefix; // the first entry's indentation ("  - " for a sequence item)
    const char *indent;      // the other entries' indentation
    const char *path;        // key path of the map in messages ("" at the top)
    std::vector<std::pair<const char *, const char *>> base; // the entries that make it valid
};

const char *const kClusters = "clusters:\n  - {name: a, bootstrap: \"a:1\"}\n  - {name: b, bootstrap: \"b:1\"}\n";

const std::vector<Section> &sections()
{
    static const std::vector<Section> all{
        {"top", "", "", "", "", {{"clusters", "[{name: a, bootstrap: \"a:1\"}, {name: b, bootstrap: \"b:1\"}]"}}},
        {"cluster", "clusters:\n", "  - ", "    ", "clusters[0]", {{"name", "a"}, {"bootstrap", "a:1"}}},
        {"security",
         "clusters:\n  - name: a\n    bootstrap: a:1\n    security:\n",
         "      ",
         "      ",
         "clusters[0].security",
         {{"protocol", "SASL_SSL"},
          {"sasl_mechanism", "PLAIN"},
          {"username", "u"},
          {"password", "\"${env:LAGSCOPE_TEST_PASSWORD}\""}}},
        {"properties",
         "clusters:\n  - name: a\n    bootstrap: a:1\n    properties:\n",
         "      ",
         "      ",
         "clusters[0].properties",
         {{"client.id", "lagscope"}}},
        {"flow", "", "  - ", "    ", "replication[0]", {{"source", "a"}, {"target", "b"}}},
        {"alert", "", "  - ", "    ", "alerts[0]", {{"name", "r"}, {"condition", "lag_messages"}, {"threshold", "10"}}},
    };
    return all;
}

const Section &section(const char *name)
{
    for (const Section &s : sections())
        if (qstrcmp(s.name, name) == 0)
            return s;
    qFatal("no section %s", name);
}

QByteArray header(const Section &s)
{
    if (qstrcmp(s.name, "flow") == 0)
        return QByteArray(kClusters) + "replication:\n";
    if (qstrcmp(s.name, "alert") == 0)
        return QByteArray(kClusters) + "alerts:\n";
    return s.header;
}

// A row: `key` of `section` given `value` (YAML text; empty: no value). The loader must
// report `fragment` for `errorKey` (default: the key itself) at the value, or at the key.
struct Row {
    QByteArray name;
    const char *section;
    const char *key;
    const char *value;
    const char *fragment;
    bool wrongType = false;
    bool atKey = false;
    const char *errorKey = nullptr; // relative to the section's path
    int shift = 0;                  // columns from the value to the error (an item of a sequence)
};

struct Built {
    QByteArray file;
    QString prefix; // "config.yaml:L:C: path: " of the expected error
};

QString keyPath(const Section &s, const QString &key)
{
    return QString::fromLatin1(s.path).isEmpty() ? key : QString::fromLatin1(s.path) + QLatin1Char('.') + key;
}

// The section's valid entries without `key`, then `key: value` on the last line.
Built build(const Row &row)
{
    const Section &s = section(row.section);
    QByteArray file = header(s);
    bool first = true;
    for (const auto &[key, value] : s.base) {
        if (qstrcmp(key, row.key) == 0)
            continue;
        file += QByteArray(first ? s.firstPrefix : s.indent) + key + ": " + value + '\n';
        first = false;
    }
    const QByteArray prefix = first ? s.firstPrefix : s.indent;
    const QByteArray value(row.value);
    file += prefix + row.key + ':' + (value.isEmpty() ? QByteArray() : ' ' + value) + '\n';
    const int line = int(file.count('\n'));
    const int column =
        row.atKey || value.isEmpty() ? int(prefix.size()) + 1 : int(prefix.size() + qstrlen(row.key)) + 3 + row.shift;
    const QString path = keyPath(s, QString::fromLatin1(row.errorKey ? row.errorKey : row.key));
    return {file, QStringLiteral("config.yaml:%1:%2: %3: ").arg(line).arg(column).arg(path)};
}

// Scalar keys: a map and a sequence are the wrong types, with the same "got ..." ending.
void addTypeRows(std::vector<Row> &rows, const char *sectionName, const char *key)
{
    rows.push_back({QByteArray(sectionName) + '.' + key + ": a map", sectionName, key, "{x: 1}", "got a map", true});
    rows.push_back(
        {QByteArray(sectionName) + '.' + key + ": a sequence", sectionName, key, "[1, 2]", "got a sequence", true});
}

void add(std::vector<Row> &rows, const char *sectionName, const char *key, const char *label, const char *value,
         const char *fragment, bool wrongType = false, const char *errorKey = nullptr, bool atKey = false)
{
    // An error about an item of a flow sequence ("[x]") is at the item, one column on.
    const int shift = errorKey && std::strchr(errorKey, '[') ? 1 : 0;
    rows.push_back({QByteArray(sectionName) + '.' + key + ": " + label, sectionName, key, value, fragment, wrongType,
                    atKey, errorKey, shift});
}

std::vector<Row> makeRows()
{
    std::vector<Row> rows;
    const char *duration = "expected a duration like 5s or 500ms";

    // Top level.
    for (const char *key : {"poll_interval", "request_timeout", "lag_window", "allowed_lag", "ignore_orphaned_offsets",
                            "read_only_clusters"})
        addTypeRows(rows, "top", key);
    add(rows, "top", "poll_interval", "a word", "fast", duration);
    add(rows, "top", "poll_interval", "negative", "-5s", duration);
    add(rows, "top", "poll_interval", "fraction", "1.5s", duration);
    add(rows, "top", "poll_interval", "hours", "1h", duration);
    add(rows, "top", "poll_interval", "zero", "0", "expected at least 250ms");
    add(rows, "top", "poll_interval", "huge", "9999999999", duration);
    add(rows, "top", "poll_interval", "above a day", "1441m", "expected at most 1440m (a day)");
    add(rows, "top", "poll_interval", "empty", "", "got an empty value");
    add(rows, "top", "request_timeout", "space before the unit", "\"10 s\"", duration);
    add(rows, "top", "request_timeout", "below 250ms", "100ms", "expected at least 250ms");
    add(rows, "top", "request_timeout", "above a day", "86400001ms", "expected at most 1440m (a day)");
    add(rows, "top", "request_timeout", "ISO 8601", "PT10S", duration);
    const char *polls = "expected a number of polls from 3 to 1000";
    add(rows, "top", "lag_window", "too small", "2", polls);
    add(rows, "top", "lag_window", "zero", "0", polls);
    add(rows, "top", "lag_window", "negative", "-10", polls);
    add(rows, "top", "lag_window", "too large", "1001", polls);
    add(rows, "top", "lag_window", "beyond int", "99999999999999999999", polls);
    add(rows, "top", "lag_window", "fraction", "3.5", polls);
    add(rows, "top", "lag_window", "a duration", "10s", polls);
    const char *records = "expected a number of records from 0 to 1000000";
    add(rows, "top", "allowed_lag", "negative", "-1", records);
    add(rows, "top", "allowed_lag", "too large", "1000001", records);
    add(rows, "top", "allowed_lag", "exponent", "1e3", records);
    add(rows, "top", "allowed_lag", "a word", "lots", records);
    const char *boolean = "expected true or false";
    add(rows, "top", "ignore_orphaned_offsets", "yes", "yes", boolean);
    add(rows, "top", "ignore_orphaned_offsets", "one", "1", boolean);
    add(rows, "top", "ignore_orphaned_offsets", "empty", "", "expected true or false, got an empty value");
    const char *regex = "expected a regular expression over cluster names";
    add(rows, "top", "read_only_clusters", "invalid regex", "\"prod-(\"", regex);
    add(rows, "top", "read_only_clusters", "empty text", "\"\"", regex);
    for (const char *key : {"history", "history_sslmode", "history_sslrootcert"})
        addTypeRows(rows, "top", key);
    rows.push_back({"top.history_password: a map", "top", "history_password", "{x: 1}", "got a map", true});
    rows.push_back({"top.history_password: a sequence", "top", "history_password", "[1, 2]", "got a sequence", true});
    const char *url = "expected postgresql://USER@HOST[:PORT]/DATABASE";
    add(rows, "top", "history", "a file", "/var/lib/lagscope/history.sqlite", url);
    add(rows, "top", "history", "another database", "\"mysql://u@db/lagscope\"", url);
    add(rows, "top", "history", "no user", "\"postgresql://db.example.com/lagscope\"", "the user is missing");
    add(rows, "top", "history", "no database", "\"postgresql://u@db.example.com:5432/\"",
        "the database name is missing");
    add(rows, "top", "history", "port zero", "\"postgresql://u@db.example.com:0/lagscope\"",
        "the port must be from 1 to 65535");
    add(rows, "top", "history", "port a word", "\"postgresql://u@db.example.com:pg/lagscope\"", "not a valid URL");
    add(rows, "top", "history", "a password in it", "\"postgresql://u:hunter2@db/lagscope\"",
        "a password in the URL is not accepted");
    add(rows, "top", "history", "options in it", "\"postgresql://u@db/lagscope?sslmode=require\"",
        "options do not go in the URL");
    add(rows, "top", "history", "empty", "", "got an empty value");
    add(rows, "top", "history_password", "unknown reference", "\"${vault:db}\"", "unknown reference ${vault:...}");
    add(rows, "top", "history_password", "empty reference", "\"${env:}\"", "${env:} names nothing");
    add(rows, "top", "history_password", "without history", "\"${env:X}\"", "only with history", false, nullptr, true);
    add(rows, "top", "history_password", "empty", "", "expected a secret or a reference like ${env:NAME}");
    add(rows, "top", "history_sslmode", "unknown mode", "strict",
        "expected one of disable, allow, prefer, require, verify-ca, verify-full");
    add(rows, "top", "history_sslmode", "upper case", "REQUIRE", "expected one of disable, allow");
    add(rows, "top", "history_sslrootcert", "missing file", "/nonexistent/db-ca.pem",
        "file not found: /nonexistent/db-ca.pem");
    add(rows, "top", "history_sslrootcert", "a folder", "/", "cannot read /");
    add(rows, "top", "clusters", "a word", "primary", "expected a sequence of clusters, got \"primary\"", true);
    add(rows, "top", "clusters", "a map", "{name: a, bootstrap: \"a:1\"}", "expected a sequence of clusters, got a map",
        true);
    add(rows, "top", "clusters", "none", "[]", "expected at least one cluster");
    add(rows, "top", "clusters", "a cluster that is a word", "[primary]",
        "expected a map with name and bootstrap, got \"primary\"", false, "clusters[0]");
    add(rows, "top", "replication", "an arrow", "a->b", "expected a sequence of flows, got \"a->b\"", true);
    add(rows, "top", "replication", "a map", "{source: a, target: b}", "expected a sequence of flows, got a map", true);
    add(rows, "top", "replication", "a flow that is a word", "[a->b]",
        "expected a map with source and target, got \"a->b\"", false, "replication[0]");
    add(rows, "top", "alerts", "a word", "lag", "expected a sequence of alert rules, got \"lag\"", true);
    add(rows, "top", "alerts", "a map", "{name: r}", "expected a sequence of alert rules, got a map", true);
    add(rows, "top", "alerts", "a rule that is a word", "[lag]",
        "expected a map with name, condition and threshold, got \"lag\"", false, "alerts[0]");

    // A cluster.
    for (const char *key : {"name", "read_only"})
        addTypeRows(rows, "cluster", key);
    const char *clusterName = "expected a cluster name made of letters, digits";
    add(rows, "cluster", "name", "space", "\"my cluster\"", clusterName);
    add(rows, "cluster", "name", "slash", "a/b", clusterName);
    add(rows, "cluster", "name", "empty text", "\"\"", clusterName);
    add(rows, "cluster", "bootstrap", "a map", "{host: a, port: 1}",
        "expected host:port or a sequence of them, got a map", true);
    add(rows, "cluster", "bootstrap", "a nested sequence", "[[a:1]]", "expected host:port, got a sequence", true,
        "bootstrap[0]");
    const char *hostPort = "expected host:port with a port from 1 to 65535";
    add(rows, "cluster", "bootstrap", "no port", "kafka", hostPort);
    add(rows, "cluster", "bootstrap", "port zero", "kafka:0", hostPort);
    add(rows, "cluster", "bootstrap", "port too high", "kafka:65536", hostPort);
    add(rows, "cluster", "bootstrap", "negative port", "kafka:-1", hostPort);
    add(rows, "cluster", "bootstrap", "a URL", "PLAINTEXT://kafka:9092", hostPort);
    add(rows, "cluster", "bootstrap", "empty text", "\"\"", "expected at least one host:port");
    add(rows, "cluster", "bootstrap", "empty", "", "expected at least one host:port");
    add(rows, "cluster", "read_only", "maybe", "maybe", boolean);
    add(rows, "cluster", "read_only", "on", "on", boolean);
    add(rows, "cluster", "properties", "a word", "fast", "expected a map of librdkafka properties, got \"fast\"", true);
    add(rows, "cluster", "properties", "a sequence", "[a, b]",
        "expected a map of librdkafka properties, got a sequence", true);
    const char *securityMap = "expected a map with protocol, sasl_mechanism, username, password, ca_file...";
    add(rows, "cluster", "security", "a word", "SSL", securityMap, true);
    add(rows, "cluster", "security", "a sequence", "[SSL]", securityMap, true);
    add(rows, "cluster", "security", "empty", "", "got an empty value");
    add(rows, "cluster", "security", "no protocol", "{username: u}", "missing required key \"protocol\"");

    // A cluster's security block (SASL_SSL: every key is allowed).
    for (const char *key : {"protocol", "sasl_mechanism", "username", "password", "ca_file", "cert_file", "key_file",
                            "key_password", "verify_certificates", "verify_hostname"})
        addTypeRows(rows, "security", key);
    add(rows, "security", "protocol", "unknown", "TLS",
        "expected one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL, got \"TLS\"");
    add(rows, "security", "protocol", "lower case", "sasl_ssl", "expected one of PLAINTEXT");
    add(rows, "security", "sasl_mechanism", "unknown", "KERBEROS", "expected one of PLAIN, SCRAM-SHA-256");
    add(rows, "security", "username", "empty text", "\"\"", "expected a single value, got an empty value");
    add(rows, "security", "password", "unknown scheme", "\"${vault:kafka}\"", "unknown reference ${vault:...}");
    add(rows, "security", "password", "names nothing", "\"${env:}\"", "${env:} names nothing");
    add(rows, "security", "password", "not closed", "\"${env:X\"", "a reference must look like ${env:NAME}");
    add(rows, "security", "password", "empty", "", "expected a secret or a reference like ${env:NAME}");
    add(rows, "security", "password", "missing file", "\"${file:/nonexistent/lagscope-pw}\"",
        "${file:/nonexistent/lagscope-pw}: file not found");
    add(rows, "security", "ca_file", "missing", "/nonexistent/ca.pem", "file not found: /nonexistent/ca.pem");
    add(rows, "security", "ca_file", "a directory", "/", "not a file: /");
    add(rows, "security", "cert_file", "missing", "/nonexistent/c.pem", "file not found: /nonexistent/c.pem");
    add(rows, "security", "key_file", "missing", "/nonexistent/k.pem", "file not found: /nonexistent/k.pem");
    add(rows, "security", "key_password", "unknown scheme", "\"${pass:x}\"", "unknown reference ${pass:...}");
    add(rows, "security", "verify_certificates", "no", "no", boolean);
    add(rows, "security", "verify_hostname", "zero", "0", boolean);
    // GSSAPI's and OAUTHBEARER's keys, here under PLAIN: refused at the key, their values still checked.
    for (const char *key : {"kerberos_principal", "kerberos_keytab", "kerberos_service_name", "oauth_token_endpoint",
                            "oauth_client_id", "oauth_client_secret", "oauth_scope"})
        addTypeRows(rows, "security", key);
    add(rows, "security", "kerberos_principal", "with PLAIN", "p@R", "only used with sasl_mechanism GSSAPI", false,
        nullptr, true);
    add(rows, "security", "kerberos_keytab", "missing", "/nonexistent/k.keytab",
        "file not found: /nonexistent/k.keytab");
    add(rows, "security", "kerberos_service_name", "with PLAIN", "kafka", "only used with sasl_mechanism GSSAPI", false,
        nullptr, true);
    add(rows, "security", "oauth_token_endpoint", "not a URL", "idp/token", "expected an http:// or https:// URL");
    add(rows, "security", "oauth_client_id", "with PLAIN", "x", "only used with sasl_mechanism OAUTHBEARER", false,
        nullptr, true);
    add(rows, "security", "oauth_client_secret", "unknown scheme", "\"${vault:x}\"", "unknown reference ${vault:...}");
    add(rows, "security", "oauth_scope", "with PLAIN", "kafka", "only used with sasl_mechanism OAUTHBEARER", false,
        nullptr, true);
    add(rows, "security", "oauth_extensions", "a word", "x", "expected a map of extension names to values", true);
    add(rows, "security", "oauth_extensions", "a sequence", "[1, 2]", "got a sequence", true);
    rows.push_back({"security.oauth_extensions: reserved name", "security", "oauth_extensions", "{auth: x}",
                    "an extension name is letters only", false, false, "oauth_extensions.auth", 1});

    // librdkafka properties: any key, a single value each.
    addTypeRows(rows, "properties", "socket.timeout.ms");
    add(rows, "properties", "client.id", "empty", "", "expected a single value, got an empty value");
    add(rows, "properties", "security.protocol", "set here", "SSL", "set it with the cluster's security block", false,
        nullptr, true);
    add(rows, "properties", "enable.ssl.certificate.verification", "set here", "false",
        "set it with the cluster's security block", false, nullptr, true);
    add(rows, "properties", "sasl.password", "bad reference", "\"${vault:x}\"", "unknown reference ${vault:...}");

    // A replication flow.
    for (const char *key : {"source", "target", "source_alias", "target_alias", "policy", "separator",
                            "internal_topic_separator", "offset_syncs_location"})
        addTypeRows(rows, "flow", key);
    add(rows, "flow", "source", "unknown cluster", "nowhere", "unknown cluster \"nowhere\" (defined clusters: a, b)");
    add(rows, "flow", "target", "unknown cluster", "c", "unknown cluster \"c\" (defined clusters: a, b)");
    add(rows, "flow", "target", "the source", "a", "expected a cluster other than the source, got \"a\"");
    const char *alias = "expected an alias made of letters, digits";
    add(rows, "flow", "source_alias", "slash", "p/1", alias);
    add(rows, "flow", "target_alias", "space", "\"d r\"", alias);
    add(rows, "flow", "target_alias", "the source's", "a", "expected an alias other than the source alias, got \"a\"");
    add(rows, "flow", "policy", "custom", "custom", "expected one of default, identity, got \"custom\"");
    add(rows, "flow", "separator", "empty text", "\"\"", "expected a non-empty separator such as \".\", got \"\"");
    add(rows, "flow", "internal_topic_separator", "enabled", "enabled", boolean);
    add(rows, "flow", "offset_syncs_location", "both", "both", "expected one of source, target, got \"both\"");

    // An alert rule.
    for (const char *key :
         {"name", "cluster", "group", "condition", "threshold", "for", "clear_after", "mute", "command_timeout"})
        addTypeRows(rows, "alert", key);
    add(rows, "alert", "name", "space", "\"billing lag\"", "expected an alert name made of letters, digits");
    add(rows, "alert", "cluster", "invalid regex", "\"prod-(\"", "invalid regular expression \"prod-(\"");
    add(rows, "alert", "group", "invalid regex", "\"[billing\"", "invalid regular expression \"[billing\"");
    add(rows, "alert", "condition", "unknown", "lag",
        "expected one of lag_messages, lag_seconds, status, rebalances_per_hour");
    const char *atLeastZero = "expected a number of at least 0";
    add(rows, "alert", "threshold", "negative", "-1", atLeastZero);
    add(rows, "alert", "threshold", "a word", "lots", atLeastZero);
    add(rows, "alert", "threshold", "not a number", "nan", atLeastZero);
    add(rows, "alert", "threshold", "infinite", "inf", atLeastZero);
    add(rows, "alert", "threshold", "overflow", "1e999", atLeastZero);
    add(rows, "alert", "threshold", "empty", "", "expected a number of at least 0, got an empty value");
    const char *count = "expected a number of polls from 1 to 10000";
    add(rows, "alert", "for", "zero", "0", count);
    add(rows, "alert", "for", "negative", "-3", count);
    add(rows, "alert", "for", "too many", "10001", count);
    add(rows, "alert", "for", "a duration", "30s", count);
    add(rows, "alert", "clear_after", "zero", "0", count);
    add(rows, "alert", "clear_after", "fraction", "1.5", count);
    const char *mute = "expected true, false or a date-time such as 2026-12-01T08:00:00Z";
    add(rows, "alert", "mute", "yes", "yes", mute);
    add(rows, "alert", "mute", "a date without a time", "2026-12-01", mute);
    add(rows, "alert", "mute", "month 13", "2026-13-01T08:00:00Z", mute);
    add(rows, "alert", "command", "a word", "page-oncall",
        "expected a non-empty sequence [program, arguments...], got \"page-oncall\"", true);
    add(rows, "alert", "command", "a map", "{program: x}",
        "expected a non-empty sequence [program, arguments...], got a map", true);
    add(rows, "alert", "command", "a nested sequence", "[[a]]",
        "expected text for every part of the command, got a sequence", true);
    add(rows, "alert", "command", "empty sequence", "[]", "expected a non-empty sequence [program, arguments...]");
    add(rows, "alert", "command", "empty program", "[\"\", x]", "expected a program name first");
    const char *timeout = "expected a duration from 100ms to 60m, like 10s";
    add(rows, "alert", "command_timeout", "too short", "50ms", timeout);
    add(rows, "alert", "command_timeout", "too long", "61m", timeout);
    add(rows, "alert", "command_timeout", "hours", "1h", timeout);
    add(rows, "alert", "command_timeout", "negative", "-1s", timeout);
    add(rows, "alert", "command_timeout", "huge", "9999999999s", timeout);
    return rows;
}

const std::vector<Row> &rows()
{
    static const std::vector<Row> all = makeRows();
    return all;
}

// The keys the parser accepts in a section: its message for an unknown key lists them.
QStringList parserKeys(const char *sectionName)
{
    const Row probe{"probe", sectionName, "zz_not_a_key", "1", ""};
    const Result<AppConfig> config = parseConfig(build(probe).file, fileName());
    static const QRegularExpression list(QStringLiteral("unknown key \\(expected one of: ([^)]*)\\)"));
    const QRegularExpressionMatch match = list.match(config.ok() ? QString() : config.errorMessage());
    return match.hasMatch() ? match.captured(1).split(QStringLiteral(", ")) : QStringList();
}

// A collection key's values are tested in the section of its own entries.
const std::map<QString, const char *> kChildSections{{QStringLiteral("clusters"), "cluster"},
                                                     {QStringLiteral("replication"), "flow"},
                                                     {QStringLiteral("alerts"), "alert"},
                                                     {QStringLiteral("security"), "security"},
                                                     {QStringLiteral("properties"), "properties"}};

} // namespace

class TestConfigKeys final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Without the tested key each section's file is valid: a row fails for its value only.
    void sectionsAreValid_data()
    {
        QTest::addColumn<QByteArray>("file");
        for (const Section &s : sections()) {
            const Row none{"", s.name, "zz_unused", "", ""};
            QByteArray file = build(none).file;
            file.truncate(file.lastIndexOf("zz_unused"));
            file.truncate(file.lastIndexOf('\n') + 1);
            QTest::newRow(s.name) << file;
        }
    }

    void sectionsAreValid()
    {
        QFETCH(QByteArray, file);
        const Result<AppConfig> config = parseConfig(file, fileName());
        QVERIFY2(config.ok(),
                 qPrintable(config.ok() ? QString() : config.errorMessage() + u'\n' + QString::fromUtf8(file)));
    }

    void badValue_data() { addRowNumbers(rows()); }

    void badValue()
    {
        QFETCH(int, row);
        const Built built = build(rows()[std::size_t(row)]);
        const Result<AppConfig> config = parseConfig(built.file, fileName());
        QVERIFY2(!config.ok(), built.file.constData());
        const QStringList errors = config.errorMessage().split(QLatin1Char('\n'));
        static const QRegularExpression located(QStringLiteral("^config\\.yaml:[0-9]+:[0-9]+: "));
        bool found = false;
        for (const QString &error : errors) {
            QVERIFY2(located.match(error).hasMatch(), qPrintable(error));
            found = found
                    || (error.startsWith(built.prefix)
                        && error.contains(QString::fromUtf8(rows()[std::size_t(row)].fragment)));
        }
        QVERIFY2(found,
                 qPrintable(QStringLiteral("expected a line starting with \"%1\" and containing \"%2\", got:\n%3\n"
                                           "in:\n%4")
                                .arg(built.prefix, QString::fromUtf8(rows()[std::size_t(row)].fragment),
                                     config.errorMessage(), QString::fromUtf8(built.file))));
    }

    // A key given twice, in every section: the second is refused, naming the first's line.
    void duplicateKey_data()
    {
        addColumns<QByteArray, QString>("file", "error");
        for (const Section &s : sections()) {
            const auto &[key, value] = s.base.back();
            QByteArray file = build(Row{"", s.name, "zz_unused", "", ""}).file;
            file.truncate(file.lastIndexOf("zz_unused"));
            const int firstLine = int(file.count('\n'));
            file += QByteArray(key) + ": " + value + '\n';
            QTest::newRow(s.name) << file
                                  << QStringLiteral("config.yaml:%1:%2: %3: duplicate key (first given at line %4)")
                                         .arg(firstLine + 1)
                                         .arg(qstrlen(s.indent) + 1)
                                         .arg(keyPath(s, QString::fromLatin1(key)))
                                         .arg(firstLine);
        }
    }

    void duplicateKey()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, error);
        const Result<AppConfig> config = parseConfig(file, fileName());
        QVERIFY2(!config.ok(), file.constData());
        QVERIFY2(config.errorMessage().split(QLatin1Char('\n')).contains(error),
                 qPrintable(config.errorMessage() + QStringLiteral("\nexpected: ") + error));
    }

    // Every key the parser knows has a wrong-type row and a wrong-value row (for a map or a
    // sequence of maps: rows of its section), and no row tests a key the parser does not know.
    void keysHaveRows_data()
    {
        QTest::addColumn<QString>("section");
        for (const Section &s : sections())
            if (qstrcmp(s.name, "properties") != 0) // librdkafka's keys: any
                QTest::newRow(s.name) << QString::fromLatin1(s.name);
    }

    void keysHaveRows()
    {
        QFETCH(QString, section);
        const QByteArray name = section.toLatin1();
        const QStringList keys = parserKeys(name.constData());
        QVERIFY2(keys.size() >= 3, qPrintable(keys.join(u',')));
        for (const QString &key : keys) {
            bool type = false;
            bool value = false;
            for (const Row &row : rows()) {
                if (QLatin1String(row.section) != section || QLatin1String(row.key) != key)
                    continue;
                (row.wrongType ? type : value) = true;
            }
            if (const auto child = kChildSections.find(key); child != kChildSections.end())
                value = value || std::any_of(rows().begin(), rows().end(), [&](const Row &row) {
                            return qstrcmp(row.section, child->second) == 0 && !row.wrongType;
                        });
            QVERIFY2(type, qPrintable(QStringLiteral("%1.%2 has no wrong-type row").arg(section, key)));
            QVERIFY2(value, qPrintable(QStringLiteral("%1.%2 has no wrong-value row").arg(section, key)));
        }
        for (const Row &row : rows())
            if (QLatin1String(row.section) == section)
                QVERIFY2(keys.contains(QLatin1String(row.key)),
                         qPrintable(QStringLiteral("row for unknown key %1.%2").arg(section, QLatin1String(row.key))));
    }

    // The sample configuration shows every key, at least as a comment.
    void sampleShowsEveryKey()
    {
        QFile sample(QStringLiteral(LAGSCOPE_SOURCE_DIR "/resources/lagscope.sample.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(sample.readAll());
        int checked = 0;
        for (const Section &s : sections()) {
            if (qstrcmp(s.name, "properties") == 0)
                continue;
            for (const QString &key : parserKeys(s.name)) {
                const QRegularExpression shown(QStringLiteral("(^|[\\s{#-])%1:").arg(QRegularExpression::escape(key)),
                                               QRegularExpression::MultilineOption);
                QVERIFY2(shown.match(text).hasMatch(),
                         qPrintable(
                             QStringLiteral("%1 (%2) is not in lagscope.sample.yaml").arg(key, QLatin1String(s.name))));
                ++checked;
            }
        }
        QVERIFY(checked >= 40);
    }

    void rowCount() { qInfo("%d rows of bad values", int(rows().size())); }
};

QTEST_GUILESS_MAIN(TestConfigKeys)
#include "tst_configkeys.moc"
