#pragma once
// The PDF report writer's state and drawing primitives (pages, paragraphs, tables, legends),
// shared by ReportPdf.cpp (title page, the writer's API) and ReportPdfSections.cpp (summary,
// lag-status summary, one section a group). Internal to views/report.

#include "report/ReportPdf.h"

#include "report/ReportBuilder.h"
#include "report/ReportLayout.h"
#include "report/ReportPdfParts.h"

#include "charts/QCustomPlotInclude.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>
#include <functional>

namespace lagscope {

namespace pdf {

// The translation context of this file's strings (lupdate reads it from here).
struct ReportPdfText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ReportPdf)
};

constexpr qreal kMargin = 42;      // 15 mm
constexpr qreal kRowHeight = 12.5; // table rows at 8 pt
constexpr qreal kFooter = 24;
// Chart cards, when many groups are drawn in detail: a grid of this many to a page.
constexpr int kCardColumns = 3;
constexpr int kCardRows = 6;
// Above this many groups the time-in-each-status table (a row per group) is left to the CSV
// and JSON: in print it would be pages of rows, and each chart shows its group's statuses.
constexpr size_t kStatusTableMaxGroups = 60;

struct Column {
    QString title;
    qreal width; // fraction of the content width
    bool number;
};

} // namespace pdf

using namespace pdf;

struct ReportPdfWriter::Private {
    Report report;
    PdfReportOptions options;
    std::unique_ptr<QPdfWriter> writer;
    QString path;
    QCPPainter painter;
    std::unique_ptr<LagChartPainter> chart;
    std::unique_ptr<LagChartPainter> cardChart; // small, without legend and axis labels
    ReportLayout layout;
    qreal pageWidth = 0;
    qreal pageHeight = 0;
    qreal y = kMargin;
    qreal cardTop = kMargin; // where the grid of chart cards starts on the current page
    int pages = 0;

    qreal contentWidth() const { return pageWidth - 2 * kMargin; }
    qreal bottom() const { return pageHeight - kMargin - kFooter; }
    // Seconds matter only in short reports.
    bool seconds() const { return report.request.from.msecsTo(report.request.to) < 3600 * 1000; }
    QString time(qint64 ms) const { return formatTime(ms, options.timeZone, seconds()); }
    QString zone() const { return reportZoneLabel(options.timeZone, report.request.to); }

    void startPage()
    {
        if (pages > 0)
            writer->newPage();
        ++pages;
        y = kMargin;
        // Footer: what this is, and which page.
        painter.setFont(font(7));
        painter.setPen(QColor(0x55, 0x55, 0x55));
        const QRectF footer(kMargin, pageHeight - kMargin - 10, contentWidth(), 10);
        painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter,
                         ReportPdfText::tr("Lagscope lag report, %1 – %2 (%3)")
                             .arg(time(report.request.from.toMSecsSinceEpoch()),
                                  time(report.request.to.toMSecsSinceEpoch()), zone()));
        painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter, ReportPdfText::tr("page %1").arg(pages));
        painter.setPen(Qt::black);
    }

    void ensure(qreal height)
    {
        if (y + height > bottom())
            startPage();
    }

    // Wrapped text across the content width; returns nothing, moves y down.
    void paragraph(const QString &text, const QFont &f, const QColor &color = Qt::black, qreal after = 4)
    {
        painter.setFont(f);
        const QRectF box(kMargin, 0, contentWidth(), 10000);
        const QRectF needed = painter.boundingRect(box, Qt::TextWordWrap, text);
        ensure(needed.height());
        painter.setPen(color);
        painter.drawText(QRectF(kMargin, y, contentWidth(), needed.height()), Qt::TextWordWrap, text);
        painter.setPen(Qt::black);
        y += needed.height() + after;
    }

    // Label: value lines, label in bold.
    void field(const QString &label, const QString &value)
    {
        const qreal labelWidth = 120;
        painter.setFont(font(9));
        const QRectF box(kMargin + labelWidth, 0, contentWidth() - labelWidth, 10000);
        const qreal h = std::max<qreal>(12, painter.boundingRect(box, Qt::TextWordWrap, value).height());
        ensure(h);
        painter.setFont(font(9, true));
        painter.drawText(QRectF(kMargin, y, labelWidth, h), Qt::AlignLeft | Qt::AlignTop, label);
        painter.setFont(font(9));
        painter.drawText(QRectF(kMargin + labelWidth, y, contentWidth() - labelWidth, h), Qt::TextWordWrap, value);
        y += h + 2;
    }

    void heading(const QString &text, int size)
    {
        ensure(size + 40); // never a heading alone at the bottom of a page
        y += size / 2.0;
        paragraph(text, font(size, true), Qt::black, 4);
    }

    // A table with its header repeated on each page it runs onto.
    void table(const std::vector<Column> &columns, const std::vector<QStringList> &rows)
    {
        auto drawRow = [&](const QStringList &cells, bool header, bool shaded) {
            if (shaded || header)
                painter.fillRect(QRectF(kMargin, y, contentWidth(), kRowHeight),
                                 header ? QColor(0xdd, 0xe3, 0xea) : QColor(0xf4, 0xf6, 0xf8));
            const QFont f = font(8, header);
            painter.setFont(f);
            const QFontMetricsF metrics(f, painter.device());
            qreal x = kMargin;
            for (size_t c = 0; c < columns.size(); ++c) {
                const qreal w = columns[c].width * contentWidth();
                const QRectF cell(x + 3, y, w - 6, kRowHeight);
                const QString text = metrics.elidedText(c < size_t(cells.size()) ? cells[qsizetype(c)] : QString(),
                                                        Qt::ElideMiddle, cell.width());
                painter.drawText(cell, Qt::AlignVCenter | (columns[c].number ? Qt::AlignRight : Qt::AlignLeft), text);
                x += w;
            }
            y += kRowHeight;
        };
        QStringList titles;
        for (const Column &c : columns)
            titles << c.title;
        ensure(3 * kRowHeight);
        drawRow(titles, true, false);
        for (size_t i = 0; i < rows.size(); ++i) {
            if (y + kRowHeight > bottom()) {
                startPage();
                drawRow(titles, true, false);
            }
            drawRow(rows[i], false, i % 2 == 1);
        }
        y += 6;
    }

    // Coloured squares with "state duration (share)", wrapped across the content width; the
    // share is of the report range, with the time without data as its own entry.
    void legend(const std::vector<StateTime> &times, qint64 noDataMs = 0)
    {
        std::vector<StateTime> entries = times;
        if (noDataMs > 0)
            entries.push_back({ReportPdfText::tr("no data"), noDataMs});
        qint64 covered = 0;
        for (const StateTime &s : entries)
            covered += s.ms;
        qreal x = kMargin;
        painter.setFont(font(8));
        for (size_t i = 0; i < entries.size(); ++i) {
            const StateTime &s = entries[i];
            const QString text = ReportPdfText::tr("%1 %2 (%3 %)")
                                     .arg(s.state, formatReportDuration(s.ms))
                                     .arg(covered > 0 ? QString::number(100.0 * double(s.ms) / double(covered), 'f', 1)
                                                      : QStringLiteral("0"));
            const qreal w = painter.fontMetrics().horizontalAdvance(text) + 12;
            if (x > kMargin && x + 10 + w > kMargin + contentWidth()) {
                x = kMargin;
                y += 12;
            }
            const bool noData = noDataMs > 0 && i + 1 == entries.size();
            painter.fillRect(QRectF(x, y + 2, 7, 7), noData ? noDataColor() : stateColor(s.state));
            if (noData) {
                painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 0.5));
                painter.drawRect(QRectF(x, y + 2, 7, 7));
                painter.setPen(Qt::black);
            }
            x += 10;
            painter.drawText(QRectF(x, y, w, 11), Qt::AlignLeft | Qt::AlignVCenter, text);
            x += w;
        }
        y += 16;
    }

    void titlePage();
    void summary(); // the ranked tables
    std::vector<Column> rankedColumns() const;
    QStringList rankedRow(int rank, const GroupReport &g) const;
    void statusSummary();
    void card(int step, const GroupReport &g); // one chart card of the grid (ReportPdfCards.cpp)
    void group(const GroupReport &g);          // a group's page: the four parts below
    void groupSummary(const GroupReport &g);
    void groupTimelines(const GroupReport &g);
    void groupRebalances(const GroupReport &g);
    void groupTables(const GroupReport &g);
};

} // namespace lagscope
