// History locations (store/HistoryLocation.h): a PostgreSQL URL with the configuration's
// password reference and TLS options survives encode() and parse() unchanged, whatever
// characters the reference holds, and display() never shows the password or the options.
#include "store/HistoryLocation.h"

#include <QTest>

using namespace lagscope;

class TestHistoryLocation final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("sslMode");
        QTest::addColumn<QString>("sslRootCert");
        QTest::newRow("nothing") << QString() << QString() << QString();
        QTest::newRow("env reference") << QStringLiteral("${env:PGPW}") << QString() << QString();
        QTest::newRow("command with & = ? # %") << QStringLiteral("${cmd:pass show db&x=1?y#z %41}")
                                                << QStringLiteral("verify-full") << QStringLiteral("/etc/ssl/a b.pem");
        QTest::newRow("clear text with +") << QStringLiteral("p+w d") << QStringLiteral("require") << QString();
    }

    void roundTrip()
    {
        QFETCH(QString, password);
        QFETCH(QString, sslMode);
        QFETCH(QString, sslRootCert);
        PostgresLocation l{QStringLiteral("lagscope"),
                           QStringLiteral("db.example.com"),
                           6543,
                           QStringLiteral("history"),
                           password,
                           sslMode,
                           sslRootCert};
        const QString encoded = l.encode();
        QVERIFY(isPostgresLocation(encoded));
        const auto parsed = parsePostgresLocation(encoded);
        QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.errorMessage() + QStringLiteral(" in ") + encoded));
        QCOMPARE(parsed->user, l.user);
        QCOMPARE(parsed->host, l.host);
        QCOMPARE(parsed->port, 6543);
        QCOMPARE(parsed->database, l.database);
        QCOMPARE(parsed->password, password);
        QCOMPARE(parsed->sslMode, sslMode);
        QCOMPARE(parsed->sslRootCert, sslRootCert);
        QCOMPARE(historyDisplayName(encoded), QStringLiteral("postgresql://lagscope@db.example.com:6543/history"));
    }

    void defaultsAndFiles()
    {
        const auto parsed = parsePostgresLocation(QStringLiteral("postgres://u@h/db"));
        QVERIFY(parsed);
        QCOMPARE(parsed->port, 5432);
        QCOMPARE(parsed->connectOptions(), QStringLiteral("connect_timeout=10"));
        QVERIFY(!isPostgresLocation(QStringLiteral("/var/lib/lagscope/history.sqlite")));
        QCOMPARE(historyDisplayName(QStringLiteral("/tmp/h.sqlite")), QStringLiteral("/tmp/h.sqlite"));
        QVERIFY(!parsePostgresLocation(QStringLiteral("postgresql://u@h/db?port=1")));
    }
};

QTEST_GUILESS_MAIN(TestHistoryLocation)
#include "tst_historylocation.moc"
