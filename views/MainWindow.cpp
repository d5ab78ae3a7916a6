#include "MainWindow.h"

#include <QAction>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTreeWidget>

namespace lagscope {

MainWindow::MainWindow(const AppConfig &config, const QString &configPath, const QString &configError,
                       QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Lagscope"));
    setObjectName(QStringLiteral("mainWindow"));

    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quit = fileMenu->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    auto *splitter = new QSplitter(this);
    m_clusters = new QTreeWidget(splitter);
    m_clusters->setObjectName(QStringLiteral("clusterTree"));
    m_clusters->setHeaderLabels({tr("Cluster"), tr("Bootstrap servers")});
    m_clusters->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (const auto &c : config.clusters) {
        auto *item = new QTreeWidgetItem(m_clusters, {c.name, c.bootstrapServers});
        if (c.readOnly)
            item->setToolTip(0, tr("Read-only: write actions are refused"));
    }
    m_details = new QLabel(splitter);
    m_details->setObjectName(QStringLiteral("details"));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setMargin(12);
    if (!configError.isEmpty()) {
        m_details->setText(tr("<h3>Configuration problem</h3><p><tt>%1</tt></p><p>%2</p>")
                               .arg(configPath.toHtmlEscaped(), configError.toHtmlEscaped()));
    } else {
        m_details->setText(tr("<h3>Lagscope</h3><p>%n cluster(s) configured in <tt>%1</tt>.</p>"
                              "<p>Live monitoring pages come with the monitoring engine.</p>",
                              nullptr, int(config.clusters.size()))
                               .arg(configPath.toHtmlEscaped()));
    }
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);
    statusBar()->showMessage(tr("%n cluster(s)", nullptr, int(config.clusters.size())));
    resize(960, 600);
}

} // namespace lagscope
