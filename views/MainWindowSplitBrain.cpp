// MainWindow: the split brains of the shown cluster as badges on its groups table and group page.
#include "MainWindow.h"

#include "models/GroupTableModel.h"
#include "monitor/SplitBrainMonitor.h"
#include "pages/GroupDetailPage.h"

namespace lagscope {

void MainWindow::setSplitBrains(SplitBrainMonitor *splitBrains)
{
    m_splitBrains = splitBrains;
    if (m_splitBrains)
        connect(m_splitBrains, &SplitBrainMonitor::changed, this, &MainWindow::applySplitBrains);
    applySplitBrains();
}

void MainWindow::applySplitBrains()
{
    std::map<QString, QString> byGroup;
    QStringList shownGroup;
    if (m_splitBrains)
        for (const ActiveSplitBrain &a : m_splitBrains->active()) {
            if (a.brain.source.cluster != m_cluster && a.brain.target.cluster != m_cluster)
                continue;
            QString &line = byGroup[a.brain.group];
            line += (line.isEmpty() ? QString() : QStringLiteral("; ")) + a.brain.describe();
            if (a.brain.group == m_groupDetail->groupId())
                shownGroup << a.brain.describe();
        }
    m_groups->setSplitBrains(std::move(byGroup));
    m_groupDetail->setSplitBrains(shownGroup);
}

} // namespace lagscope
