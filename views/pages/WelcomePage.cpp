#include "pages/WelcomePage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace lagscope {

WelcomePage::WelcomePage(Mode mode, const QString &configPath, const QString &problem, const QString &samplePath,
                         QWidget *parent)
    : QWidget(parent), m_mode(mode)
{
    setObjectName(QStringLiteral("welcomePage"));
    auto *layout = new QVBoxLayout(this);
    auto *text = new QLabel(this);
    text->setObjectName(QStringLiteral("welcomeText"));
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    QString html = tr("<h2>Welcome to Lagscope</h2>"
                      "<p>Lagscope watches your Kafka clusters: brokers, topics, consumer groups and their lag, "
                      "with history. It reads the clusters to watch from a YAML file:</p>"
                      "<p><tt>%1</tt></p>")
                       .arg(configPath.toHtmlEscaped());
    if (mode == Mode::FirstRun) {
        html += tr("<p>There is no cluster in it yet. Add one: its name, bootstrap servers and security. "
                   "<b>Test connection</b> checks them before anything is saved; <b>Save</b> writes the file "
                   "and Lagscope starts watching the cluster. Passwords are kept in the desktop keyring or "
                   "written as a reference (<tt>${env:…}</tt>, <tt>${file:…}</tt>), never into the file.</p>");
    } else {
        if (!problem.isEmpty())
            html += tr("<p><b>The configuration could not be used:</b></p><pre>%1</pre>").arg(problem.toHtmlEscaped());
        html += tr("<p>A minimal file:</p><pre>clusters:\n  - name: primary\n    bootstrap: "
                   "kafka-1:9092,kafka-2:9092\n</pre>"
                   "<p>The sample at <tt>%1</tt> shows every key. Start Lagscope again after writing the file, "
                   "or pass <tt>--config FILE</tt>.</p>")
                    .arg(samplePath.toHtmlEscaped());
    }
    text->setText(html);
    layout->addWidget(text);
    if (mode == Mode::FirstRun) {
        m_addCluster = new QPushButton(tr("&Add a cluster…"), this);
        m_addCluster->setObjectName(QStringLiteral("addClusterButton"));
        m_addCluster->setDefault(true);
        connect(m_addCluster, &QPushButton::clicked, this, &WelcomePage::addClusterRequested);
        layout->addWidget(m_addCluster, 0, Qt::AlignLeft);
        setFocusProxy(m_addCluster); // the window opens with the one thing to do focused
    }
    auto *open = new QPushButton(tr("Open the &sample configuration"), this);
    open->setObjectName(QStringLiteral("openSample"));
    connect(open, &QPushButton::clicked, this, &WelcomePage::openSampleRequested);
    layout->addWidget(open, 0, Qt::AlignLeft);
    layout->addStretch(1);
}

} // namespace lagscope
