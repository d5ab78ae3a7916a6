// lagscopectl delete and delete-offsets against the real kafka-consumer-groups.sh --delete and
// --delete-offsets: twin groups with the same committed offsets, one deleted by each tool;
// the printed lines (group names replaced, compared as sets: the tool prints in hash-map
// order) and what is left afterwards must be equal. Our dry run must predict the tool's
// statuses. Then what the tool lacks: undo restores a delete exactly, read-only clusters
// refuse, each delete is audited. Touches only its own topics and groups.
#include "DrillUtil.h"
#include "LabTest.h"
#include "TableRows.h"
#include "ToolOutput.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// The non-empty lines of an output, whitespace collapsed, with each name replaced by its
// placeholder (twin groups have different names).
std::multiset<QString> lines(const QString &output, const std::vector<std::pair<QString, QString>> &names)
{
    std::multiset<QString> out;
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    for (QString line : output.split(QLatin1Char('\n'))) {
        for (const auto &[name, placeholder] : names)
            line.replace(name, placeholder);
        line = line.trimmed().replace(ws, QStringLiteral(" "));
        if (!line.isEmpty())
            out.insert(line);
    }
    return out;
}

// "TOPIC PARTITION STATUS" rows of our dry run, with its prediction in the tool's words.
std::multiset<QString> predictedRows(const QString &output)
{
    std::multiset<QString> out;
    for (const QString &line : lines(output, {})) {
        QStringList cells = line.split(QLatin1Char(' '));
        static const QRegularExpression partition(QStringLiteral("^(-|\\d+)$"));
        if (cells.size() < 4 || !partition.match(cells[1]).hasMatch())
            continue;
        cells.removeAt(2); // CURRENT-OFFSET
        if (cells[2] == QStringLiteral("deleted"))
            cells[2] = QStringLiteral("Successful");
        out.insert(cells.join(QLatin1Char(' ')));
    }
    return out;
}

// The tool's table rows (its header and the lines above it left out).
std::multiset<QString> statusRows(const std::multiset<QString> &all)
{
    std::multiset<QString> out;
    static const QRegularExpression row(QStringLiteral("^\\S+ (-|\\d+) (Successful|Error: .*)$"));
    for (const QString &line : all)
        if (row.match(line).hasMatch())
            out.insert(line);
    return out;
}

} // namespace

class TestDeleteConformance final : public LabTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_a = QStringLiteral("delete-a-%1").arg(m_id); // 3 partitions
    QString m_b = QStringLiteral("delete-b-%1").arg(m_id); // 2 partitions
    std::unique_ptr<KafkaClient> m_client;
    QList<QProcess *> m_members;

    // A:0=4, A:1=8, A:2 without commit, B:0=2, B:1=6.
    void commitInitial(const QString &group)
    {
        traffic(kPrimary, commitArgs(group, m_a, QStringLiteral("0=4,1=8")));
        traffic(kPrimary, commitArgs(group, m_b, QStringLiteral("0=2,1=6")));
    }

    ProcessResult ours(const QString &command, const QStringList &args, const QString &cluster = kPrimary)
    {
        return m_lab.lagscopectl(
            QStringList{command, QStringLiteral("--config"), m_config, QStringLiteral("--cluster"), cluster} + args);
    }

    ProcessResult kafka(const QStringList &args)
    {
        return m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary, args);
    }

    CommittedOffsets committed(const QString &group) { return committedBy(*m_client, group); }

    QString state(const QString &group)
    {
        auto d = m_client->describeGroups({group}, Deadline::inMs(15000));
        return d && !d->empty() ? d->front().state : QString();
    }

    bool listed(const QString &group)
    {
        auto groups = m_client->listGroups(Deadline::inMs(15000));
        if (!groups)
            return true; // unknown: not proof of deletion
        return std::any_of(groups->begin(), groups->end(), [&](const GroupListing &g) { return g.groupId == group; });
    }

    // A member of `group` reading topic B (classic protocol), after A's offsets were
    // committed while the group was empty; returns once it is Stable with B committed.
    void startLiveMember(const QString &group)
    {
        commitInitial(group);
        QProcess *p = startMember(this, group, m_b, m_lab.bootstrap(kPrimary));
        QVERIFY(p);
        m_members << p;
        QVERIFY(waitUntil([&] { return state(group) == QStringLiteral("Stable"); }, 60000));
    }

    QString backupOf(const ProcessResult &r)
    {
        static const QRegularExpression line(QStringLiteral("Backup of the deleted offsets: (\\S+)"));
        return line.match(r.err).captured(1);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = scratchCliConfig(m_lab, m_dir.path());
        QVERIFY(!m_config.isEmpty());
        traffic(kPrimary, createTopicArgs(m_a, 3));
        traffic(kPrimary, createTopicArgs(m_b, 2));
        traffic(kPrimary, produceArgs(m_a, 30));
        traffic(kPrimary, produceArgs(m_b, 20));
        m_client = m_lab.client(kPrimary);
        QVERIFY(m_client);
    }

    void cleanupTestCase() { stopMembers(m_members); }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void deleteOffsetsMatchesKafkaTool_data()
    {
        addColumns<QStringList, bool>("topics", "exists");
        const QString missing = QStringLiteral("delete-nosuch-%1").arg(m_id);
        auto topic = [](const QString &t) { return QStringList{QStringLiteral("--topic"), t}; };
        QTest::newRow("a topic alone") << topic(m_a) << true;
        QTest::newRow("some partitions, one never committed") << topic(m_a + QStringLiteral(":0,2")) << true;
        QTest::newRow("two topics") << topic(m_a) + topic(m_b + QStringLiteral(":1")) << true;
        QTest::newRow("a topic that does not exist") << topic(missing) + topic(m_b) << true;
        QTest::newRow("a partition that does not exist") << topic(m_a + QStringLiteral(":0,7")) << true;
        QTest::newRow("a group that does not exist") << topic(m_a) << false;
    }

    void deleteOffsetsMatchesKafkaTool()
    {
        QFETCH(QStringList, topics);
        QFETCH(bool, exists);
        const QString tag = LabClient::uniqueSuffix();
        const QString theirsGroup = QStringLiteral("delete-o-kafka-%1-%2").arg(m_id, tag);
        const QString oursGroup = QStringLiteral("delete-o-ours-%1-%2").arg(m_id, tag);
        if (exists) {
            commitInitial(theirsGroup);
            commitInitial(oursGroup);
        }
        const ProcessResult dry =
            ours(QStringLiteral("delete-offsets"), QStringList{QStringLiteral("--group"), oursGroup} + topics);
        QCOMPARE(committed(oursGroup).size(), exists ? size_t(4) : size_t(0)); // a dry run deletes nothing

        const ProcessResult theirs =
            kafka(QStringList{QStringLiteral("--delete-offsets"), QStringLiteral("--group"), theirsGroup} + topics);
        QVERIFY2(theirs.exitCode == 0, qPrintable(theirs.describe()));
        const ProcessResult mine =
            ours(QStringLiteral("delete-offsets"),
                 QStringList{QStringLiteral("--group"), oursGroup} + topics + QStringList{QStringLiteral("--execute")});
        const auto expected = lines(theirs.out, {{theirsGroup, QStringLiteral("G")}});
        const auto actual = lines(mine.out, {{oursGroup, QStringLiteral("G")}});
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("kafka-consumer-groups:\n%1\n\nlagscopectl:\n%2\n%3")
                                                    .arg(showRows(expected), showRows(actual), mine.err)));
        const bool partitionError =
            expected.count(QStringLiteral("Error: Encountered some partition-level error, see the follow-up details."))
            > 0;
        QCOMPARE(mine.exitCode, !exists || partitionError ? 3 : 0);
        QVERIFY2(predictedRows(dry.out) == statusRows(expected),
                 qPrintable(QStringLiteral("dry run:\n%1\n\nkafka:\n%2").arg(dry.out, showRows(statusRows(expected)))));
        QCOMPARE(show(committed(oursGroup)), show(committed(theirsGroup)));
        if (exists)
            QVERIFY2(QFile::exists(backupOf(mine)), qPrintable(mine.describe()));
    }

    // Members on topic B: its offsets are refused, A's are deleted; the group itself cannot
    // be deleted. Mixed with an empty group and one that does not exist.
    void activeGroupsMatchKafkaTool()
    {
        const QString theirsLive = QStringLiteral("delete-live-kafka-%1").arg(m_id);
        const QString oursLive = QStringLiteral("delete-live-ours-%1").arg(m_id);
        startLiveMember(theirsLive);
        startLiveMember(oursLive);
        const QStringList topics{QStringLiteral("--topic"), m_a, QStringLiteral("--topic"), m_b};
        const ProcessResult theirs =
            kafka(QStringList{QStringLiteral("--delete-offsets"), QStringLiteral("--group"), theirsLive} + topics);
        const ProcessResult mine =
            ours(QStringLiteral("delete-offsets"),
                 QStringList{QStringLiteral("--group"), oursLive} + topics + QStringList{QStringLiteral("--execute")});
        const auto expected = lines(theirs.out, {{theirsLive, QStringLiteral("G")}});
        QVERIFY2(lines(mine.out, {{oursLive, QStringLiteral("G")}}) == expected,
                 qPrintable(QStringLiteral("kafka:\n%1\n\nours:\n%2").arg(showRows(expected), mine.describe())));
        QVERIFY2(showRows(expected).contains(QStringLiteral("GroupSubscribedToTopicException")),
                 qPrintable(theirs.out));
        QCOMPARE(mine.exitCode, 3);
        for (const QString &group : {theirsLive, oursLive}) {
            std::set<QString> left;
            for (const auto &[tp, offset] : committed(group))
                left.insert(tp.topic);
            QCOMPARE(left, std::set<QString>{m_b}); // A's went, B's stayed
        }

        const QString theirsEmpty = QStringLiteral("delete-empty-kafka-%1").arg(m_id);
        const QString oursEmpty = QStringLiteral("delete-empty-ours-%1").arg(m_id);
        commitInitial(theirsEmpty);
        commitInitial(oursEmpty);
        const QString nobody = QStringLiteral("delete-nobody-%1").arg(m_id);
        const ProcessResult theirsDelete =
            kafka({QStringLiteral("--delete"), QStringLiteral("--group"), theirsEmpty, QStringLiteral("--group"),
                   nobody, QStringLiteral("--group"), theirsLive});
        const ProcessResult dry =
            ours(QStringLiteral("delete"), {QStringLiteral("--group"), oursEmpty, QStringLiteral("--group"), nobody,
                                            QStringLiteral("--group"), oursLive});
        QCOMPARE(dry.exitCode, 3); // two of the three would be refused
        QVERIFY(!committed(oursEmpty).empty());
        const ProcessResult mineDelete =
            ours(QStringLiteral("delete"), {QStringLiteral("--group"), oursEmpty, QStringLiteral("--group"), nobody,
                                            QStringLiteral("--group"), oursLive, QStringLiteral("--execute")});
        const auto expectedDelete =
            lines(theirsDelete.out, {{theirsEmpty, QStringLiteral("E")}, {theirsLive, QStringLiteral("L")}});
        QVERIFY2(
            lines(mineDelete.out, {{oursEmpty, QStringLiteral("E")}, {oursLive, QStringLiteral("L")}})
                == expectedDelete,
            qPrintable(QStringLiteral("kafka:\n%1\n\nours:\n%2").arg(showRows(expectedDelete), mineDelete.describe())));
        QVERIFY2(showRows(expectedDelete).contains(QStringLiteral("GroupNotEmptyException")),
                 qPrintable(theirsDelete.out));
        QCOMPARE(mineDelete.exitCode, 3);
        for (const QString &group : {theirsEmpty, oursEmpty}) {
            QVERIFY2(!listed(group), qPrintable(group));
            QVERIFY(committed(group).empty());
        }
        QCOMPARE(state(oursLive), QStringLiteral("Stable"));
    }

    void deleteMatchesKafkaTool()
    {
        const QString theirsGroup = QStringLiteral("delete-g-kafka-%1").arg(m_id);
        const QString oursGroup = QStringLiteral("delete-g-ours-%1").arg(m_id);
        commitInitial(theirsGroup);
        commitInitial(oursGroup);
        const ProcessResult theirs = kafka({QStringLiteral("--delete"), QStringLiteral("--group"), theirsGroup});
        QVERIFY2(theirs.exitCode == 0, qPrintable(theirs.describe()));
        const ProcessResult mine =
            ours(QStringLiteral("delete"), {QStringLiteral("--group"), oursGroup, QStringLiteral("--execute")});
        QCOMPARE(mine.exitCode, 0);
        QCOMPARE(lines(mine.out, {{oursGroup, QStringLiteral("G")}}),
                 lines(theirs.out, {{theirsGroup, QStringLiteral("G")}}));
        QVERIFY(!listed(oursGroup));
        QVERIFY(committed(oursGroup).empty());
    }

    void undoRestoresADelete_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("delete") << QStringList{QStringLiteral("delete")};
        QTest::newRow("delete-offsets") << QStringList{QStringLiteral("delete-offsets"), QStringLiteral("--topic"), m_a,
                                                       QStringLiteral("--topic"), m_b + QStringLiteral(":1")};
    }

    void undoRestoresADelete()
    {
        QFETCH(QStringList, command);
        const QString group = QStringLiteral("delete-undo-%1-%2").arg(m_id, LabClient::uniqueSuffix());
        commitInitial(group);
        const CommittedOffsets before = committed(group);
        const ProcessResult deleted =
            ours(command.first(),
                 command.mid(1) + QStringList{QStringLiteral("--group"), group, QStringLiteral("--execute")});
        QVERIFY2(deleted.exitCode == 0, qPrintable(deleted.describe()));
        QVERIFY(committed(group) != before);
        const QString backup = backupOf(deleted);
        QVERIFY2(QFile::exists(backup), qPrintable(deleted.describe()));

        const ProcessResult undo = m_lab.lagscopectl({QStringLiteral("undo"), QStringLiteral("--config"), m_config,
                                                      QStringLiteral("--cluster"), kPrimary, QStringLiteral("--backup"),
                                                      backup, QStringLiteral("--execute")});
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.describe()));
        QCOMPARE(show(committed(group)), show(before));

        // The delete and the undo are both audited; the delete with its offsets and no new ones.
        const auto records = auditRecords(
            QDir(qEnvironmentVariable("XDG_DATA_HOME")).filePath(QStringLiteral("lagscope/audit.jsonl")), group);
        QCOMPARE(records.size(), 2);
        const QJsonObject del = records.first();
        QCOMPARE(del[QStringLiteral("action")].toString(), command.first());
        QCOMPARE(del[QStringLiteral("result")].toString(), QStringLiteral("applied"));
        QCOMPARE(del[QStringLiteral("backup")].toString(), backup);
        const QJsonArray partitions = del[QStringLiteral("partitions")].toArray();
        QVERIFY(!partitions.isEmpty());
        for (const auto &p : partitions)
            QVERIFY(p.toObject()[QStringLiteral("new")].isNull());
        QCOMPARE(records.last()[QStringLiteral("action")].toString(), QStringLiteral("reset-offsets"));
    }

    void readOnlyClusterIsRefused_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("delete") << QStringList{QStringLiteral("delete")};
        QTest::newRow("delete-offsets") << QStringList{QStringLiteral("delete-offsets"), QStringLiteral("--topic"),
                                                       m_a};
    }

    void readOnlyClusterIsRefused()
    {
        QFETCH(QStringList, command);
        const QString group = QStringLiteral("delete-ro-%1-%2").arg(m_id, LabClient::uniqueSuffix());
        commitInitial(group);
        const CommittedOffsets before = committed(group);
        const QStringList args = command.mid(1) + QStringList{QStringLiteral("--group"), group};
        const ProcessResult mine =
            ours(command.first(), args + QStringList{QStringLiteral("--execute")}, QStringLiteral("readonly"));
        QCOMPARE(mine.exitCode, 3);
        QVERIFY2(mine.err.contains(QStringLiteral("read-only")), qPrintable(mine.describe()));
        QCOMPARE(show(committed(group)), show(before));
        // The refusal is audited.
        const auto records = auditRecords(
            QDir(qEnvironmentVariable("XDG_DATA_HOME")).filePath(QStringLiteral("lagscope/audit.jsonl")), group);
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first()[QStringLiteral("result")].toString(), QStringLiteral("refused"));
        QCOMPARE(records.first()[QStringLiteral("action")].toString(), command.first());
        QCOMPARE(records.first()[QStringLiteral("cluster")].toString(), QStringLiteral("readonly"));
        // A dry run is a read: allowed.
        const ProcessResult dry = ours(command.first(), args, QStringLiteral("readonly"));
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.describe()));
        QCOMPARE(show(committed(group)), show(before));
    }
};

QTEST_GUILESS_MAIN(TestDeleteConformance)
#include "tst_deleteconformance.moc"
