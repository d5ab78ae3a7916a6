// The textual inputs of an offset reset as kafka-consumer-groups.sh accepts them:
// --to-datetime, --by-duration, --topic t:p,p and the --export / --from-file CSV plans.
#include "TableRows.h"
#include "actions/ResetParsers.h"

#include <QTest>

using namespace lagscope;

namespace {

constexpr qint64 kMay1Noon = 1714564800000; // 2024-05-01T12:00:00.000Z

QString s(const char *text) { return QString::fromUtf8(text); }

// "group:topic-p=offset …" in map order.
QString dump(const ResetFilePlan &plan)
{
    QStringList parts;
    for (const auto &[group, offsets] : plan.offsetsByGroup)
        for (const auto &[tp, offset] : offsets)
            parts << group + QLatin1Char(':') + tp.toString() + QLatin1Char('=') + QString::number(offset);
    return parts.join(QLatin1Char(' '));
}

PlannedPartition planned(const QString &topic, int partition, qint64 newOffset)
{
    PlannedPartition p;
    p.tp = TopicPartition{topic, partition};
    p.newOffset = newOffset;
    return p;
}

// A parser's answer: the expected value, or a refusal with exactly this error.
template <typename T> void accepted(const Result<T> &r, const T &expected)
{
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.errorMessage()));
    QCOMPARE(*r, expected);
}

template <typename T> void rejected(const Result<T> &r, const QString &error)
{
    QVERIFY(!r.ok());
    QCOMPARE(r.errorMessage(), error);
}

ResetPlan samplePlan(const QString &group)
{
    ResetPlan plan;
    plan.group = group;
    plan.partitions = {planned(s("orders"), 0, 42), planned(s("orders"), 1, 0),
                       planned(s("payments.eu"), 2, 123456789012)};
    return plan;
}

} // namespace

class TestResetParsers final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void dateTimeAccepted_data()
    {
        test::addColumns<QString, qint64>("text", "epochMs");
        QTest::newRow("no zone is UTC") << s("2024-05-01T12:00:00.000") << kMay1Noon;
        QTest::newRow("Z") << s("2024-05-01T12:00:00.000Z") << kMay1Noon;
        QTest::newRow("+08") << s("2024-05-01T20:00:00.000+08") << kMay1Noon;
        QTest::newRow("+0800") << s("2024-05-01T20:00:00.000+0800") << kMay1Noon;
        QTest::newRow("+08:00") << s("2024-05-01T20:00:00.000+08:00") << kMay1Noon;
        QTest::newRow("-05") << s("2024-05-01T07:00:00.000-05") << kMay1Noon;
        QTest::newRow("-0530") << s("2024-05-01T06:30:00.000-0530") << kMay1Noon;
        QTest::newRow("-05:30") << s("2024-05-01T06:30:00.000-05:30") << kMay1Noon;
        QTest::newRow("+00:00") << s("2024-05-01T12:00:00.000+00:00") << kMay1Noon;
        QTest::newRow("milliseconds") << s("2024-05-01T12:00:00.123Z") << kMay1Noon + 123;
        QTest::newRow("last ms of a second") << s("2024-05-01T12:00:59.999") << kMay1Noon + 59'999;
        QTest::newRow("epoch") << s("1970-01-01T00:00:00.000") << qint64(0);
        QTest::newRow("before epoch") << s("1969-12-31T23:59:59.999Z") << qint64(-1);
        QTest::newRow("leap day") << s("2024-02-29T00:00:00.000") << qint64(1709164800000);
        QTest::newRow("y2k") << s("2000-01-01T00:00:00.000") << qint64(946684800000);
        QTest::newRow("zone crosses the date") << s("2024-01-01T01:00:00.000+02:00") << qint64(1704063600000);
        QTest::newRow("surrounding blanks") << s("  2024-05-01T12:00:00.000Z ") << kMay1Noon;
    }
    void dateTimeAccepted()
    {
        QFETCH(QString, text);
        QFETCH(qint64, epochMs);
        accepted(parseResetDateTime(text), epochMs);
    }

    void dateTimeRejected_data()
    {
        const QString hint = s("expected yyyy-MM-ddTHH:mm:ss.SSS with an optional zone (Z, +08, "
                               "+0800 or +08:00), e.g. 2024-05-01T12:00:00.000Z");
        test::addColumns<QString, QString>("text", "error");
        QTest::newRow("empty") << QString() << s("The date-time is empty; ") + hint;
        QTest::newRow("blank") << s("   ") << s("The date-time is empty; ") + hint;
        QTest::newRow("space instead of T")
            << s("2024-05-01 12:00:00.000")
            << s("'2024-05-01 12:00:00.000' has no 'T' between the date and the time; ") + hint;
        QTest::newRow("lowercase t") << s("2024-05-01t12:00:00.000")
                                     << s("'2024-05-01t12:00:00.000' has no 'T' between the date and the time; ")
                                            + hint;
        QTest::newRow("date only") << s("2024-05-01")
                                   << s("'2024-05-01' has no 'T' between the date and the time; ") + hint;
        QTest::newRow("garbage") << s("yesterday")
                                 << s("'yesterday' has no 'T' between the date and the time; ") + hint;
        QTest::newRow("garbage with T") << s("Tuesday") << s("'Tuesday' is not a date-time; ") + hint;
        QTest::newRow("one-digit month") << s("2024-5-01T12:00:00.000")
                                         << s("'2024-5-01T12:00:00.000' is not a date-time; ") + hint;
        QTest::newRow("no seconds") << s("2024-05-01T12:00.000")
                                    << s("'2024-05-01T12:00.000' is not a date-time; ") + hint;
        QTest::newRow("missing millis")
            << s("2024-05-01T12:00:00")
            << s("'2024-05-01T12:00:00' has no milliseconds; they are required, e.g. 2024-05-01T12:00:00.000");
        QTest::newRow("missing millis with Z")
            << s("2024-05-01T12:00:00Z")
            << s("'2024-05-01T12:00:00Z' has no milliseconds; they are required, e.g. 2024-05-01T12:00:00.000");
        QTest::newRow("missing millis with offset")
            << s("2024-05-01T12:00:00+08:00")
            << s("'2024-05-01T12:00:00+08:00' has no milliseconds; they are required, e.g. 2024-05-01T12:00:00.000");
        QTest::newRow("dot without millis")
            << s("2024-05-01T12:00:00.Z")
            << s("'2024-05-01T12:00:00.Z': the milliseconds must have exactly three digits, got ''");
        QTest::newRow("two-digit millis")
            << s("2024-05-01T12:00:00.12")
            << s("'2024-05-01T12:00:00.12': the milliseconds must have exactly three digits, got '12'");
        QTest::newRow("microseconds")
            << s("2024-05-01T12:00:00.123456")
            << s("'2024-05-01T12:00:00.123456': the milliseconds must have exactly three digits, got '123456'");
        QTest::newRow("bad month") << s("2024-13-01T12:00:00.000")
                                   << s("'2024-13-01T12:00:00.000': month 13 is out of range (01-12)");
        QTest::newRow("month 00") << s("2024-00-10T12:00:00.000")
                                  << s("'2024-00-10T12:00:00.000': month 00 is out of range (01-12)");
        QTest::newRow("Feb 29 in a common year")
            << s("2023-02-29T12:00:00.000") << s("'2023-02-29T12:00:00.000': day 29 does not exist in 2023-02");
        QTest::newRow("day 00") << s("2024-05-00T12:00:00.000")
                                << s("'2024-05-00T12:00:00.000': day 00 does not exist in 2024-05");
        QTest::newRow("April 31") << s("2024-04-31T12:00:00.000")
                                  << s("'2024-04-31T12:00:00.000': day 31 does not exist in 2024-04");
        QTest::newRow("year 0") << s("0000-01-01T00:00:00.000")
                                << s("'0000-01-01T00:00:00.000': year 0000 does not exist");
        QTest::newRow("hour 24") << s("2024-05-01T24:00:00.000")
                                 << s("'2024-05-01T24:00:00.000': hour 24 is out of range (00-23)");
        QTest::newRow("minute 60") << s("2024-05-01T12:60:00.000")
                                   << s("'2024-05-01T12:60:00.000': minute 60 is out of range (00-59)");
        QTest::newRow("second 60") << s("2024-05-01T12:00:60.000")
                                   << s("'2024-05-01T12:00:60.000': second 60 is out of range (00-59)");
        const QString zoneTail = s("; use Z, +08, +0800 or +08:00 (or - offsets), or nothing for UTC");
        QTest::newRow("one-digit zone") << s("2024-05-01T12:00:00.000+8")
                                        << s("'2024-05-01T12:00:00.000+8': unrecognised zone '+8'") + zoneTail;
        QTest::newRow("zone +08:0") << s("2024-05-01T12:00:00.000+08:0")
                                    << s("'2024-05-01T12:00:00.000+08:0': unrecognised zone '+08:0'") + zoneTail;
        QTest::newRow("zone name") << s("2024-05-01T12:00:00.000 UTC")
                                   << s("'2024-05-01T12:00:00.000 UTC': unrecognised zone ' UTC'") + zoneTail;
        QTest::newRow("lowercase z") << s("2024-05-01T12:00:00.000z")
                                     << s("'2024-05-01T12:00:00.000z': unrecognised zone 'z'") + zoneTail;
        QTest::newRow("zone hour 24") << s("2024-05-01T12:00:00.000+24:00")
                                      << s("'2024-05-01T12:00:00.000+24:00': unrecognised zone '+24:00'") + zoneTail;
        QTest::newRow("zone minute 60") << s("2024-05-01T12:00:00.000+08:60")
                                        << s("'2024-05-01T12:00:00.000+08:60': unrecognised zone '+08:60'") + zoneTail;
        QTest::newRow("trailing text") << s("2024-05-01T12:00:00.000Zulu")
                                       << s("'2024-05-01T12:00:00.000Zulu': unrecognised zone 'Zulu'") + zoneTail;
    }
    void dateTimeRejected()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        rejected(parseResetDateTime(text), error);
    }

    void durationAccepted_data()
    {
        test::addColumns<QString, qint64>("text", "ms");
        QTest::newRow("PT1H") << s("PT1H") << qint64(3'600'000);
        QTest::newRow("PT30M") << s("PT30M") << qint64(1'800'000);
        QTest::newRow("PT45S") << s("PT45S") << qint64(45'000);
        QTest::newRow("P1D") << s("P1D") << qint64(86'400'000);
        QTest::newRow("P1DT2H") << s("P1DT2H") << qint64(93'600'000);
        QTest::newRow("all parts") << s("P2DT3H4M5.678S")
                                   << qint64(2 * 86'400'000LL + 3 * 3'600'000 + 4 * 60'000 + 5678);
        QTest::newRow("PT0.5S") << s("PT0.5S") << qint64(500);
        QTest::newRow("comma fraction") << s("PT1,5S") << qint64(1500);
        QTest::newRow("fraction without digits") << s("PT1.S") << qint64(1000);
        QTest::newRow("nine fraction digits") << s("PT0.123456789S") << qint64(123);
        QTest::newRow("below a millisecond") << s("PT0.0009S") << qint64(0);
        QTest::newRow("zero") << s("PT0S") << qint64(0);
        QTest::newRow("P0D") << s("P0D") << qint64(0);
        QTest::newRow("lowercase") << s("pt1h") << qint64(3'600'000);
        QTest::newRow("mixed case") << s("p1dT1h") << qint64(90'000'000);
        QTest::newRow("hours over a day") << s("PT36H") << qint64(129'600'000);
        QTest::newRow("minutes over an hour") << s("PT90M") << qint64(5'400'000);
        QTest::newRow("plus sign") << s("+PT1M") << qint64(60'000);
        QTest::newRow("negated") << s("-PT1H") << qint64(-3'600'000);
        QTest::newRow("negative part") << s("PT-1H") << qint64(-3'600'000);
        QTest::newRow("mixed signs") << s("P-1DT1H") << qint64(-82'800'000);
        QTest::newRow("negative fraction") << s("PT-0.5S") << qint64(-500);
        QTest::newRow("double negation") << s("-PT-1M") << qint64(60'000);
        QTest::newRow("blanks trimmed") << s(" PT1H ") << qint64(3'600'000);
        QTest::newRow("a century") << s("P36500D") << qint64(36500LL * 86'400'000);
    }
    void durationAccepted()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ms);
        accepted(parseIsoDuration(text), ms);
    }

    void durationRejected_data()
    {
        const QString hint = s("write an ISO-8601 duration such as PT1H, PT30M, P1DT2H or PT0.5S");
        const QString ymw = s(": years, months and weeks are not supported, only days (24 hours), "
                              "hours, minutes and seconds, e.g. P7D or PT36H");
        test::addColumns<QString, QString>("text", "error");
        QTest::newRow("empty") << QString() << s("The duration is empty; ") + hint;
        QTest::newRow("P alone") << s("P") << s("'P' has no days, hours, minutes or seconds; ") + hint;
        QTest::newRow("PT alone") << s("PT")
                                  << s("'PT': 'T' must be followed by hours (H), minutes (M) or seconds (S)");
        QTest::newRow("P1DT") << s("P1DT")
                              << s("'P1DT': 'T' must be followed by hours (H), minutes (M) or seconds (S)");
        QTest::newRow("weeks") << s("P1W") << s("'P1W'") + ymw;
        QTest::newRow("years") << s("P1Y") << s("'P1Y'") + ymw;
        QTest::newRow("months") << s("P1M") << s("'P1M'") + ymw;
        QTest::newRow("years and time") << s("P1Y2DT3H") << s("'P1Y2DT3H'") + ymw;
        QTest::newRow("no P") << s("1H") << s("'1H' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("no T before hours") << s("P1H") << s("'P1H' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("wrong order") << s("PT1M1H") << s("'PT1M1H' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("fractional hours") << s("PT1.5H") << s("'PT1.5H' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("fractional days") << s("P1.5D") << s("'P1.5D' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("ten fraction digits")
            << s("PT0.1234567891S") << s("'PT0.1234567891S' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("number only") << s("3600") << s("'3600' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("words") << s("1 hour") << s("'1 hour' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("spaces inside") << s("PT1H 30M") << s("'PT1H 30M' is not an ISO-8601 duration; ") + hint;
        QTest::newRow("number beyond 64 bits")
            << s("PT99999999999999999999S") << s("'PT99999999999999999999S' is too long to express in milliseconds");
        QTest::newRow("too many days") << s("P200000000000D")
                                       << s("'P200000000000D' is too long to express in milliseconds");
    }
    void durationRejected()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        rejected(parseIsoDuration(text), error);
    }

    void topicArg_data()
    {
        test::addColumns<QString, QString, QList<int>, QString>("text", "topic", "partitions", "error");
        QTest::newRow("topic") << s("orders") << s("orders") << QList<int>{} << QString();
        QTest::newRow("one partition") << s("orders:1") << s("orders") << QList<int>{1} << QString();
        QTest::newRow("partitions") << s("orders:0,2,5") << s("orders") << QList<int>{0, 2, 5} << QString();
        QTest::newRow("dotted topic") << s("eu.orders_v2:3") << s("eu.orders_v2") << QList<int>{3} << QString();
        QTest::newRow("blanks") << s(" orders:0, 1 ") << s("orders") << QList<int>{0, 1} << QString();
        QTest::newRow("empty") << s("") << QString() << QList<int>{} << s("The topic argument is empty");
        QTest::newRow("no partitions") << s("orders:") << QString() << QList<int>{}
                                       << s("Invalid topic arg 'orders:', expected topic name and partitions");
        QTest::newRow("no topic") << s(":0") << QString() << QList<int>{}
                                  << s("Invalid topic arg ':0', expected topic name and partitions");
        QTest::newRow("two colons") << s("a:1:2") << QString() << QList<int>{}
                                    << s("Invalid topic arg 'a:1:2', expected topic name and partitions");
        QTest::newRow("letter") << s("orders:0,x") << QString() << QList<int>{}
                                << s("Invalid partition 'x' specified in topic arg 'orders:0,x'");
        QTest::newRow("empty partition") << s("orders:0,,1") << QString() << QList<int>{}
                                         << s("Invalid partition '' specified in topic arg 'orders:0,,1'");
        QTest::newRow("negative") << s("orders:-1") << QString() << QList<int>{}
                                  << s("Invalid partition '-1' specified in topic arg 'orders:-1'");
    }
    void topicArg()
    {
        QFETCH(QString, text);
        QFETCH(QString, topic);
        QFETCH(QList<int>, partitions);
        QFETCH(QString, error);
        const auto r = parseResetTopicArg(text);
        if (!error.isEmpty()) {
            QVERIFY(!r.ok());
            QCOMPARE(r.errorMessage(), error);
            return;
        }
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.errorMessage()));
        QCOMPARE(r->first, topic);
        QCOMPARE(QList<int>(r->second.begin(), r->second.end()), partitions);
    }

    void csvAccepted_data()
    {
        test::addColumns<QString, QString, bool, QString, QStringList>("text", "group", "withGroup", "offsets",
                                                                       "warnings");
        QTest::newRow("topic,partition,offset") << s("orders,0,5\norders,1,7\n") << s("billing") << false
                                                << s("billing:orders-0=5 billing:orders-1=7") << QStringList();
        QTest::newRow("group,topic,partition,offset")
            << s("g1,orders,0,5\ng2,orders,0,9\ng1,payments,3,1\n") << QString() << true
            << s("g1:orders-0=5 g1:payments-3=1 g2:orders-0=9") << QStringList();
        QTest::newRow("group column wins over the default group")
            << s("g1,orders,0,5") << s("billing") << true << s("g1:orders-0=5") << QStringList();
        QTest::newRow("no final newline")
            << s("orders,0,5\norders,1,7") << s("g") << false << s("g:orders-0=5 g:orders-1=7") << QStringList();
        QTest::newRow("CRLF") << s("orders,0,5\r\norders,1,7\r\n") << s("g") << false << s("g:orders-0=5 g:orders-1=7")
                              << QStringList();
        QTest::newRow("blank lines") << s("\norders,0,5\n\n   \norders,1,7\n\n") << s("g") << false
                                     << s("g:orders-0=5 g:orders-1=7") << QStringList();
        QTest::newRow("blanks around fields")
            << s(" orders , 0 , 5 ") << s("g") << false << s("g:orders-0=5") << QStringList();
        QTest::newRow("quoted group with a comma")
            << s("\"team,a\",orders,0,5") << QString() << true << s("team,a:orders-0=5") << QStringList();
        QTest::newRow("quoted group with quotes")
            << s("\"say \"\"hi\"\"\",orders,0,5") << QString() << true << s("say \"hi\":orders-0=5") << QStringList();
        QTest::newRow("quoted fields keep their blanks")
            << s("\" g \",\"orders\",\"0\",\"5\"") << QString() << true << s(" g :orders-0=5") << QStringList();
        QTest::newRow("negative offset (clamped by the planner)")
            << s("orders,0,-1") << s("g") << false << s("g:orders-0=-1") << QStringList();
        QTest::newRow("large offset") << s("orders,0,9007199254740993") << s("g") << false
                                      << s("g:orders-0=9007199254740993") << QStringList();
        QTest::newRow("repeated partition: the later line wins")
            << s("orders,0,5\norders,1,6\norders,0,8") << s("g") << false << s("g:orders-0=8 g:orders-1=6")
            << QStringList{s("line 3: orders-0 of group 'g' was already given on line 1; the later line wins")};
        QTest::newRow("same partition in two groups is no repeat")
            << s("a,orders,0,5\nb,orders,0,6") << QString() << true << s("a:orders-0=5 b:orders-0=6") << QStringList();
    }
    void csvAccepted()
    {
        QFETCH(QString, text);
        QFETCH(QString, group);
        QFETCH(bool, withGroup);
        QFETCH(QString, offsets);
        QFETCH(QStringList, warnings);
        const auto r = parseResetCsv(text, group);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.errorMessage()));
        QCOMPARE(r->withGroup, withGroup);
        QCOMPARE(dump(*r), offsets);
        QCOMPARE(r->warnings, warnings);
    }

    void csvRejected_data()
    {
        test::addColumns<QString, QString, QString>("text", "group", "error");
        QTest::newRow("empty") << QString() << s("g") << s("The file has no offsets");
        QTest::newRow("only blank lines") << s("\n \n\r\n") << s("g") << s("The file has no offsets");
        QTest::newRow("two fields") << s("orders,0") << s("g") << s("line 1: expected 3 or 4 fields, got 2");
        QTest::newRow("one field on line 3")
            << s("orders,0,5\norders,1,7\nx") << s("g") << s("line 3: expected 3 or 4 fields, got 1");
        QTest::newRow("five fields") << s("a,b,0,1,2") << s("g") << s("line 1: expected 3 or 4 fields, got 5");
        QTest::newRow("blank lines count") << s("\n\norders,0") << s("g") << s("line 3: expected 3 or 4 fields, got 2");
        QTest::newRow("header line") << s("topic,partition,offset\norders,0,5") << s("g")
                                     << s("line 1: partition 'partition' is not a number");
        QTest::newRow("mixed: 4 fields after 3")
            << s("orders,0,5\ng,orders,1,7") << s("g")
            << s("line 2: expected 3 fields (topic,partition,offset) as on line 1, got 4; a file cannot mix the two formats");
        QTest::newRow("mixed: 3 fields after 4")
            << s("\ng,orders,0,5\ng,orders,1,7\norders,2,7") << s("g")
            << s("line 4: expected 4 fields (group,topic,partition,offset) as on line 2, got 3; a file cannot mix the two formats");
        QTest::newRow("partition not a number") << s("orders,0,5\norders,1,5\norders,2,5\norders,3,5\norders,x,5")
                                                << s("g") << s("line 5: partition 'x' is not a number");
        QTest::newRow("partition with a fraction")
            << s("orders,1.5,3") << s("g") << s("line 1: partition '1.5' is not a number");
        QTest::newRow("partition empty") << s("orders,,3") << s("g") << s("line 1: partition '' is not a number");
        QTest::newRow("partition negative") << s("orders,-1,3") << s("g") << s("line 1: partition '-1' is negative");
        QTest::newRow("partition beyond int")
            << s("orders,4294967296,3") << s("g") << s("line 1: partition '4294967296' is not a number");
        QTest::newRow("offset not a number")
            << s("orders,0,abc") << s("g") << s("line 1: offset 'abc' is not a number");
        QTest::newRow("offset empty") << s("orders,0,") << s("g") << s("line 1: offset '' is not a number");
        QTest::newRow("offset in group format")
            << s("g,orders,0,5\ng,orders,1,1e3") << QString() << s("line 2: offset '1e3' is not a number");
        QTest::newRow("topic empty") << s(",0,5") << s("g") << s("line 1: the topic is empty");
        QTest::newRow("group empty") << s(",orders,0,5") << s("g") << s("line 1: the group is empty");
        QTest::newRow("no group for the short format")
            << s("orders,0,5") << QString()
            << s("line 1: topic,partition,offset lines need a group, and none was given");
        QTest::newRow("unterminated quote")
            << s("g,orders,0,5\n\"g,orders,0,5") << s("g") << s("line 2: unterminated quoted field");
    }
    void csvRejected()
    {
        QFETCH(QString, text);
        QFETCH(QString, group);
        QFETCH(QString, error);
        rejected(parseResetCsv(text, group), error);
    }

    void exportCsv_data()
    {
        test::addColumns<QString, bool, QString>("group", "withGroup", "csv");
        QTest::newRow("one group") << s("billing") << false
                                   << s("orders,0,42\norders,1,0\npayments.eu,2,123456789012\n");
        QTest::newRow("with group") << s(
            "billing") << true << s("billing,orders,0,42\nbilling,orders,1,0\nbilling,payments.eu,2,123456789012\n");
        QTest::newRow("group needing quotes") << s("team \"a\",b") << true
                                              << s("\"team \"\"a\"\",b\",orders,0,42\n\"team \"\"a\"\",b\",orders,1,0\n"
                                                   "\"team \"\"a\"\",b\",payments.eu,2,123456789012\n");
    }
    void exportCsv()
    {
        QFETCH(QString, group);
        QFETCH(bool, withGroup);
        QFETCH(QString, csv);
        QCOMPARE(exportResetCsv(samplePlan(group), withGroup), csv);
    }

    void exportEmptyPlan()
    {
        QCOMPARE(exportResetCsv(ResetPlan{}, false), QString());
        QCOMPARE(exportResetCsv(std::vector<ResetPlan>{}, true), QString());
    }

    void exportSeveralGroups()
    {
        const std::vector<ResetPlan> plans{samplePlan(s("a")), samplePlan(s("b"))};
        const QString csv = exportResetCsv(plans, true);
        QCOMPARE(csv.count(QLatin1Char('\n')), 6);
        QVERIFY(csv.startsWith(s("a,orders,0,42\n")));
        QVERIFY(csv.endsWith(s("b,payments.eu,2,123456789012\n")));
    }

    void roundTrip_data()
    {
        test::addColumns<QString, bool>("group", "withGroup");
        QTest::newRow("one group") << s("billing") << false;
        QTest::newRow("with group") << s("billing") << true;
        QTest::newRow("awkward group name") << s(" a,\"b\" ") << true;
    }
    void roundTrip()
    {
        QFETCH(QString, group);
        QFETCH(bool, withGroup);
        const ResetPlan plan = samplePlan(group);
        const auto parsed = parseResetCsv(exportResetCsv(plan, withGroup), withGroup ? QString() : group);
        QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.errorMessage()));
        QCOMPARE(parsed->withGroup, withGroup);
        QCOMPARE(parsed->offsetsByGroup.size(), std::size_t(1));
        const auto &offsets = parsed->offsetsByGroup.begin()->second;
        QCOMPARE(parsed->offsetsByGroup.begin()->first, group);
        QCOMPARE(offsets.size(), plan.partitions.size());
        for (const auto &p : plan.partitions) {
            QVERIFY(offsets.count(p.tp) == 1);
            QCOMPARE(offsets.at(p.tp), p.newOffset);
        }
        QVERIFY(parsed->warnings.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestResetParsers)
#include "tst_resetparsers.moc"
