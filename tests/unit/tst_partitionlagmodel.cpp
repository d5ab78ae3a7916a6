// PartitionLagModel: one group's partitions, incremental by topic-partition, under
// QAbstractItemModelTester; formatting of unknown offsets and sort role values.
#include "models/PartitionLagModel.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include "ModelChecks.h"
#include "ModelSpies.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

using Spies = ModelSpies;

PartitionLag lagOf(const QString &topic, int partition, std::optional<std::int64_t> committed,
                   std::optional<std::int64_t> logEnd, const QString &member = QStringLiteral("consumer-1-abc"))
{
    PartitionLag p;
    p.partition = TopicPartition{topic, partition};
    p.committed = committed;
    p.logEnd = logEnd;
    if (committed && logEnd)
        p.lag = std::max<std::int64_t>(0, *logEnd - *committed);
    p.memberId = member;
    if (!member.isEmpty()) {
        p.clientId = QStringLiteral("consumer-1");
        p.host = QStringLiteral("/10.1.2.3");
    }
    return p;
}

// Partitions p0..p(n-1) of "orders", committed 100 each, log end 100 + lag.
std::vector<PartitionLag> orders(const QList<int> &partitions, std::int64_t lag = 5)
{
    std::vector<PartitionLag> out;
    for (const int p : partitions)
        out.push_back(lagOf(QStringLiteral("orders"), p, 100, 100 + lag));
    return out;
}

SnapshotPtr snapshotOf(std::vector<PartitionLag> partitions, const QString &groupId = QStringLiteral("billing"))
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QStringLiteral("dc1");
    GroupState g;
    g.groupId = groupId;
    g.state = QStringLiteral("Stable");
    g.partitions = std::move(partitions);
    GroupState other; // another group in the same snapshot, never shown
    other.groupId = QStringLiteral("zz-other");
    other.partitions = {lagOf(QStringLiteral("x"), 0, 1, 2)};
    s->groups = {std::move(g), std::move(other)};
    return s;
}

QStringList keys(const QAbstractItemModel &model)
{
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r)
        out << model.index(r, PartitionLagModel::Topic).data().toString() + QLatin1Char('-')
                   + model.index(r, PartitionLagModel::Partition).data().toString();
    return out;
}

} // namespace

class TestPartitionLagModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void sequenceOfApplies()
    {
        PartitionLagModel model;
        ModelTester tester(&model);
        Spies spies(&model);

        // Choosing the group is a reset; partitions come out sorted by topic, then number.
        std::vector<PartitionLag> initial = orders({10, 2, 1});
        initial.push_back(lagOf(QStringLiteral("audit"), 0, 7, 9));
        const SnapshotPtr s1 = snapshotOf(initial);
        model.setGroup(s1, QStringLiteral("billing"));
        QCOMPARE(spies.reset.size(), 1);
        QCOMPARE(spies.total(), 1);
        QVERIFY(model.groupFound());
        QCOMPARE(keys(model), (QStringList{QStringLiteral("audit-0"), QStringLiteral("orders-1"),
                                           QStringLiteral("orders-2"), QStringLiteral("orders-10")}));

        // Same snapshot (through both entry points), and an equal one: nothing.
        spies.clear();
        model.apply(s1);
        model.setGroup(s1, QStringLiteral("billing"));
        model.apply(snapshotOf(initial));
        QCOMPARE(spies.total(), 0);

        // One committed offset moved.
        std::vector<PartitionLag> next = initial;
        next[1].committed = 102; // orders-2
        next[1].lag = 3;
        model.apply(snapshotOf(next));
        QCOMPARE(spies.changedRows(), (QList<Range>{{2, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(model.index(2, PartitionLagModel::Lag).data().toString(), QStringLiteral("3"));

        // A partition added in the middle (orders-5 between orders-2 and orders-10).
        spies.clear();
        next.push_back(lagOf(QStringLiteral("orders"), 5, 100, 105));
        model.apply(snapshotOf(next));
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{3, 3}}));
        QCOMPARE(spies.total(), 1);

        // One removed (audit-0, the first row).
        spies.clear();
        next.erase(next.begin() + 3);
        model.apply(snapshotOf(next));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{0, 0}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(keys(model), (QStringList{QStringLiteral("orders-1"), QStringLiteral("orders-2"),
                                           QStringLiteral("orders-5"), QStringLiteral("orders-10")}));

        // Everything changed: one dataChanged for the table.
        spies.clear();
        model.apply(snapshotOf(orders({1, 2, 5, 10}, 1000)));
        QCOMPARE(spies.changedRows(), (QList<Range>{{0, 3}}));
        QCOMPARE(spies.total(), 1);

        // The group vanished from the cluster: rows removed, not a reset.
        spies.clear();
        model.apply(snapshotOf({}, QStringLiteral("someone-else")));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{0, 3}}));
        QCOMPARE(spies.total(), 1);
        QVERIFY(!model.groupFound());

        // Switching group: one reset.
        spies.clear();
        model.setGroup(snapshotOf({}), QStringLiteral("zz-other"));
        QCOMPARE(spies.reset.size(), 1);
        QCOMPARE(spies.total(), 1);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.groupId(), QStringLiteral("zz-other"));
    }

    void display_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("row"); // 0: everything known, 1: no commit and unassigned
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sortValue");

        QTest::newRow("topic") << int(PartitionLagModel::Topic) << 0 << QStringLiteral("orders")
                               << QVariant(QStringLiteral("orders"));
        QTest::newRow("partition") << int(PartitionLagModel::Partition) << 0 << QStringLiteral("3") << QVariant(3);
        QTest::newRow("committed") << int(PartitionLagModel::Committed) << 0 << QStringLiteral("1,234,567")
                                   << QVariant(qint64(1234567));
        QTest::newRow("log end") << int(PartitionLagModel::LogEnd) << 0 << QStringLiteral("1,300,000")
                                 << QVariant(qint64(1300000));
        QTest::newRow("lag") << int(PartitionLagModel::Lag) << 0 << QStringLiteral("65,433") << QVariant(qint64(65433));
        QTest::newRow("member") << int(PartitionLagModel::Member) << 0 << QStringLiteral("consumer-1-abc")
                                << QVariant(QStringLiteral("consumer-1-abc"));
        QTest::newRow("client") << int(PartitionLagModel::Client) << 0 << QStringLiteral("consumer-1")
                                << QVariant(QStringLiteral("consumer-1"));
        QTest::newRow("host") << int(PartitionLagModel::Host) << 0 << QStringLiteral("/10.1.2.3")
                              << QVariant(QStringLiteral("/10.1.2.3"));
        QTest::newRow("no commit") << int(PartitionLagModel::Committed) << 1 << QStringLiteral("-")
                                   << QVariant(qint64(-1));
        QTest::newRow("no lag") << int(PartitionLagModel::Lag) << 1 << QStringLiteral("-") << QVariant(qint64(-1));
        QTest::newRow("zero is known") << int(PartitionLagModel::LogEnd) << 1 << QStringLiteral("0")
                                       << QVariant(qint64(0));
        QTest::newRow("unassigned") << int(PartitionLagModel::Member) << 1 << QStringLiteral("-")
                                    << QVariant(QString());
        QTest::newRow("no host") << int(PartitionLagModel::Host) << 1 << QStringLiteral("-") << QVariant(QString());
        // Without a lag the rules judge nothing: "-", sorted below OK, not "OK".
        QTest::newRow("status") << int(PartitionLagModel::Status) << 0 << QStringLiteral("OK")
                                << QVariant(lagStatusSeverity(LagStatus::Ok));
        QTest::newRow("status not judged")
            << int(PartitionLagModel::Status) << 1 << QStringLiteral("-") << QVariant(-1);
    }
    void display()
    {
        QFETCH(int, column);
        QFETCH(int, row);
        QFETCH(QString, text);
        QFETCH(QVariant, sortValue);
        PartitionLagModel model;
        model.setGroup(snapshotOf({lagOf(QStringLiteral("orders"), 3, 1234567, 1300000),
                                   lagOf(QStringLiteral("orders"), 4, std::nullopt, 0, QString())}),
                       QStringLiteral("billing"));
        const QModelIndex index = model.index(row, column);
        compareCell(index, PartitionLagModel::SortRole, text, sortValue);
        if (QTest::currentTestFailed())
            return;
        if (text == QStringLiteral("-"))
            QVERIFY(index.data(Qt::ForegroundRole).isValid()); // unknowns are muted
    }

    void tooltipsExplainUnknowns()
    {
        PartitionLagModel model;
        model.setGroup(snapshotOf({lagOf(QStringLiteral("orders"), 0, std::nullopt, 10, QString()),
                                   lagOf(QStringLiteral("orders"), 1, 10, std::nullopt)}),
                       QStringLiteral("billing"));
        QVERIFY(model.index(0, PartitionLagModel::Lag)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("committed")));
        QVERIFY(model.index(1, PartitionLagModel::Lag)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Log end")));
        QVERIFY(model.index(0, PartitionLagModel::Member)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Not assigned")));
        for (int row : {0, 1})
            QVERIFY(model.index(row, PartitionLagModel::Status)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .startsWith(QStringLiteral("Not judged: ")));
        QCOMPARE(model.headerData(PartitionLagModel::LogEnd, Qt::Horizontal).toString(), QStringLiteral("Log end"));
    }

    // The exact lag of a transactional topic is below log end − committed: the tooltip says why.
    void tooltipExplainsTransactionMarkers()
    {
        PartitionLag caughtUp = lagOf(QStringLiteral("orders"), 0, 3, 7);
        caughtUp.invisibleRecords = 4;
        caughtUp.lag = 0;
        PartitionLagModel model;
        model.setGroup(snapshotOf({caughtUp, lagOf(QStringLiteral("orders"), 1, 5, 8)}), QStringLiteral("billing"));
        QCOMPARE(model.index(0, PartitionLagModel::Lag).data().toString(), QStringLiteral("0"));
        const QString tip = model.index(0, PartitionLagModel::Lag).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("is 4; 4 of those offsets are transaction markers")), qPrintable(tip));
        QVERIFY(!model.index(1, PartitionLagModel::Lag).data(Qt::ToolTipRole).isValid());
    }

    void proxySortsByLag()
    {
        PartitionLagModel model;
        QSortFilterProxyModel proxy;
        ModelTester tester(&proxy, &model);
        proxy.setSortRole(PartitionLagModel::SortRole);
        proxy.sort(PartitionLagModel::Lag, Qt::DescendingOrder);
        model.setGroup(
            snapshotOf({lagOf(QStringLiteral("t"), 0, 0, 9), lagOf(QStringLiteral("t"), 1, 0, 10000),
                        lagOf(QStringLiteral("t"), 2, 0, 200), lagOf(QStringLiteral("t"), 3, std::nullopt, 5)}),
            QStringLiteral("billing"));
        QCOMPARE(
            columnValues(proxy, PartitionLagModel::Lag),
            (QStringList{QStringLiteral("10,000"), QStringLiteral("200"), QStringLiteral("9"), QStringLiteral("-")}));
    }
};

// QTEST_MAIN: colours come from the application palette, which needs a QGuiApplication.
QTEST_MAIN(TestPartitionLagModel)
#include "tst_partitionlagmodel.moc"
