// bench_pgstore --history postgresql://USER@HOST:PORT/DB --password-file F [--lab DIR] [--minutes M] [--parts abc]
// The history store on PostgreSQL at the scale fixture (500 groups × 20 partitions, 5 s polls),
// each part in a database of its own that must be empty (the caller makes them: DB_a, DB_b,
// DB_c from the --history database name DB):
//  a. MEASURED: rows and bytes one poll adds before compaction (recent rows), insert time;
//  b. MEASURED: --minutes of polls compacted every 5 simulated minutes like the recorder,
//     then packed: bytes per poll in blocks;
//  c. MEASURED: the steady state of a week of the whole fixture (6 h of 5 s polls, 18 h of
//     one-minute buckets, 6 days of ten-minute buckets, one poll written per bucket): the
//     database's size, pg_database_size and each table's pg_total_relation_size.
#include "BenchUtil.h"
#include "StoreBench.h"

#include "store/HistoryLocation.h"
#include "store/HistoryStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace lagscope;
using namespace lagscope::bench;
using namespace lagscope::bench::store;

namespace {

struct Sizes {
    qint64 database = 0;
    std::map<QString, qint64> tables; // pg_total_relation_size: heap, indexes, TOAST
    std::map<QString, qint64> rows;
};

Result<Sizes> sizesOf(const PostgresLocation &l, const QString &password)
{
    Sizes s;
    const QString connection = QStringLiteral("bench-sizes");
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setHostName(l.host);
        db.setPort(l.port);
        db.setUserName(l.user);
        db.setPassword(password);
        db.setDatabaseName(l.database);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            q.exec(QStringLiteral("VACUUM ANALYZE"));
            if (q.exec(QStringLiteral("SELECT pg_database_size(current_database())")) && q.next())
                s.database = q.value(0).toLongLong();
            QStringList tables;
            if (q.exec(QStringLiteral("SELECT table_name FROM information_schema.tables"
                                      " WHERE table_schema = current_schema()")))
                while (q.next())
                    tables << q.value(0).toString();
            for (const QString &t : std::as_const(tables)) {
                if (q.exec(QStringLiteral("SELECT pg_total_relation_size('%1'), (SELECT count(*) FROM %1)").arg(t))
                    && q.next()) {
                    s.tables[t] = q.value(0).toLongLong();
                    s.rows[t] = q.value(1).toLongLong();
                }
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    if (!error.isEmpty())
        return Result<Sizes>::failure(error);
    return s;
}

void printSizes(const Sizes &s)
{
    printLine(QStringLiteral("  pg_database_size %1 MiB").arg(mib(s.database), 0, 'f', 1));
    for (const auto &[table, bytes] : s.tables)
        printLine(QStringLiteral("  %1: %2 rows, %3 MiB").arg(table).arg(s.rows.at(table)).arg(mib(bytes), 0, 'f', 2));
}

qint64 total(const Sizes &s, std::initializer_list<const char *> tables)
{
    qint64 sum = 0;
    for (const char *t : tables)
        if (const auto it = s.tables.find(QString::fromLatin1(t)); it != s.tables.end())
            sum += it->second;
    return sum;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Benchmarks the history store on PostgreSQL at the scale fixture."),
                       LabOption::FixtureSource);
    parser.addOption(
        {QStringLiteral("history"), QStringLiteral("postgresql://USER@HOST:PORT/DB"), QStringLiteral("URL")});
    parser.addOption(
        {QStringLiteral("password-file"), QStringLiteral("File holding the password."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("minutes"), QStringLiteral("Simulated minutes of part b."), QStringLiteral("M"),
                      QStringLiteral("30")});
    parser.addOption({QStringLiteral("parts"), QStringLiteral("The parts to run (default: abc)."),
                      QStringLiteral("PARTS"), QStringLiteral("abc")});
    parser.process(app);
    const QString parts = parser.value(QStringLiteral("parts"));
    auto location = parsePostgresLocation(parser.value(QStringLiteral("history")));
    if (!location)
        return fail(location.errorMessage());
    QFile passwordFile(parser.value(QStringLiteral("password-file")));
    if (!passwordFile.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read the password file"));
    const QString password = QString::fromUtf8(passwordFile.readAll()).trimmed();
    location->password = QStringLiteral("${file:%1}").arg(passwordFile.fileName());
    auto part = [&](const char *suffix) {
        PostgresLocation l = *location;
        l.database += QLatin1Char('_') + QLatin1String(suffix);
        return l;
    };

    printMachine();
    auto base = fixtureSnapshot(parser.value(QStringLiteral("lab")));
    if (!base)
        return fail(base.errorMessage());
    int partitions = 0;
    for (const auto &g : (*base)->groups)
        partitions += int(g.partitions.size());
    printLine(QStringLiteral("fixture: %1 groups, %2 group partitions").arg((*base)->groups.size()).arg(partitions));
    const RetentionPolicy policy;
    const qint64 coarseMs = msOf(policy.coarseBucket);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch() / coarseMs * coarseMs;
    auto every = [&](qint64 t, int i) { return variantSnapshot(**base, at(t), i, kOffsetBase); };

    // a. One poll before compaction.
    if (parts.contains(QLatin1Char('a'))) {
        const PostgresLocation l = part("a");
        auto store = HistoryStore::open(l.encode(), policy);
        if (!store)
            return fail(store.errorMessage());
        constexpr int kPolls = 24;
        auto filled = fill(**store, nowMs - kPolls * kPollMs, kPolls, every);
        if (!filled)
            return fail(filled.errorMessage());
        report(QStringLiteral("pgstore.insert"), QStringLiteral("insert one poll"), filled->insertMs,
               QStringLiteral("ms"));
        const auto sizes = sizesOf(l, password);
        if (!sizes)
            return fail(sizes.errorMessage());
        printLine(QStringLiteral("a. %1 polls, not compacted:").arg(kPolls));
        printSizes(*sizes);
        const double rows =
            double(sizes->rows.at(QStringLiteral("recent_sample")) + sizes->rows.at(QStringLiteral("poll")));
        reportValue(QStringLiteral("pgstore.rows_per_poll"), QStringLiteral("rows per poll (recent_sample + poll)"),
                    rows / kPolls, QStringLiteral("rows"));
        reportValue(QStringLiteral("pgstore.bytes_per_poll_recent"),
                    QStringLiteral("bytes per poll before packing (recent_sample + poll, with indexes)"),
                    double(total(*sizes, {"recent_sample", "poll"})) / kPolls / 1024.0, QStringLiteral("KiB"));
    }

    // b. Polls compacted like the recorder does, then packed.
    if (parts.contains(QLatin1Char('b'))) {
        const PostgresLocation l = part("b");
        auto store = HistoryStore::open(l.encode(), policy);
        if (!store)
            return fail(store.errorMessage());
        const int polls = std::max(12, parser.value(QStringLiteral("minutes")).toInt()) * 12;
        auto filled = fill(**store, nowMs - polls * kPollMs, polls, every);
        if (!filled)
            return fail(filled.errorMessage());
        const Stopwatch c;
        if (Status st = (*store)->compact(at(nowMs + 20 * 60 * 1000)); !st) // packs every span
            return fail(st.errorMessage());
        report(QStringLiteral("pgstore.compact"), QStringLiteral("compaction of 5 minutes of polls"), filled->compactMs,
               QStringLiteral("ms"));
        printLine(QStringLiteral("  final compaction %1 ms").arg(c.elapsedMs(), 0, 'f', 0));
        const auto sizes = sizesOf(l, password);
        if (!sizes)
            return fail(sizes.errorMessage());
        printLine(QStringLiteral("b. %1 polls, packed:").arg(polls));
        printSizes(*sizes);
        reportValue(QStringLiteral("pgstore.bytes_per_poll_packed"),
                    QStringLiteral("bytes per poll once packed (sample_block, with indexes and TOAST)"),
                    double(total(*sizes, {"sample_block"})) / polls / 1024.0, QStringLiteral("KiB"));
    }

    // c. The steady state of a week.
    if (parts.contains(QLatin1Char('c'))) {
        const PostgresLocation l = part("c");
        auto store = HistoryStore::open(l.encode(), policy);
        if (!store)
            return fail(store.errorMessage());
        const std::vector<qint64> times = weekPollTimes(policy, nowMs);
        const Stopwatch clock;
        constexpr qint64 kTenMinutes = 10 * 60 * 1000;
        const qint64 rawFrom = nowMs - msOf(policy.rawFor);
        for (size_t i = 0; i < times.size(); ++i) {
            if (Status st = (*store)->appendSnapshot(*every(times[i], int(i))); !st)
                return fail(st.errorMessage());
            const qint64 next = i + 1 < times.size() ? times[i + 1] : nowMs;
            const qint64 cadence = next >= rawFrom ? kTenMinutes : 60 * kTenMinutes;
            if (next / cadence != times[i] / cadence)
                if (Status st = (*store)->compact(at(next)); !st)
                    return fail(st.errorMessage());
        }
        printLine(QStringLiteral("c. the steady state of 7 days (%1 polls and buckets) written in %2 s:")
                      .arg(times.size())
                      .arg(clock.elapsedMs() / 1000, 0, 'f', 1));
        const auto sizes = sizesOf(l, password);
        if (!sizes)
            return fail(sizes.errorMessage());
        printSizes(*sizes);
        reportValue(QStringLiteral("pgstore.week_size"), QStringLiteral("database size, whole fixture, 7 days"),
                    mib(sizes->database), QStringLiteral("MiB"));
    }
    return 0;
}
