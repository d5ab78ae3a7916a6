// Opening the history file: pragmas, schema, integrity check, and moving a damaged file
// aside so that Lagscope always starts with a working store.
#include "store/HistoryStore.h"

#include "store/HistoryLocation.h"
#include "store/HistorySchema.h"
#include "store/HistoryStorePrivate.h"
#include "util/AppPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <atomic>

namespace lagscope {

namespace {

QString nextConnectionName()
{
    static std::atomic<int> counter{0};
    return QStringLiteral("lagscope-history-%1").arg(counter.fetch_add(1) + 1);
}

OpenAttempt fromError(const QSqlError &error, const QString &what)
{
    const int code = sql::primaryCode(error);
    const bool transient = code == sql::Busy || code == sql::Locked || code == sql::NoMemory || code == sql::Full;
    return {transient ? OpenAttempt::Refused : OpenAttempt::Damaged,
            what + QLatin1String(": ") + sql::errorText(error)};
}

const QLatin1String kCompanionSuffixes[] = {QLatin1String("-wal"), QLatin1String("-shm"), QLatin1String("-journal")};

// Renames the file (or whatever sits at the path) and its SQLite companions to
// "<path>.corrupt-<stamp>[-n]", keeping them together so the set can still be inspected.
Result<QString> moveAside(const QString &path)
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = path + QLatin1String(".corrupt-") + stamp;
    for (int n = 2; QFileInfo::exists(target) || QFileInfo(target).isSymLink(); ++n)
        target = path + QLatin1String(".corrupt-") + stamp + QLatin1Char('-') + QString::number(n);
    QDir dir;
    if (!dir.rename(path, target))
        return Result<QString>::failure(HistoryStoreText::tr("could not rename %1 to %2").arg(path, target));
    for (const QLatin1String suffix : kCompanionSuffixes) {
        if (QFileInfo::exists(path + suffix))
            dir.rename(path + suffix, target + suffix); // best effort: a stale -shm is harmless
    }
    return target;
}

} // namespace

// ---- Private ----------------------------------------------------------------------------

OpenAttempt HistoryStore::Private::initialize(bool reader)
{
    db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    if (!db.open())
        return fromError(db.lastError(), HistoryStoreText::tr("cannot open the history file"));

    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (reader) {
        // The writer made the file; a reader only checks it is ours and current.
        if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next())
            return fromError(query.lastError(), HistoryStoreText::tr("cannot read the history file"));
        const int version = query.value(0).toInt();
        query.finish();
        if (version != historyschema::kVersion)
            return {OpenAttempt::Refused,
                    HistoryStoreText::tr("the history file is not ready (schema version %1)").arg(version)};
        if (Status s = prepareStatements(); !s)
            return {OpenAttempt::Refused, s.errorMessage()};
        return {};
    }
    // The first statement is where SQLite notices a file that is not a database.
    if (!query.exec(QStringLiteral("PRAGMA journal_mode=WAL")))
        return fromError(query.lastError(), HistoryStoreText::tr("cannot read the history file"));
    if (query.next() && query.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        warnings << HistoryStoreText::tr("The history file %1 cannot use write-ahead logging (journal mode is %2); "
                                         "writes will be slower.")
                        .arg(path, query.value(0).toString());
    query.finish();
    if (!query.exec(QStringLiteral("PRAGMA synchronous=NORMAL")))
        return fromError(query.lastError(), HistoryStoreText::tr("cannot configure the history file"));

    // quick_check reads every page (about 0.3 s per 150 MB when cached) but skips the
    // index cross-checks of integrity_check.
    if (!query.exec(QStringLiteral("PRAGMA quick_check")))
        return fromError(query.lastError(), HistoryStoreText::tr("cannot check the history file"));
    QStringList problems;
    while (query.next())
        problems << query.value(0).toString();
    query.finish();
    if (problems != QStringList{QStringLiteral("ok")}) {
        // SQLite lists every damaged page; the first few say enough.
        QStringList lines = problems.join(QLatin1Char('\n')).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        if (lines.size() > 3)
            lines = lines.mid(0, 3) << QStringLiteral("…");
        return {OpenAttempt::Damaged,
                HistoryStoreText::tr("the integrity check failed: %1").arg(lines.join(QLatin1String("; ")))};
    }

    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next())
        return fromError(query.lastError(), HistoryStoreText::tr("cannot read the history file"));
    const int version = query.value(0).toInt();
    query.finish();
    const auto schema = historyschema::prepareSchema(db);
    if (!schema && version >= 1 && version < historyschema::kVersion) {
        // An older file that could not be upgraded is not damaged: the upgrade rolled back,
        // and the file stays as it was for a fixed Lagscope (or the older one) to open.
        return {OpenAttempt::Refused,
                HistoryStoreText::tr("the history file %1 (schema version %2) could not be upgraded: %3")
                    .arg(path)
                    .arg(version)
                    .arg(schema.errorMessage())};
    }
    if (!schema)
        return fromError(db.lastError(), schema.errorMessage());
    switch (*schema) {
    case historyschema::SchemaState::Ready: break;
    case historyschema::SchemaState::NotOurs:
        return {OpenAttempt::Damaged, HistoryStoreText::tr("it is a database, but not a Lagscope history file")};
    case historyschema::SchemaState::Newer:
        return {OpenAttempt::Refused,
                HistoryStoreText::tr("the history file %1 was written by a newer version of Lagscope").arg(path)};
    }

    if (Status s = prepareStatements(); !s)
        return {OpenAttempt::Refused, s.errorMessage()};
    return {};
}

Status HistoryStore::Private::prepareStatements()
{
    auto prepare = [this](QSqlQuery &query, const QString &statement) -> Status {
        query = QSqlQuery(db);
        if (!query.prepare(statement))
            return sql::failed(query, QStringLiteral("cannot prepare a history statement"));
        return success();
    };
    const Status results[] = {
        clusters.prepare(db, QStringLiteral("SELECT id FROM cluster WHERE name = ?"),
                         QStringLiteral("INSERT INTO cluster(name) VALUES(?)")),
        groups.prepare(db, QStringLiteral("SELECT id FROM consumer_group WHERE cluster_id = ? AND name = ?"),
                       QStringLiteral("INSERT INTO consumer_group(cluster_id, name) VALUES(?, ?)")),
        topics.prepare(db, QStringLiteral("SELECT id FROM topic WHERE name = ?"),
                       QStringLiteral("INSERT INTO topic(name) VALUES(?)")),
        states.prepare(db, QStringLiteral("SELECT id FROM group_state WHERE name = ?"),
                       QStringLiteral("INSERT INTO group_state(name) VALUES(?)")),
        series.prepare(
            db, QStringLiteral("SELECT id FROM partition_series WHERE group_id = ? AND topic_id = ? AND partition = ?"),
            QStringLiteral("INSERT INTO partition_series(group_id, topic_id, partition) VALUES(?, ?, ?)")),
        prepare(insertPoll,
                QStringLiteral("INSERT INTO poll(cluster_id, tier, t) VALUES(?, 0, ?) ON CONFLICT DO NOTHING")),
        // The same poll written twice keeps one row.
        prepare(insertRecent, QStringLiteral("INSERT INTO recent_sample(t, group_id, data) VALUES(?, ?, ?)"
                                             " ON CONFLICT(t, group_id) DO UPDATE SET data = excluded.data")),
        prepare(blockExists, QStringLiteral("SELECT 1 FROM sample_block WHERE group_id = ? AND tier = ? AND t0 = ?")),
        prepare(blockInsert, historyschema::kInsertBlock),
        prepare(insertEvent,
                QStringLiteral("INSERT INTO event(cluster_id, t, kind, severity, subject, group_name, message)"
                               " VALUES(?, ?, ?, ?, ?, ?, ?)")),
        flowGroups.prepare(db, QStringLiteral("SELECT id FROM flow_group WHERE flow_id = ? AND name = ?"),
                           QStringLiteral("INSERT INTO flow_group(flow_id, name) VALUES(?, ?)")),
        // The same poll written twice keeps one row.
        prepare(insertReadiness, QStringLiteral("INSERT INTO flow_readiness(flow_id, tier, t, data) VALUES(?, 0, ?, ?)"
                                                " ON CONFLICT(flow_id, tier, t) DO UPDATE SET data = excluded.data")),
        prepare(insertFlow,
                QStringLiteral("INSERT INTO flow_sample"
                               "(tier, t, flow_id, latency_ms, checkpoint_age_ms, records_behind, health)"
                               " VALUES(0, ?, ?, ?, ?, ?, ?) ON CONFLICT(tier, t, flow_id) DO UPDATE SET"
                               " latency_ms = excluded.latency_ms, checkpoint_age_ms = excluded.checkpoint_age_ms,"
                               " records_behind = excluded.records_behind, health = excluded.health")),
    };
    for (const Status &s : results)
        if (!s)
            return s;
    return success();
}

void HistoryStore::Private::clearCaches()
{
    clusters.clearCache();
    groups.clearCache();
    topics.clearCache();
    states.clearCache();
    series.clearCache();
    flowGroups.clearCache();
}

void HistoryStore::Private::closeConnection()
{
    // Every query must be gone before the connection can be removed.
    clusters.release();
    groups.release();
    topics.release();
    states.release();
    series.release();
    flowGroups.release();
    insertPoll = QSqlQuery();
    insertRecent = QSqlQuery();
    blockExists = QSqlQuery();
    blockInsert = QSqlQuery();
    insertEvent = QSqlQuery();
    insertFlow = QSqlQuery();
    insertReadiness = QSqlQuery();
    if (db.isValid()) {
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connectionName);
    }
}

Status HistoryStore::Private::begin(const QString &what)
{
    if (!db.transaction())
        return Status::failure(what + QLatin1String(": ") + sql::errorText(db.lastError()));
    return success();
}

Status HistoryStore::Private::commit(const QString &what)
{
    if (!db.commit())
        return abort(Status::failure(what + QLatin1String(": ") + sql::errorText(db.lastError())));
    return success();
}

Status HistoryStore::Private::abort(const Status &error)
{
    db.rollback();
    clearCaches(); // ids handed out inside the transaction are gone
    return error;
}

// ---- HistoryStore -----------------------------------------------------------------------

HistoryStore::HistoryStore(std::unique_ptr<Private> p) : d(std::move(p)) { }

HistoryStore::~HistoryStore() = default;

Result<std::unique_ptr<HistoryStore>> HistoryStore::open(const QString &path, RetentionPolicy policy, OpenMode mode)
{
    using R = Result<std::unique_ptr<HistoryStore>>;
    if (const QString problem = policy.problem(); !problem.isEmpty())
        return R::failure(HistoryStoreText::tr("Invalid history retention policy: %1").arg(problem));
    if (path.isEmpty())
        return R::failure(HistoryStoreText::tr("No path given for the history file"));
    if (isPostgresLocation(path)) {
        auto d = std::make_unique<Private>();
        d->path = path;
        d->connectionName = nextConnectionName();
        d->policy = policy;
        const OpenAttempt attempt = d->initializePostgres(mode == OpenMode::Reader);
        if (attempt.verdict != OpenAttempt::Ok)
            return R::failure(HistoryStoreText::tr("Cannot use the history database %1: %2")
                                  .arg(historyDisplayName(path), attempt.message));
        return std::unique_ptr<HistoryStore>(new HistoryStore(std::move(d)));
    }
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir))
        return R::failure(HistoryStoreText::tr("Cannot create the folder %1 for the history file").arg(dir));

    auto d = std::make_unique<Private>();
    d->path = path;
    d->connectionName = nextConnectionName();
    d->policy = policy;

    const bool reader = mode == OpenMode::Reader;
    OpenAttempt attempt = d->initialize(reader);
    if (!reader && attempt.verdict == OpenAttempt::Damaged
        && (QFileInfo::exists(path) || QFileInfo(path).isSymLink())) {
        d->closeConnection();
        d->warnings.clear();
        const auto moved = moveAside(path);
        if (!moved)
            return R::failure(HistoryStoreText::tr("The history file %1 is unusable (%2), and %3")
                                  .arg(path, attempt.message, moved.errorMessage()));
        d->warnings
            << HistoryStoreText::tr(
                   "The history file %1 could not be used (%2). It was moved to %3 and a new, empty history was "
                   "started.")
                   .arg(path, attempt.message, *moved);
        attempt = d->initialize(false);
    }
    if (attempt.verdict != OpenAttempt::Ok)
        return R::failure(HistoryStoreText::tr("Cannot use the history file %1: %2").arg(path, attempt.message));
    return std::unique_ptr<HistoryStore>(new HistoryStore(std::move(d)));
}

QString HistoryStore::defaultPath() { return appDataDir() + QLatin1String("/history.sqlite"); }

QStringList HistoryStore::warnings() const { return d->warnings; }

QString HistoryStore::path() const { return d->path; }

const RetentionPolicy &HistoryStore::policy() const { return d->policy; }

qint64 HistoryStore::fileSizeBytes() const
{
    if (sql::dialectOf(d->db).postgres) {
        const auto size = sql::scalar(d->db, QStringLiteral("SELECT pg_database_size(current_database())"), QString());
        return size ? size->toLongLong() : -1;
    }
    return QFileInfo(d->path).size() + QFileInfo(d->path + QLatin1String("-wal")).size();
}

} // namespace lagscope
