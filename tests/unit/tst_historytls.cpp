// The shared history over TLS, on the test PostgreSQL's TLS-only database (fixture
// 'postgresql': TLS on, a certificate for 127.0.0.1 from a CA of its own, the database
// `tls_only` refusing connections without TLS). history_sslmode verify-full with
// history_sslrootcert naming that CA opens the store and the recorder's lease and writes over
// TLS, as the server's own view of the connections says; the wrong CA and no TLS are refused
// with libpq's reason, and no message holds the password.
#include "HistoryTestUtil.h"
#include "PostgresTestDb.h"
#include "store/HistoryRecorder.h"
#include "store/HistoryStore.h"

#include <QSignalSpy>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestHistoryTls final : public QObject {
    Q_OBJECT

private:
    std::optional<PostgresServer> m_server = PostgresServer::fromFixture();

    QString location(const QString &sslMode, const QString &rootCert = {}) const
    {
        return m_server->locationOf(m_server->tlsDatabase, sslMode, rootCert);
    }

    // The server's view: connections to the TLS-only database with and without TLS.
    std::pair<qlonglong, qlonglong> connectionsBySsl() const
    {
        QVariant withTls, withoutTls;
        const QString count = QStringLiteral("SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                                             "WHERE a.datname = '%1' AND %2 s.ssl");
        if (!m_server->exec(QStringLiteral("postgres"), {count.arg(m_server->tlsDatabase, QString())}, &withTls)
            || !m_server->exec(QStringLiteral("postgres"), {count.arg(m_server->tlsDatabase, QStringLiteral("NOT"))},
                               &withoutTls))
            return {-1, -1};
        return {withTls.toLongLong(), withoutTls.toLongLong()};
    }

    void refused(const QString &sslMode, const QString &rootCert, const QString &reason)
    {
        const auto store = HistoryStore::open(location(sslMode, rootCert));
        QVERIFY(!store);
        QVERIFY2(store.errorMessage().contains(reason), qPrintable(store.errorMessage()));
        QVERIFY2(!store.errorMessage().contains(m_server->password()), "the password is in the message");
        qInfo("sslmode %s%s: %s", qPrintable(sslMode), rootCert.isEmpty() ? "" : " with the wrong CA",
              qPrintable(store.errorMessage()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server);
        QVERIFY(!m_server->caFile.isEmpty() && !m_server->tlsDatabase.isEmpty());
    }

    void verifiedTlsOpensAndWrites()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        {
            auto store = openOrFail(location(QStringLiteral("verify-full"), m_server->caFile));
            QVERIFY(store);
            QVERIFY(store->appendSnapshot(singleLag(now, 42, 1)).ok());
            const auto samples = store->groupHistory(kCluster, kGroup, now.addSecs(-1), now.addSecs(1));
            QVERIFY2(samples, samples ? "" : qPrintable(samples.errorMessage()));
            QCOMPARE(samples->size(), size_t(1));
            const auto [withTls, withoutTls] = connectionsBySsl();
            QVERIFY2(withTls >= 1, qPrintable(QString::number(withTls)));
            QCOMPARE(withoutTls, 0);
        }

        // The recorder: its lease and its store, both over TLS.
        HistoryRecorder recorder(location(QStringLiteral("verify-full"), m_server->caFile));
        QSignalSpy recorded(&recorder, &HistoryRecorder::recorded);
        recorder.open();
        recorder.record(PollUpdate{std::make_shared<ClusterSnapshot>(singleLag(now.addSecs(5), 43, 2)), {}, {}});
        QCOMPARE(recorded.size(), 1);
        const auto [withTls, withoutTls] = connectionsBySsl();
        QVERIFY2(withTls >= 2, qPrintable(QString::number(withTls))); // the lease's and the store's
        QCOMPARE(withoutTls, 0);
    }

    void wrongCaIsRefused()
    {
        refused(QStringLiteral("verify-full"), m_server->wrongCaFile, QStringLiteral("certificate verify failed"));
    }

    void noTlsIsRefused() { refused(QStringLiteral("disable"), QString(), QStringLiteral("no encryption")); }
};

QTEST_GUILESS_MAIN(TestHistoryTls)
#include "tst_historytls.moc"
