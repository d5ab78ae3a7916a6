#pragma once
// The "one click" entry points of the failover wizard: which cluster a group's cluster
// fails over to, and opening the wizard as a window of its own.
// Thread: GUI.

#include "failover/FailoverWizard.h"

namespace lagscope {

// The other end of the first flow that links `cluster`: its target when `cluster` is a
// flow's source (failover), else the source of a flow into `cluster` (failback). "" if none.
QString failoverPartner(const AppConfig &config, const QString &cluster);

// A non-modal wizard, deleted when closed.
FailoverWizard *openFailoverWizard(const AppConfig &config, const FailoverRequestSpec &spec, QWidget *parent);

} // namespace lagscope
