// bench_gui [--lab DIR] [--scale standard|large] [--runs N] [--points N]
// The GUI thread's share of a poll, of the groups page and of a chart, on the offscreen
// platform, at the fixture's scale (500 groups, or 5,000 with --scale large):
//  - GroupTableModel::apply() of the fixture snapshot: into an empty model, with every
//    group's lag changed, and unchanged; alone and on the groups page as the main window
//    builds it (GroupFilterProxy sorted by total lag, TablePage with the sparkline delegate,
//    shown), then including the repaint that follows;
//  - on that page: a sort by a column (total lag, group) and filter-as-you-type keystrokes
//    into the page's filter box, each including the repaint;
//  - LagChart::replot() with 1,000,000 points in a 1200×500 widget;
//  - the process's RSS with the page showing the fixture, and at the end.
#include "BenchUtil.h"

#include "charts/LagChart.h"
#include "models/GroupFilterProxy.h"
#include "models/GroupTableModel.h"
#include "models/SparklineDelegate.h"
#include "pages/TablePage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QtMath>

#include <ctime>
#include <memory>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

// A copy of the snapshot with the same values (a new object, as every poll makes one).
SnapshotPtr sameValues(const SnapshotPtr &s) { return std::make_shared<const ClusterSnapshot>(*s); }

// The groups page as MainWindowBuild.cpp builds it: the model under GroupFilterProxy in a
// TablePage, the trend column painted by SparklineDelegate, sorted by total lag (largest
// first), the filter box wired to the proxy. Declared in this order so that the view goes
// before the delegate, the proxy and the model it shows.
struct GroupsPage {
    GroupTableModel model;
    GroupFilterProxy proxy;
    SparklineDelegate sparkline{GroupTableModel::TrendRole};
    TablePage page{QStringLiteral("groupsPage"), QStringLiteral("Consumer groups"), &proxy};

    GroupsPage()
    {
        proxy.setSourceModel(&model);
        QTableView *view = page.view();
        view->setItemDelegateForColumn(GroupTableModel::Trend, &sparkline);
        view->sortByColumn(GroupTableModel::TotalLag, Qt::DescendingOrder);
        page.fitColumnsToHeaders();
        view->setColumnWidth(GroupTableModel::Group, 170);
        view->setColumnWidth(GroupTableModel::State, 110);
        view->setColumnWidth(GroupTableModel::Topics, 110);
        QObject::connect(&page, &TablePage::filterChanged, &proxy, &GroupFilterProxy::setFilterText);
        page.resize(1200, 700);
        page.show();
        QApplication::processEvents();
    }
};

// Runs the events that are due, and those they cause: a view lays out its items on a
// zero-time timer and repaints on a posted request, so one pass can leave work behind.
void settle()
{
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
}

// Wall and GUI-thread CPU times of repeated steps.
struct Samples {
    std::vector<double> wall, cpu;
};

template <typename Step> void timed(Samples &into, Step step)
{
    const double cpu0 = threadCpuMs();
    const Stopwatch clock;
    step();
    into.wall.push_back(clock.elapsedMs());
    into.cpu.push_back(threadCpuMs() - cpu0);
}

// `step` on the page, then the events it caused (the relayout and the repaint).
template <typename Step> void timedOnPage(Samples &into, Step step)
{
    settle();
    timed(into, [&] {
        step();
        settle();
    });
}

// `name` for the wall time and `name`.cpu for the GUI thread's CPU time.
void reportSamples(const QString &name, const QString &label, const Samples &samples)
{
    report(name, label, samples.wall, QStringLiteral("ms"));
    report(name + QStringLiteral(".cpu"), label + QStringLiteral(", CPU of the GUI thread"), samples.cpu,
           QStringLiteral("ms"));
}

struct ApplyTimes {
    Samples first, changed, unchanged;
};

// The three times of one measureApply(), as `prefix`.first, .changed and .unchanged.
void reportApply(const QString &prefix, const ApplyTimes &times, int groups)
{
    reportSamples(prefix + QStringLiteral(".first"), QStringLiteral("first (%1 rows inserted)").arg(groups),
                  times.first);
    reportSamples(prefix + QStringLiteral(".changed"), QStringLiteral("every lag changed"), times.changed);
    reportSamples(prefix + QStringLiteral(".unchanged"), QStringLiteral("unchanged"), times.unchanged);
}

// Applies base, two snapshots with every lag changed, and an unchanged copy of the last one.
// Two changed applies per run: the first grows every group's trend from 1 point.
template <typename Apply> void applySequence(const SnapshotPtr &base, int r, ApplyTimes &times, Apply apply)
{
    const QDateTime t0 = base->takenAt;
    apply(times.first, base);
    Samples warmUp;
    apply(warmUp, variantSnapshot(*base, t0.addSecs(5), 2 * r + 1));
    const SnapshotPtr changed = variantSnapshot(*base, t0.addSecs(10), 2 * r + 2);
    apply(times.changed, changed);
    apply(times.unchanged, sameValues(changed));
}

ApplyTimes measureApplyAlone(const SnapshotPtr &base, int runs)
{
    ApplyTimes times;
    for (int r = 0; r < runs; ++r) {
        GroupTableModel model;
        applySequence(base, r, times,
                      [&](Samples &into, const SnapshotPtr &s) { timed(into, [&] { model.apply(s); }); });
    }
    return times;
}

struct PageTimes {
    ApplyTimes apply;
    Samples repaint, sortLag, sortGroup, type, erase;
    double rssShown = 0; // MiB, the page showing the fixture
};

// What the user types into the filter box: a group's number, one keystroke at a time. The
// first keystroke still matches every group ("g" is in each fixture name), each later one
// about a tenth of the previous; erasing widens again, up to the whole table.
QString typedText() { return QStringLiteral("g") + Fixture::groupName(Fixture::groups * 4 / 5 + 17).mid(7); }

PageTimes measurePage(const SnapshotPtr &base, int runs)
{
    PageTimes times;
    const QString typed = typedText();
    for (int r = 0; r < runs; ++r) {
        GroupsPage p;
        applySequence(base, r, times.apply,
                      [&](Samples &into, const SnapshotPtr &s) { timedOnPage(into, [&] { p.model.apply(s); }); });
        if (r == 0)
            times.rssShown = currentRssMiB();
        QTableView *view = p.page.view();
        // The floor of every step below: repainting the visible rows, nothing changed.
        timedOnPage(times.repaint, [&] { view->viewport()->update(); });
        // Ascending, then back to the page's own descending order: what two header clicks do.
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
            timedOnPage(times.sortLag, [&] { view->sortByColumn(GroupTableModel::TotalLag, order); });
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
            timedOnPage(times.sortGroup, [&] { view->sortByColumn(GroupTableModel::Group, order); });
        view->sortByColumn(GroupTableModel::TotalLag, Qt::DescendingOrder);
        QApplication::processEvents();
        QLineEdit *filter = p.page.filter();
        for (qsizetype n = 1; n <= typed.size(); ++n)
            timedOnPage(times.type, [&] { filter->setText(typed.left(n)); });
        for (qsizetype n = typed.size() - 1; n >= 0; --n)
            timedOnPage(times.erase, [&] { filter->setText(typed.left(n)); });
        if (p.proxy.rowCount() != p.model.rowCount())
            printLine(QStringLiteral("warning: the cleared filter shows %1 of %2 rows")
                          .arg(p.proxy.rowCount())
                          .arg(p.model.rowCount()));
    }
    return times;
}

void measureChart(int points, int runs)
{
    // A lag line sampled every 5 s ending now, with a daily wave, bursts and noise.
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
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Benchmarks snapshot application, the groups page and chart replot."),
                       LabOption::FixtureSource);
    parser.addOption({QStringLiteral("scale"), QStringLiteral("Fixture scale: standard (500 groups) or large (5,000)."),
                      QStringLiteral("NAME"), QStringLiteral("standard")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Repetitions of each timed step."), QStringLiteral("N"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("points"), QStringLiteral("Points in the chart."), QStringLiteral("N"),
                      QStringLiteral("1000000")});
    parser.process(app);
    if (!Fixture::useScale(parser.value(QStringLiteral("scale"))))
        return fail(QStringLiteral("--scale must be standard or large"));
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int points = std::max(2, parser.value(QStringLiteral("points")).toInt());

    printMachine();
    printLine(QStringLiteral("platform: %1").arg(QApplication::platformName()));
    reportValue(QStringLiteral("gui.rss.start"), QStringLiteral("RSS before any snapshot"), currentRssMiB(),
                QStringLiteral("MiB"));
    auto base = fixtureSnapshot(parser.value(QStringLiteral("lab")));
    if (!base)
        return fail(base.errorMessage());
    const int groups = int((*base)->groups.size());
    printLine(QStringLiteral("fixture snapshot (%1, scale %2): %3 groups")
                  .arg(parser.isSet(QStringLiteral("lab")) ? QStringLiteral("polled from the lab")
                                                           : QStringLiteral("synthetic"),
                       parser.value(QStringLiteral("scale")))
                  .arg(groups));

    printLine(QStringLiteral("GroupTableModel::apply(), model alone:"));
    reportApply(QStringLiteral("gui.apply"), measureApplyAlone(*base, runs), groups);

    printLine(QStringLiteral("The groups page (model + sorted proxy + shown TablePage), including the repaint:"));
    const PageTimes page = measurePage(*base, runs);
    reportApply(QStringLiteral("gui.view"), page.apply, groups);
    reportSamples(QStringLiteral("gui.repaint"), QStringLiteral("repaint of the table alone"), page.repaint);
    reportSamples(QStringLiteral("gui.sort.total_lag"), QStringLiteral("sort by total lag (header click)"),
                  page.sortLag);
    reportSamples(QStringLiteral("gui.sort.group"), QStringLiteral("sort by group (header click)"), page.sortGroup);
    reportSamples(QStringLiteral("gui.filter.type"), QStringLiteral("filter keystroke, typing \"%1\"").arg(typedText()),
                  page.type);
    reportSamples(QStringLiteral("gui.filter.erase"), QStringLiteral("filter keystroke, erasing it"), page.erase);
    reportValue(QStringLiteral("gui.rss.page"), QStringLiteral("RSS with the page showing the fixture"), page.rssShown,
                QStringLiteral("MiB"));

    measureChart(points, runs);
    reportValue(QStringLiteral("gui.peak_rss"), QStringLiteral("peak RSS of this process"), peakRssMiB(),
                QStringLiteral("MiB"));
    return 0;
}
