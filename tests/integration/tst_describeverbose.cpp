// lagscopectl describe --verbose, and the --members columns that depend on the group, against
// the real kafka-consumer-groups.sh: a classic group, a KIP-848 group with a static member and
// a group half way through an upgrade (a classic member in a consumer-protocol group).
#include "LabTest.h"
#include "ToolOutput.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestDescribeVerbose final : public LabTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_topic = QStringLiteral("dverb-%1").arg(m_id);
    QString m_classic = QStringLiteral("dverb-classic-%1").arg(m_id);
    QString m_static = QStringLiteral("dverb-static-%1").arg(m_id);
    QString m_instance = QStringLiteral("dverb-instance-%1").arg(m_id);
    QString m_mixed = QStringLiteral("dverb-mixed-%1").arg(m_id);
    QString m_consumed = QStringLiteral("dverb-consumed-%1").arg(m_id);
    QList<QProcess *> m_members;

    ProcessResult ours(const QStringList &args) const
    {
        return m_lab.lagscopectl(QStringList{QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                             QStringLiteral("--cluster"), kPrimary}
                                 + args);
    }

    QJsonObject firstGroupJson(const QStringList &args) const
    {
        const ProcessResult r = ours(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        return QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("groups")].toArray().first().toObject();
    }

    void member(const QString &group, const QString &protocol, const QStringList &extra = {})
    {
        QProcess *p = startMember(this, group, m_topic, m_lab.bootstrap(kPrimary), protocol, extra);
        QVERIFY(p);
        m_members << p;
    }

    // Every partition committed (100 each) and owned, and, for a consumer-protocol group, every
    // member at the target assignment and epoch: nothing moves while the two tools look.
    bool settled(const QString &group, int members) const
    {
        const QJsonObject offsets = firstGroupJson({QStringLiteral("--group"), group});
        if (offsets[QStringLiteral("state")].toString() != QStringLiteral("Stable"))
            return false;
        const QJsonArray partitions = offsets[QStringLiteral("partitions")].toArray();
        if (partitions.size() != 6)
            return false;
        for (const auto &p : partitions) {
            if (p[QStringLiteral("current_offset")].toInteger(-1) != 100 || p[QStringLiteral("consumer_id")].isNull())
                return false;
        }
        const QJsonArray described =
            firstGroupJson({QStringLiteral("--group"), group, QStringLiteral("--members")})[QStringLiteral("members")]
                .toArray();
        if (described.size() != members)
            return false;
        for (const auto &m : described) {
            const QJsonObject o = m.toObject();
            if (!o[QStringLiteral("member_epoch")].isNull()
                && (o[QStringLiteral("member_epoch")] != o[QStringLiteral("target_assignment_epoch")]
                    || o[QStringLiteral("assignment")] != o[QStringLiteral("target_assignment")]))
                return false;
        }
        return true;
    }

    void compareWithKafkaTool(const QStringList &args, bool mayBeEmpty)
    {
        const ProcessResult kafka = m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                                                    QStringList{QStringLiteral("--describe")} + args);
        QVERIFY2(kafka.exitCode == 0, qPrintable(kafka.describe()));
        const ProcessResult mine = ours(args);
        QVERIFY2(mine.exitCode == 0, qPrintable(mine.describe()));
        const auto expected = describeTableRows(kafka.out, m_id);
        const auto actual = describeTableRows(mine.out, m_id);
        QVERIFY2(!expected.empty() || mayBeEmpty, qPrintable(kafka.describe()));
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("kafka-consumer-groups:\n%1\n\nlagscopectl:\n%2")
                                                    .arg(showRows(expected), showRows(actual))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = m_lab.writeConfig(m_dir.path());
        requireSuccess(m_lab.traffic(kPrimary, createTopicArgs(m_topic, 6, 3)));
        requireSuccess(m_lab.traffic(kPrimary, produceArgs(m_topic, 600)));
        // Consumed part of the topic, committed with leader epochs, and left.
        requireSuccess(m_lab.traffic(kPrimary, consumeArgs(m_consumed, m_topic, 250)));
        member(m_classic, QStringLiteral("classic"));
        member(m_static, QStringLiteral("consumer"), {QStringLiteral("--instance-id"), m_instance});
        member(m_mixed, QStringLiteral("consumer"));
        QTRY_VERIFY_WITH_TIMEOUT(settled(m_mixed, 1), 60000);
        // A classic member joining a consumer-protocol group: the group is being upgraded.
        member(m_mixed, QStringLiteral("classic"));
        QTRY_VERIFY_WITH_TIMEOUT(settled(m_classic, 1), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(settled(m_static, 1), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(settled(m_mixed, 2), 90000);
    }

    void cleanupTestCase()
    {
        for (QProcess *p : m_members) {
            p->terminate();
            p->waitForFinished(15000);
        }
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    // Every view with --verbose, and --members without it (GROUP-INSTANCE-ID), row for row
    // with the columns of each group's table.
    void matchesKafkaTool_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("mayBeEmpty");
        const QStringList verbose{QStringLiteral("--verbose")};
        const QList<std::pair<const char *, QStringList>> selections{
            {"classic", {QStringLiteral("--group"), m_classic}},
            {"consumer, static member", {QStringLiteral("--group"), m_static}},
            {"upgrading", {QStringLiteral("--group"), m_mixed}},
            {"left", {QStringLiteral("--group"), m_consumed}},
            {"all groups", {QStringLiteral("--all-groups")}}};
        for (const char *view : {"--offsets", "--members", "--state"}) {
            for (const auto &[name, selection] : selections) {
                const bool empty = QByteArray(view) == "--members" && selection.contains(m_consumed);
                QTest::addRow("%s --verbose, %s", view, name)
                    << (selection + QStringList{QString::fromLatin1(view)} + verbose) << empty;
            }
        }
        QTest::newRow("--members, static member")
            << QStringList{QStringLiteral("--group"), m_static, QStringLiteral("--members")} << false;
        QTest::newRow("--members, upgrading")
            << QStringList{QStringLiteral("--group"), m_mixed, QStringLiteral("--members")} << false;
    }

    void matchesKafkaTool()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, mayBeEmpty);
        compareWithKafkaTool(args, mayBeEmpty);
    }

    // The values the comparison above relies on are really there (not "-" in both tools).
    void epochsAreReported()
    {
        for (const auto &p :
             firstGroupJson({QStringLiteral("--group"), m_consumed})[QStringLiteral("partitions")].toArray())
            QVERIFY2(p[QStringLiteral("leader_epoch")].toInt(-1) >= 0, "a commit with its leader epoch");
        const QJsonObject state = firstGroupJson({QStringLiteral("--group"), m_static, QStringLiteral("--state")});
        QVERIFY(state[QStringLiteral("group_epoch")].toInt(-1) >= 1);
        QCOMPARE(state[QStringLiteral("target_assignment_epoch")], state[QStringLiteral("group_epoch")]);
        const QJsonObject classic = firstGroupJson({QStringLiteral("--group"), m_classic, QStringLiteral("--state")});
        QVERIFY(classic[QStringLiteral("group_epoch")].isNull());
        const QJsonObject member = firstGroupJson({QStringLiteral("--group"), m_static,
                                                   QStringLiteral("--members")})[QStringLiteral("members")]
                                       .toArray()
                                       .first()
                                       .toObject();
        QCOMPARE(member[QStringLiteral("group_instance_id")].toString(), m_instance);
        QVERIFY(member[QStringLiteral("member_epoch")].toInt(-1) >= 1);
        QCOMPARE(member[QStringLiteral("upgraded")], QJsonValue(true));
    }

    // One CSV header for every group: the columns the tool's tables add per group are always there.
    void csvHasEveryColumn()
    {
        const ProcessResult r =
            ours({QStringLiteral("--group"), m_mixed, QStringLiteral("--group"), m_classic, QStringLiteral("--members"),
                  QStringLiteral("--verbose"), QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0),
                 QStringLiteral("GROUP,CONSUMER-ID,GROUP-INSTANCE-ID,HOST,CLIENT-ID,#PARTITIONS,"
                                "CURRENT-EPOCH,CURRENT-ASSIGNMENT,TARGET-EPOCH,TARGET-ASSIGNMENT,UPGRADED"));
        QCOMPARE(lines.size(), 4); // two members of the upgrading group, one classic member
        QStringList upgraded;
        for (const QString &line : lines.mid(1))
            upgraded << line.section(QLatin1Char(','), -1);
        upgraded.sort();
        // The classic group's member has no protocol flag: an empty field, not "-".
        QCOMPARE(upgraded, (QStringList{QString(), QStringLiteral("false"), QStringLiteral("true")}));
    }
};

QTEST_GUILESS_MAIN(TestDescribeVerbose)
#include "tst_describeverbose.moc"
