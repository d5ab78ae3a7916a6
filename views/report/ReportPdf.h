#pragma once
// The lag report as a PDF for people: a title page (range, selection, threshold, what the
// history could not say), the groups ranked by what matters (report/ReportLayout.h), then
// the groups worth a chart: a page each with its numbers, a lag chart drawn with
// QCustomPlot, the group-state and lag-status timelines, topics, rebalances and
// (optionally) partitions; or, when many groups breached, a chart card each, several to a
// page. Quiet groups stay rows of the ranked table unless every group is asked for. A4 portrait, made for print: dark
// text on white whatever the desktop theme, fonts of 8 pt and up, tables that break across pages with their header
// repeated, axis labels with units and the time zone.
//
// Thread: GUI thread (QCustomPlot is a widget; the CLI runs a QApplication offscreen).
// Ownership: the writer owns its QPdfWriter and chart; the report is copied.

#include "report/ReportModel.h"
#include "util/Result.h"

#include <QTimeZone>

#include <memory>

namespace lagscope {

struct PdfReportOptions {
    QTimeZone timeZone = QTimeZone::systemTimeZone(); // for every time shown
    bool everyGroup = false;                          // a page with its chart for every group, quiet ones too
};

// Step by step, so the GUI can show progress and cancel between groups:
// begin(), writeGroup(0..groupCount()-1), finish(). The steps are the groups drawn in
// detail, in rank order; the other groups are rows of the ranked table that begin() draws.
class ReportPdfWriter final {
public:
    ReportPdfWriter(Report report, PdfReportOptions options = {});
    ~ReportPdfWriter();
    Q_DISABLE_COPY_MOVE(ReportPdfWriter)

    // Opens the file and draws the title page and the ranked tables.
    Status begin(const QString &path);
    int groupCount() const;         // groups drawn in detail (a page or a chart card each)
    int reportedGroupCount() const; // every group of the report
    void writeGroup(int index);
    // Ends the document; the file is complete only after this.
    Status finish();
    int pageCount() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

Status writeReportPdf(const Report &report, const QString &path, const PdfReportOptions &options = {});

// "Europe/Berlin, UTC+01:00" or "UTC": what axis labels and headings say.
QString reportZoneLabel(const QTimeZone &zone, const QDateTime &at);

} // namespace lagscope
