#include "alerts/AlertService.h"

#include "alerts/AlertCommandRunner.h"
#include "monitor/ClusterPoller.h"
#include "util/AppPaths.h"
#include "util/StateFileWriter.h"

#include <QFile>
#include <QJsonDocument>

namespace lagscope {

AlertService::AlertService(std::vector<AlertRule> rules, QString statePath, QObject *parent)
    : QObject(parent), m_evaluator(std::move(rules)), m_statePath(std::move(statePath))
{
    qRegisterMetaType<std::vector<ClusterEvent>>();
    m_runner = new AlertCommandRunner(this);
    connect(m_runner, &AlertCommandRunner::failed, this, [this](const QStringList &context, const QString &message) {
        // context: rule, cluster, group
        const QString cluster = context.value(1);
        Q_EMIT events({ClusterEvent{QDateTime::currentDateTimeUtc(), cluster, EventKind::AlertCommandFailed,
                                    EventSeverity::Error, context.value(0), context.value(2), message}});
    });
    load();
    if (!m_statePath.isEmpty())
        m_writer = std::make_unique<StateFileWriter>(m_statePath);
}

AlertService::~AlertService()
{
    save();           // keeps the hysteresis counters too, not only the firing flags
    m_writer.reset(); // writes it before the thread ends
}

void AlertService::waitForSave()
{
    if (m_writer)
        m_writer->waitUntilWritten();
}

QString AlertService::lastSaveError() const { return m_writer ? m_writer->lastError() : QString(); }

QString AlertService::defaultStatePath() { return appDataDir() + QStringLiteral("/alerts.json"); }

bool AlertService::isMuted(const QString &rule) const
{
    const AlertRule *r = m_evaluator.rule(rule);
    return r && lagscope::isMuted(*r, m_evaluator.mutes(), QDateTime::currentDateTimeUtc());
}

void AlertService::load()
{
    if (m_statePath.isEmpty())
        return;
    QFile file(m_statePath);
    if (!file.open(QIODevice::ReadOnly))
        return; // first run
    // A damaged file only loses alert state; alerts fire again if still true.
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    if (doc.isObject())
        m_evaluator.fromJson(doc.object());
}

void AlertService::save()
{
    // The JSON is made here (the evaluator is the GUI thread's), written on the writer's thread.
    if (m_writer)
        m_writer->write(QJsonDocument(m_evaluator.toJson()).toJson(QJsonDocument::Indented));
}

ClusterEvent AlertService::eventFor(const AlertRule &rule, const AlertTransition &t, const QDateTime &now) const
{
    const bool fired = t.kind == AlertTransition::Fired;
    return ClusterEvent{now,
                        t.instance.cluster,
                        fired ? EventKind::AlertFired : EventKind::AlertCleared,
                        fired && !t.muted ? EventSeverity::Warning : EventSeverity::Info,
                        rule.name,
                        t.instance.group,
                        alertMessage(rule, t)};
}

void AlertService::apply(const PollUpdate &update)
{
    if (!update.snapshot)
        return;
    const QDateTime now = update.snapshot->takenAt;
    handle(m_evaluator.evaluate(*update.snapshot, now), now);
}

void AlertService::applyFlow(std::shared_ptr<const mirror::FlowSnapshot> snapshot,
                             const std::vector<mirror::FlowEvent> &)
{
    if (!snapshot || !snapshot->takenAt.isValid())
        return;
    handle(m_evaluator.evaluateFlow(*snapshot, snapshot->takenAt), snapshot->takenAt);
}

void AlertService::handle(const std::vector<AlertTransition> &transitions, const QDateTime &now)
{
    if (transitions.empty())
        return;
    std::vector<ClusterEvent> out;
    for (const AlertTransition &t : transitions) {
        const AlertRule *rule = m_evaluator.rule(t.instance.rule);
        if (!rule)
            continue;
        out.push_back(eventFor(*rule, t, now));
        if (t.muted)
            continue;
        if (t.kind == AlertTransition::Fired)
            Q_EMIT notify(tr("Lagscope alert: %1").arg(rule->name), alertMessage(*rule, t));
        if (!rule->command.isEmpty()) {
            const QByteArray json = QJsonDocument(alertJson(*rule, t, now)).toJson(QJsonDocument::Compact) + '\n';
            m_runner->run(rule->command, json, rule->commandTimeoutMs,
                          {rule->name, t.instance.cluster, t.instance.group});
        }
    }
    save();
    Q_EMIT events(out);
    Q_EMIT changed();
}

void AlertService::mute(const QString &rule, const QDateTime &until)
{
    m_evaluator.mutes()[rule] = until.isValid() ? until.toUTC() : QDateTime();
    save();
    Q_EMIT changed();
}

void AlertService::unmute(const QString &rule)
{
    m_evaluator.mutes().erase(rule);
    save();
    Q_EMIT changed();
}

} // namespace lagscope
