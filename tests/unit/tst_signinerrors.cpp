// Which errors of librdkafka's error callback end a client's requests as "Authentication
// failed" (refusesSignIn, kafka/KafkaClientImpl.h): a refused sign-in does, a broker that is
// down does not, and neither does the SASL state error of a re-authentication on a client
// that had signed in (librdkafka signs in again on a new connection).
#include "TableRows.h"
#include "kafka/KafkaClientImpl.h"

#include <QTest>

using namespace lagscope;

class TestSignInErrors final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void refusesSignIn_data()
    {
        test::addColumns<int, QString, bool, bool>("err", "reason", "signedInBefore", "refused");
        const QString stateError =
            QStringLiteral(
                "GroupCoordinator: 127.0.0.1:41009: SASL OAUTHBEARER mechanism handshake failed: %1: broker's supported "
                "mechanisms:  (after 8ms in state AUTH_HANDSHAKE)")
                .arg(rdError(RD_KAFKA_RESP_ERR_ILLEGAL_SASL_STATE));
        const QString badPassword =
            QStringLiteral("sasl_ssl://localhost:9094/bootstrap: SASL authentication error: Authentication failed "
                           "during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256");
        const QString down = QStringLiteral("localhost:9092/bootstrap: Connect to ipv4#127.0.0.1:9092 failed: "
                                            "Connection refused");
        QTest::newRow("re-authentication state error, signed in before")
            << int(RD_KAFKA_RESP_ERR__AUTHENTICATION) << stateError << true << false;
        QTest::newRow("the same at the first sign-in")
            << int(RD_KAFKA_RESP_ERR__AUTHENTICATION) << stateError << false << true;
        QTest::newRow("the broker's state error code, signed in before")
            << int(RD_KAFKA_RESP_ERR_ILLEGAL_SASL_STATE) << rdError(RD_KAFKA_RESP_ERR_ILLEGAL_SASL_STATE) << true
            << false;
        QTest::newRow("wrong password, signed in before")
            << int(RD_KAFKA_RESP_ERR__AUTHENTICATION) << badPassword << true << true;
        QTest::newRow("wrong password") << int(RD_KAFKA_RESP_ERR_SASL_AUTHENTICATION_FAILED) << badPassword << false
                                        << true;
        QTest::newRow("TLS handshake") << int(RD_KAFKA_RESP_ERR__SSL)
                                       << QStringLiteral("SSL handshake failed: certificate verify failed") << true
                                       << true;
        QTest::newRow("unsupported mechanism") << int(RD_KAFKA_RESP_ERR_UNSUPPORTED_SASL_MECHANISM)
                                               << QStringLiteral("Unsupported SASL mechanism") << false << true;
        QTest::newRow("broker down") << int(RD_KAFKA_RESP_ERR__TRANSPORT) << down << false << false;
        QTest::newRow("broker down, signed in before") << int(RD_KAFKA_RESP_ERR__TRANSPORT) << down << true << false;
    }

    void refusesSignIn()
    {
        QFETCH(int, err);
        QFETCH(QString, reason);
        QFETCH(bool, signedInBefore);
        QFETCH(bool, refused);
        QCOMPARE(lagscope::refusesSignIn(err, reason, signedInBefore), refused);
    }
};

QTEST_GUILESS_MAIN(TestSignInErrors)
#include "tst_signinerrors.moc"
