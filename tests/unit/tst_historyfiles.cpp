// The history store's file: its default place, a policy it refuses, a restart, recovery
// from damaged files (moved aside, never lost), and a file from a newer Lagscope.
#include "HistoryTestUtil.h"
#include "TableRows.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <unistd.h>

using namespace lagscope;
using namespace std::chrono_literals;

using namespace lagscope::test;

class TestHistoryFiles final : public QObject {
    Q_OBJECT

private:
    StoreFiles m_files{QStringLiteral("store%1/history.sqlite")};

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_files.isValid());
    }

    void defaultPathIsInAppData()
    {
        QCOMPARE(HistoryStore::defaultPath(),
                 QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite"));
    }

    void invalidPolicyRejected()
    {
        RetentionPolicy policy;
        policy.coarseBucket = 90s; // not a multiple of the one-minute bucket
        const auto store = HistoryStore::open(m_files.newPath(), policy);
        QVERIFY(!store);
        QVERIFY(store.errorMessage().contains(QStringLiteral("multiple")));
    }

    void restart()
    {
        const QString path = m_files.newPath();
        {
            const auto store = openOrFail(path);
            QVERIFY(store);
            QVERIFY(store->appendSnapshot(singleLag(rel(-10), 42, 0)).ok());
            QVERIFY(store->appendEvents({makeEvent(-10, QStringLiteral("broker 1"))}).ok());
            QVERIFY(QFileInfo::exists(path + QStringLiteral("-wal"))); // WAL mode
            QVERIFY(store->fileSizeBytes() > 0);
        }
        const auto store = openOrFail(path);
        QVERIFY(store);
        QVERIFY(store->warnings().isEmpty());
        const auto history = store->groupHistory(kCluster, kGroup, rel(-60), kNow);
        QVERIFY(history);
        QCOMPARE(groupPoints(*history), (Points{{-10, 42}}));
        const auto events = store->events(kCluster, rel(-60), kNow);
        QVERIFY(events);
        QCOMPARE(subjects(*events), QStringList{QStringLiteral("broker 1")});
        // Dictionary ids read back from the file are reused, not duplicated.
        QVERIFY(store->appendSnapshot(singleLag(rel(-5), 43, 1)).ok());
        const auto partitions = store->partitionHistory(kCluster, kGroup, rel(-60), kNow);
        QVERIFY(partitions);
        QCOMPARE(partitions->size(), size_t(1));
        QCOMPARE(partitions->begin()->second.size(), size_t(2));
    }

    void recovery_data()
    {
        addColumns<QString, bool>("damage", "movedAside");
        QTest::newRow("garbage bytes") << QStringLiteral("garbage") << true;
        QTest::newRow("damaged pages") << QStringLiteral("pages") << true;
        QTest::newRow("another application's database") << QStringLiteral("foreign") << true;
        QTest::newRow("directory at the path") << QStringLiteral("directory") << true;
        QTest::newRow("empty file is a new database") << QStringLiteral("empty") << false;
        // Tests usually run as root, for whom mode 000 does not block reading; the
        // directory row above covers "cannot be read" then.
        if (::geteuid() != 0)
            QTest::newRow("unreadable file") << QStringLiteral("unreadable") << true;
    }

    void recovery()
    {
        QFETCH(QString, damage);
        QFETCH(bool, movedAside);
        const QString path = m_files.newPath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QByteArray original;
        if (damage == QLatin1String("garbage") || damage == QLatin1String("unreadable")) {
            original = QByteArray("this is not a database, just bytes\n").repeated(300);
        } else if (damage == QLatin1String("pages")) {
            {
                const auto store = openOrFail(path);
                QVERIFY(store);
                for (int i = 0; i < 50; ++i)
                    QVERIFY(store->appendSnapshot(singleLag(rel(-1000 + i), i, i)).ok());
            }
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            original = file.readAll();
            QVERIFY(original.size() > 3 * 4096);
            original.replace(4096, original.size() - 4096, QByteArray(original.size() - 4096, '\x5a'));
        } else if (damage == QLatin1String("foreign")) {
            QVERIFY(execSql(path, {QStringLiteral("CREATE TABLE recipes(name TEXT)")}));
        } else if (damage == QLatin1String("directory")) {
            QVERIFY(QDir().mkpath(path));
            QFile inside(path + QStringLiteral("/keep.txt"));
            QVERIFY(inside.open(QIODevice::WriteOnly));
            inside.write("precious");
        }
        if (!original.isEmpty() || damage == QLatin1String("empty")) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(file.write(original), original.size());
        }
        if (damage == QLatin1String("unreadable"))
            QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));

        const auto store = openOrFail(path);
        QVERIFY(store);
        const QStringList aside = QFileInfo(path).dir().entryList({QStringLiteral("history.sqlite.corrupt-*")},
                                                                  QDir::AllEntries | QDir::System);
        if (!movedAside) {
            QVERIFY(store->warnings().isEmpty());
            QVERIFY(aside.isEmpty());
        } else {
            QCOMPARE(aside.size(), 1);
            const QString movedPath = QFileInfo(path).dir().filePath(aside.first());
            QVERIFY(QRegularExpression(QStringLiteral("\\.corrupt-\\d{8}-\\d{6}$")).match(movedPath).hasMatch());
            QCOMPARE(store->warnings().size(), 1);
            const QString warning = store->warnings().first();
            QVERIFY2(warning.contains(path) && warning.contains(movedPath), qPrintable(warning));
            qInfo().noquote() << "warning:" << warning;
            if (damage == QLatin1String("directory")) {
                QVERIFY(QFileInfo::exists(movedPath + QStringLiteral("/keep.txt")));
            } else if (!original.isEmpty()) {
                QFile moved(movedPath);
                if (damage == QLatin1String("unreadable"))
                    QVERIFY(moved.setPermissions(QFileDevice::ReadOwner));
                QVERIFY(moved.open(QIODevice::ReadOnly));
                QCOMPARE(moved.readAll(), original);
            }
        }
        // The fresh store works.
        QVERIFY(store->appendSnapshot(singleLag(rel(-10), 7, 0)).ok());
        const auto history = store->groupHistory(kCluster, kGroup, rel(-60), kNow);
        QVERIFY(history);
        QCOMPARE(groupPoints(*history), (Points{{-10, 7}}));
    }

    // A file from a newer Lagscope is not corrupt: refuse it and leave it untouched.
    void newerSchemaLeftAlone()
    {
        const QString path = m_files.newPath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QVERIFY(execSql(path, {QStringLiteral("PRAGMA user_version = 99"), QStringLiteral("CREATE TABLE future(x)")}));
        const auto store = HistoryStore::open(path);
        QVERIFY(!store);
        QVERIFY2(store.errorMessage().contains(QStringLiteral("newer")), qPrintable(store.errorMessage()));
        QVERIFY(QFileInfo::exists(path));
        QVERIFY(QFileInfo(path).dir().entryList({QStringLiteral("*.corrupt-*")}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHistoryFiles)
#include "tst_historyfiles.moc"
