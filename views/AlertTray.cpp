#include "AlertTray.h"

#include <QApplication>
#include <QStyle>
#include <QSystemTrayIcon>

namespace lagscope {

AlertTray::AlertTray(QObject *parent) : QObject(parent)
{
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    m_tray = new QSystemTrayIcon(QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning), this);
    m_tray->setToolTip(tr("Lagscope"));
    m_tray->show();
}

void AlertTray::notify(const QString &title, const QString &message)
{
    m_lastTitle = title;
    m_lastMessage = message;
    ++m_shown;
    if (m_tray && QSystemTrayIcon::supportsMessages())
        m_tray->showMessage(title, message, QSystemTrayIcon::Warning, 15000);
}

} // namespace lagscope
