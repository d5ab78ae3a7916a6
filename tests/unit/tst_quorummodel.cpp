// QuorumTableModel: the controller quorum's voters and observers under
// QAbstractItemModelTester, each column's text and sort value, health colours, ages by the
// leader's clock, and incremental updates from poll to poll.
#include "models/QuorumTableModel.h"
#include "models/StatusColors.h"

#include "ModelChecks.h"
#include "ModelSpies.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// The leader's clock in these tests: every age is counted back from it.
constexpr qint64 kClock = 1'700'000'000'000;

QuorumReplica replica(int id, qint64 logEnd, qint64 fetchAgoMs, qint64 caughtUpAgoMs)
{
    return QuorumReplica{id, QString(), logEnd, fetchAgoMs < 0 ? -1 : kClock - fetchAgoMs,
                         caughtUpAgoMs < 0 ? -1 : kClock - caughtUpAgoMs};
}

// Voters 1 (leader), 2 (caught up), 3 (lost: no fetch for 12 s); observers 4 and 5 (never
// fetched, as far as this leader knows).
QuorumInfo quorum()
{
    QuorumInfo q;
    q.leaderId = 1;
    q.leaderEpoch = 9;
    q.highWatermark = 12'345;
    q.voters = {replica(1, 12'345, 0, 0), replica(2, 12'340, 200, 300), replica(3, 9'000, 12'000, 12'000)};
    q.observers = {replica(5, 12'300, 400, 400), replica(4, -1, -1, -1)};
    return q;
}

SnapshotPtr snapshotOf(std::optional<QuorumInfo> q, const QString &error = {})
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QStringLiteral("dc1");
    s->reachable = true;
    s->quorum = std::move(q);
    s->quorumError = error;
    return s;
}

QString cellText(const QuorumTableModel &model, int row, int column)
{
    return model.index(row, column).data().toString();
}

} // namespace

class TestQuorumModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void rowsOfAQuorum()
    {
        QuorumTableModel model;
        ModelTester tester(&model);
        model.apply(snapshotOf(quorum()));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(QuorumTableModel::NB_COLUMNS));
        // Voters first, then observers, each by id.
        QCOMPARE(columnValues<int>(model, QuorumTableModel::Id, QuorumTableModel::SortRole),
                 (QList<int>{1, 2, 3, 4, 5}));
        QCOMPARE(columnValues(model, QuorumTableModel::Role),
                 (QStringList{QStringLiteral("Leader"), QStringLiteral("Follower"), QStringLiteral("Follower"),
                              QStringLiteral("Observer"), QStringLiteral("Observer")}));
        QCOMPARE(columnValues(model, QuorumTableModel::Health),
                 (QStringList{QStringLiteral("Caught up"), QStringLiteral("Caught up"), QStringLiteral("Lost"),
                              QString(), QString()}));
        QCOMPARE(columnValues(model, QuorumTableModel::LogEndOffset),
                 (QStringList{QStringLiteral("12,345"), QStringLiteral("12,340"), QStringLiteral("9,000"),
                              QStringLiteral("-"), QStringLiteral("12,300")}));
        QCOMPARE(columnValues(model, QuorumTableModel::Lag),
                 (QStringList{QStringLiteral("0"), QStringLiteral("5"), QStringLiteral("3,345"), QStringLiteral("-"),
                              QStringLiteral("45")}));
        QCOMPARE(columnValues(model, QuorumTableModel::LastFetch),
                 (QStringList{QStringLiteral("0 s ago"), QStringLiteral("0 s ago"), QStringLiteral("12 s ago"),
                              QStringLiteral("-"), QStringLiteral("0 s ago")}));
        QCOMPARE(columnValues(model, QuorumTableModel::LastCaughtUp),
                 (QStringList{QStringLiteral("0 s ago"), QStringLiteral("0 s ago"), QStringLiteral("12 s ago"),
                              QStringLiteral("-"), QStringLiteral("0 s ago")}));
        // The reasons are QuorumHealth's; observers have none, as they have no health.
        QCOMPARE(cellText(model, 0, QuorumTableModel::Reason), QStringLiteral("leader"));
        QCOMPARE(cellText(model, 2, QuorumTableModel::Reason), QStringLiteral("no fetch for 12 s"));
        QCOMPARE(cellText(model, 3, QuorumTableModel::Reason), QString());
        QCOMPARE(model.index(2, QuorumTableModel::Health).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("no fetch for 12 s"));
    }

    void healthColours()
    {
        QuorumTableModel model;
        QuorumInfo q = quorum();
        q.voters[1].lastCaughtUpMs = kClock - 9000; // fetching, but behind for 9 s: lagging
        model.apply(snapshotOf(q));
        const auto colour = [&](int row) {
            return model.index(row, QuorumTableModel::Health).data(Qt::ForegroundRole);
        };
        QCOMPARE(cellText(model, 1, QuorumTableModel::Health), QStringLiteral("Lagging"));
        QCOMPARE(colour(0).value<QColor>(), statusForeground(StatusTone::Good));
        QCOMPARE(colour(1).value<QColor>(), statusForeground(StatusTone::Warning));
        QCOMPARE(colour(2).value<QColor>(), statusForeground(StatusTone::Error));
        QVERIFY(!colour(3).isValid()); // observers: the view's own colour
    }

    void sortValues_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sortValue");
        QTest::newRow("id") << int(QuorumTableModel::Id) << QStringLiteral("3") << QVariant(3);
        QTest::newRow("role") << int(QuorumTableModel::Role) << QStringLiteral("Follower")
                              << QVariant(int(QuorumTableRow::Role::Follower));
        QTest::newRow("health") << int(QuorumTableModel::Health) << QStringLiteral("Lost")
                                << QVariant(int(VoterHealth::Lost));
        QTest::newRow("log end") << int(QuorumTableModel::LogEndOffset) << QStringLiteral("9,000")
                                 << QVariant(qint64(9000));
        QTest::newRow("lag") << int(QuorumTableModel::Lag) << QStringLiteral("3,345") << QVariant(qint64(3345));
        QTest::newRow("last fetch") << int(QuorumTableModel::LastFetch) << QStringLiteral("12 s ago")
                                    << QVariant(qint64(12000));
    }

    void sortValues()
    {
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QVariant, sortValue);
        QuorumTableModel model;
        model.apply(snapshotOf(quorum()));
        compareCell(model.index(2, column), QuorumTableModel::SortRole, text, sortValue);
    }

    void noLeaderJudgesNoVoter()
    {
        QuorumTableModel model;
        ModelTester tester(&model);
        QuorumInfo q = quorum();
        q.leaderId = -1;
        model.apply(snapshotOf(q));
        QCOMPARE(columnValues(model, QuorumTableModel::Role).count(QStringLiteral("Leader")), 0);
        QCOMPARE(columnValues(model, QuorumTableModel::Health), QStringList(5, QString()));
        QCOMPARE(columnValues(model, QuorumTableModel::Reason), QStringList(5, QString()));
    }

    void noQuorumNoRows()
    {
        QuorumTableModel model;
        ModelTester tester(&model);
        model.apply(snapshotOf(quorum()));
        model.apply(snapshotOf(std::nullopt, QStringLiteral("DescribeQuorum (KIP-595) not supported by broker 1")));
        QCOMPARE(model.rowCount(), 0);
    }

    void nextPollUpdatesRows()
    {
        QuorumTableModel model;
        ModelTester tester(&model);
        model.apply(snapshotOf(quorum()));
        ModelSpies spies(&model);
        // Voter 3 fetches again and catches up; the leader moves to voter 2.
        QuorumInfo q = quorum();
        q.voters[2] = replica(3, 12'345, 100, 100);
        q.leaderId = 2;
        model.apply(snapshotOf(q));
        QCOMPARE(spies.inserted.size() + spies.removed.size() + spies.reset.size(), qsizetype(0));
        QVERIFY(spies.dataChanged.size() > 0);
        QCOMPARE(columnValues(model, QuorumTableModel::Role).mid(0, 3),
                 (QStringList{QStringLiteral("Follower"), QStringLiteral("Leader"), QStringLiteral("Follower")}));
        QCOMPARE(cellText(model, 2, QuorumTableModel::Health), QStringLiteral("Caught up"));
    }

    void ages_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("unknown") << qint64(-1) << QStringLiteral("-");
        QTest::newRow("now") << qint64(0) << QStringLiteral("0 s ago");
        QTest::newRow("seconds") << qint64(3400) << QStringLiteral("3 s ago");
        QTest::newRow("a minute") << qint64(60'000) << QStringLiteral("1 min ago");
        QTest::newRow("hours") << qint64(2 * 3600'000 + 5) << QStringLiteral("2 h ago");
    }

    void ages()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(QuorumTableModel::ageText(ms), text);
    }
};

QTEST_MAIN(TestQuorumModel)
#include "tst_quorummodel.moc"
