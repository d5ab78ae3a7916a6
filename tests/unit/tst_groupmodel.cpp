// GroupTableModel, GroupFilterProxy and SparklineDelegate: incremental updates under
// QAbstractItemModelTester, formatting, lag trend memory, filtering and sorting, and the
// sparkline painted into an offscreen view.
#include "models/GroupFilterProxy.h"
#include "models/GroupTableModel.h"
#include "models/SparklineDelegate.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QSignalSpy>
#include <QTableView>
#include "ModelChecks.h"
#include "ModelSpies.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

using Spies = ModelSpies;

// A group reading `topics` (two partitions each); lagPerPartition < 0 leaves lag unknown.
GroupState group(const QString &id, qint64 lagPerPartition, const QStringList &topics = {QStringLiteral("orders")},
                 const QString &state = QStringLiteral("Stable"), int members = 1)
{
    GroupState g;
    g.groupId = id;
    g.state = state;
    for (int m = 0; m < members; ++m)
        g.members.push_back(
            groupMember(QStringLiteral("member-%1").arg(m), QStringLiteral("client"), QStringLiteral("/10.0.0.1")));
    for (const QString &topic : topics) {
        for (int p = 0; p < 2; ++p) {
            PartitionLag lag;
            lag.partition = TopicPartition{topic, p};
            if (lagPerPartition >= 0) {
                lag.committed = 1000;
                lag.logEnd = 1000 + lagPerPartition + p;
                lag.lag = lagPerPartition + p;
                g.totalLag += *lag.lag;
                g.maxLag = std::max<std::int64_t>(g.maxLag, *lag.lag);
            }
            g.partitions.push_back(lag);
        }
    }
    return g;
}

SnapshotPtr snapshotOf(std::vector<GroupState> groups)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QStringLiteral("dc1");
    s->reachable = true;
    std::sort(groups.begin(), groups.end(), [](const auto &a, const auto &b) { return a.groupId < b.groupId; });
    s->groups = std::move(groups);
    return s;
}

QList<qint64> trendOf(const GroupTableModel &model, int row)
{
    return model.index(row, GroupTableModel::Trend).data(GroupTableModel::TrendRole).value<QList<qint64>>();
}

const QString a = QStringLiteral("a-billing");
const QString b = QStringLiteral("b-orders");
const QString c = QStringLiteral("c-search");
const QString d = QStringLiteral("d-audit");

} // namespace

class TestGroupModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void sequenceOfApplies()
    {
        GroupTableModel model;
        ModelTester tester(&model);
        Spies spies(&model);

        const SnapshotPtr s1 = snapshotOf({group(a, 10), group(b, 10), group(d, 10)});
        model.apply(s1);
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{0, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(columnValues(model, GroupTableModel::Group), (QStringList{a, b, d}));

        spies.clear();
        model.apply(s1);
        model.apply(snapshotOf({group(a, 10), group(b, 10), group(d, 10)})); // equal content
        QCOMPARE(spies.total(), 0);

        // One group's lag changed: one dataChanged for that row (its trend grows too).
        model.apply(snapshotOf({group(a, 10), group(b, 50), group(d, 10)}));
        QCOMPARE(spies.changedRows(), (QList<Range>{{1, 1}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(trendOf(model, 1), (QList<qint64>{21, 101}));
        QCOMPARE(trendOf(model, 0), (QList<qint64>{21}));

        // A group added in the middle keeps the others' trends.
        spies.clear();
        model.apply(snapshotOf({group(a, 10), group(b, 50), group(c, 1), group(d, 10)}));
        QCOMPARE(Spies::ranges(spies.inserted), (QList<Range>{{2, 2}}));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(trendOf(model, 1), (QList<qint64>{21, 101}));

        spies.clear();
        model.apply(snapshotOf({group(a, 10), group(c, 1), group(d, 10)}));
        QCOMPARE(Spies::ranges(spies.removed), (QList<Range>{{1, 1}}));
        QCOMPARE(spies.total(), 1);

        spies.clear();
        model.apply(snapshotOf({group(a, 20), group(c, 2), group(d, 30)}));
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
        QTest::addColumn<int>("lag");
        QTest::addColumn<int>("col");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sortValue");
        QTest::newRow("group") << 600 << int(GroupTableModel::Group) << QStringLiteral("a-billing") << QVariant(a);
        QTest::newRow("state") << 600 << int(GroupTableModel::State) << QStringLiteral("Stable")
                               << QVariant(QStringLiteral("Stable"));
        QTest::newRow("members") << 600 << int(GroupTableModel::Members) << QStringLiteral("3") << QVariant(3);
        QTest::newRow("topics") << 600 << int(GroupTableModel::Topics) << QStringLiteral("orders, payments")
                                << QVariant(QStringLiteral("orders,payments"));
        // 4 partitions: 600 + 601 + 600 + 601
        QTest::newRow("total lag") << 600 << int(GroupTableModel::TotalLag) << QStringLiteral("2,402")
                                   << QVariant(qint64(2402));
        QTest::newRow("max lag") << 600 << int(GroupTableModel::MaxLag) << QStringLiteral("601")
                                 << QVariant(qint64(601));
        QTest::newRow("total lag unknown")
            << -1 << int(GroupTableModel::TotalLag) << QStringLiteral("-") << QVariant(qint64(-1));
        QTest::newRow("max lag unknown") << -1 << int(GroupTableModel::MaxLag) << QStringLiteral("-")
                                         << QVariant(qint64(-1));
        QTest::newRow("trend") << 600 << int(GroupTableModel::Trend) << QString() << QVariant(qint64(0));
    }
    void display()
    {
        QFETCH(int, lag);
        QFETCH(int, col);
        QFETCH(QString, text);
        QFETCH(QVariant, sortValue);
        GroupTableModel model;
        model.apply(snapshotOf(
            {group(a, lag, {QStringLiteral("orders"), QStringLiteral("payments")}, QStringLiteral("Stable"), 3)}));
        const QModelIndex index = model.index(0, col);
        compareCell(index, GroupTableModel::SortRole, text, sortValue);
    }

    void topicsTooltipIsElided()
    {
        QStringList topics;
        for (int i = 0; i < 25; ++i)
            topics << QStringLiteral("topic-%1").arg(i, 2, 10, QLatin1Char('0'));
        GroupTableModel model;
        model.apply(snapshotOf({group(a, 1, topics)}));
        const QString tip = model.index(0, GroupTableModel::Topics).data(Qt::ToolTipRole).toString();
        QVERIFY(tip.contains(QStringLiteral("topic-19")));
        QVERIFY(!tip.contains(QStringLiteral("topic-20")));
        QVERIFY2(tip.contains(QStringLiteral("5 more")), qPrintable(tip));
        QCOMPARE(model.index(0, GroupTableModel::Topics).data(GroupTableModel::TopicsRole).toStringList(), topics);
    }

    void trendKeepsLastValuesAndSkipsRepeats()
    {
        GroupTableModel model;
        ModelTester tester(&model);
        // Lag unknown: no point.
        model.apply(snapshotOf({group(a, -1)}));
        QCOMPARE(trendOf(model, 0), QList<qint64>{});
        QList<qint64> expected;
        for (int i = 0; i < GroupTableModel::kTrendLength + 15; ++i) {
            model.apply(snapshotOf({group(a, i)}));
            expected << qint64(2 * i + 1);
            // A repeat of the same lag in a newer snapshot adds nothing and signals nothing.
            QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
            model.apply(snapshotOf({group(a, i)}));
            QCOMPARE(changed.size(), 0);
        }
        expected = expected.mid(expected.size() - GroupTableModel::kTrendLength);
        QCOMPARE(trendOf(model, 0), expected);
        // Growth over the window sorts the Trend column.
        QCOMPARE(model.index(0, GroupTableModel::Trend).data(GroupTableModel::SortRole).toLongLong(),
                 expected.last() - expected.first());
        // A group that disappears forgets its history.
        model.apply(snapshotOf({}));
        model.apply(snapshotOf({group(a, 3)}));
        QCOMPARE(trendOf(model, 0), (QList<qint64>{7}));
    }

    void proxyFilter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("groups");
        QTest::newRow("empty") << QString() << QStringList{a, b, c};
        QTest::newRow("group id, other case") << QStringLiteral("BILL") << QStringList{a};
        QTest::newRow("topic") << QStringLiteral("clicks") << QStringList{c};
        QTest::newRow("id or topic") << QStringLiteral("orders") << QStringList{a, b};
        QTest::newRow("spaces trimmed") << QStringLiteral("  search ") << QStringList{c};
        QTest::newRow("nothing") << QStringLiteral("zzz") << QStringList{};
    }
    void proxyFilter()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, groups);
        GroupTableModel model;
        GroupFilterProxy proxy;
        ModelTester tester(&proxy, &model);
        model.apply(snapshotOf({group(a, 1, {QStringLiteral("orders")}), group(b, 1, {QStringLiteral("payments")}),
                                group(c, 1, {QStringLiteral("clicks"), QStringLiteral("queries")})}));
        proxy.setFilterText(text);
        QCOMPARE(columnValues(proxy, GroupTableModel::Group), groups);
        // The filter keeps applying to rows arriving later.
        model.apply(snapshotOf({group(a, 1, {QStringLiteral("orders")}), group(b, 1, {QStringLiteral("payments")}),
                                group(c, 1, {QStringLiteral("clicks"), QStringLiteral("queries")}),
                                group(QStringLiteral("e-orders-billing-search-clicks"), 1)}));
        QCOMPARE(proxy.rowCount(), text.trimmed() == QStringLiteral("zzz") ? 0 : int(groups.size()) + 1);
    }

    void proxySortsByRawLag()
    {
        GroupTableModel model;
        GroupFilterProxy proxy;
        proxy.setSourceModel(&model);
        // Total lags 19, 1999 and 201: text order would be 19, 1,999, 201.
        model.apply(snapshotOf({group(a, 9), group(b, 999), group(c, 100), group(d, -1)}));
        proxy.sort(GroupTableModel::TotalLag, Qt::AscendingOrder);
        QCOMPARE(
            columnValues(proxy, GroupTableModel::TotalLag),
            (QStringList{QStringLiteral("-"), QStringLiteral("19"), QStringLiteral("201"), QStringLiteral("1,999")}));
        proxy.sort(GroupTableModel::TotalLag, Qt::DescendingOrder);
        QCOMPARE(columnValues(proxy, GroupTableModel::Group), (QStringList{b, c, a, d}));
    }

    // GroupFilterProxy compares the model's sort values itself instead of through data(); the
    // order must stay the one a plain QSortFilterProxyModel gives on the same role, in every
    // column, both ways, and after an apply re-sorts the rows.
    void proxySortMatchesQt_data()
    {
        QTest::addColumn<int>("column");
        for (int c = 0; c < GroupTableModel::NB_COLUMNS; ++c)
            QTest::newRow(qPrintable(GroupTableModel().headerData(c, Qt::Horizontal).toString())) << c;
    }
    void proxySortMatchesQt()
    {
        QFETCH(int, column);
        const auto groups = [](int step) {
            GroupState unread = group(QStringLiteral("f-unread"), 7);
            unread.error = QStringLiteral("coordinator down");
            return snapshotOf(
                {group(a, 9 + step),
                 group(b, 999, {QStringLiteral("orders"), QStringLiteral("payments")}, QStringLiteral("Empty"), 0),
                 group(c, 100 - step, {QStringLiteral("clicks"), QStringLiteral("queries")},
                       QStringLiteral("PreparingRebalance"), 3),
                 group(d, -1, {}, QStringLiteral("Dead"), 0),
                 // Sorts among the lower-case ids when case is ignored.
                 group(QStringLiteral("C-upper"), 9 + step * 50), unread});
        };
        GroupTableModel model;
        GroupFilterProxy ours;
        ours.setSourceModel(&model);
        QSortFilterProxyModel qt;
        qt.setSourceModel(&model);
        qt.setSortRole(GroupTableModel::SortRole);
        qt.setSortCaseSensitivity(Qt::CaseInsensitive);
        model.apply(groups(0));
        model.apply(groups(1)); // trends of different growth
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            ours.sort(column, order);
            qt.sort(column, order);
            QCOMPARE(columnValues(ours, GroupTableModel::Group), columnValues(qt, GroupTableModel::Group));
            model.apply(groups(order == Qt::AscendingOrder ? 3 : 0));
            QCOMPARE(columnValues(ours, GroupTableModel::Group), columnValues(qt, GroupTableModel::Group));
        }
    }

    // GroupFilterProxy keeps the sort column's values per row between sorts and follows the
    // model's updates; each row is an update after which the order must still be Qt's.
    void proxySortFollowsUpdates_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QList<qint64>>("lags"); // per group of `ids` after the update, -2: absent
        const QList<qint64> before{10, 20, 30, 40, 50, 60};
        QTest::newRow("one lag changed") << int(GroupTableModel::TotalLag) << QList<qint64>{10, 20, 70, 40, 50, 60};
        QTest::newRow("two far apart changed, others not")
            << int(GroupTableModel::TotalLag) << QList<qint64>{65, 20, 30, 40, 50, 5};
        QTest::newRow("every lag changed") << int(GroupTableModel::MaxLag) << QList<qint64>{60, 50, 40, 30, 20, 10};
        QTest::newRow("groups added between") << int(GroupTableModel::TotalLag) << QList<qint64>{10, 25, 30, 5, 50, 60};
        QTest::newRow("groups removed") << int(GroupTableModel::TotalLag) << QList<qint64>{-2, 20, -2, 40, 1, -2};
        QTest::newRow("added, removed and changed")
            << int(GroupTableModel::Trend) << QList<qint64>{-2, 99, 30, 1, -2, 60};
        QTest::newRow("lag becomes unknown") << int(GroupTableModel::TotalLag) << QList<qint64>{10, -1, 30, 40, -1, 60};
        QTest::newRow("unchanged") << int(GroupTableModel::Group) << before;
    }
    void proxySortFollowsUpdates()
    {
        QFETCH(int, column);
        QFETCH(QList<qint64>, lags);
        const QStringList ids{a, QStringLiteral("b1"), b, QStringLiteral("c1"), c, d};
        // Before: every other group, so that "added" groups arrive between existing rows.
        const auto snapshot = [&ids](const QList<qint64> &perGroup, bool everyOther) {
            std::vector<GroupState> groups;
            for (int i = 0; i < ids.size(); ++i)
                if (perGroup[i] != -2 && (!everyOther || i % 2 == 0 || perGroup[i] > 0))
                    groups.push_back(group(ids[i], perGroup[i]));
            return snapshotOf(std::move(groups));
        };
        GroupTableModel model;
        GroupFilterProxy ours;
        ModelTester tester(&ours, &model);
        QSortFilterProxyModel qt;
        qt.setSourceModel(&model);
        qt.setSortRole(GroupTableModel::SortRole);
        qt.setSortCaseSensitivity(Qt::CaseInsensitive);
        model.apply(snapshot({10, 0, 30, 0, 50, 60}, true));
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            ours.sort(column, order);
            qt.sort(column, order);
            model.apply(snapshot({10, 20, 30, 40, 50, 60}, false));
            QCOMPARE(columnValues(ours, GroupTableModel::Group), columnValues(qt, GroupTableModel::Group));
            model.apply(snapshot(lags, false));
            QCOMPARE(columnValues(ours, GroupTableModel::Group), columnValues(qt, GroupTableModel::Group));
        }
    }

    // The model lists a group's topics itself (one per run of partitions, as a snapshot sorts
    // them); they must be GroupState::topics().
    void topicsAreTheGroupsTopics_data()
    {
        QTest::addColumn<QStringList>("topics");
        QTest::newRow("one") << QStringList{QStringLiteral("orders")};
        QTest::newRow("two") << QStringList{QStringLiteral("clicks"), QStringLiteral("queries")};
        QTest::newRow("three") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        QTest::newRow("none") << QStringList{};
    }
    void topicsAreTheGroupsTopics()
    {
        QFETCH(QStringList, topics);
        const GroupState g = group(a, 1, topics);
        GroupTableModel model;
        for (int i = 0; i < 2; ++i) { // the second apply reuses the shown list
            model.apply(snapshotOf({g}));
            QCOMPARE(model.index(0, GroupTableModel::Group).data(GroupTableModel::TopicsRole).toStringList(),
                     g.topics());
        }
        // The filter finds the group by its last topic too.
        GroupFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterText(topics.isEmpty() ? QStringLiteral("zzz") : topics.last().toUpper());
        QCOMPARE(proxy.rowCount(), topics.isEmpty() ? 0 : 1);
    }

    // Rows are matched to the snapshot's groups by one walk when both are sorted by id; a
    // snapshot in another order must still carry every trend over.
    void trendCarriesOverInAnyGroupOrder()
    {
        GroupTableModel model;
        model.apply(snapshotOf({group(a, 1), group(b, 2), group(c, 3)}));
        auto reversed = std::make_shared<ClusterSnapshot>();
        reversed->cluster = QStringLiteral("dc1");
        reversed->groups = {group(c, 30), group(b, 20), group(a, 10)};
        model.apply(reversed);
        QCOMPARE(columnValues(model, GroupTableModel::Group), (QStringList{a, b, c}));
        QCOMPARE(trendOf(model, 0), (QList<qint64>{3, 21}));
        QCOMPARE(trendOf(model, 1), (QList<qint64>{5, 41}));
        QCOMPARE(trendOf(model, 2), (QList<qint64>{7, 61}));
    }

    void stateColours()
    {
        GroupTableModel model;
        model.apply(snapshotOf({group(a, 1, {}, QStringLiteral("Stable")), group(b, 1, {}, QStringLiteral("Dead")),
                                group(c, 1, {}, QStringLiteral("PreparingRebalance"))}));
        QVERIFY(!model.index(0, GroupTableModel::State).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(1, GroupTableModel::State).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(2, GroupTableModel::State).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(1, GroupTableModel::State).data(Qt::ForegroundRole)
                != model.index(2, GroupTableModel::State).data(Qt::ForegroundRole));
        QCOMPARE(model.headerData(GroupTableModel::MaxLag, Qt::Horizontal).toString(), QStringLiteral("Max lag"));
    }

    void sparklinePaintsInHighlightColour()
    {
        GroupTableModel model;
        for (const int lag : {5, 50, 20, 80, 10})
            model.apply(snapshotOf({group(a, lag), group(b, -1)}));
        QCOMPARE(trendOf(model, 0).size(), 5);

        QTableView view;
        QPalette palette = view.palette();
        const QColor highlight(0x00, 0x80, 0xff);
        palette.setColor(QPalette::Highlight, highlight);
        palette.setColor(QPalette::Base, Qt::white);
        view.setPalette(palette);
        view.setModel(&model);
        SparklineDelegate delegate(GroupTableModel::TrendRole);
        view.setItemDelegateForColumn(GroupTableModel::Trend, &delegate);
        view.verticalHeader()->setDefaultSectionSize(28);
        view.setColumnWidth(GroupTableModel::Trend, 120);
        view.resize(1600, 200); // wide enough for every column up to Trend
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        const auto highlightPixels = [&](int row) {
            const QRect rect = view.visualRect(model.index(row, GroupTableModel::Trend));
            const QImage image = view.viewport()->grab(rect).toImage();
            int count = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor px = image.pixelColor(x, y);
                    if (qAbs(px.red() - highlight.red()) < 24 && qAbs(px.green() - highlight.green()) < 24
                        && qAbs(px.blue() - highlight.blue()) < 24)
                        ++count;
                }
            return count;
        };
        QVERIFY2(highlightPixels(0) > 20, "the sparkline of a group with a lag history is painted");
        QCOMPARE(highlightPixels(1), 0); // unknown lag: no history, nothing painted
        QCOMPARE(delegate.sizeHint(QStyleOptionViewItem(), model.index(0, GroupTableModel::Trend)).width() >= 80, true);
    }
};

QTEST_MAIN(TestGroupModel)
#include "tst_groupmodel.moc"
