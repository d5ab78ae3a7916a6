#pragma once
// An opt-in measurement of the GUI thread's responsiveness for soak tests
// (tests/reliability/soak, docs/RELIABILITY.md): a 10 ms timer on the GUI thread, and how late
// the event loop runs it. A GUI thread busy for 200 ms (a slow model reset, a blocking call)
// shows as a tick about 190 ms late. Every 5 s, and once more at quit, it appends one JSON
// line to its file: the cumulative histogram of lateness in whole milliseconds, its p50, p99
// and maximum, and the polls the window received per cluster (reachable or not), which the
// soak compares with the polls the history recorded.
// Enabled by LAGSCOPE_STALL_PROBE=<file>; without it the app has no timer and no file.
// Thread: GUI. Ownership: a child of the object given to it (main()'s SessionHost).

#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QObject>

#include <vector>

namespace lagscope {

class MonitorService;

class StallProbe final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StallProbe)

public:
    static constexpr int kTickMs = 10;
    static constexpr int kReportMs = 5000;

    StallProbe(const QString &path, QObject *parent);
    ~StallProbe() override;

    // Counts the polls this monitor delivers to the GUI thread.
    void watch(MonitorService *monitor);
    // Writes a report line now (also done every kReportMs and at destruction).
    void report();

private:
    struct Polls {
        quint64 reachable = 0;
        quint64 unreachable = 0;
    };

    void tick();
    qint64 percentile(double fraction) const;

    QFile m_file;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    // m_histogram[ms]: ticks that ran ms milliseconds late; the last bucket holds the rest.
    std::vector<quint64> m_histogram;
    quint64 m_ticks = 0;
    qint64 m_maxMs = 0;
    qint64 m_lastReportNs = 0;
    QMap<QString, Polls> m_polls;
};

} // namespace lagscope
