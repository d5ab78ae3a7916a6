#pragma once
// Alerts for the desktop app: evaluates every poll update against the configured rules
// (AlertEvaluator), turns transitions into events and notifications, runs the rules'
// commands (AlertCommandRunner) and keeps the alert state in a JSON file so that firing
// alerts and mutes survive a restart. The file is written on a thread of its own
// (StateFileWriter): a slow disk never holds up the GUI thread.
//
// Thread: GUI thread (create, call and destroy there; its signals are emitted there).
// Ownership: owned by the desktop session; owns its evaluator and command runner.

#include "alerts/AlertEvaluator.h"
#include "mirror/FlowHealth.h"
#include "model/ClusterEvent.h"

#include <QObject>

#include <memory>
#include <vector>

namespace lagscope {

class AlertCommandRunner;
class StateFileWriter;
struct PollUpdate;

class AlertService final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertService)

public:
    // statePath: the JSON file (read now, written on every change); empty: not persisted.
    AlertService(std::vector<AlertRule> rules, QString statePath, QObject *parent = nullptr);
    ~AlertService() override;

    // <AppDataLocation>/alerts.json
    static QString defaultStatePath();

    const AlertEvaluator &evaluator() const { return m_evaluator; }
    std::vector<AlertInstance> firing() const { return m_evaluator.firing(); }
    bool isMuted(const QString &rule) const;
    AlertCommandRunner *runner() const { return m_runner; }
    // Blocks until the state handed to the writer so far is on disk (tests, crash tests).
    void waitForSave();
    // The last write's error (a write may still be running: waitForSave() first).
    QString lastSaveError() const;
    // Its writer (null when not persisted): tests hold its writes as a slow disk would.
    StateFileWriter *stateWriter() const { return m_writer.get(); }

public Q_SLOTS:
    void apply(const lagscope::PollUpdate &update);
    // A MirrorMaker 2 flow's poll: the failover readiness rules (events unused; the slot
    // matches FlowMonitorService::updated).
    void applyFlow(std::shared_ptr<const lagscope::mirror::FlowSnapshot> snapshot,
                   const std::vector<lagscope::mirror::FlowEvent> &events);
    // Invalid `until`: muted until unmuted.
    void mute(const QString &rule, const QDateTime &until);
    void unmute(const QString &rule);

Q_SIGNALS:
    // Fired / cleared / command failures, for the event log and the history.
    void events(const std::vector<lagscope::ClusterEvent> &events);
    // An unmuted alert fired: the tray shows title and message.
    void notify(const QString &title, const QString &message);
    // The set of firing alerts or the mutes changed.
    void changed();

private:
    void load();
    void save();
    ClusterEvent eventFor(const AlertRule &rule, const AlertTransition &t, const QDateTime &now) const;
    // Events, notifications and commands for the transitions of one poll.
    void handle(const std::vector<AlertTransition> &transitions, const QDateTime &now);

    AlertEvaluator m_evaluator;
    QString m_statePath;
    std::unique_ptr<StateFileWriter> m_writer; // null: not persisted
    AlertCommandRunner *m_runner = nullptr;
};

} // namespace lagscope
