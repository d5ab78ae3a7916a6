// The records an applied reset leaves: backup JSON (round trip, file name), verification of
// the offsets read back, and the audit line.
#include "TableRows.h"
#include "actions/ResetExecutor.h"
#include "actions/ResetRecords.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;

namespace {

constexpr qint64 kNoCommit = -1;
constexpr qint64 kReadBackFailed = -2;

const QDateTime kTime = QDateTime(QDate(2024, 5, 1), QTime(12, 0, 7, 250), Qt::UTC);

PlannedPartition planned(const QString &topic, int partition, std::optional<qint64> current, qint64 newOffset)
{
    PlannedPartition p;
    p.tp = {topic, partition};
    p.current = current;
    p.newOffset = newOffset;
    return p;
}

ResetPlan samplePlan()
{
    ResetPlan plan;
    plan.group = QStringLiteral("g");
    plan.partitions = {planned(QStringLiteral("t"), 0, 10, 5), planned(QStringLiteral("t"), 1, std::nullopt, 7),
                       planned(QStringLiteral("t"), 2, 3, 4), planned(QStringLiteral("t"), 3, 1, 2)};
    return plan;
}

} // namespace

class TestResetRecords final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void backupRoundTrip()
    {
        ResetBackup b;
        b.cluster = QStringLiteral("prod");
        b.group = QStringLiteral("orders-app");
        b.time = kTime;
        b.offsets = {{{QStringLiteral("orders"), 0}, 42}, {{QStringLiteral("orders"), 3}, 0}};
        b.uncommitted = {{QStringLiteral("orders"), 1}};
        const QJsonObject json = resetBackupJson(b);
        QCOMPARE(json[QStringLiteral("time")].toString(), QStringLiteral("2024-05-01T12:00:07.250Z"));
        auto parsed = parseResetBackup(QJsonDocument(json).toJson());
        QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.errorMessage()));
        QCOMPARE(parsed->cluster, b.cluster);
        QCOMPARE(parsed->group, b.group);
        QCOMPARE(parsed->time, b.time);
        QVERIFY(parsed->offsets == b.offsets);
        QVERIFY(parsed->uncommitted == b.uncommitted);
    }

    void backupRejectsGarbage_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("not json") << QByteArray("offsets");
        QTest::newRow("no group") << QByteArray(R"({"offsets": []})");
        QTest::newRow("no offsets") << QByteArray(R"({"group": "g"})");
        QTest::newRow("negative offset") << QByteArray(
            R"({"group": "g", "offsets": [{"topic": "t", "partition": 0, "offset": -1}]})");
        QTest::newRow("no partition") << QByteArray(R"({"group": "g", "offsets": [{"topic": "t", "offset": 1}]})");
    }

    void backupRejectsGarbage()
    {
        QFETCH(QByteArray, json);
        QVERIFY(!parseResetBackup(json).ok());
    }

    void backupFileName()
    {
        QCOMPARE(resetBackupFileName(QStringLiteral("prod"), QStringLiteral("orders-app"), kTime),
                 QStringLiteral("prod-orders-app-20240501T120007Z.json"));
        // A group name must not escape the backups directory.
        QCOMPARE(resetBackupFileName(QStringLiteral("a/b"), QStringLiteral("../x:y"), kTime),
                 QStringLiteral("a_b-.._x_y-20240501T120007Z.json"));
    }

    // Two writes to one group in the same second (delete-offsets, then delete, or two
    // processes) keep both backups: each name is reserved when it is handed out.
    void backupPathNeverReplacesABackup()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString stem = dir.filePath(QStringLiteral("backups/prod-g-20240501T120007Z"));
        const QStringList names{stem + QStringLiteral(".json"), stem + QStringLiteral("-2.json"),
                                stem + QStringLiteral("-3.json")};
        for (const QString &expected : names) {
            QCOMPARE(resetBackupPath(dir.path(), QStringLiteral("prod"), QStringLiteral("g"), kTime), expected);
            QVERIFY(QFile::exists(expected));
        }
        // Written over its reservation.
        ResetBackup backup;
        backup.group = QStringLiteral("g");
        backup.offsets[{QStringLiteral("t"), 0}] = 5;
        QVERIFY(writeResetBackup(stem + QStringLiteral("-2.json"), backup).ok());
        QFile f(stem + QStringLiteral("-2.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto parsed = parseResetBackup(f.readAll());
        QVERIFY(parsed.ok());
        QCOMPARE(parsed->offsets.at({QStringLiteral("t"), 0}), qint64(5));
    }

    void verification()
    {
        const ResetPlan plan = samplePlan();
        const std::map<TopicPartition, QString> refused = {
            {{QStringLiteral("t"), 3}, QStringLiteral("Broker: Unknown member")}};
        const CommittedOffsets readBack = {{{QStringLiteral("t"), 0}, 5},
                                           {{QStringLiteral("t"), 1}, 7},
                                           {{QStringLiteral("t"), 2}, 9},
                                           {{QStringLiteral("t"), 3}, 1}};
        const auto out = verifyReset(plan, refused, readBack);
        QCOMPARE(out.size(), size_t(4));
        QCOMPARE(out[0].result, PartitionOutcome::Applied);
        QCOMPARE(out[0].before, std::optional<qint64>(10));
        QCOMPARE(out[0].after, std::optional<qint64>(5));
        QCOMPARE(out[1].result, PartitionOutcome::Applied);
        QVERIFY(!out[1].before);
        QCOMPARE(out[2].result, PartitionOutcome::Mismatch);
        QCOMPARE(out[2].reason, QStringLiteral("committed offset is 9, not 4"));
        QCOMPARE(out[3].result, PartitionOutcome::Refused);
        QCOMPARE(out[3].reason, QStringLiteral("Broker: Unknown member"));
        QCOMPARE(overallResult(out), WriteResult::Partial);

        const auto missing = verifyReset(plan, {}, {});
        for (const auto &o : missing)
            QCOMPARE(o.result, PartitionOutcome::Mismatch);
        QCOMPARE(overallResult(missing), WriteResult::Failed);
        QCOMPARE(overallResult(verifyReset(plan, {},
                                           {{{QStringLiteral("t"), 0}, 5},
                                            {{QStringLiteral("t"), 1}, 7},
                                            {{QStringLiteral("t"), 2}, 4},
                                            {{QStringLiteral("t"), 3}, 2}})),
                 WriteResult::Applied);
    }

    // One partition t-0 planned 10 -> 5, for each thing the executor may know about its
    // commit and each read-back. readBack: an offset, kNoCommit, or kReadBackFailed.
    void commitAndReadBack_data()
    {
        test::addColumns<QString, qint64, int, bool, QString>("commit", "readBack", "result", "acknowledged", "reason");
        const auto A = int(PartitionOutcome::Applied);
        const auto M = int(PartitionOutcome::Mismatch);
        const auto R = int(PartitionOutcome::Refused);
        const auto N = int(PartitionOutcome::NotApplied);
        const auto U = int(PartitionOutcome::Unknown);
        const QString unknownAnswer =
            QStringLiteral("the commit failed (timed out); committed offset is 10 "
                           "now, but the commit may still land until the connection is closed");
        QTest::newRow("acknowledged, read back") << QStringLiteral("ack") << qint64(5) << A << true << QString();
        QTest::newRow("acknowledged, overwritten")
            << QStringLiteral("ack") << qint64(10) << M << true << QStringLiteral("committed offset is 10, not 5");
        QTest::newRow("acknowledged, no commit")
            << QStringLiteral("ack") << kNoCommit << M << true << QStringLiteral("no committed offset after the reset");
        QTest::newRow("acknowledged, read-back failed")
            << QStringLiteral("ack") << kReadBackFailed << U << true
            << QStringLiteral("acknowledged by the coordinator, but not read back: coordinator down");
        QTest::newRow("no answer, landed") << QStringLiteral("unanswered") << qint64(5) << A << false << QString();
        QTest::newRow("no answer, old offset")
            << QStringLiteral("unanswered") << qint64(10) << U << false << unknownAnswer;
        QTest::newRow("no answer, read-back failed")
            << QStringLiteral("unanswered") << kReadBackFailed << U << false
            << QStringLiteral("the commit failed (timed out), and not read back: coordinator down");
        QTest::newRow("not sent") << QStringLiteral("notSent") << qint64(10) << N << false
                                  << QStringLiteral("not sent: x failed");
        QTest::newRow("not sent, read-back failed")
            << QStringLiteral("notSent") << kReadBackFailed << N << false << QStringLiteral("not sent: x failed");
        // A partition that already held the planned offset was still not written by this reset.
        QTest::newRow("not sent, already there")
            << QStringLiteral("notSent") << qint64(5) << N << false << QStringLiteral("not sent: x failed");
        QTest::newRow("refused") << QStringLiteral("refused") << qint64(10) << R << false
                                 << QStringLiteral("Broker: Unknown member");
        QTest::newRow("refused, read-back failed")
            << QStringLiteral("refused") << kReadBackFailed << R << false << QStringLiteral("Broker: Unknown member");
    }

    void commitAndReadBack()
    {
        QFETCH(QString, commit);
        QFETCH(qint64, readBack);
        QFETCH(int, result);
        QFETCH(bool, acknowledged);
        QFETCH(QString, reason);
        ResetPlan plan;
        plan.group = QStringLiteral("g");
        plan.partitions = {planned(QStringLiteral("t"), 0, 10, 5)};
        const TopicPartition tp{QStringLiteral("t"), 0};
        ResetCommits commits;
        if (commit == QStringLiteral("refused"))
            commits.refused[tp] = QStringLiteral("Broker: Unknown member");
        else if (commit == QStringLiteral("unanswered"))
            commits.unanswered[tp] = QStringLiteral("timed out");
        else if (commit == QStringLiteral("notSent"))
            commits.notSent[tp] = QStringLiteral("not sent: x failed");
        std::optional<CommittedOffsets> held;
        if (readBack != kReadBackFailed) {
            held.emplace();
            if (readBack >= 0)
                (*held)[tp] = readBack;
        }
        const auto out = verifyResetCommits(plan, commits, held, QStringLiteral("coordinator down"));
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(outcomeName(out[0].result), outcomeName(PartitionOutcome::Result(result)));
        QCOMPARE(out[0].acknowledged, acknowledged);
        QCOMPARE(out[0].reason, reason);
        QCOMPARE(out[0].before, std::optional<qint64>(10));
        QCOMPARE(out[0].after, readBack >= 0 ? std::optional<qint64>(readBack) : std::nullopt);
    }

    void overallResults_data()
    {
        test::addColumns<QList<int>, WriteResult>("results", "overall");
        const auto A = int(PartitionOutcome::Applied);
        const auto M = int(PartitionOutcome::Mismatch);
        const auto R = int(PartitionOutcome::Refused);
        const auto N = int(PartitionOutcome::NotApplied);
        const auto U = int(PartitionOutcome::Unknown);
        QTest::newRow("all applied") << QList<int>{A, A} << WriteResult::Applied;
        QTest::newRow("applied and not sent") << QList<int>{A, N} << WriteResult::Partial;
        QTest::newRow("applied and unknown") << QList<int>{A, U, N} << WriteResult::Partial;
        QTest::newRow("unknown and not sent") << QList<int>{U, N} << WriteResult::Unknown;
        QTest::newRow("nothing applied") << QList<int>{N, R, M} << WriteResult::Failed;
    }

    void overallResults()
    {
        QFETCH(QList<int>, results);
        QFETCH(WriteResult, overall);
        std::vector<PartitionOutcome> outcomes;
        for (int r : results) {
            PartitionOutcome o;
            o.result = PartitionOutcome::Result(r);
            outcomes.push_back(o);
        }
        QCOMPARE(overallResult(outcomes), overall);
    }

    // The audit names are part of the audit file format: each result has one, and it reads back.
    void writeResultNames_data()
    {
        QTest::addColumn<WriteResult>("result");
        QTest::addColumn<QString>("name");
        QTest::newRow("applied") << WriteResult::Applied << QStringLiteral("applied");
        QTest::newRow("untranslated") << WriteResult::AppliedWithUntranslated
                                      << QStringLiteral("applied-with-untranslated");
        QTest::newRow("partial") << WriteResult::Partial << QStringLiteral("partial");
        QTest::newRow("unknown") << WriteResult::Unknown << QStringLiteral("unknown");
        QTest::newRow("refused") << WriteResult::Refused << QStringLiteral("refused");
        QTest::newRow("failed") << WriteResult::Failed << QStringLiteral("failed");
    }

    void writeResultNames()
    {
        QFETCH(WriteResult, result);
        QFETCH(QString, name);
        QCOMPARE(writeResultName(result), name);
        QCOMPARE(writeResultFromName(name), std::optional<WriteResult>(result));
        QCOMPARE(isApplied(result), result == WriteResult::Applied || result == WriteResult::AppliedWithUntranslated);
        QVERIFY(!writeResultFromName(name.toUpper()));
    }

    void auditRecord()
    {
        ResetAuditEntry e;
        e.time = kTime;
        e.user = QStringLiteral("alice");
        e.host = QStringLiteral("ops-1");
        e.cluster = QStringLiteral("prod");
        e.group = QStringLiteral("g");
        e.spec = QStringLiteral("--shift-by -5");
        e.scope = QStringLiteral("--topic t:0,1");
        e.result = WriteResult::Applied;
        e.backupPath = QStringLiteral("/b.json");
        e.partitions = verifyReset(samplePlan(), {}, {{{QStringLiteral("t"), 0}, 5}});
        const QJsonObject o = resetAuditJson(e);
        QCOMPARE(o[QStringLiteral("time")].toString(), QStringLiteral("2024-05-01T12:00:07.250Z"));
        QCOMPARE(o[QStringLiteral("user")].toString(), QStringLiteral("alice"));
        QCOMPARE(o[QStringLiteral("host")].toString(), QStringLiteral("ops-1"));
        QCOMPARE(o[QStringLiteral("spec")].toString(), QStringLiteral("--shift-by -5"));
        QCOMPARE(o[QStringLiteral("scope")].toString(), QStringLiteral("--topic t:0,1"));
        QCOMPARE(o[QStringLiteral("backup")].toString(), QStringLiteral("/b.json"));
        QVERIFY(!o.contains(QStringLiteral("reason")));
        const QJsonArray parts = o[QStringLiteral("partitions")].toArray();
        QCOMPARE(parts.size(), 4);
        const QJsonObject first = parts[0].toObject();
        QCOMPARE(first[QStringLiteral("old")].toInteger(), 10);
        QCOMPARE(first[QStringLiteral("new")].toInteger(), 5);
        QCOMPARE(first[QStringLiteral("result")].toString(), QStringLiteral("applied"));
        QVERIFY(parts[1].toObject()[QStringLiteral("old")].isNull());
        // One line of JSON: no newline inside a record.
        QVERIFY(!QJsonDocument(o).toJson(QJsonDocument::Compact).contains('\n'));
    }

    void inactiveStates_data()
    {
        test::addColumns<QString, int, bool>("state", "members", "inactive");
        QTest::newRow("Empty") << QStringLiteral("Empty") << 0 << true;
        QTest::newRow("Dead") << QStringLiteral("Dead") << 0 << true;
        QTest::newRow("Stable") << QStringLiteral("Stable") << 1 << false;
        QTest::newRow("rebalancing") << QStringLiteral("PreparingRebalance") << 1 << false;
        QTest::newRow("Dead but with members") << QStringLiteral("Dead") << 1 << false;
        QTest::newRow("Unknown") << QStringLiteral("Unknown") << 0 << false;
    }

    void inactiveStates()
    {
        QFETCH(QString, state);
        QFETCH(int, members);
        QFETCH(bool, inactive);
        GroupDescription d;
        d.groupId = QStringLiteral("g");
        d.state = state;
        d.members.resize(size_t(members));
        const auto refusal = checkInactive(d);
        QCOMPARE(!refusal.has_value(), inactive);
        if (refusal)
            QCOMPARE(*refusal, QStringLiteral("Error: Assignments can only be reset if the group 'g' is inactive, but "
                                              "the current state is %1.")
                                   .arg(state));
    }
};

QTEST_GUILESS_MAIN(TestResetRecords)
#include "tst_resetrecords.moc"
