// The --members / --state / --offsets tables with and without --verbose, against what
// kafka-consumer-groups.sh prints (its ConsumerGroupCommand as of Kafka 4.3).
#include "TableRows.h"
#include "monitor/DescribeViews.h"

#include <QTest>

using namespace lagscope;

namespace {

const TopicPartition t0{QStringLiteral("t"), 0}, t1{QStringLiteral("t"), 1}, t2{QStringLiteral("t"), 2};

GroupMember member(const QString &id, std::vector<TopicPartition> parts)
{
    return groupMember(id, id + QStringLiteral("-c"), QStringLiteral("/h"), std::move(parts));
}

// A KIP-848 member: epochs, a target assignment and its protocol.
GroupMember consumerMember(const QString &id, std::vector<TopicPartition> parts, std::vector<TopicPartition> target,
                           bool upgraded)
{
    GroupMember m = member(id, std::move(parts));
    m.memberEpoch = 7;
    m.targetAssignment = std::move(target);
    m.upgraded = upgraded;
    return m;
}

GroupLag group(std::vector<GroupMember> members, std::optional<int> epoch = std::nullopt)
{
    GroupLag g;
    g.description.groupId = QStringLiteral("g");
    g.description.state = QStringLiteral("Stable");
    g.description.partitionAssignor = QStringLiteral("uniform");
    g.description.coordinatorId = 2;
    g.description.coordinatorHost = QStringLiteral("k2");
    g.description.coordinatorPort = 9092;
    g.description.groupEpoch = epoch;
    g.description.targetAssignmentEpoch = epoch;
    g.description.members = std::move(members);
    return g;
}

DescribeOptions options(DescribeView view, bool verbose) { return DescribeOptions{view, verbose}; }

QStringList joined(const std::vector<QStringList> &rows)
{
    QStringList out;
    for (const auto &r : rows)
        out << r.join(QLatin1Char(' '));
    return out;
}

} // namespace

class TestDescribeViews final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void assignment_data()
    {
        test::addColumns<std::vector<TopicPartition>, QString>("partitions", "expected");
        QTest::newRow("none") << std::vector<TopicPartition>{} << QString();
        QTest::newRow("partitions sorted as numbers")
            << std::vector<TopicPartition>{{QStringLiteral("t"), 10}, t2, t0} << QStringLiteral("t:0,2,10");
        // The tool sorts the "topic:partitions" strings: '-' (0x2d) sorts before ':' (0x3a).
        QTest::newRow("parts sorted as strings, not by topic")
            << std::vector<TopicPartition>{{QStringLiteral("a"), 0},
                                           {QStringLiteral("a-b"), 1},
                                           {QStringLiteral("B"), 3}}
            << QStringLiteral("B:3;a-b:1;a:0");
    }

    void assignment()
    {
        QFETCH(std::vector<TopicPartition>, partitions);
        QFETCH(QString, expected);
        QCOMPARE(assignmentText(partitions), expected);
    }

    // Columns that come and go per group in the tool's --members table; CSV always has all.
    void tableColumns_data()
    {
        test::addColumns<GroupLag, bool, QStringList>("group", "verbose", "expected");
        const GroupMember staticMember = [] {
            GroupMember m = member(QStringLiteral("s"), {t0});
            m.groupInstanceId = QStringLiteral("instance-1");
            return m;
        }();
        QTest::newRow("dynamic members") << group({member(QStringLiteral("m"), {t0})}) << false
                                         << QStringList{QStringLiteral("GROUP"), QStringLiteral("CONSUMER-ID"),
                                                        QStringLiteral("HOST"), QStringLiteral("CLIENT-ID"),
                                                        QStringLiteral("#PARTITIONS")};
        QTest::newRow("a static member adds GROUP-INSTANCE-ID")
            << group({member(QStringLiteral("m"), {t1}), staticMember}) << false
            << QStringList{QStringLiteral("GROUP"), QStringLiteral("CONSUMER-ID"), QStringLiteral("GROUP-INSTANCE-ID"),
                           QStringLiteral("HOST"),  QStringLiteral("CLIENT-ID"),   QStringLiteral("#PARTITIONS")};
        const QStringList verboseColumns{QStringLiteral("GROUP"),
                                         QStringLiteral("CONSUMER-ID"),
                                         QStringLiteral("HOST"),
                                         QStringLiteral("CLIENT-ID"),
                                         QStringLiteral("#PARTITIONS"),
                                         QStringLiteral("CURRENT-EPOCH"),
                                         QStringLiteral("CURRENT-ASSIGNMENT"),
                                         QStringLiteral("TARGET-EPOCH"),
                                         QStringLiteral("TARGET-ASSIGNMENT")};
        QTest::newRow("verbose, consumer members only: no UPGRADED")
            << group({consumerMember(QStringLiteral("a"), {t0}, {t0}, true)}, 3) << true << verboseColumns;
        QTest::newRow("verbose, classic group: no UPGRADED")
            << group({member(QStringLiteral("m"), {t0})}) << true << verboseColumns;
        QTest::newRow("verbose, classic and consumer members: UPGRADED")
            << group({consumerMember(QStringLiteral("a"), {t0}, {t0}, true),
                      consumerMember(QStringLiteral("b"), {t1}, {t1}, false)},
                     3)
            << true << (QStringList(verboseColumns) << QStringLiteral("UPGRADED"));
    }

    void tableColumns()
    {
        QFETCH(GroupLag, group);
        QFETCH(bool, verbose);
        QFETCH(QStringList, expected);
        QCOMPARE(describeTableColumns(options(DescribeView::Members, verbose), group), expected);
        QCOMPARE(describeColumns(options(DescribeView::Members, verbose)).size(), verbose ? 11 : 6);
    }

    void cells_data()
    {
        test::addColumns<DescribeOptions, GroupLag, QStringList>("options", "group", "expected");
        QTest::newRow("--members --verbose, classic: epochs '-', assignment shown, no target")
            << options(DescribeView::Members, true) << group({member(QStringLiteral("m"), {t1, t0})})
            << QStringList{QStringLiteral("g m /h m-c 2 - t:0,1 - -")};
        QTest::newRow("--members --verbose, mixed group: the group's target epoch on every member")
            << options(DescribeView::Members, true)
            << group({consumerMember(QStringLiteral("a"), {t0}, {t0, t2}, true),
                      consumerMember(QStringLiteral("b"), {}, {t1}, false)},
                     9)
            << QStringList{QStringLiteral("g a /h a-c 1 7 t:0 9 t:0,2 true"),
                           QStringLiteral("g b /h b-c 0 7 - 9 t:1 false")};
        QTest::newRow("--members, a dynamic member beside a static one: its instance id is blank, not '-'") << options(
            DescribeView::Members,
            false) << group({member(QStringLiteral("m"), {t0}), [] {
                                 GroupMember m = member(QStringLiteral("s"), {t1});
                                 m.groupInstanceId = QStringLiteral("i-1");
                                 return m;
                             }()}) << QStringList{QStringLiteral("g m  /h m-c 1"), QStringLiteral("g s i-1 /h s-c 1")};
        QTest::newRow("--members --verbose, mixed group, a member of unknown protocol; a static member that left (-2)")
            << options(DescribeView::Members, true)
            << group({consumerMember(QStringLiteral("a"), {t0}, {t0}, true),
                      consumerMember(QStringLiteral("b"), {t1}, {t1}, false),
                      [] {
                          GroupMember m = consumerMember(QStringLiteral("c"), {t2}, {t2}, true);
                          m.upgraded.reset();
                          m.memberEpoch = -2;
                          return m;
                      }()},
                     9)
            << QStringList{QStringLiteral("g a /h a-c 1 7 t:0 9 t:0 true"),
                           QStringLiteral("g b /h b-c 1 7 t:1 9 t:1 false"),
                           QStringLiteral("g c /h c-c 1 -2 t:2 9 t:2 -")};
        QTest::newRow("--state --verbose, consumer group")
            << options(DescribeView::State, true) << group({}, 4)
            << QStringList{QStringLiteral("g k2:9092  (2) uniform Stable 4 4 0")};
        QTest::newRow("--state --verbose, classic group")
            << options(DescribeView::State, true) << group({member(QStringLiteral("m"), {})})
            << QStringList{QStringLiteral("g k2:9092  (2) uniform Stable - - 1")};
        QTest::newRow("--state") << options(DescribeView::State, false) << group({})
                                 << QStringList{QStringLiteral("g k2:9092  (2) uniform Stable 0")};
    }

    void cells()
    {
        QFETCH(DescribeOptions, options);
        QFETCH(GroupLag, group);
        QFETCH(QStringList, expected);
        const QStringList columns = describeTableColumns(options, group);
        QCOMPARE(joined(describeCells(options, group, columns, QStringLiteral("-"))), expected);
    }

    // CSV has every column of the view, whatever the group, with empty fields for what is absent.
    void csvCells()
    {
        const DescribeOptions verbose = options(DescribeView::Members, true);
        const GroupLag classic = group({member(QStringLiteral("m"), {t0})});
        QCOMPARE(describeCells(verbose, classic, describeColumns(verbose), QString()).front().join(QLatin1Char(',')),
                 QStringLiteral("g,m,,/h,m-c,1,,t:0,,,"));
        const DescribeOptions state = options(DescribeView::State, true);
        QCOMPARE(describeCells(state, group({}, 4), describeColumns(state), QString()).front().join(QLatin1Char(',')),
                 QStringLiteral("g,k2:9092  (2),uniform,Stable,4,4,0"));
    }

    // LEADER-EPOCH is the epoch stored with the commit: "-" without one, or without a commit.
    void leaderEpochs()
    {
        GroupLag g = group({});
        g.leaderEpochs = {{t0, 3}, {t2, 5}};
        const auto row = [](const TopicPartition &tp, std::optional<std::int64_t> committed) {
            DescribeRow r;
            r.group = QStringLiteral("g");
            r.partition = tp;
            r.committed = committed;
            r.logEnd = 10;
            r.lag = committed ? std::optional<std::int64_t>(10 - *committed) : std::nullopt;
            return r;
        };
        g.rows = {row(t0, 4), row(t1, 6), row(t2, std::nullopt)};
        const DescribeOptions verbose = options(DescribeView::Offsets, true);
        QCOMPARE(joined(describeCells(verbose, g, describeTableColumns(verbose, g), QStringLiteral("-"))),
                 (QStringList{QStringLiteral("g t 0 3 4 10 6 - - -"), QStringLiteral("g t 1 - 6 10 4 - - -"),
                              QStringLiteral("g t 2 - - 10 - - - -")}));
        const DescribeOptions plain = options(DescribeView::Offsets, false);
        QCOMPARE(joined(describeCells(plain, g, describeColumns(plain), QString())).first(),
                 QStringLiteral("g t 0 4 10 6   "));
    }
};

QTEST_APPLESS_MAIN(TestDescribeViews)
#include "tst_describeviews.moc"
