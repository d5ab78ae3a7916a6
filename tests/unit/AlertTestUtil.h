#pragma once
// What the alert tests share: a lag rule, a poll of one group at a given lag, and a run of
// polls through an evaluator written as its transitions ("F@3 C@7").

#include "alerts/AlertEvaluator.h"
#include "model/ClusterSnapshot.h"

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QStringList>
#include <QTime>

namespace lagscope::test {

inline const QDateTime kT0(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

inline AlertRule lagRule(int forPolls, int clearAfter, double threshold = 100)
{
    AlertRule r;
    r.name = QStringLiteral("lag");
    r.groupPattern = QStringLiteral("billing.*");
    r.condition = AlertCondition::LagMessages;
    r.threshold = threshold;
    r.forPolls = forPolls;
    r.clearAfter = clearAfter;
    return r;
}

// A poll of cluster "primary" at kT0 + i s with group `group` at total lag `lag` (one partition);
// lag < 0: the group is absent.
inline ClusterSnapshot poll(int i, qint64 lag, const QString &group = QStringLiteral("billing"))
{
    ClusterSnapshot s;
    s.cluster = QStringLiteral("primary");
    s.takenAt = kT0.addSecs(i);
    s.reachable = true;
    if (lag >= 0) {
        GroupState g;
        g.groupId = group;
        g.state = QStringLiteral("Stable");
        PartitionLag p; // by field: a new member of PartitionLag needs no change here
        p.partition = {QStringLiteral("orders"), 0};
        p.committed = 0;
        p.logEnd = lag;
        p.lag = lag;
        g.partitions.push_back(p);
        g.totalLag = lag;
        g.maxLag = lag;
        s.groups.push_back(g);
    }
    return s;
}

// Runs the lags through an evaluator; "F@i" / "C@i" per transition, "m" when muted.
inline QString run(AlertEvaluator &e, const QList<int> &lags, int offset = 0)
{
    QStringList out;
    for (int i = 0; i < lags.size(); ++i)
        for (const AlertTransition &t : e.evaluate(poll(offset + i, lags[i]), kT0.addSecs(offset + i)))
            out << QStringLiteral("%1@%2%3")
                       .arg(t.kind == AlertTransition::Fired ? QLatin1Char('F') : QLatin1Char('C'))
                       .arg(offset + i)
                       .arg(t.muted ? QStringLiteral("m") : QString());
    return out.join(QLatin1Char(' '));
}

} // namespace lagscope::test
