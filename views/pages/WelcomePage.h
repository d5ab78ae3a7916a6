#pragma once
// Shown when there is no configuration (or it cannot be read): says where the file goes,
// what it contains, and offers to open the sample. Thread: GUI. Owned by its parent.

#include <QWidget>

namespace lagscope {

class WelcomePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)

public:
    WelcomePage(const QString &configPath, const QString &problem, const QString &samplePath,
                QWidget *parent = nullptr);

Q_SIGNALS:
    void openSampleRequested();
};

} // namespace lagscope
