#pragma once
// The guided offset reset of one consumer group: choose a spec and a scope, preview the
// plan, confirm by typing the group name, apply (backup, verify, audit), undo from the
// backup. Runs the pipeline of core/actions (ResetExecutor.h); every network step is a job
// of core/jobs/ResetJobs.h with a deadline, and the GUI shows a busy bar meanwhile.
// The class is split by concern: ResetOffsetsDialogBuild.cpp builds the form,
// ResetOffsetsDialogPreview.cpp reads the scope and previews, ResetOffsetsDialog.cpp
// applies, undoes and shows the result.
// Thread: GUI. Owned by its parent; closing it cancels a running step, whose thread ends
// on its own (Job.h).

#include "actions/ResetExecutor.h"
#include "config/Config.h"
#include "util/Result.h"

#include <QDialog>

#include <functional>
#include <optional>

class QAbstractButton;
class QBoxLayout;
class QButtonGroup;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableView;
class QTreeWidget;
class QWidget;

namespace lagscope {

class DialogSteps;
class ResetPreviewModel;
class UndoConfirmation;

class ResetOffsetsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResetOffsetsDialog)

public:
    ResetOffsetsDialog(const ClusterConfig &cluster, const QString &group, QWidget *parent = nullptr);
    ~ResetOffsetsDialog() override;

    bool isBusy() const;
    QString backupPath() const { return m_backupPath; }
    // The last step's per-partition outcome (apply or undo).
    const std::vector<PartitionOutcome> &outcome() const { return m_outcome; }
    // Test seam (tests/gui/tst_resetdialog only): also called on the job's thread after
    // each topic's commit of an execute (ResetApplyOptions::afterBatch), e.g. to hold the
    // apply between two topics.
    void setAfterBatchForTesting(std::function<void(const QString &topic, int committed, int total)> hook)
    {
        m_afterBatchForTesting = std::move(hook);
    }

Q_SIGNALS:
    void applied(const QString &cluster, const QString &group);

private:
    struct Request {
        ResetSpec spec;
        ResetScope scope;
        QString specText;
        QString scopeText;
    };
    // Building the form (ResetOffsetsDialogBuild.cpp), one step per part, top to bottom.
    void buildUi();
    void buildSpecBox(QBoxLayout *layout);
    void buildScopeBox(QBoxLayout *layout);
    void buildPreviewRow(QBoxLayout *layout);
    void buildPreviewTable(QBoxLayout *layout);
    void buildConfirmRow(QBoxLayout *layout);
    void buildResultRows(QBoxLayout *layout);
    // A choice changed: the previewed plan no longer matches the form.
    void invalidatePlan();

    // Scope and preview (ResetOffsetsDialogPreview.cpp).
    void loadScope();
    void fillScopeTree(const ResetGathered &gathered);
    Result<Request> request() const;
    void preview();

    // Apply, undo and their result (ResetOffsetsDialog.cpp).
    void updateButtons();
    void execute();
    void undo();
    void showOutcome(const QString &title, const Result<ResetOutcome> &outcome);
    ResetApplyOptions applyOptions(const QString &specText, const QString &scopeText) const;

    ClusterConfig m_cluster;
    QString m_group;
    DialogSteps *m_steps = nullptr; // the step running, if any, with the busy bar

    QButtonGroup *m_specs = nullptr;
    QButtonGroup *m_scopes = nullptr;
    QLineEdit *m_offsetValue = nullptr;
    QLineEdit *m_shiftValue = nullptr;
    QDateTimeEdit *m_datetimeValue = nullptr;
    QLineEdit *m_durationValue = nullptr;
    QLineEdit *m_copyGroupValue = nullptr;
    QTreeWidget *m_scopeTree = nullptr;
    QPushButton *m_previewButton = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_previewTable = nullptr;
    ResetPreviewModel *m_model = nullptr;
    QLineEdit *m_confirmGroup = nullptr;
    QPushButton *m_executeButton = nullptr;
    QLabel *m_executeHint = nullptr;
    QLabel *m_resultLabel = nullptr;
    UndoConfirmation *m_undo = nullptr;

    std::optional<Request> m_planned; // the request of the previewed plan
    QString m_backupPath;
    std::vector<PartitionOutcome> m_outcome;
    std::function<void(const QString &, int, int)> m_afterBatchForTesting;
};

} // namespace lagscope
