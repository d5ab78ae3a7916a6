// BrokerTableModel: incremental updates under QAbstractItemModelTester, formatting, sort
// role. The generic key-matching of IncrementalTableModel is tested here with a table.
#include "models/BrokerTableModel.h"
#include "models/StatusColors.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include "ModelChecks.h"
#include "ModelSpies.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

using Spies = ModelSpies;

BrokerState broker(int id, int partitionsLed = 0, BrokerStatus status = BrokerStatus::Online,
                   const QString &rack = QString())
{
    BrokerState b;
    b.info.id = id;
    b.info.host = QStringLiteral("broker-%1.example").arg(id);
    b.info.port = 9092;
    b.info.rack = rack;
    b.status = status;
    b.partitionsLed = partitionsLed;
    return b;
}

SnapshotPtr snapshotOf(std::vector<BrokerState> brokers, int controllerId = -1)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QStringLiteral("dc1");
    s->reachable = true;
    s->controllerId = controllerId;
    s->brokers = std::move(brokers);
    return s;
}

SnapshotPtr snapshotOfIds(const QList<int> &ids, int partitionsLed = 0)
{
    std::vector<BrokerState> brokers;
    for (const int id : ids)
        brokers.push_back(broker(id, partitionsLed));
    return snapshotOf(std::move(brokers));
}

QList<int> idsOf(const BrokerTableModel &model)
{
    return columnValues<int>(model, BrokerTableModel::Id, BrokerTableModel::SortRole);
}

} // namespace

class TestBrokerModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void sequenceOfApplies()
    {
        BrokerTableModel model;
        ModelTester tester(&model);
        Spies spies(&model);
        const int cols = BrokerTableModel::NB_COLUMNS;

        // Initial: unsorted input, one insertion of everything, rows sorted by id.
        const SnapshotPtr s1 = snapshotOf({broker(5, 10), broker(1, 10), broker(3, 10)});
        model.apply(s1);
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(idsOf(model), (QList<int>{1, 3, 5}));

        // The same snapshot again, and an equal copy: nothing.
        spies.clear();
        model.apply(s1);
        model.apply(snapshotOf({broker(1, 10), broker(3, 10), broker(5, 10)}));
        QCOMPARE(spies.total(), 0);

        // One value changed: exactly one dataChanged, for that whole row.
        model.apply(snapshotOf({broker(1, 10), broker(3, 11), broker(5, 10)}));
        QCOMPARE(spies.changedRows(cols), (QList<Range>{{1, 1}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(model.index(1, BrokerTableModel::PartitionsLed).data().toString(), QStringLiteral("11"));

        // A row added in the middle.
        spies.clear();
        model.apply(snapshotOf({broker(1, 10), broker(3, 11), broker(4, 10), broker(5, 10)}));
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{2, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(idsOf(model), (QList<int>{1, 3, 4, 5}));

        // A row removed.
        spies.clear();
        model.apply(snapshotOf({broker(1, 10), broker(4, 10), broker(5, 10)}));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{1, 1}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(idsOf(model), (QList<int>{1, 4, 5}));

        // Everything changed: one dataChanged for the whole table.
        spies.clear();
        model.apply(snapshotOf({broker(1, 20), broker(4, 20), broker(5, 20)}));
        QCOMPARE(spies.changedRows(cols), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);

        // Empty snapshot, then no snapshot at all.
        spies.clear();
        model.apply(snapshotOf({}));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(model.rowCount(), 0);
        spies.clear();
        model.apply(nullptr);
        QCOMPARE(spies.total(), 0);
        QCOMPARE(spies.reset.size(), 0);
    }

    // The key matching itself: removals bottom-up in contiguous runs, then insertions
    // top-down at their final positions; the final order is always the sorted key order.
    void keyedDiff_data()
    {
        QTest::addColumn<QList<int>>("before");
        QTest::addColumn<QList<int>>("after");
        QTest::addColumn<QList<Range>>("removed");
        QTest::addColumn<QList<Range>>("inserted");

        QTest::newRow("from empty") << QList<int>{} << QList<int>{2, 1} << QList<Range>{} << QList<Range>{{0, 1}};
        QTest::newRow("to empty") << QList<int>{1, 2} << QList<int>{} << QList<Range>{{0, 1}} << QList<Range>{};
        QTest::newRow("prepend") << QList<int>{5, 6} << QList<int>{1, 2, 5, 6} << QList<Range>{}
                                 << QList<Range>{{0, 1}};
        QTest::newRow("append") << QList<int>{5, 6} << QList<int>{5, 6, 7} << QList<Range>{} << QList<Range>{{2, 2}};
        QTest::newRow("two runs removed")
            << QList<int>{1, 2, 3, 4, 5, 6} << QList<int>{1, 4} << QList<Range>{{4, 5}, {1, 2}} << QList<Range>{};
        QTest::newRow("remove and insert") << QList<int>{1, 2, 3, 4, 5} << QList<int>{0, 2, 4, 6, 7}
                                           << QList<Range>{{4, 4}, {2, 2}, {0, 0}} << QList<Range>{{0, 0}, {3, 4}};
        QTest::newRow("replace all") << QList<int>{1, 2} << QList<int>{3, 4} << QList<Range>{{0, 1}}
                                     << QList<Range>{{0, 1}};
        QTest::newRow("duplicates collapse")
            << QList<int>{} << QList<int>{3, 3, 1} << QList<Range>{} << QList<Range>{{0, 1}};
    }
    void keyedDiff()
    {
        QFETCH(QList<int>, before);
        QFETCH(QList<int>, after);
        QFETCH(QList<Range>, removed);
        QFETCH(QList<Range>, inserted);

        BrokerTableModel model;
        model.apply(snapshotOfIds(before));
        ModelTester tester(&model);
        Spies spies(&model);
        model.apply(snapshotOfIds(after));
        QCOMPARE(Spies::ranges(spies.removed), removed);
        QCOMPARE(Spies::ranges(spies.inserted), inserted);
        QCOMPARE(spies.dataChanged.size(), 0);
        QCOMPARE(spies.reset.size(), 0);

        QList<int> expected = after;
        std::sort(expected.begin(), expected.end());
        expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        QCOMPARE(idsOf(model), expected);
    }

    void display_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sortValue");
        QTest::newRow("id") << int(BrokerTableModel::Id) << QStringLiteral("2") << QVariant(2);
        QTest::newRow("host:port") << int(BrokerTableModel::HostPort) << QStringLiteral("broker-2.example:9092")
                                   << QVariant(QStringLiteral("broker-2.example:9092"));
        QTest::newRow("rack unknown") << int(BrokerTableModel::Rack) << QStringLiteral("-") << QVariant(QString());
        QTest::newRow("state") << int(BrokerTableModel::State) << QStringLiteral("Unreachable")
                               << QVariant(int(BrokerStatus::Unreachable));
        QTest::newRow("controller") << int(BrokerTableModel::Controller) << QString(QChar(0x2713)) << QVariant(true);
        QTest::newRow("partitions led") << int(BrokerTableModel::PartitionsLed) << QStringLiteral("12,345")
                                        << QVariant(12345);
    }
    void display()
    {
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QVariant, sortValue);
        BrokerTableModel model;
        // The controller comes from controllerId even when the flag is not set on the broker.
        model.apply(snapshotOf({broker(2, 12345, BrokerStatus::Unreachable)}, 2));
        const QModelIndex index = model.index(0, column);
        compareCell(index, BrokerTableModel::SortRole, text, sortValue);
    }

    void ipv6AndRack()
    {
        BrokerState b = broker(1, 0, BrokerStatus::Online, QStringLiteral("eu-west-1a"));
        b.info.host = QStringLiteral("::1");
        BrokerTableModel model;
        model.apply(snapshotOf({b}));
        QCOMPARE(model.index(0, BrokerTableModel::HostPort).data().toString(), QStringLiteral("[::1]:9092"));
        QCOMPARE(model.index(0, BrokerTableModel::Rack).data().toString(), QStringLiteral("eu-west-1a"));
        QCOMPARE(model.index(0, BrokerTableModel::Controller).data().toString(), QString());
    }

    void colours()
    {
        BrokerTableModel model;
        model.apply(
            snapshotOf({broker(1), broker(2, 0, BrokerStatus::Unreachable), broker(3, 0, BrokerStatus::Offline)}));
        QVERIFY(!model.index(0, BrokerTableModel::State).data(Qt::ForegroundRole).isValid());
        QCOMPARE(model.index(1, BrokerTableModel::State).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Warning));
        QCOMPARE(model.index(2, BrokerTableModel::State).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Error));
        QVERIFY(model.index(2, BrokerTableModel::Id).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(2, BrokerTableModel::State).data(Qt::ToolTipRole).toString().isEmpty());
    }

    void statusColoursReadableOnBothPalettes()
    {
        QPalette light;
        light.setColor(QPalette::Base, Qt::white);
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        QVERIFY(!isDarkPalette(light));
        QVERIFY(isDarkPalette(dark));
        for (const StatusTone tone : {StatusTone::Good, StatusTone::Warning, StatusTone::Error}) {
            // Dark text on light bases, light text on dark ones.
            QVERIFY(statusForeground(tone, light).lightness() < 128);
            QVERIFY(statusForeground(tone, dark).lightness() > 128);
        }
    }

    void headers()
    {
        BrokerTableModel model;
        QCOMPARE(model.headerData(BrokerTableModel::Id, Qt::Horizontal).toString(), QStringLiteral("Id"));
        QCOMPARE(model.headerData(BrokerTableModel::HostPort, Qt::Horizontal).toString(), QStringLiteral("Host:Port"));
        QCOMPARE(model.headerData(BrokerTableModel::PartitionsLed, Qt::Horizontal).toString(),
                 QStringLiteral("Partitions led"));
        QCOMPARE(model.columnCount(), int(BrokerTableModel::NB_COLUMNS));
    }

    void proxySortsNumerically()
    {
        BrokerTableModel model;
        model.apply(snapshotOf({broker(1, 9), broker(2, 100), broker(3, 20)}));
        QSortFilterProxyModel proxy;
        ModelTester tester(&proxy, &model);
        proxy.setSortRole(BrokerTableModel::SortRole);
        proxy.sort(BrokerTableModel::PartitionsLed, Qt::DescendingOrder);
        QCOMPARE(columnValues(proxy, BrokerTableModel::PartitionsLed),
                 (QStringList{QStringLiteral("100"), QStringLiteral("20"), QStringLiteral("9")}));
        // The proxy follows incremental updates.
        model.apply(snapshotOf({broker(1, 9), broker(2, 100), broker(3, 200)}));
        QCOMPARE(proxy.index(0, BrokerTableModel::Id).data().toString(), QStringLiteral("3"));
    }
};

// QTEST_MAIN: colours come from the application palette, which needs a QGuiApplication.
QTEST_MAIN(TestBrokerModel)
#include "tst_brokermodel.moc"
