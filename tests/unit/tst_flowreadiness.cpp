// Failover readiness in the history store: the row codec and the bucket fold as tables, then
// writing and reading one group of a flow, downsampling and retention on a simulated clock
// (a bucket keeps the worst of its polls), and what a flow snapshot turns into.
#include "FlowTestUtil.h"
#include "HistoryTestUtil.h"
#include "mirror/FlowHistory.h"
#include "store/HistoryStore.h"
#include "store/ReadinessPoints.h"

#include <QStandardPaths>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;
using history::GroupReadinessPoint;
using history::ReadinessPoll;
using Sample = HistoryStore::ReadinessSample;

namespace {

const QString kFlow = QStringLiteral("primary->dr");

// (seconds relative to kNow, reread, untranslatable) per poll or bucket.
using Rows = QList<std::tuple<qint64, qint64, qint64>>;

Rows rowsOf(const std::vector<Sample> &samples)
{
    Rows out;
    for (const Sample &s : samples)
        out.append({(s.timeMs - kNow.toMSecsSinceEpoch()) / 1000, s.reread, s.untranslatable});
    return out;
}

ReadinessPoll idleGroups(int count)
{
    ReadinessPoll poll;
    for (int i = 0; i < count; ++i)
        poll.push_back({i + 1, i % 7 == 0 ? 120 : 0, 0});
    return poll;
}

} // namespace

Q_DECLARE_METATYPE(ReadinessPoll)

class TestFlowReadiness final : public QObject {
    Q_OBJECT

private:
    StoreFiles m_files{QStringLiteral("readiness%1/history.sqlite")};

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_files.isValid());
    }

    void codec_data()
    {
        QTest::addColumn<ReadinessPoll>("poll");
        QTest::newRow("no group") << ReadinessPoll{};
        QTest::newRow("one group") << ReadinessPoll{{7, 42, 1}};
        QTest::newRow("unknown reread stays unknown") << ReadinessPoll{{1, -1, 3}, {2, 0, 0}};
        QTest::newRow("sparse ids of two flows") << ReadinessPoll{{3, 5, 0}, {900, 6, 2}, {70000, 0, 0}};
        QTest::newRow("huge values") << ReadinessPoll{{1, std::numeric_limits<qint64>::max() - 1, 100000}};
        QTest::newRow("500 groups, deflated") << idleGroups(500);
    }

    void codec()
    {
        QFETCH(ReadinessPoll, poll);
        const QByteArray bytes = history::encodeReadiness(poll);
        const auto back = history::decodeReadiness(bytes);
        QVERIFY(back);
        QCOMPARE(*back, poll);
        // Mostly idle groups of one flow cost well under the three bytes of their varints.
        if (poll.size() >= 500)
            QVERIFY2(bytes.size() < qsizetype(poll.size()), qPrintable(QString::number(bytes.size())));
    }

    void damaged_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        const QByteArray good = history::encodeReadiness({{1, 5, 0}, {2, 6, 1}});
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("unknown format") << QByteArray("\x07\x01\x01\x01\x01", 5);
        QTest::newRow("truncated") << good.left(good.size() - 1);
        QTest::newRow("trailing bytes") << good + QByteArray("\x00", 1);
        QTest::newRow("count beyond the data") << QByteArray("\x01\x7f\x01\x01\x01", 5);
        QTest::newRow("deflated garbage") << QByteArray("\x02garbage", 8);
    }

    void damaged()
    {
        QFETCH(QByteArray, bytes);
        if (bytes.startsWith('\x02'))
            QTest::ignoreMessage(QtWarningMsg, "qUncompress: Input data is corrupted");
        QVERIFY(!history::decodeReadiness(bytes));
    }

    void fold_data()
    {
        QTest::addColumn<ReadinessPoll>("bucket");
        QTest::addColumn<ReadinessPoll>("poll");
        QTest::addColumn<ReadinessPoll>("expected");
        QTest::newRow("into an empty bucket")
            << ReadinessPoll{} << ReadinessPoll{{1, 5, 0}} << ReadinessPoll{{1, 5, 0}};
        QTest::newRow("worst of each value")
            << ReadinessPoll{{1, 50, 0}, {2, 3, 2}} << ReadinessPoll{{1, 10, 1}, {2, 30, 0}}
            << ReadinessPoll{{1, 50, 1}, {2, 30, 2}};
        QTest::newRow("a known value beats unknown")
            << ReadinessPoll{{1, -1, 0}} << ReadinessPoll{{1, 0, 0}} << ReadinessPoll{{1, 0, 0}};
        QTest::newRow("groups of either side kept in order")
            << ReadinessPoll{{2, 1, 0}, {5, 1, 0}} << ReadinessPoll{{1, 2, 0}, {3, 2, 0}, {9, 2, 0}}
            << ReadinessPoll{{1, 2, 0}, {2, 1, 0}, {3, 2, 0}, {5, 1, 0}, {9, 2, 0}};
    }

    void fold()
    {
        QFETCH(ReadinessPoll, bucket);
        QFETCH(ReadinessPoll, poll);
        QFETCH(ReadinessPoll, expected);
        history::foldReadiness(bucket, poll);
        QCOMPARE(bucket, expected);
    }

    void appendAndRead()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        using G = HistoryStore::GroupReadiness;
        QVERIFY(store
                    ->appendFlowReadiness(kFlow, relMs(-20),
                                          {G{QStringLiteral("billing"), 300, 0}, G{QStringLiteral("audit"), -1, 2}})
                    .ok());
        QVERIFY(store->appendFlowReadiness(kFlow, relMs(-10), {G{QStringLiteral("billing"), 40, 1}}).ok());
        // The same poll written again keeps one row, the newer.
        QVERIFY(store->appendFlowReadiness(kFlow, relMs(-10), {G{QStringLiteral("billing"), 45, 1}}).ok());
        QVERIFY(
            store
                ->appendFlowReadiness(QStringLiteral("dr->primary"), relMs(-10), {G{QStringLiteral("billing"), 999, 9}})
                .ok());
        QVERIFY(store->appendFlowReadiness(kFlow, relMs(-5), {}).ok()); // nothing to write

        QCOMPARE(rowsOf(*store->readinessHistory(kFlow, QStringLiteral("billing"), rel(-60), kNow)),
                 (Rows{{-20, 300, 0}, {-10, 45, 1}}));
        QCOMPARE(rowsOf(*store->readinessHistory(kFlow, QStringLiteral("audit"), rel(-60), kNow)),
                 (Rows{{-20, -1, 2}}));
        QCOMPARE(rowsOf(*store->readinessHistory(kFlow, QStringLiteral("billing"), rel(-15), kNow)),
                 (Rows{{-10, 45, 1}}));
        QVERIFY(store->readinessHistory(kFlow, QStringLiteral("nobody"), rel(-60), kNow)->empty());
        QVERIFY(store->readinessHistory(QStringLiteral("x->y"), QStringLiteral("billing"), rel(-60), kNow)->empty());
        // A flow's groups are not the clusters' groups: reports never list them.
        QVERIFY(store->storedGroups()->empty());
    }

    // Polls at the given ages (seconds before kNow) with a value each; one compaction at kNow;
    // then the whole history of the group. Tiers: raw for 6 h, 1-minute buckets to 24 h,
    // 10-minute buckets to 7 days, nothing older.
    void tiers_data()
    {
        QTest::addColumn<Rows>("polls");
        QTest::addColumn<Rows>("expected");
        QTest::newRow("newer than 6 h stays raw")
            << Rows{{-3600, 10, 0}, {-3570, 20, 1}} << Rows{{-3600, 10, 0}, {-3570, 20, 1}};
        QTest::newRow("older than 6 h: the worst of each minute")
            << Rows{{-7 * 3600, 10, 0}, {-7 * 3600 + 20, 500, 0}, {-7 * 3600 + 40, 30, 2}, {-7 * 3600 + 60, 7, 0}}
            << Rows{{-7 * 3600, 500, 2}, {-7 * 3600 + 60, 7, 0}};
        QTest::newRow("older than 24 h: the worst of ten minutes")
            << Rows{{-30 * 3600, 10, 0}, {-30 * 3600 + 120, -1, 4}, {-30 * 3600 + 540, 90, 0}}
            << Rows{{-30 * 3600, 90, 4}};
        QTest::newRow("a spike between quiet polls is not lost")
            << Rows{{-50 * 3600, 0, 0}, {-50 * 3600 + 30, 100000, 0}, {-50 * 3600 + 60, 0, 0}}
            << Rows{{-50 * 3600, 100000, 0}};
        QTest::newRow("older than 7 days is dropped")
            << Rows{{-8 * 24 * 3600, 10, 1}, {-10, 5, 0}} << Rows{{-10, 5, 0}};
    }

    void tiers()
    {
        QFETCH(Rows, polls);
        QFETCH(Rows, expected);
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        for (const auto &[at, reread, untranslatable] : polls)
            QVERIFY(store
                        ->appendFlowReadiness(
                            kFlow, relMs(at),
                            {{QStringLiteral("billing"), reread, untranslatable}, {QStringLiteral("audit"), 1, 0}})
                        .ok());
        const Status compacted = store->compact(kNow);
        QVERIFY2(compacted.ok(), qPrintable(compacted.ok() ? QString() : compacted.errorMessage()));
        const auto read = store->readinessHistory(kFlow, QStringLiteral("billing"), QDateTime(), kNow);
        QVERIFY2(read, qPrintable(read ? QString() : read.errorMessage()));
        QCOMPARE(rowsOf(*read), expected);
        // Compaction is idempotent: a second run moves nothing.
        const Status again = store->compact(kNow);
        QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : again.errorMessage()));
        const auto reread = store->readinessHistory(kFlow, QStringLiteral("billing"), QDateTime(), kNow);
        QVERIFY2(reread, qPrintable(reread ? QString() : reread.errorMessage()));
        QCOMPARE(rowsOf(*reread), expected);
    }

    // A week of 5-minute polls compacted every hour as the recorder would: every tier holds
    // the span the retention policy gives it, and a bucket met by later compactions is merged,
    // not duplicated.
    void weekOnASimulatedClock()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const qint64 week = 7 * 24 * 3600;
        for (qint64 at = -week - 3600; at <= 0; at += 300) {
            QVERIFY(
                store->appendFlowReadiness(kFlow, relMs(at), {{QStringLiteral("billing"), at % 3600 == 0 ? 900 : 1, 0}})
                    .ok());
            if (at % 3600 == 0)
                QVERIFY(store->compact(rel(at)).ok());
        }
        const auto read = store->readinessHistory(kFlow, QStringLiteral("billing"), QDateTime(), kNow);
        QVERIFY(read);
        const Rows rows = rowsOf(*read);
        QVERIFY(std::get<0>(rows.first()) >= -week);
        for (int i = 1; i < rows.size(); ++i)
            QVERIFY(std::get<0>(rows[i]) > std::get<0>(rows[i - 1]));
        // Raw polls are 5 minutes apart for the last 6 h; coarse buckets further back each
        // hold the hour's spike once an hour: 6 of 6 ten-minute buckets per hour see at most
        // one, so the spikes survive as 900 once per hour.
        const auto raw =
            std::count_if(rows.begin(), rows.end(), [](const auto &r) { return std::get<0>(r) >= -6 * 3600; });
        QCOMPARE(raw, qsizetype(6 * 12 + 1));
        const auto spikes =
            std::count_if(rows.begin(), rows.end(), [](const auto &r) { return std::get<1>(r) == 900; });
        QCOMPARE(spikes, qsizetype(7 * 24 + 1));
    }

    void readinessOfSnapshot()
    {
        mirror::FlowSnapshot s;
        s.groups.push_back(groupFlow(QStringLiteral("billing"), 150, 100, 1000));
        s.groups.back().rereadOnFailover = 50;
        s.groups.back().withoutCheckpoint = {{QStringLiteral("orders"), 1}};
        mirror::GroupFlow unknown;
        unknown.group = QStringLiteral("fresh");
        unknown.withoutCheckpoint = {{QStringLiteral("orders"), 0}, {QStringLiteral("orders"), 1}};
        s.groups.push_back(unknown);
        QVERIFY(mirror::readinessOf(s).empty()); // neither side read: nothing known
        s.sourceReachable = true;
        s.targetReachable = true;
        const auto groups = mirror::readinessOf(s);
        QCOMPARE(groups.size(), size_t(2));
        QCOMPARE(groups[0].group, QStringLiteral("billing"));
        QCOMPARE(groups[0].reread, qint64(50));
        QCOMPARE(groups[0].untranslatable, qint64(1));
        QCOMPARE(groups[1].reread, qint64(-1)); // no partition with a checkpoint and a commit
        QCOMPARE(groups[1].untranslatable, qint64(2));
    }
};

QTEST_GUILESS_MAIN(TestFlowReadiness)
#include "tst_flowreadiness.moc"
