// describeRows against the rules of kafka-consumer-groups.sh --describe (docs/RESET-SEMANTICS.md, --describe).
#include "TableRows.h"
#include "monitor/DescribeRows.h"

#include <QTest>

using namespace lagscope;

namespace {

// Compact row form for comparisons: topic-partition|committed|logEnd|lag|member
QString compact(const DescribeRow &r)
{
    auto n = [](const std::optional<std::int64_t> &v) { return v ? QString::number(*v) : QStringLiteral("-"); };
    return QStringLiteral("%1|%2|%3|%4|%5")
        .arg(r.partition.toString(), n(r.committed), n(r.logEnd), n(r.lag),
             r.memberId.isEmpty() ? QStringLiteral("-") : r.memberId);
}

GroupMember member(const QString &id, std::vector<TopicPartition> parts)
{
    return groupMember(id, id + QStringLiteral("-client"), QStringLiteral("/127.0.0.1"), std::move(parts));
}

const TopicPartition t0{QStringLiteral("t"), 0}, t1{QStringLiteral("t"), 1}, t2{QStringLiteral("t"), 2},
    u0{QStringLiteral("u"), 0};

} // namespace

class TestDescribeRows final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rows_data()
    {
        test::addColumns<std::vector<GroupMember>, CommittedOffsets, LogOffsets, QStringList>("members", "committed",
                                                                                              "logEnd", "expected");

        QTest::newRow("empty group: committed partitions only, no owner")
            << std::vector<GroupMember>{} << CommittedOffsets{{t0, 5}, {t1, 7}} << LogOffsets{{t0, 10}, {t1, 7}}
            << QStringList{QStringLiteral("t-0|5|10|5|-"), QStringLiteral("t-1|7|7|0|-")};
        QTest::newRow("assigned without commit: current and lag are '-'")
            << std::vector<GroupMember>{member(QStringLiteral("m1"), {t0})} << CommittedOffsets{}
            << LogOffsets{{t0, 10}} << QStringList{QStringLiteral("t-0|-|10|-|m1")};
        QTest::newRow("unknown log end: lag is '-'") << std::vector<GroupMember>{} << CommittedOffsets{{t0, 3}}
                                                     << LogOffsets{} << QStringList{QStringLiteral("t-0|3|-|-|-")};
        QTest::newRow("members by assignment size, then unowned commits")
            << std::vector<GroupMember>{member(QStringLiteral("small"), {u0}), member(QStringLiteral("big"), {t1, t0})}
            << CommittedOffsets{{t0, 1}, {t1, 2}, {t2, 3}, {u0, 4}}
            << LogOffsets{{t0, 10}, {t1, 10}, {t2, 10}, {u0, 10}}
            << QStringList{QStringLiteral("t-0|1|10|9|big"), QStringLiteral("t-1|2|10|8|big"),
                           QStringLiteral("u-0|4|10|6|small"), QStringLiteral("t-2|3|10|7|-")};
        QTest::newRow("member with empty assignment is not listed")
            << std::vector<GroupMember>{member(QStringLiteral("idle"), {})} << CommittedOffsets{{t0, 0}}
            << LogOffsets{{t0, 0}} << QStringList{QStringLiteral("t-0|0|0|0|-")};
        QTest::newRow("negative committed (-1) counts as none")
            << std::vector<GroupMember>{member(QStringLiteral("m"), {t0})} << CommittedOffsets{{t0, -1}}
            << LogOffsets{{t0, 4}} << QStringList{QStringLiteral("t-0|-|4|-|m")};
    }

    void rows()
    {
        QFETCH(std::vector<GroupMember>, members);
        QFETCH(CommittedOffsets, committed);
        QFETCH(LogOffsets, logEnd);
        QFETCH(QStringList, expected);
        GroupDescription group;
        group.groupId = QStringLiteral("g");
        group.members = members;
        QStringList actual;
        for (const auto &r : describeRows(group, committed, logEnd)) {
            QCOMPARE(r.group, QStringLiteral("g"));
            actual << compact(r);
        }
        QCOMPARE(actual, expected);
    }

    void ownerDetailsCopied()
    {
        GroupDescription group;
        group.groupId = QStringLiteral("g");
        group.members = {member(QStringLiteral("m1"), {t0})};
        const auto rows = describeRows(group, {{t0, 1}}, {{t0, 2}});
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].clientId, QStringLiteral("m1-client"));
        QCOMPARE(rows[0].host, QStringLiteral("/127.0.0.1"));
    }
};

QTEST_GUILESS_MAIN(TestDescribeRows)
#include "tst_describerows.moc"
