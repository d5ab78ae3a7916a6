#pragma once
// File → Export report…: range (presets or custom), clusters, groups (regular expression),
// SLA threshold, format, destination, per-partition detail and (PDF) a page for every group;
// a progress bar with Cancel while the report is built, and "Open report" when it is written.
// Child object names (for tests): rangePreset, fromEdit, toEdit, clusterList, groupPattern,
// slaEnabled, slaLag, slaSecondsEnabled, slaSeconds, format, destination, browse, partitionDetail,
// everyGroup, progress, statusLabel, exportButton, cancelButton, openButton.
//
// Thread: GUI. Ownership: owned by its parent (the main window opens it with
// WA_DeleteOnClose); it owns the running ReportExportJob.

#include "report/ReportExportJob.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QDateTime;
class QDateTimeEdit;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

namespace lagscope {

class ExportReportDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExportReportDialog)

public:
    // historyPath: the file the recorder writes (read through a separate connection).
    ExportReportDialog(QString historyPath, const QStringList &clusters, QWidget *parent = nullptr);
    ~ExportReportDialog() override;

    bool isExporting() const { return m_job && m_job->isRunning(); }
    // What the last successful export wrote, the main file first.
    QStringList writtenFiles() const { return m_written; }

    // Tests: open the report without a desktop handler.
    void setOpenHandlerForTests(std::function<void(const QString &path)> handler)
    {
        m_openHandler = std::move(handler);
    }

Q_SIGNALS:
    void exportFinished(bool ok, const QString &message);

protected:
    void reject() override;

private:
    // The form, row by row (ExportReportDialog.cpp).
    void buildRangeRows(QFormLayout *form, const QDateTime &now);
    void buildSelectionRows(QFormLayout *form, const QStringList &clusters);
    // "Count breaches above [N] suffix": the check box enables its threshold, off at first.
    QHBoxLayout *slaRow(QCheckBox *enabled, QSpinBox *threshold, int maximum, int value, const QString &suffix);
    void buildOutputRows(QFormLayout *form, const QDateTime &now);
    void buildFooter(QVBoxLayout *layout);
    void startExport();
    void onFinished(bool ok, const QString &message, const QStringList &files);
    void updateRangeEditors();
    void updateSuffix();
    void setEditable(bool editable);
    ReportExportJob::Format format() const;

    QString m_historyPath;
    QComboBox *m_preset = nullptr;
    QDateTimeEdit *m_from = nullptr;
    QDateTimeEdit *m_to = nullptr;
    QListWidget *m_clusters = nullptr;
    QLineEdit *m_groups = nullptr;
    QCheckBox *m_slaEnabled = nullptr;
    QSpinBox *m_sla = nullptr;
    QCheckBox *m_slaSecondsEnabled = nullptr;
    QSpinBox *m_slaSeconds = nullptr; // on lag in seconds
    QComboBox *m_format = nullptr;
    QLineEdit *m_destination = nullptr;
    QCheckBox *m_partitions = nullptr;
    QCheckBox *m_everyGroup = nullptr; // PDF: a page for every group, not only those worth a chart
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_open = nullptr;
    QWidget *m_form = nullptr;
    ReportExportJob *m_job = nullptr;
    QStringList m_written;
    std::function<void(const QString &)> m_openHandler;
};

} // namespace lagscope
