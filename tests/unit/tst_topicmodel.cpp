// TopicTableModel: incremental updates under QAbstractItemModelTester, partition health
// counts, message totals with unknown offsets, InternalRole for hiding internal topics.
#include "models/StatusColors.h"
#include "models/TopicTableModel.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include "ModelChecks.h"
#include "ModelSpies.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

using Spies = ModelSpies;

PartitionState partition(int number, std::int64_t logStart, std::int64_t logEnd, int leader = 1,
                         std::vector<int> isr = {1, 2, 3})
{
    PartitionState p;
    p.partition = number;
    p.leader = leader;
    p.replicas = {1, 2, 3};
    p.isr = std::move(isr);
    p.logStart = logStart;
    p.logEnd = logEnd;
    return p;
}

// A healthy topic of `count` partitions holding `perPartition` messages each.
TopicState topic(const QString &name, int count = 3, std::int64_t perPartition = 100, bool internal = false)
{
    TopicState t;
    t.name = name;
    t.internal = internal;
    for (int i = 0; i < count; ++i)
        t.partitions.push_back(partition(i, 1000, 1000 + perPartition));
    return t;
}

SnapshotPtr snapshotOf(std::vector<TopicState> topics)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QStringLiteral("dc1");
    std::sort(topics.begin(), topics.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
    s->topics = std::move(topics);
    return s;
}

QStringList names(const QAbstractItemModel &model) { return columnValues(model, TopicTableModel::Name); }

const QString kOrders = QStringLiteral("orders");
const QString kPayments = QStringLiteral("payments");
const QString kClicks = QStringLiteral("clicks");
const QString kAudit = QStringLiteral("audit");

} // namespace

class TestTopicModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void sequenceOfApplies()
    {
        TopicTableModel model;
        ModelTester tester(&model);
        Spies spies(&model);

        const SnapshotPtr s1 = snapshotOf({topic(kOrders), topic(kClicks), topic(kPayments)});
        model.apply(s1);
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(names(model), (QStringList{kClicks, kOrders, kPayments}));

        spies.clear();
        model.apply(s1);
        model.apply(snapshotOf({topic(kOrders), topic(kClicks), topic(kPayments)}));
        QCOMPARE(spies.total(), 0);

        // One partition of orders fell out of sync.
        TopicState orders = topic(kOrders);
        orders.partitions[1].isr = {1, 2};
        model.apply(snapshotOf({orders, topic(kClicks), topic(kPayments)}));
        QCOMPARE(spies.changedRows(), (QList<Range>{{1, 1}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(model.index(1, TopicTableModel::UnderReplicated).data().toString(), QStringLiteral("1"));

        spies.clear();
        model.apply(snapshotOf({orders, topic(kClicks), topic(kPayments), topic(QStringLiteral("logs"))}));
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{1, 1}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(names(model), (QStringList{kClicks, QStringLiteral("logs"), kOrders, kPayments}));

        spies.clear();
        model.apply(snapshotOf({orders, topic(QStringLiteral("logs")), topic(kPayments)}));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{0, 0}}));
        QCOMPARE(spies.total(), 1);

        spies.clear();
        model.apply(snapshotOf({topic(kOrders, 3, 7), topic(QStringLiteral("logs"), 3, 7), topic(kPayments, 3, 7)}));
        QCOMPARE(spies.changedRows(), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);

        spies.clear();
        model.apply(snapshotOf({}));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(spies.reset.size(), 0);
    }

    void display_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sortValue");
        // audit: 4 partitions; p1 under-replicated, p2 offline with unknown offsets,
        // the others hold 1,500,000 messages each.
        QTest::newRow("name") << int(TopicTableModel::Name) << kAudit << QVariant(kAudit);
        QTest::newRow("partitions") << int(TopicTableModel::Partitions) << QStringLiteral("4") << QVariant(4);
        QTest::newRow("replication factor")
            << int(TopicTableModel::ReplicationFactor) << QStringLiteral("3") << QVariant(3);
        QTest::newRow("under-replicated")
            << int(TopicTableModel::UnderReplicated) << QStringLiteral("2") << QVariant(2);
        QTest::newRow("offline") << int(TopicTableModel::Offline) << QStringLiteral("1") << QVariant(1);
        QTest::newRow("total messages") << int(TopicTableModel::TotalMessages) << QStringLiteral("4,500,000")
                                        << QVariant(qint64(4500000));
    }
    void display()
    {
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QVariant, sortValue);
        TopicState t = topic(kAudit, 4, 1500000);
        t.partitions[1].isr = {1};
        t.partitions[2] = partition(2, -1, -1, -1, {}); // offline: no leader, no ISR, no offsets
        TopicTableModel model;
        model.apply(snapshotOf({t}));
        const QModelIndex index = model.index(0, column);
        compareCell(index, TopicTableModel::SortRole, text, sortValue);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(model.index(0, TopicTableModel::TotalMessages)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("3 of 4")));
        QCOMPARE(model.index(0, TopicTableModel::Offline).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Error));
        QCOMPARE(model.index(0, TopicTableModel::UnderReplicated).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Warning));
    }

    void unknownMessagesAreADash()
    {
        TopicState t = topic(kOrders, 2);
        for (auto &p : t.partitions)
            p.logStart = p.logEnd = -1;
        TopicTableModel model;
        model.apply(snapshotOf({t, topic(kPayments, 0)}));
        QCOMPARE(model.index(0, TopicTableModel::TotalMessages).data().toString(), QStringLiteral("-"));
        QCOMPARE(model.index(0, TopicTableModel::TotalMessages).data(TopicTableModel::SortRole).toLongLong(), -1);
        // A topic without partitions has no replication factor to show.
        QCOMPARE(model.index(1, TopicTableModel::ReplicationFactor).data().toString(), QStringLiteral("-"));
        QCOMPARE(model.index(1, TopicTableModel::TotalMessages).data().toString(), QStringLiteral("-"));
    }

    void proxyHidesInternalTopicsAndSortsNumerically()
    {
        TopicTableModel model;
        QSortFilterProxyModel proxy;
        ModelTester tester(&proxy, &model);
        proxy.setSortRole(TopicTableModel::SortRole);
        proxy.setFilterRole(TopicTableModel::InternalRole);
        proxy.setFilterFixedString(QStringLiteral("false"));
        model.apply(snapshotOf({topic(QStringLiteral("__consumer_offsets"), 50, 1, true), topic(kOrders, 1, 9),
                                topic(kPayments, 1, 100), topic(kClicks, 1, 20)}));
        QCOMPARE(model.index(0, TopicTableModel::Partitions).data(TopicTableModel::InternalRole), QVariant(true));
        proxy.sort(TopicTableModel::TotalMessages, Qt::AscendingOrder);
        QCOMPARE(names(proxy), (QStringList{kOrders, kClicks, kPayments}));
        proxy.setFilterFixedString(QString());
        QCOMPARE(proxy.rowCount(), 4);
    }

    void headers()
    {
        TopicTableModel model;
        QCOMPARE(model.headerData(TopicTableModel::ReplicationFactor, Qt::Horizontal).toString(),
                 QStringLiteral("Replication factor"));
        QCOMPARE(model.headerData(TopicTableModel::TotalMessages, Qt::Horizontal).toString(),
                 QStringLiteral("Total messages"));
    }
};

// QTEST_MAIN: colours and fonts need a QGuiApplication.
QTEST_MAIN(TestTopicModel)
#include "tst_topicmodel.moc"
