// The /metrics text (renderPrometheusText) for hand-made snapshots, and the HTTP endpoint
// (MetricsExporter) answering real requests on a loopback port: status lines, content type,
// the metric lines, and what is left out (unreachable clusters, per-partition series off or
// beyond the limit).
#include "metrics/MetricsExporter.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>

using namespace lagscope;

namespace {

PartitionLag partition(const QString &topic, int p, qint64 committed, qint64 logEnd, std::optional<LagTime> t = {})
{
    PartitionLag l;
    l.partition = {topic, p};
    l.committed = committed;
    l.logEnd = logEnd;
    l.lag = logEnd - committed;
    l.lagTime = t;
    return l;
}

SnapshotPtr cluster(const QString &name, bool reachable = true)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = name;
    s->reachable = reachable;
    s->pollDurationMs = 250;
    GroupState g;
    g.groupId = QStringLiteral("billing-eu");
    g.partitions = {partition(QStringLiteral("orders"), 0, 5, 20, LagTime{12.5, true}),
                    partition(QStringLiteral("orders"), 1, 5, 20), partition(QStringLiteral("refunds"), 0, 7, 8)};
    g.totalLag = 31;
    g.maxLag = 15;
    g.maxLagTime = LagTime{12.5, true};
    g.verdict.status = LagStatus::Stall;
    g.rebalancesLastHour = 2;
    s->groups = {g};
    BrokerState b;
    b.info.id = 2;
    b.status = BrokerStatus::Fenced;
    s->brokers = {b};
    return s;
}

MetricsInput input(bool reachable = true)
{
    MetricsInput in;
    in.clusters[QStringLiteral("primary")] = cluster(QStringLiteral("primary"), reachable);
    in.counts[QStringLiteral("primary")] = ClusterMetricCounts{7, 1, {{QStringLiteral("billing-eu"), 3}}};
    auto flow = std::make_shared<mirror::FlowSnapshot>();
    flow->flow = {QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr")};
    flow->heartbeatAgeMs = 1500;
    flow->health = mirror::FlowHealth::Lagging;
    mirror::GroupFlow gf;
    gf.group = QStringLiteral("billing");
    gf.rereadOnFailover = 42;
    gf.withoutCheckpoint = {{QStringLiteral("orders"), 1}};
    flow->groups = {gf};
    in.flows[QStringLiteral("primary->dr")] = flow;
    return in;
}

const char kGroup[] = "cluster_name=\"primary\",group=\"billing-eu\"";

QByteArray line(const char *metric, const QByteArray &labels, const char *value)
{
    return QByteArray(metric) + '{' + labels + "} " + value;
}

} // namespace

class TestPrometheusText final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lines_data()
    {
        QTest::addColumn<bool>("reachable");
        QTest::addColumn<bool>("partitions");
        QTest::addColumn<int>("maxPartitions");
        QTest::addColumn<QByteArray>("expected");
        QTest::addColumn<bool>("present");
        const QByteArray g(kGroup);
        const QByteArray p0 = g + ",topic=\"orders\",partition=\"0\"";
        QTest::newRow("partition lag") << true << true << 100 << line("kafka_consumergroup_group_lag", p0, "15")
                                       << true;
        QTest::newRow("partition offset")
            << true << true << 100 << line("kafka_consumergroup_group_offset", p0, "5") << true;
        QTest::newRow("partition lag seconds, fractional")
            << true << true << 100 << line("kafka_consumergroup_group_lag_seconds", p0, "12.500") << true;
        QTest::newRow("partition lag seconds unknown: absent")
            << true << true << 100
            << QByteArray("kafka_consumergroup_group_lag_seconds{cluster_name=\"primary\",group=\"billing-eu\","
                          "topic=\"orders\",partition=\"1\"}")
            << false;
        QTest::newRow("sum lag") << true << true << 100 << line("kafka_consumergroup_group_sum_lag", g, "31") << true;
        QTest::newRow("max lag") << true << true << 100 << line("kafka_consumergroup_group_max_lag", g, "15") << true;
        QTest::newRow("topic sum lag") << true << true << 100
                                       << line("kafka_consumergroup_group_topic_sum_lag", g + ",topic=\"orders\"", "30")
                                       << true;
        QTest::newRow("max lag seconds") << true << true << 100
                                         << line("kafka_consumergroup_group_max_lag_seconds", g, "12.500") << true;
        QTest::newRow("lower bound flagged")
            << true << true << 100 << line("lagscope_consumergroup_group_lag_seconds_lower_bound", g, "1") << true;
        QTest::newRow("status") << true << true << 100
                                << line("lagscope_consumergroup_status", g + ",status=\"STALL\"", "1") << true;
        QTest::newRow("rebalances last hour")
            << true << true << 100 << line("lagscope_consumergroup_rebalances_last_hour", g, "2") << true;
        QTest::newRow("rebalances total")
            << true << true << 100 << line("lagscope_consumergroup_rebalances_total", g, "3") << true;
        QTest::newRow("broker state") << true << true << 100
                                      << line("lagscope_broker_state",
                                              "cluster_name=\"primary\",broker=\"2\",state=\"Fenced\"", "1")
                                      << true;
        QTest::newRow("poll duration") << true << true << 100
                                       << line("lagscope_cluster_poll_duration_seconds", "cluster_name=\"primary\"",
                                               "0.250")
                                       << true;
        QTest::newRow("polls") << true << true << 100
                               << line("lagscope_cluster_polls_total", "cluster_name=\"primary\"", "7") << true;
        QTest::newRow("poll errors") << true << true << 100
                                     << line("lagscope_cluster_poll_errors_total", "cluster_name=\"primary\"", "1")
                                     << true;
        QTest::newRow("flow latency") << true << true << 100
                                      << line("lagscope_flow_replication_latency_seconds", "flow=\"primary->dr\"",
                                              "1.500")
                                      << true;
        QTest::newRow("flow health") << true << true << 100
                                     << line("lagscope_flow_health", "flow=\"primary->dr\",health=\"Lagging\"", "1")
                                     << true;
        QTest::newRow("failover reread") << true << true << 100
                                         << line("lagscope_flow_failover_reread_records",
                                                 "flow=\"primary->dr\",group=\"billing\"", "42")
                                         << true;
        QTest::newRow("failover untranslatable")
            << true << true << 100
            << line("lagscope_flow_failover_untranslatable_partitions", "flow=\"primary->dr\",group=\"billing\"", "1")
            << true;
        QTest::newRow("nothing omitted") << true << true << 100 << QByteArray("lagscope_metrics_partitions_omitted 0")
                                         << true;
        QTest::newRow("partitions off: no partition lag")
            << true << false << 100 << line("kafka_consumergroup_group_lag", p0, "15") << false;
        QTest::newRow("partitions off: counted")
            << true << false << 100 << QByteArray("lagscope_metrics_partitions_omitted 3") << true;
        QTest::newRow("partitions off: group series stay")
            << true << false << 100 << line("kafka_consumergroup_group_sum_lag", g, "31") << true;
        QTest::newRow("limit: the first partitions")
            << true << true << 2 << line("kafka_consumergroup_group_lag", p0, "15") << true;
        QTest::newRow("limit: the rest counted")
            << true << true << 2 << QByteArray("lagscope_metrics_partitions_omitted 1") << true;
        // An unreachable cluster's snapshot holds the last data seen: not current, not shown.
        QTest::newRow("unreachable: no group series")
            << false << true << 100 << line("kafka_consumergroup_group_sum_lag", g, "31") << false;
        QTest::newRow("unreachable: no broker state")
            << false << true << 100
            << line("lagscope_broker_state", "cluster_name=\"primary\",broker=\"2\",state=\"Fenced\"", "1") << false;
        QTest::newRow("unreachable: down")
            << false << true << 100 << line("lagscope_cluster_up", "cluster_name=\"primary\"", "0") << true;
        QTest::newRow("reachable: up") << true << true << 100
                                       << line("lagscope_cluster_up", "cluster_name=\"primary\"", "1") << true;
    }

    void lines()
    {
        QFETCH(bool, reachable);
        QFETCH(bool, partitions);
        QFETCH(int, maxPartitions);
        QFETCH(QByteArray, expected);
        QFETCH(bool, present);
        const QByteArray text = renderPrometheusText(input(reachable), MetricsOptions{partitions, maxPartitions});
        const QList<QByteArray> lines = text.split('\n');
        QVERIFY2(lines.contains(expected) == present, text.constData());
    }

    // Every line is a comment, empty (the last), or NAME[{labels}] VALUE; every family has
    // HELP and TYPE before its samples.
    void wellFormed()
    {
        const QByteArray text = renderPrometheusText(input(), {});
        QVERIFY(text.endsWith('\n'));
        QRegularExpression sample(QStringLiteral("^([a-z_]+)(\\{([a-z_]+=\"([^\"\\\\]|\\\\.)*\",?)*\\})? -?[0-9.]+$"));
        QString family;
        for (const QByteArray &l : text.chopped(1).split('\n')) {
            const QString s = QString::fromUtf8(l);
            if (s.startsWith(QLatin1String("# TYPE "))) {
                family = s.section(QLatin1Char(' '), 2, 2);
                continue;
            }
            if (s.startsWith(QLatin1String("# HELP ")))
                continue;
            const auto m = sample.match(s);
            QVERIFY2(m.hasMatch(), qPrintable(s));
            QCOMPARE(m.captured(1), family);
        }
    }

    void escapes_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("plain") << QStringLiteral("orders") << QStringLiteral("orders");
        QTest::newRow("quote") << QStringLiteral("a\"b") << QStringLiteral("a\\\"b");
        QTest::newRow("backslash") << QStringLiteral("a\\b") << QStringLiteral("a\\\\b");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("a\\nb");
    }

    void escapes()
    {
        QFETCH(QString, value);
        QFETCH(QString, escaped);
        QCOMPARE(escapeLabelValue(value), escaped);
    }

    void hostPort_data()
    {
        QTest::addColumn<QString>("hostPort");
        QTest::addColumn<bool>("ok");
        QTest::newRow("ipv4") << QStringLiteral("127.0.0.1:9464") << true;
        QTest::newRow("every address") << QStringLiteral(":9464") << true;
        QTest::newRow("ipv6") << QStringLiteral("[::1]:9464") << true;
        QTest::newRow("no port") << QStringLiteral("127.0.0.1") << false;
        QTest::newRow("port too large") << QStringLiteral("127.0.0.1:70000") << false;
        QTest::newRow("port not a number") << QStringLiteral("127.0.0.1:http") << false;
    }

    void hostPort()
    {
        QFETCH(QString, hostPort);
        QFETCH(bool, ok);
        QCOMPARE(parseHostPort(hostPort).ok(), ok);
    }

    void http_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<QByteArray>("status");
        QTest::addColumn<QByteArray>("bodyContains");
        QTest::newRow("metrics") << QByteArray("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n") << QByteArray("200 OK")
                                 << QByteArray("kafka_consumergroup_group_sum_lag{cluster_name=\"primary\"");
        QTest::newRow("metrics with a query") << QByteArray("GET /metrics?x=1 HTTP/1.1\r\n\r\n") << QByteArray("200 OK")
                                              << QByteArray("text/plain; version=0.0.4");
        QTest::newRow("unknown path") << QByteArray("GET /other HTTP/1.1\r\n\r\n") << QByteArray("404 Not Found")
                                      << QByteArray("try /metrics");
        QTest::newRow("post") << QByteArray("POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
                              << QByteArray("405 Method Not Allowed") << QByteArray("only GET");
        QTest::newRow("headers too large") << QByteArray("GET /metrics HTTP/1.1\r\nX: " + QByteArray(9000, 'a'))
                                           << QByteArray("431") << QByteArray("too large");
    }

    void http()
    {
        QFETCH(QByteArray, request);
        QFETCH(QByteArray, status);
        QFETCH(QByteArray, bodyContains);
        MetricsExporter exporter({});
        QVERIFY(exporter.listen(QStringLiteral("127.0.0.1:0")).ok());
        PollUpdate update{cluster(QStringLiteral("primary")), {}, {}};
        exporter.applyPoll(update);
        QTcpSocket socket;
        socket.connectToHost(QStringLiteral("127.0.0.1"), exporter.port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(request);
        QByteArray answer;
        // The exporter runs on this thread: spin the event loop until it closes the connection.
        QTRY_VERIFY_WITH_TIMEOUT((answer += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState),
                                 5000);
        answer += socket.readAll();
        QVERIFY2(answer.startsWith(QByteArray(QByteArray("HTTP/1.1 ") + status)), answer.left(200).constData());
        QVERIFY2(answer.contains(bodyContains), answer.left(400).constData());
    }

    void listenErrors()
    {
        MetricsExporter exporter({});
        QVERIFY(!exporter.listen(QStringLiteral("not-an-ip:9464")).ok());
        QVERIFY(exporter.listen(QStringLiteral("127.0.0.1:0")).ok());
        MetricsExporter second({});
        const Status taken = second.listen(QStringLiteral("127.0.0.1:%1").arg(exporter.port()));
        QVERIFY(!taken.ok());
        QVERIFY2(taken.errorMessage().contains(QStringLiteral("cannot listen on")), qPrintable(taken.errorMessage()));
    }
};

QTEST_GUILESS_MAIN(TestPrometheusText)
#include "tst_prometheustext.moc"
