// The split-brain badge and orphaned offsets in the widgets: a group that the detector finds
// consumed on both sides of primary->dr, and one with commits of a deleted topic and of a topic
// its members no longer read, in the groups table (badge colour, tooltip, row tint) and on the
// group page (badge text, the "Delete orphaned offsets…" button and the topics it asks for, the
// orphaned rows of the partition table). Saves screenshots of both.
#include "GuiTestUtil.h"
#include "models/GroupTableModel.h"
#include "models/PartitionLagModel.h"
#include "models/StatusColors.h"
#include "monitor/OrphanedOffsets.h"
#include "monitor/SnapshotBuilder.h"
#include "monitor/SplitBrain.h"
#include "pages/GroupDetailPage.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace lagscope;
using lagscope::test::saveScreenshot;

namespace {

const QDateTime kT0 = QDateTime::fromMSecsSinceEpoch(1'750'000'000'000, Qt::UTC);

GroupDescription described(const QString &id, const QString &state, std::vector<GroupMember> members)
{
    GroupDescription d;
    d.groupId = id;
    d.state = state;
    d.members = std::move(members);
    return d;
}

// primary: "billing" consumes orders (also on dr: the split brain); "reports" consumes
// orders but still has commits of "old-events" (unassigned) and "gone" (deleted).
SnapshotPtr primary()
{
    PollResult r;
    r.metadata.brokers.push_back({1, QStringLiteral("b1"), 9092, {}});
    for (const char *name : {"old-events", "orders"}) {
        TopicInfo t;
        t.name = QString::fromLatin1(name);
        for (int p = 0; p < 2; ++p) {
            t.partitions.push_back(PartitionInfo{p, 1, {1}, {1}, {}});
            r.logEnd[{t.name, p}] = 500;
        }
        r.metadata.topics.push_back(t);
    }
    const TopicPartition o0{QStringLiteral("orders"), 0}, o1{QStringLiteral("orders"), 1};
    r.groups.push_back(described(
        QStringLiteral("billing"), QStringLiteral("Stable"),
        {groupMember(QStringLiteral("m1"), QStringLiteral("billing-1"), QStringLiteral("/10.1.0.7"), {o0, o1})}));
    r.groups.push_back(described(
        QStringLiteral("reports"), QStringLiteral("Stable"),
        {groupMember(QStringLiteral("m2"), QStringLiteral("reports-1"), QStringLiteral("/10.1.0.9"), {o0, o1})}));
    r.committed[QStringLiteral("billing")] = {{o0, 490}, {o1, 495}};
    r.committed[QStringLiteral("reports")] = {{o0, 480},
                                              {o1, 470},
                                              {{QStringLiteral("old-events"), 0}, 120},
                                              {{QStringLiteral("old-events"), 1}, 130},
                                              {{QStringLiteral("gone"), 0}, 42}};
    return std::make_shared<const ClusterSnapshot>(buildSnapshot(QStringLiteral("primary"), r, {}, kT0, 10));
}

SnapshotPtr dr()
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QStringLiteral("dr");
    s->reachable = true;
    s->takenAt = kT0;
    GroupState g;
    g.groupId = QStringLiteral("billing");
    g.state = QStringLiteral("Stable");
    g.members.push_back(groupMember(QStringLiteral("m9"), QStringLiteral("billing-dr"), QStringLiteral("/10.2.0.3"),
                                    {{QStringLiteral("primary.orders"), 0}}));
    s->groups.push_back(g);
    return s;
}

} // namespace

class TestSplitBrainBadges final : public QObject {
    Q_OBJECT

private:
    SnapshotPtr m_primary = primary();
    std::vector<SplitBrain> m_found;

private Q_SLOTS:
    void initTestCase()
    {
        ReplicationFlowConfig flow{
            QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr"), {}};
        m_found = findSplitBrains({flow}, {{QStringLiteral("primary"), m_primary}, {QStringLiteral("dr"), dr()}}, {});
        QCOMPARE(m_found.size(), size_t(1));
        QCOMPARE(m_found.front().group, QStringLiteral("billing"));
    }

    void groupsTable()
    {
        GroupTableModel model;
        model.apply(m_primary);
        model.setSplitBrains({{QStringLiteral("billing"), m_found.front().describe()}});
        QTableView view;
        view.setModel(&model);
        view.resize(1100, 160);
        view.horizontalHeader()->resizeSection(GroupTableModel::Group, 160);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int billing = test::findRow(&model, QStringLiteral("Group"), QStringLiteral("billing"));
        const int reports = test::findRow(&model, QStringLiteral("Group"), QStringLiteral("reports"));
        QVERIFY(billing >= 0 && reports >= 0);
        const QModelIndex b = model.index(billing, GroupTableModel::Group);
        const QModelIndex r = model.index(reports, GroupTableModel::Group);
        QCOMPARE(b.data(Qt::DecorationRole).value<QColor>(), statusForeground(StatusTone::Error));
        QCOMPARE(b.data(Qt::BackgroundRole).value<QColor>(), statusBackground(StatusTone::Error));
        QVERIFY(b.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Split brain: consumed on both sides")));
        QCOMPARE(r.data(Qt::DecorationRole).value<QColor>(), statusForeground(StatusTone::Warning));
        QVERIFY(r.data(Qt::ToolTipRole).toString().contains(QStringLiteral("gone, old-events")));
        QCOMPARE(b.data(Qt::DisplayRole).toString(), QStringLiteral("billing")); // the id stays the id
        // The badge goes when the split brain ends.
        model.setSplitBrains({});
        QVERIFY(!b.data(Qt::DecorationRole).isValid());
        model.setSplitBrains({{QStringLiteral("billing"), m_found.front().describe()}});
        saveScreenshot(&view, QStringLiteral("splitbrain-groups-table"));
    }

    void groupPage()
    {
        for (const QString &group : {QStringLiteral("billing"), QStringLiteral("reports")}) {
            GroupDetailPage page(nullptr);
            page.resize(1280, 720);
            page.showGroup(QStringLiteral("primary"), m_primary, group);
            if (group == QLatin1String("billing"))
                page.setSplitBrains({m_found.front().describe()});
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            auto *badges = page.findChild<QLabel *>(QStringLiteral("groupBadges"));
            auto *cleanup = page.findChild<QPushButton *>(QStringLiteral("deleteOrphansButton"));
            QVERIFY(badges && cleanup);
            QVERIFY(badges->isVisible());
            if (group == QLatin1String("billing")) {
                QVERIFY(badges->text().contains(QStringLiteral("SPLIT BRAIN")));
                QVERIFY(badges->text().contains(QStringLiteral("billing-dr (/10.2.0.3)")));
                QVERIFY(!badges->text().contains(QStringLiteral("ORPHANED")));
                QVERIFY(!cleanup->isVisible());
            } else {
                QVERIFY(badges->text().contains(QStringLiteral("ORPHANED OFFSETS")));
                QVERIFY(badges->text().contains(QStringLiteral("gone-0")));
                QVERIFY(badges->text().contains(QStringLiteral("old-events-1")));
                QVERIFY(cleanup->isVisible() && cleanup->isEnabled());
                QSignalSpy asked(&page, &GroupDetailPage::deleteOrphansRequested);
                QTest::mouseClick(cleanup, Qt::LeftButton);
                QCOMPARE(asked.size(), 1);
                QCOMPARE(asked.front().at(1).toString(), QStringLiteral("reports"));
                QCOMPARE(asked.front().at(2).toStringList(),
                         (QStringList{QStringLiteral("gone"), QStringLiteral("old-events")}));
                // The partition table tints the orphaned rows' topic cells.
                auto *table = page.findChild<QTableView *>(QStringLiteral("partitionTable"));
                QVERIFY(table);
                int tinted = 0;
                for (int row = 0; row < table->model()->rowCount(); ++row)
                    tinted += table->model()->index(row, PartitionLagModel::Topic).data(Qt::BackgroundRole).isValid();
                QCOMPARE(tinted, 3);
                // Read-only: the cleanup is refused like every write.
                page.setWriteRefusal(QStringLiteral("read-only"), QStringLiteral("primary is read-only"));
                QVERIFY(!cleanup->isEnabled());
                QCOMPARE(cleanup->toolTip(), QStringLiteral("primary is read-only"));
                page.setWriteRefusal({}, {});
            }
            saveScreenshot(&page, QStringLiteral("splitbrain-group-page-") + group);
        }
    }
};

QTEST_MAIN(TestSplitBrainBadges)
#include "tst_splitbrainbadges.moc"
