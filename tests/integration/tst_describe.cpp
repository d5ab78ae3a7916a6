// lagscopectl describe against the real kafka-consumer-groups.sh on the same lab state.
// The tool's row order inside a block is hash-map order, so rows are compared as sets.
#include "LabTest.h"
#include "ToolOutput.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace lagscope;
using namespace lagscope::test;

class TestDescribe final : public LabTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_topic = QStringLiteral("describe-%1").arg(m_id);
    QString m_empty = QStringLiteral("describe-empty-%1").arg(m_id);
    QString m_partial = QStringLiteral("desc-partial-%1").arg(m_id);
    QString m_consumed = QStringLiteral("desc-consumed-%1").arg(m_id);
    QString m_live = QStringLiteral("desc-live-%1").arg(m_id);
    QString m_liveEmpty = QStringLiteral("desc-live-empty-%1").arg(m_id);
    QList<QProcess *> m_members;

    void run(const QStringList &args) { requireSuccess(m_lab.traffic(kPrimary, args)); }

    // A live member that stays in the group until the test ends.
    void startMember(const QString &group, const QString &topic, const QString &clientId)
    {
        auto *p = new QProcess(this);
        p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 {QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
                  QStringLiteral("--max"), QStringLiteral("1000000"), QStringLiteral("--stay"),
                  QStringLiteral("--client-id"), clientId, QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(p->waitForStarted());
        m_members << p;
    }

    // True once the group is Stable with every partition assigned (and commits landed).
    bool groupReady(const QString &group, int expectedRows)
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                   group, QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject g =
            QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("groups")].toArray().first().toObject();
        return g[QStringLiteral("state")].toString() == QStringLiteral("Stable")
               && g[QStringLiteral("partitions")].toArray().size() == expectedRows;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = m_lab.writeConfig(m_dir.path());
        run(createTopicArgs(m_topic, 6, 3));
        run(createTopicArgs(m_empty, 3, 3));
        run(produceArgs(m_topic, 600));
        // Consumed part of the topic and committed, then left: an Empty group.
        run(consumeArgs(m_consumed, m_topic, 250));
        // Commits on only some partitions.
        run({QStringLiteral("consume"), QStringLiteral("--group"), m_partial, QStringLiteral("--topic"), m_topic,
             QStringLiteral("--assign"), QStringLiteral("0,2"), QStringLiteral("--max"), QStringLiteral("1000")});
        // Live members: one with committed offsets, one on the empty topic (nothing committed).
        startMember(m_live, m_topic, QStringLiteral("describe-live-client"));
        startMember(m_liveEmpty, m_empty, QStringLiteral("describe-empty-client"));
        QTRY_VERIFY_WITH_TIMEOUT(groupReady(m_live, 6), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(groupReady(m_liveEmpty, 3), 60000);
    }

    void cleanupTestCase() { stopMembers(m_members); }

    // A deadline longer than librdkafka's largest socket.timeout.ms (5 minutes) is accepted:
    // runbooks give slow clusters --timeout 600.
    void longTimeout()
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                   m_consumed, QStringLiteral("--timeout"), QStringLiteral("600")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains(m_topic), qPrintable(r.describe()));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void matchesKafkaTool_data()
    {
        QTest::addColumn<QStringList>("selection");
        QTest::newRow("all groups") << QStringList{QStringLiteral("--all-groups")};
        QTest::newRow("consumed, empty group") << QStringList{QStringLiteral("--group"), m_consumed};
        QTest::newRow("partial commits") << QStringList{QStringLiteral("--group"), m_partial};
        QTest::newRow("live member") << QStringList{QStringLiteral("--group"), m_live};
        QTest::newRow("live member, nothing committed") << QStringList{QStringLiteral("--group"), m_liveEmpty};
    }

    void matchesKafkaTool()
    {
        QFETCH(QStringList, selection);
        const ProcessResult kafka = m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                                                    QStringList{QStringLiteral("--describe")} + selection);
        QVERIFY2(kafka.exitCode == 0, qPrintable(kafka.describe()));
        const ProcessResult ours = m_lab.lagscopectl(QStringList{QStringLiteral("describe"), QStringLiteral("--config"),
                                                                 m_config, QStringLiteral("--cluster"), kPrimary}
                                                     + selection);
        QVERIFY2(ours.exitCode == 0, qPrintable(ours.describe()));

        const auto expected = describeTableRows(kafka.out, m_id);
        const auto actual = describeTableRows(ours.out, m_id);
        QVERIFY2(!expected.empty(), qPrintable(kafka.describe()));
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("kafka-consumer-groups:\n%1\n\nlagscopectl:\n%2")
                                                    .arg(showRows(expected), showRows(actual))));
    }

    // --members and --state: the same rows as the tool's, for a live group, a group that
    // consumed and left, and every group.
    void viewsMatchKafkaTool_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QStringList>("selection");
        for (const char *view : {"--members", "--state"}) {
            const QString v = QString::fromLatin1(view);
            QTest::addRow("%s live member", view) << v << QStringList{QStringLiteral("--group"), m_live};
            QTest::addRow("%s empty group", view) << v << QStringList{QStringLiteral("--group"), m_consumed};
            QTest::addRow("%s all groups", view) << v << QStringList{QStringLiteral("--all-groups")};
        }
    }

    void viewsMatchKafkaTool()
    {
        QFETCH(QString, view);
        QFETCH(QStringList, selection);
        const ProcessResult kafka = m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                                                    QStringList{QStringLiteral("--describe"), view} + selection);
        QVERIFY2(kafka.exitCode == 0, qPrintable(kafka.describe()));
        const ProcessResult ours = m_lab.lagscopectl(QStringList{QStringLiteral("describe"), QStringLiteral("--config"),
                                                                 m_config, QStringLiteral("--cluster"), kPrimary, view}
                                                     + selection);
        QVERIFY2(ours.exitCode == 0, qPrintable(ours.describe()));
        const auto expected = describeTableRows(kafka.out, m_id);
        const auto actual = describeTableRows(ours.out, m_id);
        // An empty group has no member rows in either tool; every other case has rows.
        QVERIFY2(!expected.empty() || (view == QStringLiteral("--members") && selection.contains(m_consumed)),
                 qPrintable(kafka.describe()));
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("kafka-consumer-groups:\n%1\n\nlagscopectl:\n%2")
                                                    .arg(showRows(expected), showRows(actual))));
    }

    // One view at a time, as the tool says (--verbose is tst_describeverbose's).
    void viewUsageErrors()
    {
        const ProcessResult two = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                     QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                     m_live, QStringLiteral("--members"), QStringLiteral("--state")});
        QCOMPARE(two.exitCode, 2);
        QVERIFY2(two.err.contains(QStringLiteral("at most one of --members, --state and --offsets")),
                 qPrintable(two.describe()));
    }

    void sameNotesAsKafkaTool()
    {
        // "has no active members" for the group that consumed and left.
        const ProcessResult ours =
            m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                               QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"), m_consumed});
        QVERIFY(ours.err.contains(QStringLiteral("Consumer group '%1' has no active members.").arg(m_consumed)));
        const QString missing = QStringLiteral("no-such-group-%1").arg(m_id);
        const ProcessResult gone =
            m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                               QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"), missing});
        QCOMPARE(gone.exitCode, 1);
        QVERIFY2(gone.err.contains(QStringLiteral("Error: Consumer group '%1' does not exist.").arg(missing)),
                 qPrintable(gone.describe()));
    }

    void partialGroupHasOnlyItsPartitions()
    {
        const ProcessResult ours = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                      QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                      m_partial, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(ours.exitCode, 0);
        const QJsonArray parts = QJsonDocument::fromJson(ours.out.toUtf8())
                                     .object()[QStringLiteral("groups")]
                                     .toArray()
                                     .first()
                                     .toObject()[QStringLiteral("partitions")]
                                     .toArray();
        QSet<int> seen;
        for (const auto &p : parts) {
            const QJsonObject o = p.toObject();
            seen.insert(o[QStringLiteral("partition")].toInt());
            // 600 records round-robin over 6 partitions: 100 each, all consumed.
            QCOMPARE(o[QStringLiteral("current_offset")].toInteger(), 100);
            QCOMPARE(o[QStringLiteral("lag")].toInteger(), 0);
            QVERIFY(o[QStringLiteral("consumer_id")].isNull());
        }
        QCOMPARE(seen, (QSet<int>{0, 2}));
    }

    // Committed offsets of many groups: with Lagscope's librdkafka patch one OffsetFetch per
    // coordinator carries all its groups, counted in librdkafka's protocol log (the
    // documented LAGSCOPE_RDKAFKA_LOG=1 with `debug: protocol`); unpatched, one per group.
    // The rows still equal kafka-consumer-groups.sh's for the same groups.
    void manyGroupsOneRequestPerCoordinator()
    {
        constexpr int kGroups = 12;
        QStringList selection;
        for (int i = 0; i < kGroups; ++i) {
            const QString g = QStringLiteral("desc-batch-%1-%2").arg(i).arg(m_id);
            run(commitArgs(g, m_topic, QStringLiteral("0=%1,3=%2").arg(i).arg(2 * i)));
            selection << QStringLiteral("--group") << g;
        }
        const QString config = m_dir.filePath(QStringLiteral("protocol-log.yaml"));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            QStringLiteral("clusters:\n  - name: %1\n    bootstrap: \"%2\"\n    properties:\n      debug: protocol\n")
                .arg(kPrimary, m_lab.bootstrap(kPrimary))
                .toUtf8());
        f.close();
        qputenv("LAGSCOPE_RDKAFKA_LOG", "1");
        const ProcessResult ours = m_lab.lagscopectl(QStringList{QStringLiteral("describe"), QStringLiteral("--config"),
                                                                 config, QStringLiteral("--cluster"), kPrimary}
                                                     + selection);
        qunsetenv("LAGSCOPE_RDKAFKA_LOG");
        QVERIFY2(ours.exitCode == 0, qPrintable(ours.describe()));
        const auto sent = [&](const char *request) {
            return ours.err.count(QStringLiteral("Sent %1Request").arg(QString::fromLatin1(request)));
        };
        const qsizetype offsetFetches = sent("OffsetFetch");
        const qsizetype consumerDescribes = sent("ConsumerGroupDescribe");
        const qsizetype classicDescribes = sent("DescribeGroups");
        const ProcessResult version = m_lab.lagscopectl({QStringLiteral("--version")});
        const bool batched = version.out.contains(QStringLiteral("one OffsetFetch request per coordinator"));
        const bool batchedDescribe =
            version.out.contains(QStringLiteral("one ConsumerGroupDescribe and one DescribeGroups"));
        qInfo("%d groups: %lld OffsetFetch, %lld ConsumerGroupDescribe, %lld DescribeGroups, %lld FindCoordinator "
              "request(s) (%s)",
              kGroups, static_cast<long long>(offsetFetches), static_cast<long long>(consumerDescribes),
              static_cast<long long>(classicDescribes), static_cast<long long>(sent("FindCoordinator")),
              batched ? "patched librdkafka" : "unpatched librdkafka");
        const qsizetype coordinators = m_lab.brokerNodes(kPrimary).size();
        if (batched)
            QVERIFY2(
                offsetFetches >= 1 && offsetFetches <= coordinators,
                qPrintable(QStringLiteral("%1 OffsetFetch requests for %2 groups").arg(offsetFetches).arg(kGroups)));
        else
            QCOMPARE(offsetFetches, qsizetype(kGroups));
        // The groups are classic: each coordinator is asked once with ConsumerGroupDescribe
        // (which answers GROUP_ID_NOT_FOUND) and once with DescribeGroups.
        if (batchedDescribe)
            QVERIFY2(consumerDescribes <= coordinators && classicDescribes >= 1 && classicDescribes <= coordinators,
                     qPrintable(QStringLiteral("%1 ConsumerGroupDescribe and %2 DescribeGroups requests for %3 groups")
                                    .arg(consumerDescribes)
                                    .arg(classicDescribes)
                                    .arg(kGroups)));
        else
            QCOMPARE(classicDescribes, qsizetype(kGroups));

        const ProcessResult kafka = m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                                                    QStringList{QStringLiteral("--describe")} + selection);
        QVERIFY2(kafka.exitCode == 0, qPrintable(kafka.describe()));
        const auto expected = describeTableRows(kafka.out, QStringLiteral("desc-batch-"));
        const auto actual = describeTableRows(ours.out, QStringLiteral("desc-batch-"));
        QCOMPARE(qsizetype(expected.size()), qsizetype(2 * kGroups));
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("kafka-consumer-groups:\n%1\n\nlagscopectl:\n%2")
                                                    .arg(showRows(expected), showRows(actual))));
    }

    void csvHasEmptyCellsForMissingValues()
    {
        const ProcessResult ours = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                      QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                      m_liveEmpty, QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(ours.exitCode, 0);
        const QStringList lines = ours.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4); // header + 3 partitions
        QCOMPARE(lines[0],
                 QStringLiteral("GROUP,TOPIC,PARTITION,CURRENT-OFFSET,LOG-END-OFFSET,LAG,CONSUMER-ID,HOST,CLIENT-ID"));
        for (const QString &line : lines.mid(1)) {
            const QStringList cells = line.split(QLatin1Char(','));
            QCOMPARE(cells.size(), 9);
            QCOMPARE(cells[3], QString()); // nothing committed
            QCOMPARE(cells[4], QStringLiteral("0"));
            QCOMPARE(cells[8], QStringLiteral("describe-empty-client"));
        }
    }
};

QTEST_GUILESS_MAIN(TestDescribe)
#include "tst_describe.moc"
