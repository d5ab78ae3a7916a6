#pragma once
// Axis tickers of the lag chart. Thread: GUI. Ownership: shared through
// QSharedPointer<QCPAxisTicker>, as QCustomPlot wants.

#include "charts/QCustomPlotInclude.h"

namespace lagscope {

// Lag counts records: whole-number steps, labels with thousands separators whatever the
// locale's default (the C locale omits them, and "12000000" is hard to read at a glance).
class LagValueTicker final : public QCPAxisTicker {
protected:
    double getTickStep(const QCPRange &range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

// Local time. Labels use the format for the visible span (setVisibleSpan); a tick at local
// midnight shows the date instead, so a 24-hour chart still says which day is which.
class LocalTimeTicker final : public QCPAxisTickerDateTime {
public:
    LocalTimeTicker();
    void setVisibleSpan(double seconds);

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;

private:
    bool m_showDates = false;
};

} // namespace lagscope
