#pragma once
// The base of a GUI test that runs the whole desktop session against the shared lab: the
// session, started on a config, with its history in the test's scratch folder, so that a
// second session on the same folder sees what the first one recorded. Main thread only.

#include "DesktopSession.h"
#include "LabTest.h"

#include <QString>
#include <QTest>

#include <memory>

namespace lagscope::test {

class SessionTest : public LabTest {
protected:
    std::unique_ptr<DesktopSession> m_session;

    // Starts a session on `config` (`configPath` names the file it came from, empty when
    // none did) and waits until its window is shown.
    void openSession(const AppConfig &config, const QString &configPath = {})
    {
        m_session = std::make_unique<DesktopSession>(config, configPath, QString(),
                                                     m_dir.filePath(QStringLiteral("history.sqlite")));
        m_session->start();
        QVERIFY(QTest::qWaitForWindowExposed(m_session->window()));
    }
};

} // namespace lagscope::test
