// Text and CSV renderings of tables.
#include "TableRows.h"
#include "report/Table.h"

#include <QTest>

using namespace lagscope;

class TestTable final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void csvField_data()
    {
        test::addColumns<QString, QString>("in", "out");
        QTest::newRow("plain") << QStringLiteral("orders") << QStringLiteral("orders");
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
        QTest::newRow("unicode") << QStringLiteral("zürich-訂單") << QStringLiteral("zürich-訂單");
        QTest::newRow("empty") << QString() << QString();
    }
    void csvField()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(lagscope::csvField(in), out);
    }

    void textAlignsColumns()
    {
        const Table t{
            {QStringLiteral("GROUP"), QStringLiteral("LAG")},
            {{QStringLiteral("billing-service"), QStringLiteral("5")}, {QStringLiteral("a"), QStringLiteral("-")}}};
        QCOMPARE(formatText(t), QStringLiteral("GROUP           LAG\n"
                                               "billing-service 5\n"
                                               "a               -\n"));
    }

    void csvHasHeaderAndCrlf()
    {
        const Table t{{QStringLiteral("A"), QStringLiteral("B")}, {{QStringLiteral("1"), QStringLiteral("x,y")}}};
        QCOMPARE(formatCsv(t), QStringLiteral("A,B\r\n1,\"x,y\"\r\n"));
        QCOMPARE(formatCsv(t, false), QStringLiteral("1,\"x,y\"\r\n"));
    }
};

QTEST_GUILESS_MAIN(TestTable)
#include "tst_table.moc"
