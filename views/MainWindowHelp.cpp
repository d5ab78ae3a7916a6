// The main window's Go and Help menus: keyboard ways between the pages, the documentation,
// About Lagscope and About Qt.
#include "MainWindow.h"

#include "EventLogDock.h"
#include "models/GroupFilterProxy.h"
#include "models/GroupTableModel.h"
#include "pages/GroupDetailPage.h"
#include "pages/TablePage.h"
#include "pages/TriagePage.h"

#include "AboutDialog.h"
#include "InstalledFiles.h"
#include "AppIcons.h"

#include <QAction>
#include <QApplication>
#include <QDesktopServices>
#include <QMenuBar>
#include <QMessageBox>
#include <QPixmap>
#include <QTableView>
#include <QTreeWidget>
#include <QUrl>

namespace lagscope {

void MainWindow::buildGoMenu()
{
    QMenu *go = menuBar()->addMenu(tr("&Go"));
    go->setObjectName(QStringLiteral("goMenu"));
    QAction *triage = go->addAction(actionIcon("go-home", QStyle::SP_DirHomeIcon), tr("&Triage"));
    triage->setObjectName(QStringLiteral("actionGoTriage"));
    triage->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    connect(triage, &QAction::triggered, this, [this] {
        if (!m_triagePage)
            return;
        showTriage();
        m_triagePage->setFocus(Qt::ShortcutFocusReason);
    });
    QAction *tree = go->addAction(tr("Cluster t&ree"));
    tree->setObjectName(QStringLiteral("actionGoTree"));
    tree->setShortcut(QKeySequence(Qt::Key_F6));
    connect(tree, &QAction::triggered, this, [this] { m_tree->setFocus(Qt::ShortcutFocusReason); });
    // From a group's page back to its cluster's table, that group selected: the way Enter came.
    QAction *back = go->addAction(actionIcon("go-previous", QStyle::SP_ArrowBack), tr("&Back to the groups table"));
    back->setObjectName(QStringLiteral("actionGoBack"));
    back->setShortcut(QKeySequence::Back);
    connect(back, &QAction::triggered, this, [this] {
        if (m_page != PageKind::GroupDetail)
            return;
        const QString group = m_groupDetail->groupId();
        selectPage(m_cluster, PageKind::Groups);
        QTableView *table = m_groupsPage->view();
        for (int row = 0; row < m_groupProxy->rowCount(); ++row) {
            const QModelIndex index = m_groupProxy->index(row, GroupTableModel::Group);
            if (index.data(Qt::DisplayRole).toString() == group) {
                table->setCurrentIndex(index);
                break;
            }
        }
        table->setFocus(Qt::ShortcutFocusReason);
    });
    QAction *events = go->addAction(tr("&Event log"));
    events->setObjectName(QStringLiteral("actionGoEvents"));
    events->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(events, &QAction::triggered, this, [this] {
        m_events->show();
        m_events->setFocus(Qt::ShortcutFocusReason);
    });
}

void MainWindow::buildHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction *docs = help->addAction(actionIcon("help-contents", QStyle::SP_DialogHelpButton), tr("&Documentation"));
    docs->setObjectName(QStringLiteral("actionDocumentation"));
    docs->setShortcut(QKeySequence::HelpContents);
    connect(docs, &QAction::triggered, this, [this] {
        const QString path = documentationPath(QCoreApplication::applicationDirPath());
        if (path.isEmpty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
            showWarning(path.isEmpty() ? tr("No documentation found: it is installed in share/doc/lagscope.")
                                       : tr("Cannot open %1.").arg(path));
    });
    help->addSeparator();
    QAction *about = help->addAction(actionIcon("help-about", QStyle::SP_MessageBoxInformation), tr("&About Lagscope"));
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, [this] {
        if (auto *open = findChild<AboutDialog *>()) {
            open->raise();
            open->activateWindow();
            return;
        }
        auto *dialog = new AboutDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    QAction *aboutQt = help->addAction(actionIcon("help-about", QStyle::SP_TitleBarMenuButton), tr("About &Qt"));
    aboutQt->setObjectName(QStringLiteral("actionAboutQt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    // Not QApplication::aboutQt(): it runs the box with exec(), a nested event loop.
    connect(aboutQt, &QAction::triggered, this, [this] {
        auto *box = new QMessageBox(QMessageBox::NoIcon, tr("About Qt"),
                                    tr("<h3>About Qt</h3><p>Lagscope uses Qt %1 (built against Qt %2), a C++ "
                                       "toolkit for cross-platform applications, under the GNU Lesser General Public "
                                       "License version 3.</p><p>Qt is a trademark of The Qt Company Ltd. See "
                                       "<a href=\"https://www.qt.io/licensing/\">qt.io/licensing</a>.</p>")
                                        .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)),
                                    QMessageBox::Close, this);
        box->setObjectName(QStringLiteral("aboutQtBox"));
        box->setTextFormat(Qt::RichText);
        box->setIconPixmap(QPixmap(QStringLiteral(":/qt-project.org/qmessagebox/images/qtlogo-64.png")));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->show();
    });
}

} // namespace lagscope
