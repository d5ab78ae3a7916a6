#include "settings/ConnectionTester.h"

#include "WidgetBuild.h"
#include "jobs/Job.h"
#include "kafka/ConnectionCheck.h"
#include "models/StatusColors.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

namespace lagscope {

ConnectionTester::ConnectionTester(std::function<ClusterConfig()> settings, QWidget *parent)
    : QWidget(parent), m_settings(std::move(settings))
{
    setObjectName(QStringLiteral("connectionTester"));
    m_button = newButton(tr("&Test connection"), this, QStringLiteral("testConnectionButton"));
    m_result = newMessageLabel(this, QStringLiteral("testResult"), LabelText::Selectable);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_button, 0, Qt::AlignTop);
    layout->addWidget(m_result, 1);
    connect(m_button, &QPushButton::clicked, this, &ConnectionTester::test);
}

ConnectionTester::~ConnectionTester() = default; // a running job is cancelled with its parent

void ConnectionTester::clear()
{
    delete m_job; // cancels a test of settings that no longer apply
    m_job = nullptr;
    m_result->clear();
    clearToneText(m_result);
}

void ConnectionTester::test()
{
    clear();
    const ClusterConfig cluster = m_settings();
    const int timeoutMs = m_timeoutMs;
    using Check = Result<ConnectionCheck>;
    auto *job = new ResultJob<Check>(
        QStringLiteral("connection-test"),
        [cluster, timeoutMs](const JobContext &context) {
            return checkConnection(cluster, timeoutMs, context.cancelFlag());
        },
        this);
    m_job = job;
    m_result->setText(tr("Connecting to %1 (at most %2 s)…").arg(cluster.bootstrapServers).arg(timeoutMs / 1000));
    setToneText(m_result, StatusTone::Muted);
    connect(job, &Job::finished, this, [this, job] {
        m_job = nullptr;
        job->deleteLater();
        const Check &check = *job->result();
        if (check) {
            // Spelled out: the app loads no translation that would pick a %n plural form.
            const QString id = check->clusterId.isEmpty() ? tr("unknown") : check->clusterId;
            QString text =
                check->brokers == 1
                    ? tr("Reachable: 1 broker, cluster id %1.").arg(id)
                    : tr("Reachable: %1 brokers, cluster id %2.").arg(QLocale().toString(check->brokers), id);
            if (!check->signIn.isEmpty())
                text += u'\n' + tr("Signed in with: %1").arg(check->signIn);
            m_result->setText(text);
            setToneText(m_result, StatusTone::Good, true);
        } else {
            // Which step of the sign-in failed comes first: that is where to look.
            QString step;
            switch (failedSignInStep(check.errorMessage())) {
            case SignInStep::Ticket: step = tr("Failed at the Kerberos ticket"); break;
            case SignInStep::TokenEndpoint: step = tr("Failed at the token endpoint"); break;
            case SignInStep::Broker: step = tr("Failed at the broker (it refused the sign-in)"); break;
            case SignInStep::Connection: step = tr("Not reachable"); break;
            }
            m_result->setText(tr("%1: %2").arg(step, check.errorMessage()));
            setToneText(m_result, StatusTone::Error, true);
        }
        Q_EMIT finished(check.ok());
    });
    job->start();
}

} // namespace lagscope
