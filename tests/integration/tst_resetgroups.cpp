// lagscopectl reset-offsets with several --group and with --all-groups against the real
// kafka-consumer-groups.sh: for each spec, the plans of every group (rows compared as sets)
// and the refusal of an active one, which must not stop the others; executions on twin
// groups leave the same offsets, with one backup and one audit record per group.
// --all-groups sees every group of the shared lab: only this test's groups are compared, and
// only as dry runs. Touches only its own topics and groups.
#include "DrillUtil.h"
#include "LabTest.h"
#include "TableRows.h"
#include "ToolOutput.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace lagscope;
using namespace lagscope::test;

namespace {

QString inactiveRefusal(const QString &group)
{
    return QStringLiteral("Error: Assignments can only be reset if the group '%1' is inactive, but the current "
                          "state is Stable.")
        .arg(group);
}

} // namespace

class TestResetGroups final : public LabTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_a = QStringLiteral("resetg-a-%1").arg(m_id); // 2 partitions: 10 and 8 records
    QString m_b = QStringLiteral("resetg-b-%1").arg(m_id); // 1 partition: 6 records
    QString m_g1 = QStringLiteral("resetg-1-%1").arg(m_id);
    QString m_g2 = QStringLiteral("resetg-2-%1").arg(m_id);
    QString m_live = QStringLiteral("resetg-live-%1").arg(m_id);
    QString m_plan;    // a group,topic,partition,offset CSV for g1 and g2
    qint64 m_base = 0; // timestamp of offset 0 of every partition; one record a minute
    std::unique_ptr<KafkaClient> m_client;
    QProcess *m_member = nullptr;

    void produce(const QString &topic, int partition, int count)
    {
        traffic(kPrimary, {QStringLiteral("produce"), QStringLiteral("--topic"), topic, QStringLiteral("--partition"),
                           QString::number(partition), QStringLiteral("--count"), QString::number(count),
                           QStringLiteral("--timestamp-start"), QString::number(m_base),
                           QStringLiteral("--timestamp-step"), QString::number(kMinute)});
    }

    // Two shapes of commits, so that the groups' plans differ.
    void commitFirst(const QString &group)
    {
        traffic(kPrimary, commitArgs(group, m_a, QStringLiteral("0=4,1=8")));
        traffic(kPrimary, commitArgs(group, m_b, QStringLiteral("0=2")));
    }
    void commitSecond(const QString &group) { traffic(kPrimary, commitArgs(group, m_a, QStringLiteral("0=9,1=1"))); }

    ProcessResult ours(const QStringList &args, int timeoutMs = 120000)
    {
        return m_lab.lagscopectl(QStringList{QStringLiteral("reset-offsets"), QStringLiteral("--config"), m_config,
                                             QStringLiteral("--cluster"), kPrimary}
                                     + args,
                                 timeoutMs);
    }

    ProcessResult kafka(const QStringList &args)
    {
        return m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                               QStringList{QStringLiteral("--reset-offsets")} + args);
    }

    QString state(const QString &group)
    {
        auto d = m_client->describeGroups({group}, Deadline::inMs(15000));
        return d && !d->empty() ? d->front().state : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = scratchCliConfig(m_lab, m_dir.path());
        QVERIFY(!m_config.isEmpty());
        m_base = (QDateTime::currentMSecsSinceEpoch() - 2 * 24 * 3600 * 1000LL) / 1000 * 1000;
        for (const auto &[topic, partitions] : {std::pair{m_a, 2}, std::pair{m_b, 1}})
            traffic(kPrimary,
                    {QStringLiteral("create-topic"), QStringLiteral("--topic"), topic, QStringLiteral("--partitions"),
                     QString::number(partitions), QStringLiteral("--config"), QStringLiteral("retention.ms=-1")});
        produce(m_a, 0, 10);
        produce(m_a, 1, 8);
        produce(m_b, 0, 6);
        commitFirst(m_g1);
        commitSecond(m_g2);
        m_client = m_lab.client(kPrimary);
        QVERIFY(m_client);
        // The active group: a member reading B.
        m_member = startMember(this, m_live, m_b, m_lab.bootstrap(kPrimary));
        QVERIFY(m_member);
        QVERIFY(waitUntil([&] { return state(m_live) == QStringLiteral("Stable"); }, 60000));
        m_plan = QDir(m_dir.path()).filePath(QStringLiteral("plan.csv"));
        QFile f(m_plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("%1,%3,0,3\n%1,%4,0,1\n%2,%3,1,100\n").arg(m_g1, m_g2, m_a, m_b).toUtf8());
    }

    void cleanupTestCase()
    {
        if (m_member) {
            m_member->terminate();
            m_member->waitForFinished(15000);
        }
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void dryRunMatchesKafkaTool_data()
    {
        addColumns<QStringList, bool>("spec", "allGroups");
        const qint64 middle = m_base + 4 * kMinute + 30000;
        const std::vector<std::pair<QString, QStringList>> specs = {
            {QStringLiteral("to-earliest"), {QStringLiteral("--to-earliest")}},
            {QStringLiteral("to-latest"), {QStringLiteral("--to-latest")}},
            {QStringLiteral("to-current"), {QStringLiteral("--to-current")}},
            {QStringLiteral("to-offset"), {QStringLiteral("--to-offset=5")}},
            {QStringLiteral("shift-by"), {QStringLiteral("--shift-by=-3")}},
            {QStringLiteral("to-datetime"), {QStringLiteral("--to-datetime"), utcText(middle)}},
            {QStringLiteral("by-duration"), {QStringLiteral("--by-duration"), QStringLiteral("MIDDLE")}},
            {QStringLiteral("from-file"), {QStringLiteral("--from-file"), m_plan}},
        };
        for (const auto &[name, spec] : specs) {
            QTest::addRow("%s | three groups, one active", qPrintable(name)) << spec << false;
            QTest::addRow("%s | --all-groups", qPrintable(name)) << spec << true;
        }
    }

    void dryRunMatchesKafkaTool()
    {
        QFETCH(QStringList, spec);
        QFETCH(bool, allGroups);
        const qint64 middle = m_base + 4 * kMinute + 30000;
        spec.replaceInStrings(QStringLiteral("MIDDLE"),
                              QStringLiteral("PT%1S").arg((QDateTime::currentMSecsSinceEpoch() - middle) / 1000));
        const QStringList groups = allGroups
                                       ? QStringList{QStringLiteral("--all-groups")}
                                       : QStringList{QStringLiteral("--group"), m_g1, QStringLiteral("--group"), m_live,
                                                     QStringLiteral("--group"), m_g2};
        const QStringList scope =
            spec.first() == QStringLiteral("--from-file") ? QStringList() : QStringList{QStringLiteral("--all-topics")};
        const QStringList args = groups + scope + spec + QStringList{QStringLiteral("--dry-run")};
        const ProcessResult theirs = kafka(args);
        const ProcessResult mine = ours(args, 600000);
        const QStringList mineGroups{m_g1, m_g2, m_live};
        const auto expected = resetPlanRows(theirs.out, mineGroups);
        const auto actual = resetPlanRows(mine.out, mineGroups);
        QVERIFY2(!expected.empty(), qPrintable(theirs.describe()));
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("kafka-consumer-groups:\n%1\n\nlagscopectl:\n%2\n%3")
                                                    .arg(showRows(expected), showRows(actual), mine.err.right(3000))));
        // Both groups planned: one refusal stops nothing.
        for (const QString &g : {m_g1, m_g2})
            QVERIFY2(showRows(actual).contains(g + QLatin1Char(' ')), qPrintable(g));
        QVERIFY2(QString(theirs.out + theirs.err).contains(inactiveRefusal(m_live)), qPrintable(theirs.describe()));
        QVERIFY2(mine.err.contains(inactiveRefusal(m_live)), qPrintable(mine.describe()));
        if (!allGroups)
            QCOMPARE(mine.exitCode, 3); // the active group was refused
    }

    void executeMatchesKafkaTool()
    {
        const QString tag = LabClient::uniqueSuffix();
        const QStringList theirs{QStringLiteral("resetg-x-kafka1-%1-%2").arg(m_id, tag),
                                 QStringLiteral("resetg-x-kafka2-%1-%2").arg(m_id, tag)};
        const QStringList mine{QStringLiteral("resetg-x-ours1-%1-%2").arg(m_id, tag),
                               QStringLiteral("resetg-x-ours2-%1-%2").arg(m_id, tag)};
        for (const QStringList &pair : {theirs, mine}) {
            commitFirst(pair[0]);
            commitSecond(pair[1]);
        }
        const QStringList spec{QStringLiteral("--all-topics"), QStringLiteral("--shift-by=-2")};
        const ProcessResult k =
            kafka(QStringList{QStringLiteral("--group"), theirs[0], QStringLiteral("--group"), theirs[1]} + spec
                  + QStringList{QStringLiteral("--execute")});
        QVERIFY2(k.exitCode == 0, qPrintable(k.describe()));

        // The JSON of a dry run of several groups: one entry per group.
        const ProcessResult json = ours(QStringList{QStringLiteral("--group"), mine[0], QStringLiteral("--group"),
                                                    mine[1], QStringLiteral("--format"), QStringLiteral("json")}
                                        + spec);
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        const QJsonArray entries =
            QJsonDocument::fromJson(json.out.toUtf8()).object()[QStringLiteral("groups")].toArray();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[1].toObject()[QStringLiteral("plan")].toObject()[QStringLiteral("group")].toString(), mine[1]);

        const ProcessResult o = ours(QStringList{QStringLiteral("--group"), mine[0], QStringLiteral("--group"), mine[1]}
                                     + spec + QStringList{QStringLiteral("--execute")});
        QVERIFY2(o.exitCode == 0, qPrintable(o.describe()));
        QCOMPARE(o.err.count(QStringLiteral("Backup of the previous offsets: ")), 2);
        const QString audit =
            QDir(qEnvironmentVariable("XDG_DATA_HOME")).filePath(QStringLiteral("lagscope/audit.jsonl"));
        for (int i = 0; i < 2; ++i) {
            const CommittedOffsets expected = committedBy(*m_client, theirs[i]);
            QVERIFY(!expected.empty());
            QCOMPARE(show(committedBy(*m_client, mine[i])), show(expected));
            const auto records = auditRecords(audit, mine[i]);
            QCOMPARE(records.size(), 1);
            QCOMPARE(records.first()[QStringLiteral("result")].toString(), QStringLiteral("applied"));
        }
    }

    // A topic,partition,offset CSV belongs to no group when several are named: the tool says
    // so for each group and resets none.
    void threeColumnFileWithSeveralGroups()
    {
        const QString threeColumns = QDir(m_dir.path()).filePath(QStringLiteral("one.csv"));
        QFile f(threeColumns);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("%1,0,3\n").arg(m_a).toUtf8());
        f.close();
        const QStringList args{QStringLiteral("--group"),     m_g1,         QStringLiteral("--group"),  m_g2,
                               QStringLiteral("--from-file"), threeColumns, QStringLiteral("--dry-run")};
        const ProcessResult theirs = kafka(args);
        const ProcessResult mine = ours(args);
        for (const QString &g : {m_g1, m_g2}) {
            const QString message = QStringLiteral("Error: No reset plan for group %1 found").arg(g);
            QVERIFY2(QString(theirs.out + theirs.err).contains(message), qPrintable(theirs.describe()));
            QVERIFY2(mine.err.contains(message), qPrintable(mine.describe()));
        }
        QVERIFY(resetPlanRows(theirs.out, {m_g1, m_g2}).empty());
        QVERIFY(resetPlanRows(mine.out, {m_g1, m_g2}).empty());
        QCOMPARE(mine.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestResetGroups)
#include "tst_resetgroups.moc"
