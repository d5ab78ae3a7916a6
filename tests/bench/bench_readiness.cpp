// bench_readiness [--groups N] [--poll-seconds S] [--days D] [--dir DIR]
// Failover readiness in the history store (docs/MIRRORMAKER2.md, "Failover readiness history"):
// one flow with N groups (default 500) polled every S seconds (default 30) for D days (default
// 7), compacted every 5 simulated minutes as the recorder does. Prints the bytes one poll costs
// as a raw row, the rows and bytes of each tier at the end, the file's size against an empty
// store's, and the time a week's read of one group takes.
//
// Values: most groups keep up (a re-read of 0 to a few hundred records that changes every
// poll), one in ten lags by tens of thousands, one in fifty has no known re-read, one in a
// hundred a partition without a checkpoint: every group's values move, the worst case for the
// deflated rows.
#include "store/HistoryStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <cstdio>

using namespace lagscope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Benchmarks failover readiness in the history store."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("groups"), QStringLiteral("Groups of the flow (500)."), QStringLiteral("N"),
                      QStringLiteral("500")});
    parser.addOption({QStringLiteral("poll-seconds"), QStringLiteral("Poll interval (30)."), QStringLiteral("S"),
                      QStringLiteral("30")});
    parser.addOption(
        {QStringLiteral("days"), QStringLiteral("Simulated days (7)."), QStringLiteral("D"), QStringLiteral("7")});
    parser.addOption(
        {QStringLiteral("dir"), QStringLiteral("Where to put the file (a temporary dir)."), QStringLiteral("DIR")});
    parser.process(app);
    const int groups = parser.value(QStringLiteral("groups")).toInt();
    const qint64 pollS = parser.value(QStringLiteral("poll-seconds")).toLongLong();
    const qint64 days = parser.value(QStringLiteral("days")).toLongLong();
    QTemporaryDir tmp;
    const QString dir = parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : tmp.path();
    const QString path = dir + QStringLiteral("/readiness.sqlite");
    QFile::remove(path);

    auto opened = HistoryStore::open(path);
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.errorMessage()));
        return 1;
    }
    std::unique_ptr<HistoryStore> store = std::move(*opened);
    const qint64 emptyBytes = store->fileSizeBytes();
    const QString flow = QStringLiteral("primary->dr");
    QRandomGenerator random(17);
    std::vector<HistoryStore::GroupReadiness> poll(static_cast<size_t>(groups));
    for (int g = 0; g < groups; ++g)
        poll[size_t(g)].group = QStringLiteral("group-%1").arg(g, 4, 10, QLatin1Char('0'));

    const QDateTime end(QDate(2026, 12, 4), QTime(12, 0), Qt::UTC);
    const qint64 endMs = end.toMSecsSinceEpoch();
    const qint64 startMs = endMs - days * 24 * 3600 * 1000;
    qint64 polls = 0;
    double writeMs = 0;
    double compactMs = 0;
    QElapsedTimer timer;
    for (qint64 t = startMs; t <= endMs; t += pollS * 1000) {
        for (int g = 0; g < groups; ++g) {
            auto &r = poll[size_t(g)];
            r.reread = g % 50 == 7   ? -1
                       : g % 10 == 3 ? 20000 + qint64(random.bounded(30000))
                                     : qint64(random.bounded(400));
            r.untranslatable = g % 100 == 42 ? 1 : 0;
        }
        timer.start();
        if (Status s = store->appendFlowReadiness(flow, t, poll); !s) {
            std::fprintf(stderr, "%s\n", qPrintable(s.errorMessage()));
            return 1;
        }
        writeMs += double(timer.nsecsElapsed()) / 1e6;
        ++polls;
        if ((t - startMs) % (5 * 60 * 1000) == 0) {
            timer.start();
            if (Status s = store->compact(QDateTime::fromMSecsSinceEpoch(t, Qt::UTC)); !s) {
                std::fprintf(stderr, "%s\n", qPrintable(s.errorMessage()));
                return 1;
            }
            compactMs += double(timer.nsecsElapsed()) / 1e6;
        }
    }
    (void)store->compact(end);

    timer.start();
    const auto week = store->readinessHistory(flow, QStringLiteral("group-0003"), QDateTime(), end);
    const double readMs = double(timer.nsecsElapsed()) / 1e6;
    const qint64 fileBytes = store->fileSizeBytes();
    store.reset();

    std::printf("failover readiness: 1 flow, %d groups, a poll every %lld s for %lld days (%lld polls)\n", groups,
                static_cast<long long>(pollS), static_cast<long long>(days), static_cast<long long>(polls));
    std::printf("write: %.3f ms per poll (one transaction); compaction every 5 min: %.2f ms on average\n",
                writeMs / double(polls), compactMs / double(polls * pollS / 300));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench"));
        db.setDatabaseName(path);
        db.open();
        QSqlQuery q(db);
        q.exec(QStringLiteral("SELECT tier, count(*), sum(length(data)), avg(length(data)) FROM flow_readiness"
                              " GROUP BY tier ORDER BY tier"));
        qint64 total = 0;
        while (q.next()) {
            const char *names[] = {"raw polls", "1-minute buckets", "10-minute buckets"};
            std::printf("tier %d (%s): %lld rows, %.0f bytes per row (%.2f per group), %.2f MiB\n", q.value(0).toInt(),
                        names[q.value(0).toInt()], q.value(1).toLongLong(), q.value(3).toDouble(),
                        q.value(3).toDouble() / groups, q.value(2).toDouble() / (1024.0 * 1024.0));
            total += q.value(2).toLongLong();
        }
        std::printf("rows' data: %.2f MiB; file: %.2f MiB (%.2f MiB more than an empty store)\n",
                    double(total) / (1024.0 * 1024.0), double(fileBytes) / (1024.0 * 1024.0),
                    double(fileBytes - emptyBytes) / (1024.0 * 1024.0));
        // The rest of the file: pages freed by compaction (reused by later polls) and the
        // dictionaries; the WAL is counted in `file` above.
        q.exec(QStringLiteral("SELECT (SELECT page_count FROM pragma_page_count),"
                              " (SELECT freelist_count FROM pragma_freelist_count),"
                              " (SELECT page_size FROM pragma_page_size)"));
        if (q.next()) {
            const double pageMiB = q.value(2).toDouble() / (1024.0 * 1024.0);
            std::printf("database: %.2f MiB in pages, of which %.2f MiB free\n", q.value(0).toDouble() * pageMiB,
                        q.value(1).toDouble() * pageMiB);
        }
        q = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench"));
    std::printf("a week of one group read back: %zu points in %.1f ms\n", week ? week->size() : size_t(0), readMs);
    return 0;
}
