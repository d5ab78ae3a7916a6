#pragma once
// The guided offset reset of one consumer group: choose a spec and a scope, preview the
// plan, confirm by typing the group name, apply (backup, verify, audit), undo from the
// backup. Runs the pipeline of core/actions (ResetExecutor.h); every network step runs on
// a worker thread with a deadline, the GUI shows a busy bar meanwhile.
// Thread: GUI. Owned by its parent; closing it waits for a running step to end (its
// deadline bounds the wait, and the client's cancel flag is set first).

#include "actions/ResetExecutor.h"
#include "config/Config.h"

#include <QDialog>

#include <atomic>
#include <functional>
#include <memory>

class QAbstractButton;
class QButtonGroup;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QTableView;
class QThread;
class QTreeWidget;
class QWidget;

namespace lagscope {

class ResetPreviewModel;

class ResetOffsetsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResetOffsetsDialog)

public:
    ResetOffsetsDialog(const ClusterConfig &cluster, const QString &group, QWidget *parent = nullptr);
    ~ResetOffsetsDialog() override;

    bool isBusy() const { return m_thread != nullptr; }
    QString backupPath() const { return m_backupPath; }
    // The last step's per-partition outcome (apply or undo).
    const std::vector<PartitionOutcome> &outcome() const { return m_outcome; }
    // Test seam (tests/gui/tst_resetdialog only): also called on the worker thread after
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
    struct PlanAnswer {
        QString error;
        std::optional<QString> inactiveRefusal;
        ResetPlan plan;
    };

    void buildUi();
    void loadScope();
    std::optional<Request> request(QString *why) const;
    void updateButtons();
    void preview();
    void execute();
    void confirmUndo();
    void undo();
    void showOutcome(const QString &title, const Result<ResetOutcome> &outcome);
    void setBusy(const QString &what);
    // Runs `job` on a worker thread with its own client; `done` runs on the GUI thread.
    void run(std::function<std::function<void()>(KafkaClient *client, const QString &connectError)> job);
    ResetApplyOptions applyOptions(const QString &specText, const QString &scopeText) const;

    ClusterConfig m_cluster;
    QString m_group;
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
    QThread *m_thread = nullptr;

    QButtonGroup *m_specs = nullptr;
    QButtonGroup *m_scopes = nullptr;
    QLineEdit *m_offsetValue = nullptr;
    QLineEdit *m_shiftValue = nullptr;
    QDateTimeEdit *m_datetimeValue = nullptr;
    QLineEdit *m_durationValue = nullptr;
    QLineEdit *m_copyGroupValue = nullptr;
    QTreeWidget *m_scopeTree = nullptr;
    QPushButton *m_previewButton = nullptr;
    QProgressBar *m_busy = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_previewTable = nullptr;
    ResetPreviewModel *m_model = nullptr;
    QLineEdit *m_confirmGroup = nullptr;
    QPushButton *m_executeButton = nullptr;
    QLabel *m_executeHint = nullptr;
    QLabel *m_resultLabel = nullptr;
    QPushButton *m_undoButton = nullptr;
    QWidget *m_undoConfirm = nullptr;
    QLabel *m_undoConfirmLabel = nullptr;

    std::optional<Request> m_planned; // the request of the previewed plan
    QString m_backupPath;
    std::vector<PartitionOutcome> m_outcome;
    std::function<void(const QString &, int, int)> m_afterBatchForTesting;
};

} // namespace lagscope
