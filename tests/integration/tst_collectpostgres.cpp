// lagscopectl collect on a history shared in a real PostgreSQL (fixture "postgresql") against
// the lab: two collectors of the same clusters write each cluster once (the lease); kill -9 of
// the writer and the other takes over within two poll intervals, no poll written twice; a
// restart of PostgreSQL during collection loses no poll (they wait in memory): the database
// holds exactly the polls the collector made. Everything is asserted from the database.
#include "LabTest.h"
#include "PostgresTestDb.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <csignal>
#include <memory>

using namespace lagscope;
using namespace lagscope::test;

namespace {
constexpr qint64 kPollMs = 1000; // the lab configuration's poll_interval
}

class TestCollectPostgres final : public LabTest {
    Q_OBJECT

private:
    std::optional<PostgresServer> m_server;
    QString m_database; // of the two collectors a and b
    QString m_config;
    struct Collector {
        std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
        QString err;
        QString log()
        {
            err += QString::fromUtf8(process->readAllStandardError());
            return err;
        }
    };
    Collector m_a, m_b, m_c;

    // A configuration of the lab recording into `database`, in its own folder `name`.
    QString configFor(const QString &database, const QString &name)
    {
        const QString dir = m_dir.filePath(name);
        if (!QDir().mkpath(dir))
            return {};
        const QString path = m_lab.writeConfig(dir);
        QFile config(path);
        if (!config.open(QIODevice::Append) || config.write(m_server->historyConfig(database)) < 0)
            return {};
        return path;
    }

    void start(Collector &c, const QString &name, const QString &configPath)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // Alert and rebalance state and the failover cache: each collector's own folder.
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(name));
        c.process->setProcessEnvironment(env);
        c.process->start(qEnvironmentVariable("LAGSCOPECTL"),
                         {QStringLiteral("collect"), QStringLiteral("--config"), configPath});
        QVERIFY2(c.process->waitForStarted(), qPrintable(c.process->errorString()));
    }

    // The poll times of the primary cluster written so far (raw tier), oldest first.
    std::vector<qint64> pollTimes() { return pollTimesIn(m_database); }
    std::vector<qint64> pollTimesIn(const QString &database)
    {
        std::vector<qint64> times;
        const QString connection = QStringLiteral("poll-times");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
            db.setHostName(m_server->host);
            db.setPort(m_server->port);
            db.setUserName(m_server->user);
            db.setPassword(m_server->password());
            db.setDatabaseName(database);
            if (db.open()) {
                QSqlQuery q(db);
                if (q.exec(QStringLiteral("SELECT p.t FROM poll p JOIN cluster c ON c.id = p.cluster_id"
                                          " WHERE c.name = 'primary' AND p.tier = 0 ORDER BY p.t")))
                    while (q.next())
                        times.push_back(q.value(0).toLongLong());
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
        return times;
    }

    static qint64 largestGap(const std::vector<qint64> &times, qint64 from, qint64 to)
    {
        qint64 gap = 0;
        for (size_t i = 1; i < times.size(); ++i)
            if (times[i] >= from && times[i - 1] <= to)
                gap = std::max(gap, times[i] - times[i - 1]);
        return gap;
    }

    void stop(Collector &c)
    {
        if (c.process->state() == QProcess::NotRunning)
            return;
        c.process->terminate();
        QVERIFY(c.process->waitForFinished(30000));
        QCOMPARE(c.process->exitCode(), 0);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_server = PostgresServer::fromFixture();
        QVERIFY(m_server);
        const QString location = m_server->newDatabase();
        QVERIFY(!location.isEmpty());
        m_database = parsePostgresLocation(location)->database;
        m_config = configFor(m_database, QStringLiteral("ab"));
        QVERIFY(!m_config.isEmpty());
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            fprintf(stderr, "=== collector a ===\n%s\n=== collector b ===\n%s\n=== collector c ===\n%s\n",
                    qPrintable(m_a.log()), qPrintable(m_b.log()), qPrintable(m_c.log()));
    }

    void cleanupTestCase()
    {
        for (Collector *c : {&m_a, &m_b, &m_c})
            if (c->process->state() != QProcess::NotRunning) {
                c->process->kill();
                c->process->waitForFinished(10000);
            }
    }

    void oneWriterThenTakeoverAfterKill()
    {
        start(m_a, QStringLiteral("a"), m_config);
        QTRY_VERIFY_WITH_TIMEOUT(m_a.log().contains(QStringLiteral("writing the history of primary")), 30000);
        start(m_b, QStringLiteral("b"), m_config);
        QTRY_VERIFY_WITH_TIMEOUT(m_b.log().contains(QStringLiteral("another collector writes the history of primary")),
                                 30000);
        QTRY_VERIFY_WITH_TIMEOUT(pollTimes().size() >= 5, 30000);

        // kill -9 of the writer: its session ends, the server releases the lease.
        const qint64 killedAt = QDateTime::currentMSecsSinceEpoch();
        ::kill(pid_t(m_a.process->processId()), SIGKILL);
        QVERIFY(m_a.process->waitForFinished(10000));
        QTRY_VERIFY_WITH_TIMEOUT(m_b.log().contains(QStringLiteral("writing the history of primary")),
                                 2 * kPollMs + 3000);
        const qint64 tookOverAt = QDateTime::currentMSecsSinceEpoch();
        qInfo("taken over %lld ms after the kill", tookOverAt - killedAt);
        QTRY_VERIFY_WITH_TIMEOUT(!pollTimes().empty() && pollTimes().back() > tookOverAt + 3 * kPollMs, 30000);

        const std::vector<qint64> times = pollTimes();
        // One writer at a time: as many polls as one collector makes, not two collectors'.
        const qint64 span = times.back() - times.front();
        QVERIFY2(qint64(times.size()) <= span / kPollMs + 2,
                 qPrintable(QStringLiteral("%1 polls in %2 ms").arg(times.size()).arg(span)));
        int close = 0; // polls closer than 0.6 of an interval: two writers would make one in two
        for (size_t i = 1; i < times.size(); ++i)
            close += times[i] - times[i - 1] < kPollMs * 6 / 10 ? 1 : 0;
        QVERIFY2(close <= 1, qPrintable(QStringLiteral("%1 polls closer than 600 ms").arg(close)));
        // The gap at the takeover: at most two poll intervals (and a slow poll's time).
        const qint64 gap = largestGap(times, killedAt - 5 * kPollMs, tookOverAt + 2 * kPollMs);
        qInfo("largest gap around the takeover: %lld ms", gap);
        QVERIFY2(gap <= 2 * kPollMs + 1500, qPrintable(QString::number(gap)));
    }

    // One collector alone on a database of its own, so that every poll of primary in it is
    // this collector's: after a restart of PostgreSQL mid-collection the database holds as
    // many polls of primary as the collector made — none lost, none twice.
    void postgresRestartLosesNoPoll()
    {
        stop(m_b);
        const QString location = m_server->newDatabase();
        QVERIFY(!location.isEmpty());
        const QString database = parsePostgresLocation(location)->database;
        const QString config = configFor(database, QStringLiteral("c"));
        QVERIFY(!config.isEmpty());
        start(m_c, QStringLiteral("c"), config);
        QTRY_VERIFY_WITH_TIMEOUT(pollTimesIn(database).size() >= 3, 30000);

        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        QProcess restart;
        restart.start(qEnvironmentVariable("LAGSCOPE_POSTGRESQL_FIXTURE"), {QStringLiteral("restart"), m_server->dir});
        QVERIFY(restart.waitForFinished(60000));
        QCOMPARE(restart.exitCode(), 0);
        const qint64 after = QDateTime::currentMSecsSinceEpoch();
        qInfo("PostgreSQL restarted in %lld ms", after - before);
        QTRY_VERIFY_WITH_TIMEOUT(m_c.log().contains(QStringLiteral("kept in memory were written")), 30000);
        // The polls of the outage waited in memory: at least one was written afterwards.
        static const QRegularExpression kept(
            QStringLiteral("([0-9]+) write\\(s\\) kept in memory were written; ([0-9]+) dropped"));
        const QRegularExpressionMatch written = kept.match(m_c.log());
        QVERIFY2(written.hasMatch() && written.captured(1).toInt() >= 1, qPrintable(m_c.log()));
        QCOMPARE(written.captured(2).toInt(), 0);
        qInfo("%s writes from memory", qPrintable(written.captured(1)));
        QTRY_VERIFY_WITH_TIMEOUT(!pollTimesIn(database).empty() && pollTimesIn(database).back() > after + 3 * kPollMs,
                                 30000);
        stop(m_c);

        // The stop line counts the polls of each cluster and those written: all of them.
        static const QRegularExpression primary(QStringLiteral("primary ([0-9]+) \\(([0-9]+) written\\)"));
        const QRegularExpressionMatch counts = primary.match(m_c.log());
        QVERIFY2(counts.hasMatch(), qPrintable(m_c.log()));
        const std::vector<qint64> times = pollTimesIn(database);
        qInfo("%s polls of primary, %s written, %zu in the database; largest gap across the restart: %lld ms",
              qPrintable(counts.captured(1)), qPrintable(counts.captured(2)), times.size(),
              largestGap(times, before - kPollMs, after + 3 * kPollMs));
        QCOMPARE(counts.captured(2), counts.captured(1));
        QCOMPARE(qint64(times.size()), counts.captured(1).toLongLong());
    }
};

QTEST_GUILESS_MAIN(TestCollectPostgres)
#include "tst_collectpostgres.moc"
