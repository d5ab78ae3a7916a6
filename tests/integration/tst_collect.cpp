// lagscopectl collect against the lab: the headless run polls both lab clusters and the
// MirrorMaker 2 flow, records the history, fires an alert on real lag (logged and recorded),
// serves /metrics to a real Prometheus (fixture "prometheus", scraping every second), and on
// SIGTERM completes its polls, flushes and exits 0. The lag Prometheus's HTTP API answers and
// the recorded lag of a group both equal what `lagscopectl describe` reads from Kafka.
#include "LabTest.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <algorithm>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QUrlQuery>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestCollect final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = named("collect");
    QString m_group = named("collect-group");
    QString m_config;
    QString m_history;
    QProcess m_collect;
    QString m_stderr;         // of the collector so far
    QJsonObject m_prometheus; // the fixture's url and the port it scrapes
    QNetworkAccessManager m_http;

    QString collectErr()
    {
        m_stderr += QString::fromUtf8(m_collect.readAllStandardError());
        return m_stderr;
    }

    // The group's samples in the history the collector writes (a reader's connection).
    std::vector<HistoryStore::GroupSample> samples(HistoryStore::OpenMode mode = HistoryStore::OpenMode::Reader)
    {
        auto store = HistoryStore::open(m_history, {}, mode);
        if (!store)
            return {};
        const QDateTime now = QDateTime::currentDateTimeUtc();
        auto history = (*store)->groupHistory(kPrimary, m_group, now.addSecs(-600), now.addSecs(60));
        return history ? *history : std::vector<HistoryStore::GroupSample>{};
    }

    qint64 describedLag()
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                   m_group, QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject g =
            QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("groups")].toArray().first().toObject();
        return g.contains(QStringLiteral("total_lag")) ? g[QStringLiteral("total_lag")].toInteger() : -1;
    }

    // The value of an instant query's single series from Prometheus's HTTP API; -1 when it
    // has none (yet), or the query failed.
    qint64 prometheusValue(const QString &promql)
    {
        QUrl url(m_prometheus[QStringLiteral("url")].toString() + QStringLiteral("/api/v1/query"));
        url.setQuery(QUrlQuery{{QStringLiteral("query"), promql}});
        std::unique_ptr<QNetworkReply> reply(m_http.get(QNetworkRequest(url)));
        if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 5000) || reply->error() != QNetworkReply::NoError)
            return -1;
        const QJsonArray result = QJsonDocument::fromJson(reply->readAll())
                                      .object()[QStringLiteral("data")]
                                      .toObject()[QStringLiteral("result")]
                                      .toArray();
        if (result.size() != 1)
            return -1;
        // "value": [ <time>, "<value as a string>" ]
        return result.first().toObject()[QStringLiteral("value")].toArray().at(1).toString().toLongLong();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        traffic(kPrimary, createTopicArgs(m_topic, 2, 3));
        traffic(kPrimary, produceArgs(m_topic, 40));
        // 20 records a partition, 5 of each committed: a lag of 30 that stays.
        traffic(kPrimary, commitArgs(m_group, m_topic, QStringLiteral("0=5,1=5")));
        m_config = m_lab.writeConfig(m_dir.path());
        QFile config(m_config);
        QVERIFY(config.open(QIODevice::Append));
        config.write(QStringLiteral("replication:\n  - source: primary\n    target: dr\n"
                                    "alerts:\n  - name: collect-lag\n    cluster: primary\n    group: \"%1\"\n"
                                    "    condition: lag_messages\n    threshold: 10\n")
                         .arg(m_group)
                         .toUtf8());
        config.close();
        QFile fixture(qEnvironmentVariable("LAGSCOPE_PROMETHEUS_DIR") + QStringLiteral("/fixture.json"));
        QVERIFY2(fixture.open(QIODevice::ReadOnly), qPrintable(fixture.fileName()));
        m_prometheus = QJsonDocument::fromJson(fixture.readAll()).object();
        m_history = m_dir.filePath(QStringLiteral("state/history.sqlite"));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("state"))));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed()) {
            fprintf(stderr, "=== collect stderr ===\n%s\n", qPrintable(collectErr()));
            m_lab.dumpLogs();
        }
    }

    void collectsUntilSigterm()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // The failover cache of the flow's polls goes to the data folder: this test's own.
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        m_collect.setProcessEnvironment(env);
        const QString metrics = QStringLiteral("127.0.0.1:%1").arg(m_prometheus[QStringLiteral("target_port")].toInt());
        m_collect.start(qEnvironmentVariable("LAGSCOPECTL"),
                        {QStringLiteral("collect"), QStringLiteral("--config"), m_config, QStringLiteral("--history"),
                         m_history, QStringLiteral("--metrics-listen"), metrics});
        QVERIFY2(m_collect.waitForStarted(), qPrintable(m_collect.errorString()));

        // Two polls recorded with the group's lag, and the alert on it fired and logged.
        QTRY_VERIFY_WITH_TIMEOUT(samples().size() >= 2, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(collectErr().contains(QStringLiteral("collect-lag")), 30000);
        QVERIFY2(collectErr().contains(QStringLiteral("polling 2 cluster(s) and 1 flow(s)")), qPrintable(m_stderr));

        // Prometheus scraped /metrics: the group's lag, as a sum and per partition, is Kafka's.
        const QString sum =
            QStringLiteral("kafka_consumergroup_group_sum_lag{cluster_name=\"primary\",group=\"%1\"}").arg(m_group);
        QTRY_COMPARE_WITH_TIMEOUT(prometheusValue(sum), qint64(30), 30000);
        QCOMPARE(prometheusValue(sum), describedLag());
        QCOMPARE(prometheusValue(QStringLiteral("sum(kafka_consumergroup_group_lag{group=\"%1\"})").arg(m_group)),
                 qint64(30));
        QCOMPARE(prometheusValue(QStringLiteral("lagscope_cluster_up{cluster_name=\"dr\"}")), qint64(1));
        QVERIFY(prometheusValue(QStringLiteral("lagscope_flow_health{flow=\"primary->dr\"}")) == 1);

        m_collect.terminate(); // SIGTERM
        QVERIFY(m_collect.waitForFinished(30000));
        QCOMPARE(m_collect.exitStatus(), QProcess::NormalExit);
        QCOMPARE(m_collect.exitCode(), 0);
        QVERIFY2(collectErr().contains(QStringLiteral("collect: stopped after")), qPrintable(m_stderr));
    }

    void recordedWhatKafkaSays()
    {
        const std::vector<HistoryStore::GroupSample> recorded = samples(HistoryStore::OpenMode::Writer);
        QVERIFY(recorded.size() >= 2);
        QCOMPARE(recorded.back().totalLag, qint64(30));
        QCOMPARE(recorded.back().totalLag, describedLag());

        auto store = HistoryStore::open(m_history);
        QVERIFY2(store, store.ok() ? "" : qPrintable(store.errorMessage()));
        const QDateTime now = QDateTime::currentDateTimeUtc();
        auto events = (*store)->events(kPrimary, now.addSecs(-600), now);
        QVERIFY2(events, events.ok() ? "" : qPrintable(events.errorMessage()));
        QVERIFY(std::any_of(events->begin(), events->end(), [](const ClusterEvent &e) {
            return e.kind == EventKind::AlertFired && e.subject == QStringLiteral("collect-lag");
        }));
        // The MirrorMaker 2 flow was polled and recorded too.
        auto flow = (*store)->flowHistory(QStringLiteral("primary->dr"), now.addSecs(-600), now);
        QVERIFY2(flow, flow.ok() ? "" : qPrintable(flow.errorMessage()));
        QVERIFY(!flow->empty());
        // The state a next run continues from, next to the history file.
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("state/alerts.json"))));
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("state/rebalances-primary.json"))));
    }
};

QTEST_GUILESS_MAIN(TestCollect)
#include "tst_collect.moc"
