#pragma once
// The base of the failover wizard's six pages: each page reads and drives the wizard's
// FailoverSession, and is named and titled the same way.
//
// Thread: GUI. Ownership: every page is created and owned by the FailoverWizard.

#include <QWizardPage>

namespace lagscope {

class FailoverSession;
class FailoverWizard;

class FailoverPage : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverPage)

protected:
    // `title` and `subTitle` come translated in the page's own context.
    FailoverPage(FailoverWizard *wizard, const QString &objectName, const QString &title, const QString &subTitle);

    FailoverWizard *const m_wizard;
    FailoverSession *const m_session;
};

} // namespace lagscope
