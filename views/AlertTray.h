#pragma once
// Desktop notifications for firing alerts: a QSystemTrayIcon balloon when the platform has
// a system tray. Without one (offscreen, some Wayland sessions) it degrades to nothing but
// remembering the last notification, which the main window also shows in its status bar.
// Thread: GUI. Ownership: owned by its parent (the main window).

#include <QObject>
#include <QString>

class QSystemTrayIcon;

namespace lagscope {

class AlertTray final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertTray)

public:
    explicit AlertTray(QObject *parent = nullptr);

    bool trayAvailable() const { return m_tray != nullptr; }
    QString lastTitle() const { return m_lastTitle; }
    QString lastMessage() const { return m_lastMessage; }
    int shown() const { return m_shown; }

public Q_SLOTS:
    void notify(const QString &title, const QString &message);

private:
    QSystemTrayIcon *m_tray = nullptr;
    QString m_lastTitle;
    QString m_lastMessage;
    int m_shown = 0;
};

} // namespace lagscope
