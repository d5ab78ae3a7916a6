// A history file of schema version 4 (a row per partition and poll), committed as
// tests/unit/data/history-v4.sqlite with the dump its own store gave of it, opens with
// today's store: migrated to blocks, every query answers as before, and the file shrank.
// The same history written by the version-5 store (history-v5.sqlite) opens too, with
// every answer kept and room for failover readiness.
#include "HistoryDump.h"
#include "HistoryTestUtil.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

const QString kSample = QStringLiteral(LAGSCOPE_SOURCE_DIR "/tests/unit/data/history-v4.sqlite");
const QString kSampleDump = QStringLiteral(LAGSCOPE_SOURCE_DIR "/tests/unit/data/history-v4.json");
// The same history as written by the version-5 store (the version-4 file migrated and compacted
// by it): its dump is history-v4.json too.
const QString kSampleV5 = QStringLiteral(LAGSCOPE_SOURCE_DIR "/tests/unit/data/history-v5.sqlite");

// Names of the top-level keys whose values differ, and the first differing entry of each.
QStringList differences(const QJsonObject &expected, const QJsonObject &actual)
{
    QStringList out;
    for (auto it = expected.begin(); it != expected.end(); ++it)
        if (actual.value(it.key()) != it.value())
            out << it.key();
    for (auto it = actual.begin(); it != actual.end(); ++it)
        if (!expected.contains(it.key()))
            out << QStringLiteral("unexpected ") + it.key();
    return out;
}

QString schemaOf(const QString &path)
{
    QString tables;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("migration-check"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema"
                                  " WHERE type = 'table' ORDER BY name)"));
            if (q.next())
                tables = q.value(0).toString();
            q.exec(QStringLiteral("PRAGMA user_version"));
            if (q.next())
                tables += QStringLiteral(" v") + q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("migration-check"));
    return tables;
}

} // namespace

class TestHistoryMigration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void versionFourFileAnswersAsBefore()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        QVERIFY(QFile::copy(kSample, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        const qint64 before = QFileInfo(path).size();
        QVERIFY(schemaOf(path).contains(QStringLiteral("partition_sample")));

        QFile dumpFile(kSampleDump);
        QVERIFY(dumpFile.open(QIODevice::ReadOnly));
        const QJsonObject expected = QJsonDocument::fromJson(dumpFile.readAll()).object();
        QVERIFY(expected.size() > 10);

        auto store = openOrFail(path);
        QVERIFY(store);
        QCOMPARE(store->warnings(), QStringList()); // migrated, not moved aside
        const QJsonObject actual = dumpHistory(*store, sampleFileWindows(), {QStringLiteral("dc1->dc2")});
        QCOMPARE(differences(expected, actual), QStringList());
        QCOMPARE(actual, expected);

        // Still the same after the migrated file's first compaction, at the time it was left.
        QVERIFY(store->compact(sampleFileEnd()).ok());
        QCOMPARE(differences(expected, dumpHistory(*store, sampleFileWindows(), {QStringLiteral("dc1->dc2")})),
                 QStringList());
        store.reset();

        const QString schema = schemaOf(path);
        QVERIFY2(!schema.contains(QStringLiteral("partition_sample")), qPrintable(schema));
        QVERIFY2(schema.contains(QStringLiteral("sample_block")) && schema.endsWith(QStringLiteral(" v6")),
                 qPrintable(schema));
        const qint64 after = QFileInfo(path).size();
        qInfo("history file: %lld bytes as version 4, %lld after the migration", before, after);
        QVERIFY(after < before / 2); // vacuumed: the row tables' pages are given back

        // And a second open finds nothing left to do.
        store = openOrFail(path);
        QVERIFY(store);
        QCOMPARE(differences(expected, dumpHistory(*store, sampleFileWindows(), {QStringLiteral("dc1->dc2")})),
                 QStringList());
    }

    // A version-5 file gains the failover readiness tables on open and keeps every answer it
    // gave; readiness is written and read back in it at once.
    void versionFiveFileKeepsItsData()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        QVERIFY(QFile::copy(kSampleV5, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QVERIFY(schemaOf(path).endsWith(QStringLiteral(" v5")));
        QFile dumpFile(kSampleDump);
        QVERIFY(dumpFile.open(QIODevice::ReadOnly));
        const QJsonObject expected = QJsonDocument::fromJson(dumpFile.readAll()).object();

        auto store = openOrFail(path);
        QVERIFY(store);
        QCOMPARE(store->warnings(), QStringList()); // upgraded, not moved aside
        const QString flow = QStringLiteral("dc1->dc2");
        QCOMPARE(differences(expected, dumpHistory(*store, sampleFileWindows(), {flow})), QStringList());
        const qint64 at = sampleFileEnd().toMSecsSinceEpoch();
        QVERIFY(store->appendFlowReadiness(flow, at, {{QStringLiteral("billing"), 1200, 1}}).ok());
        const auto readiness =
            store->readinessHistory(flow, QStringLiteral("billing"), sampleFileEnd().addSecs(-60), sampleFileEnd());
        QVERIFY(readiness);
        QCOMPARE(*readiness, (std::vector<HistoryStore::ReadinessSample>{{at, 1200, 1}}));
        QVERIFY(store->compact(sampleFileEnd()).ok());
        QCOMPARE(differences(expected, dumpHistory(*store, sampleFileWindows(), {flow})), QStringList());
        store.reset();
        const QString schema = schemaOf(path);
        QVERIFY2(schema.contains(QStringLiteral("flow_readiness")) && schema.endsWith(QStringLiteral(" v6")),
                 qPrintable(schema));
    }

    // A file whose migration cannot finish (here: a damaged row) is left as it was: the
    // transaction rolls back, nothing is half-converted.
    void failedMigrationLeavesTheFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        QVERIFY(QFile::copy(kSample, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        // A block already at the key the migration writes first makes its INSERT fail.
        QVERIFY(execSql(path, {QStringLiteral("CREATE TABLE sample_block(id INTEGER PRIMARY KEY, group_id INTEGER NOT"
                                              " NULL, tier INTEGER NOT NULL, t0 INTEGER NOT NULL, t1 INTEGER NOT NULL,"
                                              " data BLOB NOT NULL, UNIQUE(group_id, tier, t0))"),
                               QStringLiteral("INSERT INTO sample_block(group_id, tier, t0, t1, data)"
                                              " SELECT group_id, 0, (t / 600000) * 600000, t, x'01' FROM group_sample"
                                              " WHERE tier = 0 ORDER BY t LIMIT 1")}));
        const auto store = HistoryStore::open(path);
        QVERIFY(!store);
        QVERIFY2(store.errorMessage().contains(QStringLiteral("migrate")), qPrintable(store.errorMessage()));
        const QString schema = schemaOf(path);
        QVERIFY2(schema.contains(QStringLiteral("partition_sample")) && schema.endsWith(QStringLiteral(" v4")),
                 qPrintable(schema));
    }
};

QTEST_GUILESS_MAIN(TestHistoryMigration)
#include "tst_historymigration.moc"
