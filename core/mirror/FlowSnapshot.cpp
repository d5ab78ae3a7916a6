#include "mirror/FlowSnapshot.h"

namespace lagscope::mirror {

QString flowHealthName(FlowHealth health)
{
    switch (health) {
    case FlowHealth::Ok: return QStringLiteral("OK");
    case FlowHealth::Lagging: return QStringLiteral("Lagging");
    case FlowHealth::Stalled: return QStringLiteral("Stalled");
    case FlowHealth::Broken: return QStringLiteral("Broken");
    }
    return QStringLiteral("Broken");
}

qint64 ReplicatedTopic::recordsBehind() const
{
    qint64 sum = 0;
    for (const auto &p : partitions)
        if (p.recordsBehind > 0)
            sum += p.recordsBehind;
    return sum;
}

qint64 FlowSnapshot::maxRecordsBehind(QString *where) const
{
    qint64 worst = 0;
    for (const auto &t : topics)
        for (const auto &p : t.partitions)
            if (p.recordsBehind > worst) {
                worst = p.recordsBehind;
                if (where)
                    *where = TopicPartition{t.sourceTopic, p.partition}.toString();
            }
    return worst;
}

} // namespace lagscope::mirror
