#pragma once
// Failover plans as CSV and JSON for export (the wizard's Plan page): one row per group and
// partition, the same columns and field names as `lagscopectl failover --format csv|json`.
// Pure; any thread.

#include "actions/FailoverPlan.h"
#include "actions/FailoverPlanner.h"

#include <QByteArray>
#include <QJsonObject>

#include <vector>

namespace lagscope::failover {

struct PlanWithChecks {
    FailoverPlan plan;
    std::vector<PreflightCheck> checks;
};

QByteArray failoverPlansCsv(const std::vector<PlanWithChecks> &plans);
QJsonObject failoverPlanJson(const FailoverPlan &plan, const std::vector<PreflightCheck> &checks);
QByteArray failoverPlansJson(const std::vector<PlanWithChecks> &plans);

} // namespace lagscope::failover
