#pragma once
// Shown when no cluster is configured. On a first run (no configuration file yet, or one
// without clusters) it offers "Add a cluster…", whose dialog writes the file. When the file
// exists but cannot be used, it shows the problem (file:line:column: key: what) and a
// minimal example instead, and offers the sample: the file is the user's to fix.
// Thread: GUI. Owned by its parent.

#include <QWidget>

class QPushButton;

namespace lagscope {

class WelcomePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)

public:
    enum class Mode {
        FirstRun,   // offers "Add a cluster…"
        ConfigError // explains `problem`
    };

    WelcomePage(Mode mode, const QString &configPath, const QString &problem, const QString &samplePath,
                QWidget *parent = nullptr);

    Mode mode() const { return m_mode; }
    QPushButton *addClusterButton() const { return m_addCluster; } // null unless FirstRun

Q_SIGNALS:
    void openSampleRequested();
    void addClusterRequested();

private:
    Mode m_mode;
    QPushButton *m_addCluster = nullptr;
};

} // namespace lagscope
