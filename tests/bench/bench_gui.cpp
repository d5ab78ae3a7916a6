// bench_gui [--lab DIR] [--runs N] [--points N]
// The GUI thread's share of a poll and of a chart, on the offscreen platform:
//  - GroupTableModel::apply() of the 500-group fixture snapshot: into an empty model, with
//    every group's lag changed, and unchanged; alone and with a sorting proxy and a shown
//    QTableView attached (then including the repaint that follows);
//  - LagChart::replot() with 1,000,000 points in a 1200×500 widget.
#include "BenchUtil.h"

#include "charts/LagChart.h"
#include "models/GroupFilterProxy.h"
#include "models/GroupTableModel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QHeaderView>
#include <QTableView>
#include <QtMath>

#include <memory>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

// A copy of the snapshot with the same values (a new object, as every poll makes one).
SnapshotPtr sameValues(const SnapshotPtr &s) { return std::make_shared<const ClusterSnapshot>(*s); }

struct ApplyTimes {
    std::vector<double> first, changed, unchanged;
};

// The three times of one measureApply(), as `prefix`.first, .changed and .unchanged.
void reportApply(const QString &prefix, const ApplyTimes &times)
{
    report(prefix + QStringLiteral(".first"), QStringLiteral("first (500 rows inserted)"), times.first,
           QStringLiteral("ms"));
    report(prefix + QStringLiteral(".changed"), QStringLiteral("every lag changed"), times.changed,
           QStringLiteral("ms"));
    report(prefix + QStringLiteral(".unchanged"), QStringLiteral("unchanged"), times.unchanged, QStringLiteral("ms"));
}

// withView: the model sits under GroupFilterProxy (sorted by total lag, as the groups page
// does) and a shown table view; each time includes processing the events that follow,
// i.e. the repaint.
ApplyTimes measureApply(const SnapshotPtr &base, int runs, bool withView)
{
    ApplyTimes times;
    const QDateTime t0 = base->takenAt;
    for (int r = 0; r < runs; ++r) {
        GroupTableModel model;
        GroupFilterProxy proxy;
        QTableView view;
        if (withView) {
            proxy.setSourceModel(&model);
            proxy.sort(GroupTableModel::TotalLag, Qt::DescendingOrder);
            view.setModel(&proxy);
            view.setSortingEnabled(true);
            view.horizontalHeader()->setSortIndicator(GroupTableModel::TotalLag, Qt::DescendingOrder);
            view.resize(1200, 700);
            view.show();
            QApplication::processEvents();
        }
        auto timed = [&](const SnapshotPtr &s) {
            const Stopwatch clock;
            model.apply(s);
            if (withView)
                QApplication::processEvents();
            return clock.elapsedMs();
        };
        times.first.push_back(timed(base));
        // Two changed applies per run: the first grows every group's trend from 1 point.
        timed(variantSnapshot(*base, t0.addSecs(5), 2 * r + 1));
        const SnapshotPtr changed = variantSnapshot(*base, t0.addSecs(10), 2 * r + 2);
        times.changed.push_back(timed(changed));
        times.unchanged.push_back(timed(sameValues(changed)));
    }
    return times;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Benchmarks snapshot application and chart replot."),
                       LabOption::FixtureSource);
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Repetitions of each timed step."), QStringLiteral("N"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("points"), QStringLiteral("Points in the chart."), QStringLiteral("N"),
                      QStringLiteral("1000000")});
    parser.process(app);
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int points = std::max(2, parser.value(QStringLiteral("points")).toInt());

    printMachine();
    printLine(QStringLiteral("platform: %1").arg(QApplication::platformName()));
    auto base = fixtureSnapshot(parser.value(QStringLiteral("lab")));
    if (!base)
        return fail(base.errorMessage());
    printLine(QStringLiteral("fixture snapshot (%1): %2 groups")
                  .arg(parser.isSet(QStringLiteral("lab")) ? QStringLiteral("polled from the lab")
                                                           : QStringLiteral("synthetic"))
                  .arg((*base)->groups.size()));

    printLine(QStringLiteral("GroupTableModel::apply(), model alone:"));
    const ApplyTimes alone = measureApply(*base, runs, false);
    reportApply(QStringLiteral("gui.apply"), alone);

    printLine(QStringLiteral("GroupTableModel::apply() + sorted proxy + shown QTableView, including the repaint:"));
    const ApplyTimes viewed = measureApply(*base, runs, true);
    reportApply(QStringLiteral("gui.view"), viewed);

    // The chart: a lag line sampled every 5 s ending now, with a daily wave, bursts and noise.
    LagChart chart;
    chart.resize(1200, 500);
    chart.show();
    QApplication::processEvents();
    QVector<double> t(points), lag(points);
    const double end = double(QDateTime::currentSecsSinceEpoch());
    quint32 noise = 12345;
    for (int i = 0; i < points; ++i) {
        noise = noise * 1664525u + 1013904223u;
        t[i] = end - double(points - 1 - i) * 5.0;
        lag[i] = 5000 + 4000 * qSin(t[i] / 86400.0 * 2 * M_PI) + double(noise % 2000) + (i % 7919 < 60 ? 50000 : 0);
    }
    const Stopwatch setClock;
    chart.setSeriesForBenchmark(t, lag);
    const double setMs = setClock.elapsedMs();
    printLine(QStringLiteral("LagChart with %1 points (%2 series), 1200×500, offscreen:")
                  .arg(chart.pointCount())
                  .arg(chart.seriesCount()));
    reportValue(QStringLiteral("gui.chart.set"), QStringLiteral("setSeriesForBenchmark()"), setMs,
                QStringLiteral("ms"));
    std::vector<double> replots;
    {
        const Stopwatch clock;
        chart.replot(); // the first one also lays out axes and ticks
        reportValue(QStringLiteral("gui.chart.replot.first"), QStringLiteral("first replot()"), clock.elapsedMs(),
                    QStringLiteral("ms"));
    }
    for (int i = 0; i < runs; ++i) {
        const Stopwatch clock;
        chart.replot();
        replots.push_back(clock.elapsedMs());
    }
    report(QStringLiteral("gui.chart.replot"), QStringLiteral("replot()"), replots, QStringLiteral("ms"));
    reportValue(QStringLiteral("gui.peak_rss"), QStringLiteral("peak RSS of this process"), peakRssMiB(),
                QStringLiteral("MiB"));
    return 0;
}
