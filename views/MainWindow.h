#pragma once
// Lagscope's main window. For now: the configured clusters and where the config lives;
// the monitoring pages arrive with the monitoring engine.
// Thread: GUI thread only. Ownership: owned by main() on the stack.

#include "config/Config.h"

#include <QMainWindow>

class QTreeWidget;
class QLabel;

namespace lagscope {

class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    // config is empty (no clusters) when no file exists; configError explains why.
    MainWindow(const AppConfig &config, const QString &configPath, const QString &configError,
               QWidget *parent = nullptr);

private:
    QTreeWidget *m_clusters = nullptr;
    QLabel *m_details = nullptr;
};

} // namespace lagscope
