#include "report/ReportExportJob.h"

#include "report/ReportBuilder.h"
#include "report/ReportCsv.h"
#include "report/ReportJson.h"
#include "store/HistoryStore.h"

#include <QFile>
#include <QThread>
#include <QTimer>

namespace lagscope {

ReportExportJob::ReportExportJob(Spec spec, QObject *parent) : QObject(parent), m_spec(std::move(spec)) { }

ReportExportJob::~ReportExportJob()
{
    m_cancel->store(true);
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void ReportExportJob::start()
{
    if (m_running)
        return;
    m_running = true;
    m_cancel->store(false);
    const Spec spec = m_spec;
    const auto cancel = m_cancel;
    const bool pdf = spec.format == Format::Pdf;
    m_thread = QThread::create([this, spec, cancel, pdf] {
        auto built = std::make_shared<Result<Report>>(Result<Report>::failure(QString()));
        QStringList files;
        {
            // The store's connection must be gone before this thread ends.
            auto store = HistoryStore::open(spec.historyPath, RetentionPolicy{}, HistoryStore::OpenMode::Reader);
            if (!store) {
                *built = store.error();
            } else {
                ReportProgress reporter;
                reporter.cancel = cancel.get();
                reporter.onProgress = [this, pdf](int done, int total) {
                    const int percent = total > 0 ? done * (pdf ? 50 : 90) / total : 0;
                    const QString text =
                        tr("Reading the history: group %1 of %2").arg(std::min(done + 1, total)).arg(total);
                    QMetaObject::invokeMethod(
                        this, [this, percent, text] { Q_EMIT progress(percent, text); }, Qt::QueuedConnection);
                };
                *built = buildReport(**store, spec.request, spec.now, reporter);
            }
        }
        if (*built && spec.format == Format::Csv) {
            auto written = writeReportCsv(**built, spec.path);
            if (written)
                files = *written;
            else
                *built = written.error();
        } else if (*built && spec.format == Format::Json) {
            if (Status s = writeReportJson(**built, spec.path); s)
                files = {spec.path};
            else
                *built = s.error();
        }
        QMetaObject::invokeMethod(
            this, [this, built, files] { onBuilt(built, files); }, Qt::QueuedConnection);
    });
    m_thread->setObjectName(QStringLiteral("report-export"));
    m_thread->start();
}

void ReportExportJob::cancel() { m_cancel->store(true); }

void ReportExportJob::onBuilt(const std::shared_ptr<Result<Report>> &built, const QStringList &files)
{
    m_thread->wait(); // it has delivered its result: only its exit is left
    delete m_thread;
    m_thread = nullptr;
    if (!*built) {
        finish(false, built->errorMessage());
        return;
    }
    if (m_spec.format != Format::Pdf) {
        const int n = int((*built)->groups.size());
        finish(true, n == 1 ? tr("Wrote 1 group") : tr("Wrote %1 groups").arg(n), files);
        return;
    }
    m_pdf = std::make_unique<ReportPdfWriter>(std::move(**built), m_spec.pdf);
    if (Status s = m_pdf->begin(m_spec.path); !s) {
        m_pdf.reset();
        finish(false, s.errorMessage());
        return;
    }
    m_nextGroup = 0;
    QTimer::singleShot(0, this, &ReportExportJob::drawNextGroup);
}

void ReportExportJob::drawNextGroup()
{
    if (m_cancel->load()) {
        (void)m_pdf->finish(); // the file is removed either way
        m_pdf.reset();
        QFile::remove(m_spec.path); // half a report would mislead
        finish(false, tr("The report was cancelled"));
        return;
    }
    const int total = m_pdf->groupCount();
    if (m_nextGroup < total) {
        Q_EMIT progress(50 + 50 * m_nextGroup / std::max(1, total),
                        tr("Drawing the PDF: chart %1 of %2").arg(m_nextGroup + 1).arg(total));
        m_pdf->writeGroup(m_nextGroup++);
        QTimer::singleShot(0, this, &ReportExportJob::drawNextGroup);
        return;
    }
    const int pages = m_pdf->pageCount();
    const int groups = m_pdf->reportedGroupCount();
    const Status s = m_pdf->finish();
    m_pdf.reset();
    if (!s)
        finish(false, s.errorMessage());
    else
        finish(true,
               (groups == 1 ? tr("Wrote 1 group") : tr("Wrote %1 groups").arg(groups)) + tr(" on %1 pages").arg(pages),
               {m_spec.path});
}

void ReportExportJob::finish(bool ok, const QString &message, const QStringList &files)
{
    m_running = false;
    if (ok)
        Q_EMIT progress(100, message);
    Q_EMIT finished(ok, message, files);
}

} // namespace lagscope
