#pragma once
// The cluster, specs and scopes shared by the reset planner's test executables: the planner
// itself (tst_resetplanner) and what it needs gathered first (tst_resetinputs).

#include "actions/ResetPlanner.h"

#include <QMetaType>
#include <QStringList>

#include <map>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(lagscope::ResetSpec)
Q_DECLARE_METATYPE(lagscope::ResetScope)

namespace lagscope::test {

using Offsets = std::map<TopicPartition, qint64>;

inline QString s(const char *text) { return QString::fromUtf8(text); }

inline TopicPartition tp(const char *topic, int partition) { return TopicPartition{s(topic), partition}; }

// The cluster every row plans against:
//   topic     partition  log start  log end  committed (billing)  first offset at T
//   audit     0          0          7        9 (beyond the end)   3
//   orders    0          0          500      200                  320
//   orders    1          100        300      150                  none (-1)
//   orders    2          0          0        -                    none (-1)
//   payments  0          10         50       40                   12
//   payments  1          0          20       -                    5
inline constexpr qint64 kT = 1714564800000;

inline ResetInputs cluster()
{
    ResetInputs in;
    in.group = s("billing");
    in.topicPartitions = {{s("audit"), {0}}, {s("orders"), {0, 1, 2}}, {s("payments"), {0, 1}}};
    in.logStart = {{tp("audit", 0), 0},  {tp("orders", 0), 0},    {tp("orders", 1), 100},
                   {tp("orders", 2), 0}, {tp("payments", 0), 10}, {tp("payments", 1), 0}};
    in.logEnd = {{tp("audit", 0), 7},  {tp("orders", 0), 500},  {tp("orders", 1), 300},
                 {tp("orders", 2), 0}, {tp("payments", 0), 50}, {tp("payments", 1), 20}};
    in.committed = {{tp("audit", 0), 9}, {tp("orders", 0), 200}, {tp("orders", 1), 150}, {tp("payments", 0), 40}};
    in.offsetsForTimes = {{tp("audit", 0), 3},   {tp("orders", 0), 320},  {tp("orders", 1), -1},
                          {tp("orders", 2), -1}, {tp("payments", 0), 12}, {tp("payments", 1), 5}};
    return in;
}

inline ResetSpec spec(ResetSpec::Kind kind, qint64 value = 0, Offsets offsets = {})
{
    ResetSpec sp;
    sp.kind = kind;
    sp.value = value;
    sp.fileOffsets = std::move(offsets);
    if (kind == ResetSpec::CopyFromGroup)
        sp.sourceGroup = s("billing-v2");
    return sp;
}

inline ResetScope allTopics()
{
    ResetScope sc;
    sc.allTopics = true;
    return sc;
}

inline ResetScope topic(const char *name, std::vector<int> partitions = {})
{
    ResetScope sc;
    sc.topics.emplace_back(s(name), std::move(partitions));
    return sc;
}

inline ResetScope topics(std::vector<std::pair<QString, std::vector<int>>> list)
{
    ResetScope sc;
    sc.topics = std::move(list);
    return sc;
}

inline ResetScope noScope() { return ResetScope{}; }

// "topic-p=new …" in plan order.
inline QString dump(const ResetPlan &plan)
{
    QStringList parts;
    for (const auto &p : plan.partitions)
        parts << p.tp.toString() + QLatin1Char('=') + QString::number(p.newOffset);
    return parts.join(QLatin1Char(' '));
}

inline const Offsets kFile{{tp("orders", 0), 250}, {tp("orders", 1), 50}, {tp("payments", 1), 99}};

} // namespace lagscope::test
