#include "SessionHost.h"

#include "DesktopSession.h"
#include "MainWindow.h"
#include "config/ConfigLoader.h"

namespace lagscope {

SessionHost::SessionHost(QString configPath, QString historyPath, QObject *parent)
    : QObject(parent), m_configPath(std::move(configPath)), m_historyPath(std::move(historyPath))
{
}

SessionHost::~SessionHost() = default;

void SessionHost::start() { open(); }

void SessionHost::open()
{
    AppConfig config;
    QString error;
    if (auto loaded = loadConfig(m_configPath))
        config = std::move(*loaded);
    else
        error = loaded.errorMessage();
    // Also on stderr (and so in the journal): the error page is not the only place to read it.
    if (!error.isEmpty())
        qWarning("configuration refused: %s", qPrintable(error));
    // The old session first: it holds the history file's writer, which the new one opens.
    m_session.reset();
    m_session = std::make_unique<DesktopSession>(std::move(config), m_configPath, error, m_historyPath);
    // Queued: the signal comes from the dialog's slot inside the window being replaced.
    connect(m_session->window(), &MainWindow::configurationSaved, this, &SessionHost::open, Qt::QueuedConnection);
    m_session->start();
    Q_EMIT sessionStarted(m_session.get());
}

} // namespace lagscope
