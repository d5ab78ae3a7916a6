#pragma once
// Formatting shared by the replication models and page: durations in ms as "850 ms",
// "4.2 s", "3 min 5 s", and the status tone of a flow verdict.
// Thread: GUI thread (statusForeground reads the palette). Ownership: free functions only.

#include "mirror/FlowSnapshot.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <QCoreApplication>
#include <QLocale>
#include <QString>

namespace lagscope {

inline QString formatDurationMs(qint64 ms)
{
    if (ms < 0)
        return unknownText();
    if (ms < 1000)
        return QCoreApplication::translate("lagscope::Replication", "%1 ms").arg(ms);
    if (ms < 60000)
        return QCoreApplication::translate("lagscope::Replication", "%1 s")
            .arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
    const qint64 s = ms / 1000;
    if (s < 3600)
        return QCoreApplication::translate("lagscope::Replication", "%1 min %2 s").arg(s / 60).arg(s % 60);
    return QCoreApplication::translate("lagscope::Replication", "%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

inline StatusTone flowHealthTone(mirror::FlowHealth health)
{
    switch (health) {
    case mirror::FlowHealth::Ok: return StatusTone::Good;
    case mirror::FlowHealth::Lagging: return StatusTone::Warning;
    case mirror::FlowHealth::Stalled:
    case mirror::FlowHealth::Broken: return StatusTone::Error;
    }
    return StatusTone::Error;
}

// "primary → dr" with the cluster names, for people (the key stays FlowIdentity::label()).
inline QString flowDisplayName(const mirror::FlowIdentity &flow)
{
    return flow.sourceCluster + QStringLiteral(" \u2192 ") + flow.targetCluster;
}

} // namespace lagscope
