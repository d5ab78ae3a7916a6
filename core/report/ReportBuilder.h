#pragma once
// Builds a lag report from the history store alone (never from live polls): selects the
// groups, reads their history over the range and computes every section (ReportStats.h).
//
// Thread: the thread that owns the store (a HistoryStore is single-threaded). The GUI
// builds on a worker thread with its own read connection; progress is reported through the
// callback on that thread, and `cancel` may be set from any thread.

#include "report/ReportModel.h"
#include "store/HistoryStore.h"
#include "util/Result.h"

#include <atomic>
#include <functional>

namespace lagscope {

struct ReportProgress {
    // Called before each group and once at the end: done of total groups.
    std::function<void(int done, int total)> onProgress;
    const std::atomic<bool> *cancel = nullptr;
};

// Refuses ranges the history cannot answer: empty or reversed, in the future, or starting
// before the retention (`now` − keepFor), with a message that says what to choose instead.
Status checkReportRange(const ReportRequest &request, const RetentionPolicy &policy, const QDateTime &now);

// The groups the request selects: by cluster, then by the pattern over the whole name.
// Fails on an invalid pattern, an unknown cluster, or when nothing matches.
Result<std::vector<HistoryStore::StoredGroup>> selectReportGroups(const HistoryStore &store,
                                                                  const ReportRequest &request);

Result<Report> buildReport(const HistoryStore &store, const ReportRequest &request, const QDateTime &now,
                           const ReportProgress &progress = {});

// "2 h 5 min", "3 d 4 h", "45 s": for messages and the PDF.
QString formatReportDuration(qint64 ms);

} // namespace lagscope
