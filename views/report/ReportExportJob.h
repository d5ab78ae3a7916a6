#pragma once
// One export of a lag report from the GUI: reads the history and computes the report on a
// worker thread (with its own read connection, since a HistoryStore belongs to one thread),
// writes CSV or JSON there too, and draws a PDF on the GUI thread one group per event-loop
// turn (QCustomPlot is a widget), so the window stays responsive and Cancel is honoured
// between groups.
//
// Thread: create and use on the GUI thread; signals arrive there. Ownership: owned by its
// parent (the export dialog); the destructor cancels and waits for the worker, which stops
// after the group it is reading.

#include "report/ReportModel.h"
#include "report/ReportPdf.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class QThread;

namespace lagscope {

class ReportPdfWriter;

class ReportExportJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportExportJob)

public:
    enum class Format {
        Pdf,
        Csv,
        Json
    };
    struct Spec {
        QString historyPath;
        ReportRequest request;
        Format format = Format::Pdf;
        QString path;
        PdfReportOptions pdf;
        QDateTime now; // for the retention check; the range is relative to it
    };

    explicit ReportExportJob(Spec spec, QObject *parent = nullptr);
    ~ReportExportJob() override;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progress(int percent, const QString &text);
    // files: what was written (CSV: several), the main one first.
    void finished(bool ok, const QString &message, const QStringList &files);

private:
    void onBuilt(const std::shared_ptr<Result<Report>> &built, const QStringList &files);
    void drawNextGroup();
    void finish(bool ok, const QString &message, const QStringList &files = {});

    Spec m_spec;
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
    QThread *m_thread = nullptr;
    std::unique_ptr<ReportPdfWriter> m_pdf;
    int m_nextGroup = 0;
    bool m_running = false;
};

} // namespace lagscope
