#pragma once
// Deleting a consumer group, or its committed offsets of some topics: the GUI of
// `lagscopectl delete` / `delete-offsets` (actions/DeleteExecutor.h). Opens on the preview of
// deleting the whole group; "Delete offsets of the checked topics" previews those instead.
// The preview says per partition what Kafka is expected to answer, and the group-level
// refusal in Kafka's words (a group with members cannot be deleted). Delete is enabled once
// the group name is typed; the executor re-plans, backs up, deletes, reads back and audits.
// Undo commits the backup back. Every network step is a job (core/jobs/DeleteJobs.h).
// Thread: GUI. Owned by its parent; closing it cancels a running step (Job.h).

#include "actions/DeleteExecutor.h"
#include "config/Config.h"
#include "util/Result.h"

#include <QDialog>

#include <functional>
#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QRadioButton;
class QTableView;

namespace lagscope {

class DeletePreviewModel;
class DialogSteps;
class UndoConfirmation;

class DeleteGroupDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeleteGroupDialog)

public:
    DeleteGroupDialog(const ClusterConfig &cluster, const QString &group, QWidget *parent = nullptr);
    ~DeleteGroupDialog() override;

    // Opens on "offsets of the checked topics" with these checked (the group page's orphaned
    // offsets) once the first preview has listed the group's topics, and previews them.
    // Call right after construction. Topics the group has no commits on are not listed.
    void preselectTopics(const QStringList &topics) { m_preselect = topics; }

    bool isBusy() const;
    QString backupPath() const { return m_backupPath; }
    const std::optional<DeletePlan> &plan() const { return m_plan; }

Q_SIGNALS:
    // Offsets were deleted or restored: the views should poll the cluster now.
    void changed(const QString &cluster, const QString &group);

private:
    void buildUi();
    // The request the form describes; empty (with why) when no topic is checked.
    Result<DeleteRequest> request() const;
    void invalidatePlan();
    void preview();
    void execute();
    void undo();
    void showPlan(const DeletePlan &plan, const ResetOutcome *outcome);
    void showOutcome(const Result<ResetOutcome> &outcome);
    void updateButtons();
    ResetApplyOptions applyOptions(const QString &specText) const;

    ClusterConfig m_cluster;
    QString m_group;
    DialogSteps *m_steps = nullptr; // the step running, if any, with the busy bar
    bool m_topicsListed = false;    // the topic list was filled from the first preview
    int m_formVersion = 0;          // bumped by every change of the form (invalidatePlan())
    QStringList m_preselect;        // preselectTopics()

    QRadioButton *m_wholeGroup = nullptr;
    QRadioButton *m_someTopics = nullptr;
    QListWidget *m_topics = nullptr;
    QPushButton *m_previewButton = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_table = nullptr;
    DeletePreviewModel *m_model = nullptr;
    QLineEdit *m_confirm = nullptr;
    QPushButton *m_executeButton = nullptr;
    QLabel *m_executeHint = nullptr;
    QLabel *m_result = nullptr;
    UndoConfirmation *m_undo = nullptr;

    std::optional<DeletePlan> m_plan; // the previewed plan, while the form still matches it
    QString m_backupPath;
};

} // namespace lagscope
