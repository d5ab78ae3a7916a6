#include "failover/FailoverPage.h"

#include "failover/FailoverWizard.h"

namespace lagscope {

FailoverPage::FailoverPage(FailoverWizard *wizard, const QString &objectName, const QString &title,
                           const QString &subTitle)
    : QWizardPage(wizard), m_wizard(wizard), m_session(&wizard->session())
{
    setObjectName(objectName);
    setTitle(title);
    setSubTitle(subTitle);
}

} // namespace lagscope
