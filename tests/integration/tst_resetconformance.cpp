// lagscopectl reset-offsets against the real kafka-consumer-groups.sh --reset-offsets on the
// same lab state: every spec × scope as a dry run (new offsets, warnings and errors compared
// as sets — the tool prints in hash-map order), then executions on twin groups with the same
// committed offsets, and the safety rules (active group, read-only cluster, undo).
// Touches only its own topics and groups.
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
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// "TOPIC PARTITION NEW-OFFSET" of the group's rows of a reset table (either tool).
std::multiset<QString> planRows(const QString &output, const QString &group)
{
    std::multiset<QString> rows;
    for (const QString &row : resetPlanRows(output, {group}))
        rows.insert(row.section(QLatin1Char(' '), 1));
    return rows;
}

// The clamping and empty-partition warnings, without the tool's log4j decoration.
std::multiset<QString> warnings(const QString &output)
{
    std::multiset<QString> out;
    static const QRegularExpression clamp(QStringLiteral("(New offset \\(-?\\d+\\) is (higher|lower) than [^\\n]*?"
                                                         "Value will be set to -?\\d+)"));
    static const QRegularExpression empty(QStringLiteral("(Warn: Partition \\d+ from topic \\S+ is empty\\. "
                                                         "Falling back to latest known offset\\.)"));
    for (const auto &re : {clamp, empty})
        for (auto it = re.globalMatch(output); it.hasNext();)
            out.insert(it.next().captured(1));
    return out;
}

} // namespace

class TestResetConformance final : public LabTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_a = QStringLiteral("reset-a-%1").arg(m_id); // 3 partitions: 10, 8 and 0 records
    QString m_b = QStringLiteral("reset-b-%1").arg(m_id); // 2 partitions: 6 records each
    QString m_group = QStringLiteral("reset-g-%1").arg(m_id);
    QString m_plan;    // a --from-file CSV
    qint64 m_base = 0; // timestamp of offset 0 of every partition; one record a minute
    QStringList m_table;
    QList<QProcess *> m_members;

    void traffic(const QStringList &args)
    {
        const ProcessResult r = m_lab.traffic(kPrimary, args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    }

    void produce(const QString &topic, int partition, int count)
    {
        traffic({QStringLiteral("produce"), QStringLiteral("--topic"), topic, QStringLiteral("--partition"),
                 QString::number(partition), QStringLiteral("--count"), QString::number(count),
                 QStringLiteral("--timestamp-start"), QString::number(m_base), QStringLiteral("--timestamp-step"),
                 QString::number(kMinute)});
    }

    // A:0=4, A:1=8 (its end), A:2 without commit, B:0=2, B:1=6 (its end).
    void commitInitial(const QString &group)
    {
        traffic(commitArgs(group, m_a, QStringLiteral("0=4,1=8")));
        traffic(commitArgs(group, m_b, QStringLiteral("0=2,1=6")));
    }

    ProcessResult ours(const QStringList &args, const QString &cluster = kPrimary)
    {
        return m_lab.lagscopectl(QStringList{QStringLiteral("reset-offsets"), QStringLiteral("--config"), m_config,
                                             QStringLiteral("--cluster"), cluster}
                                 + args);
    }

    ProcessResult kafka(const QStringList &args)
    {
        return m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                               QStringList{QStringLiteral("--reset-offsets")} + args);
    }

    std::map<QString, qint64> committed(const QString &group)
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                   group, QStringLiteral("--format"), QStringLiteral("json")});
        std::map<QString, qint64> out;
        const QJsonArray groups = QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("groups")].toArray();
        if (groups.isEmpty())
            return out;
        for (const auto &v : groups.first().toObject()[QStringLiteral("partitions")].toArray()) {
            const QJsonObject o = v.toObject();
            if (!o[QStringLiteral("current_offset")].isNull())
                out[o[QStringLiteral("topic")].toString() + QLatin1Char('-')
                    + QString::number(o[QStringLiteral("partition")].toInt())] =
                    o[QStringLiteral("current_offset")].toInteger();
        }
        return out;
    }

    static QString showOffsets(const std::map<QString, qint64> &offsets)
    {
        QStringList parts;
        for (const auto &[tp, o] : offsets)
            parts << QStringLiteral("%1=%2").arg(tp).arg(o);
        return parts.join(QStringLiteral(", "));
    }

    bool groupStable(const QString &group)
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("groups"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--format"),
                                                   QStringLiteral("json")});
        return r.out.contains(group) && describeState(group) == QStringLiteral("Stable");
    }

    QString describeState(const QString &group)
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                   group, QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonArray groups = QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("groups")].toArray();
        return groups.isEmpty() ? QString() : groups.first().toObject()[QStringLiteral("state")].toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = scratchCliConfig(m_lab, m_dir.path());
        QVERIFY(!m_config.isEmpty());
        // Two days ago, on a whole second, so that datetimes print exactly.
        m_base = (QDateTime::currentMSecsSinceEpoch() - 2 * 24 * 3600 * 1000LL) / 1000 * 1000;
        for (const auto &[topic, partitions] : {std::pair{m_a, 3}, std::pair{m_b, 2}})
            traffic({QStringLiteral("create-topic"), QStringLiteral("--topic"), topic, QStringLiteral("--partitions"),
                     QString::number(partitions), QStringLiteral("--config"), QStringLiteral("retention.ms=-1")});
        produce(m_a, 0, 10);
        produce(m_a, 1, 8);
        produce(m_b, 0, 6);
        produce(m_b, 1, 6);
        commitInitial(m_group);
        m_plan = QDir(m_dir.path()).filePath(QStringLiteral("plan.csv"));
        QFile f(m_plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("%1,0,3\n%1,1,100\n%2,0,1\n").arg(m_a, m_b).toUtf8());
    }

    void cleanupTestCase()
    {
        stopMembers(m_members);
        if (!m_table.isEmpty())
            qInfo("conformance with kafka-consumer-groups.sh --reset-offsets --dry-run:\n%s",
                  qPrintable(m_table.join(QLatin1Char('\n'))));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void dryRunMatchesKafkaTool_data()
    {
        addColumns<QStringList, QStringList>("spec", "scope");
        const QStringList topicA{QStringLiteral("--topic"), m_a};
        const QStringList someA{QStringLiteral("--topic"), m_a + QStringLiteral(":0,2")};
        const QStringList all{QStringLiteral("--all-topics")};
        const QStringList both{QStringLiteral("--topic"), m_a, QStringLiteral("--topic"), m_b};
        // Offset 4.5 minutes after the first record: the first record at or after is offset 5.
        const qint64 middle = m_base + 4 * kMinute + 30000;
        const std::vector<std::pair<QString, QStringList>> specs = {
            {QStringLiteral("to-earliest"), {QStringLiteral("--to-earliest")}},
            {QStringLiteral("to-latest"), {QStringLiteral("--to-latest")}},
            {QStringLiteral("to-current"), {QStringLiteral("--to-current")}},
            {QStringLiteral("to-offset in range"), {QStringLiteral("--to-offset=5")}},
            {QStringLiteral("to-offset above end"), {QStringLiteral("--to-offset=100")}},
            {QStringLiteral("to-offset below start"), {QStringLiteral("--to-offset=-3")}},
            {QStringLiteral("shift-by +2"), {QStringLiteral("--shift-by=2")}},
            {QStringLiteral("shift-by -3"), {QStringLiteral("--shift-by=-3")}},
            {QStringLiteral("shift-by +100 (clamped)"), {QStringLiteral("--shift-by=100")}},
            {QStringLiteral("shift-by -100 (clamped)"), {QStringLiteral("--shift-by=-100")}},
            {QStringLiteral("to-datetime middle"), {QStringLiteral("--to-datetime"), utcText(middle)}},
            {QStringLiteral("to-datetime before all"), {QStringLiteral("--to-datetime"), utcText(m_base - 3600000)}},
            {QStringLiteral("to-datetime after all"),
             {QStringLiteral("--to-datetime"), utcText(m_base + 24 * 3600000LL)}},
            {QStringLiteral("by-duration middle"), {QStringLiteral("--by-duration"), QStringLiteral("MIDDLE")}},
            {QStringLiteral("from-file"), {QStringLiteral("--from-file"), m_plan}},
        };
        const std::vector<std::pair<QString, QStringList>> scopes = {
            {QStringLiteral("--all-topics"), all},
            {QStringLiteral("--topic a"), topicA},
            {QStringLiteral("--topic a:0,2"), someA},
            {QStringLiteral("--topic a --topic b"), both},
        };
        for (const auto &[specName, spec] : specs)
            for (const auto &[scopeName, scope] : scopes)
                QTest::addRow("%s | %s", qPrintable(specName), qPrintable(scopeName)) << spec << scope;
        QTest::newRow("from-file | (no scope)") << QStringList{QStringLiteral("--from-file"), m_plan} << QStringList();
    }

    void dryRunMatchesKafkaTool()
    {
        QFETCH(QStringList, spec);
        QFETCH(QStringList, scope);
        // now - D must be 4.5 minutes after the first record when the tools run, not when the
        // data table was built.
        const qint64 middle = m_base + 4 * kMinute + 30000;
        spec.replaceInStrings(QStringLiteral("MIDDLE"),
                              QStringLiteral("PT%1S").arg((QDateTime::currentMSecsSinceEpoch() - middle) / 1000));
        const QStringList args =
            QStringList{QStringLiteral("--group"), m_group} + scope + spec + QStringList{QStringLiteral("--dry-run")};
        const ProcessResult theirs = kafka(args);
        const ProcessResult mine = ours(args);
        const auto expected = planRows(theirs.out, m_group);
        const auto actual = planRows(mine.out, m_group);
        const auto expectedWarnings = warnings(theirs.out + theirs.err);
        const auto actualWarnings = warnings(mine.err);
        bool same = expected == actual && expectedWarnings == actualWarnings;
        QString note = QStringLiteral("%1 rows").arg(expected.size());
        if (expected.empty()) {
            // The tool refused: we must refuse too, with its message.
            const QString ourMessage = mine.err.section(QStringLiteral(": "), 1).trimmed();
            same = same && mine.exitCode != 0 && !ourMessage.isEmpty()
                   && QString(theirs.out + theirs.err).contains(ourMessage);
            note = QStringLiteral("error: ") + ourMessage;
        } else {
            same = same && mine.exitCode == 0;
        }
        if (!expectedWarnings.empty())
            note += QStringLiteral(", %1 warnings").arg(expectedWarnings.size());
        m_table << QStringLiteral("%1 | %2 | %3")
                       .arg(QString::fromUtf8(QTest::currentDataTag()).leftJustified(46),
                            same ? QStringLiteral("identical") : QStringLiteral("DIFFERENT"), note);
        QVERIFY2(same, qPrintable(QStringLiteral("kafka-consumer-groups (exit %1):\n%2\n%3\n\nlagscopectl:\n%4\n%5\n%6")
                                      .arg(theirs.exitCode)
                                      .arg(showRows(expected), showRows(expectedWarnings), theirs.err.right(2000),
                                           mine.describe(), showRows(actualWarnings))));
    }

    void executeMatchesKafkaTool_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("to-offset 5, --topic a")
            << QStringList{QStringLiteral("--topic"), m_a, QStringLiteral("--to-offset=5")};
        QTest::newRow("shift-by -2, --all-topics")
            << QStringList{QStringLiteral("--all-topics"), QStringLiteral("--shift-by=-2")};
        QTest::newRow("to-datetime middle, --topic a:0,2")
            << QStringList{QStringLiteral("--topic"), m_a + QStringLiteral(":0,2"), QStringLiteral("--to-datetime"),
                           utcText(m_base + 4 * kMinute + 30000)};
        QTest::newRow("to-earliest, --topic a --topic b") << QStringList{
            QStringLiteral("--topic"), m_a, QStringLiteral("--topic"), m_b, QStringLiteral("--to-earliest")};
    }

    void executeMatchesKafkaTool()
    {
        QFETCH(QStringList, args);
        const QString tag = LabClient::uniqueSuffix();
        const QString theirsGroup = QStringLiteral("reset-x-kafka-%1-%2").arg(m_id, tag);
        const QString oursGroup = QStringLiteral("reset-x-ours-%1-%2").arg(m_id, tag);
        commitInitial(theirsGroup);
        commitInitial(oursGroup);
        const ProcessResult theirs = kafka(QStringList{QStringLiteral("--group"), theirsGroup} + args
                                           + QStringList{QStringLiteral("--execute")});
        QVERIFY2(theirs.exitCode == 0, qPrintable(theirs.describe()));
        const ProcessResult mine =
            ours(QStringList{QStringLiteral("--group"), oursGroup} + args + QStringList{QStringLiteral("--execute")});
        QVERIFY2(mine.exitCode == 0, qPrintable(mine.describe()));
        QVERIFY(mine.err.contains(QStringLiteral("Backup of the previous offsets: ")));
        const auto expected = committed(theirsGroup);
        const auto actual = committed(oursGroup);
        QVERIFY(!expected.empty());
        QVERIFY2(actual == expected,
                 qPrintable(QStringLiteral("kafka: %1\nours:  %2").arg(showOffsets(expected), showOffsets(actual))));
    }

    void undoRestoresTheBackup()
    {
        const QString group = QStringLiteral("reset-undo-%1").arg(m_id);
        commitInitial(group);
        const auto before = committed(group);
        const ProcessResult reset = ours({QStringLiteral("--group"), group, QStringLiteral("--all-topics"),
                                          QStringLiteral("--to-earliest"), QStringLiteral("--execute")});
        QVERIFY2(reset.exitCode == 0, qPrintable(reset.describe()));
        QVERIFY(committed(group) != before);
        static const QRegularExpression backupLine(QStringLiteral("Backup of the previous offsets: (\\S+)"));
        const QString backup = backupLine.match(reset.err).captured(1);
        QVERIFY2(QFile::exists(backup), qPrintable(reset.describe()));
        const QJsonObject doc = [&] {
            QFile f(backup);
            return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
        }();
        QCOMPARE(doc[QStringLiteral("group")].toString(), group);
        QCOMPARE(doc[QStringLiteral("offsets")].toArray().size(), 4);

        const QStringList undoArgs{QStringLiteral("undo"),
                                   QStringLiteral("--config"),
                                   m_config,
                                   QStringLiteral("--cluster"),
                                   kPrimary,
                                   QStringLiteral("--backup"),
                                   backup};
        const ProcessResult dry = m_lab.lagscopectl(undoArgs);
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.describe()));
        QCOMPARE(planRows(dry.out, group).size(), size_t(4));
        QVERIFY(committed(group) != before); // a dry run changes nothing

        // The backup is also a plan for --from-file: it plans exactly the offsets from before.
        const ProcessResult fromBackup =
            ours({QStringLiteral("--group"), group, QStringLiteral("--from-file"), backup});
        QVERIFY2(fromBackup.exitCode == 0, qPrintable(fromBackup.describe()));
        std::multiset<QString> expectedRows;
        for (const auto &[tp, offset] : before) {
            const qsizetype dash = tp.lastIndexOf(QLatin1Char('-'));
            expectedRows.insert(QStringLiteral("%1 %2 %3").arg(tp.left(dash), tp.mid(dash + 1)).arg(offset));
        }
        QVERIFY2(planRows(fromBackup.out, group) == expectedRows, qPrintable(fromBackup.describe()));

        const ProcessResult undo = m_lab.lagscopectl(undoArgs + QStringList{QStringLiteral("--execute")});
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.describe()));
        QCOMPARE(committed(group), before);

        // Both executions are in the audit trail, with old and new offsets.
        QFile audit(QDir(qEnvironmentVariable("XDG_DATA_HOME")).filePath(QStringLiteral("lagscope/audit.jsonl")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        int records = 0;
        for (const QByteArray &line : audit.readAll().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o[QStringLiteral("group")].toString() != group)
                continue;
            ++records;
            QCOMPARE(o[QStringLiteral("result")].toString(), QStringLiteral("applied"));
            QCOMPARE(o[QStringLiteral("cluster")].toString(), kPrimary);
            QVERIFY(!o[QStringLiteral("user")].toString().isEmpty());
            QCOMPARE(o[QStringLiteral("partitions")].toArray().size(), 4);
        }
        QCOMPARE(records, 2);
    }

    void activeGroupIsRefused_data()
    {
        QTest::addColumn<QString>("protocol");
        QTest::newRow("classic") << QStringLiteral("classic");
        // KIP-848: invisible to the classic DescribeGroups API ("Dead"), which must not be
        // taken for inactive.
        QTest::newRow("consumer (KIP-848)") << QStringLiteral("consumer");
    }

    void activeGroupIsRefused()
    {
        QFETCH(QString, protocol);
        const QString group = QStringLiteral("reset-live-%1-%2").arg(protocol, m_id);
        QProcess *p = startMember(this, group, m_b, m_lab.bootstrap(kPrimary), protocol);
        QVERIFY(p);
        m_members << p;
        // A wall-clock deadline: each check runs Kafka's tool (a JVM), far longer than QTRY's step.
        QVERIFY(waitUntil(
            [&] { return describeState(group) == QStringLiteral("Stable") && committed(group).size() == 2; }, 60000));
        const auto before = committed(group);
        const QStringList args{QStringLiteral("--group"), group, QStringLiteral("--all-topics"),
                               QStringLiteral("--to-earliest")};
        const ProcessResult theirs = kafka(args + QStringList{QStringLiteral("--execute")});
        static const QRegularExpression refusal(
            QStringLiteral("(Error: Assignments can only be reset if the group "
                           "'[^']+' is inactive, but the current state is \\S+\\.)"));
        const QString expected = refusal.match(QString(theirs.out + theirs.err)).captured(1);
        QVERIFY2(!expected.isEmpty(), qPrintable(theirs.describe()));
        if (protocol == QStringLiteral("classic"))
            QCOMPARE(expected, QStringLiteral("Error: Assignments can only be reset if the group '%1' is inactive, "
                                              "but the current state is Stable.")
                                   .arg(group));
        for (const QString &mode : {QStringLiteral("--execute"), QStringLiteral("--dry-run")}) {
            const ProcessResult mine = ours(args + QStringList{mode});
            QCOMPARE(mine.exitCode, 3);
            QVERIFY2(mine.err.contains(expected),
                     qPrintable(mine.describe() + QStringLiteral("\nexpected: ") + expected));
        }
        QCOMPARE(committed(group), before);
    }

    void readOnlyClusterIsRefused()
    {
        const QString group = QStringLiteral("reset-ro-%1").arg(m_id);
        commitInitial(group);
        const auto before = committed(group);
        const ProcessResult mine = ours({QStringLiteral("--group"), group, QStringLiteral("--all-topics"),
                                         QStringLiteral("--to-earliest"), QStringLiteral("--execute")},
                                        QStringLiteral("readonly"));
        QCOMPARE(mine.exitCode, 3);
        QVERIFY2(mine.err.contains(QStringLiteral("read-only")), qPrintable(mine.describe()));
        QCOMPARE(committed(group), before);
        // A dry run is a read: allowed.
        const ProcessResult dry =
            ours({QStringLiteral("--group"), group, QStringLiteral("--all-topics"), QStringLiteral("--to-earliest")},
                 QStringLiteral("readonly"));
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.describe()));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("dry-run and execute")
            << QStringList{QStringLiteral("--all-topics"), QStringLiteral("--to-earliest"), QStringLiteral("--dry-run"),
                           QStringLiteral("--execute")};
        QTest::newRow("two specs") << QStringList{QStringLiteral("--all-topics"), QStringLiteral("--to-earliest"),
                                                  QStringLiteral("--to-latest")};
        QTest::newRow("no spec") << QStringList{QStringLiteral("--all-topics")};
        QTest::newRow("no scope") << QStringList{QStringLiteral("--to-earliest")};
        QTest::newRow("bad datetime") << QStringList{QStringLiteral("--all-topics"), QStringLiteral("--to-datetime"),
                                                     QStringLiteral("2024-01-01T00:00:00")};
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        const ProcessResult mine = ours(QStringList{QStringLiteral("--group"), m_group} + args);
        QCOMPARE(mine.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestResetConformance)
#include "tst_resetconformance.moc"
