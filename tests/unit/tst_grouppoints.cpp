// The block codec and the bucket rules of group points (store/GroupPoints.h): every value
// round-trips, damage is detected, and buckets and merges follow the tier rules.
#include "store/GroupPoints.h"

#include <QTest>

#include <limits>

using namespace lagscope::history;

Q_DECLARE_METATYPE(std::vector<lagscope::history::GroupPoint>)

namespace {

constexpr qint64 U = kUnknown;

GroupPoint point(qint64 t, std::vector<PartitionPoint> partitions, int status = 1)
{
    GroupPoint p;
    p.timeMs = t;
    for (const auto &pp : partitions) {
        if (pp.lag != U) {
            p.totalLag += pp.lag;
            p.maxLag = std::max(p.maxLag, pp.lag);
        }
    }
    p.members = 3;
    p.stateId = 2;
    p.status = status;
    p.partitions = std::move(partitions);
    return p;
}

// A steady producer and a consumer `lag` behind, for n polls 5 s apart.
std::vector<GroupPoint> steady(int n, qint64 base, int partitions)
{
    std::vector<GroupPoint> out;
    for (int i = 0; i < n; ++i) {
        std::vector<PartitionPoint> ps;
        for (int p = 0; p < partitions; ++p) {
            const qint64 end = base + qint64(i) * 40 + p * 1000;
            ps.push_back({p + 1, end - 7, end, 7});
        }
        out.push_back(point(1'700'000'000'000 + qint64(i) * 5000, ps));
    }
    return out;
}

} // namespace

class TestGroupPoints : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<std::vector<GroupPoint>>("points");
        constexpr qint64 kMax = std::numeric_limits<qint64>::max();
        GroupPoint seconds = point(10, {{7, 1, 2, 1}});
        seconds.maxLagSeconds = 12.75;
        seconds.lagSecondsAtLeast = true;
        GroupPoint secondsAgain = seconds;
        secondsAgain.timeMs = 20;
        secondsAgain.lagSecondsAtLeast = false;
        GroupPoint noSeconds = secondsAgain;
        noSeconds.timeMs = 30;
        noSeconds.maxLagSeconds.reset();
        noSeconds.lagSecondsAtLeast.reset();

        QTest::newRow("empty") << std::vector<GroupPoint>{};
        QTest::newRow("one poll, no partitions") << std::vector<GroupPoint>{point(5, {})};
        QTest::newRow("steady, 120 polls × 20 partitions") << steady(120, 4'000'000'000, 20);
        QTest::newRow("unknowns: no commit, no log end, no lag")
            << std::vector<GroupPoint>{point(1, {{1, U, 50, U}, {2, 10, U, U}, {3, U, U, 4}}),
                                       point(2, {{1, 40, 51, 11}, {2, U, 60, U}, {3, 5, 9, 4}}),
                                       point(3, {{1, U, 52, U}, {2, 12, 61, 49}, {3, 5, 9, 4}})};
        QTest::newRow("lag that is not the offsets' difference (a bucket's max)")
            << std::vector<GroupPoint>{point(0, {{1, 100, 200, 180}}), point(60'000, {{1, 150, 260, 110}})};
        QTest::newRow("partitions come and go") << std::vector<GroupPoint>{
            point(1, {{1, 1, 2, 1}, {2, 1, 2, 1}}), point(2, {{2, 2, 3, 1}}),
            point(3, {{1, 5, 9, 4}, {2, 3, 4, 1}, {9, 0, 0, 0}}), point(4, {{1, 6, 9, 3}, {2, 3, 4, 1}, {9, 0, 0, 0}})};
        QTest::newRow("extremes and negative values") << std::vector<GroupPoint>{
            point(-5, {{1, 0, kMax, kMax}, {2, -1, -1, 0}}), point(kMax, {{1, kMax, 0, -kMax}, {2, -kMax, kMax, -1}})};
        QTest::newRow("lag seconds known, then unknown") << std::vector<GroupPoint>{seconds, secondsAgain, noSeconds};
        QTest::newRow("every status") << std::vector<GroupPoint>{point(1, {}, 0), point(2, {}, 3), point(3, {}, 6)};
        QTest::newRow("a clock set back") << std::vector<GroupPoint>{point(50, {}), point(40, {}), point(45, {})};
    }

    void roundTrip()
    {
        QFETCH(std::vector<GroupPoint>, points);
        const QByteArray block = encodePoints(points);
        const auto decoded = decodePoints(block);
        QVERIFY(decoded);
        QVERIFY(*decoded == points);
    }

    // Finishing after each point gives the block of the points so far: compaction finishes
    // an encoder once, but nothing may depend on that.
    void encoderGrowsPointByPoint()
    {
        const auto points = steady(5, 1'000, 3);
        PointEncoder encoder;
        QCOMPARE(encoder.lastTimeMs(), qint64(0));
        for (size_t i = 0; i < points.size(); ++i) {
            encoder.append(points[i]);
            QCOMPARE(encoder.size(), i + 1);
            QCOMPARE(encoder.lastTimeMs(), points[i].timeMs);
            const auto decoded = decodePoints(encoder.finish(i % 2 ? Packing::Plain : Packing::Deflated));
            QVERIFY(decoded);
            QVERIFY(*decoded == std::vector<GroupPoint>(points.begin(), points.begin() + qsizetype(i) + 1));
        }
    }

    // A steady log end costs about nothing after deflate; that is what makes a week small.
    void steadyPollsAreSmall()
    {
        const auto points = steady(120, 4'000'000'000, 20);
        const QByteArray block = encodePoints(points);
        QVERIFY2(block.size() < 120 * 20, qPrintable(QString::number(block.size())));
    }

    void damage_data()
    {
        QTest::addColumn<QByteArray>("block");
        const QByteArray good = encodePoints(steady(3, 10'000, 2));
        const QByteArray plain = encodePoints({point(1, {{1, 1, 2, 1}})});
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("unknown format") << (QByteArray(1, char(9)) + good.mid(1));
        QTest::newRow("deflated, cut short") << good.left(good.size() - 3);
        QTest::newRow("plain, cut short") << plain.left(plain.size() - 1);
        QTest::newRow("plain, trailing byte") << (plain + QByteArray(1, char(0)));
        QTest::newRow("count beyond the data") << QByteArray::fromHex("01ff01");
        QTest::newRow("bad partition mask") << QByteArray::fromHex("01010200000000000000020200ff");
    }

    void damage()
    {
        QFETCH(QByteArray, block);
        QVERIFY(!decodePoints(block));
    }

    void statusCodes()
    {
        for (int code = 1; code <= 6; ++code)
            QCOMPARE(statusCodeOf(statusNameOf(code)), code);
        QCOMPARE(statusCodeOf(QString()), 0);
        QCOMPARE(statusCodeOf(QStringLiteral("LATER")), 0);
        QCOMPARE(statusNameOf(0), QString());
        QVERIFY(statusRank(0) < statusRank(statusCodeOf(QStringLiteral("OK"))));
        QVERIFY(statusRank(statusCodeOf(QStringLiteral("STOP"))) > statusRank(statusCodeOf(QStringLiteral("WARN"))));
    }

    // One-minute buckets: lags are maxima, levels the newest, the worst status.
    void bucketRules()
    {
        GroupPoint a = point(60'000, {{1, 10, 20, 10}, {2, 5, 8, 3}}, statusCodeOf(QStringLiteral("STOP")));
        a.maxLagSeconds = 30;
        a.members = 4;
        GroupPoint b = point(90'000, {{1, 19, 21, 2}}, statusCodeOf(QStringLiteral("WARN")));
        b.lagSecondsAtLeast = true;
        b.members = 1;
        b.stateId = 7;
        GroupPoint c = point(120'000, {{1, 30, 31, 1}}); // next minute
        const auto buckets = bucketize({a, b, c}, 60'000);
        QCOMPARE(buckets.size(), size_t(2));
        const GroupPoint &first = buckets[0];
        QCOMPARE(first.timeMs, qint64(60'000));
        QCOMPARE(first.totalLag, qint64(13));
        QCOMPARE(first.maxLag, qint64(10));
        QCOMPARE(first.members, 1);
        QCOMPARE(first.stateId, qint64(7));
        QCOMPARE(statusNameOf(first.status), QStringLiteral("STOP"));
        QCOMPARE(first.maxLagSeconds, std::optional<double>(30));
        QCOMPARE(first.lagSecondsAtLeast, std::optional<bool>(true));
        QCOMPARE(first.partitions.size(), size_t(2));
        QVERIFY(first.partitions[0] == (PartitionPoint{1, 19, 21, 10})); // newest offsets, max lag
        QVERIFY(first.partitions[1] == (PartitionPoint{2, 5, 8, 3}));    // only in the older poll
        QCOMPARE(buckets[1].timeMs, qint64(120'000));
        QCOMPARE(bucketize({point(-1, {})}, 60'000).front().timeMs, qint64(-60'000));
    }

    void merges()
    {
        const GroupPoint old = point(60'000, {{1, 10, 20, 10}}, statusCodeOf(QStringLiteral("ERR")));
        const GroupPoint late = point(60'000, {{1, 12, 13, 1}}, statusCodeOf(QStringLiteral("OK")));
        const auto combined = mergePoints({old}, {late}, SameTime::Combine);
        QCOMPARE(combined.size(), size_t(1));
        QVERIFY(combined[0].partitions[0] == (PartitionPoint{1, 12, 13, 10}));
        QCOMPARE(statusNameOf(combined[0].status), QStringLiteral("ERR"));
        const auto replaced = mergePoints({old}, {late}, SameTime::Replace);
        QVERIFY(replaced == std::vector<GroupPoint>{late});
        const auto interleaved =
            mergePoints({point(1, {}), point(3, {})}, {point(2, {}), point(4, {})}, SameTime::Replace);
        QCOMPARE(interleaved.size(), size_t(4));
        for (size_t i = 0; i < interleaved.size(); ++i)
            QCOMPARE(interleaved[i].timeMs, qint64(i + 1));
    }
};

QTEST_GUILESS_MAIN(TestGroupPoints)
#include "tst_grouppoints.moc"
