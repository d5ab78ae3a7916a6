#include "failover/FailoverEntryPoints.h"

namespace lagscope {

QString failoverPartner(const AppConfig &config, const QString &cluster)
{
    for (const auto &f : config.flows)
        if (f.sourceCluster == cluster)
            return f.targetCluster;
    for (const auto &f : config.flows)
        if (f.targetCluster == cluster)
            return f.sourceCluster;
    return {};
}

FailoverWizard *openFailoverWizard(const AppConfig &config, const FailoverRequestSpec &spec, QWidget *parent)
{
    auto *wizard = new FailoverWizard(config, spec, parent);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->setWindowModality(Qt::NonModal);
    wizard->show();
    return wizard;
}

} // namespace lagscope
