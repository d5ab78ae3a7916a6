#include "actions/FailoverCache.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>

namespace lagscope::failover {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct FailoverCacheText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverCache)
};

// Per partition; older ones are thinned (every other dropped) beyond this, keeping the
// recent ones dense as MirrorMaker's own sync store does.
constexpr size_t kMaxSyncs = 2048;

QString safeName(QString name)
{
    for (QChar &c : name)
        if (!(c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('.') || c == QLatin1Char('_')))
            c = QLatin1Char('_');
    return name;
}

void thin(std::vector<OffsetPair> &syncs)
{
    if (syncs.size() <= kMaxSyncs)
        return;
    const size_t dense = kMaxSyncs / 2;
    std::vector<OffsetPair> out;
    const size_t old = syncs.size() - dense;
    for (size_t i = 0; i < old; i += 2)
        out.push_back(syncs[i]);
    out.insert(out.end(), syncs.begin() + qsizetype(old), syncs.end());
    syncs = std::move(out);
    thin(syncs);
}

QJsonObject tpJson(const TopicPartition &tp)
{
    return QJsonObject{{QStringLiteral("topic"), tp.topic}, {QStringLiteral("partition"), tp.partition}};
}

TopicPartition tpFrom(const QJsonObject &o)
{
    return TopicPartition{o.value(QStringLiteral("topic")).toString(), o.value(QStringLiteral("partition")).toInt(-1)};
}

} // namespace

void applySyncInLogOrder(std::vector<OffsetPair> &kept, const OffsetPair &sync)
{
    std::erase_if(kept, [&](const OffsetPair &o) { return o.from >= sync.from || o.to >= sync.to; });
    kept.push_back(sync); // greater than everything left: stays sorted
    thin(kept);
}

void FailoverCache::recordCommitted(const QString &group, const std::map<TopicPartition, qint64> &offsets, qint64 nowMs)
{
    auto &g = committed[group];
    g.clear();
    for (const auto &[tp, offset] : offsets)
        g[tp] = CachedOffset{offset, nowMs};
}

void FailoverCache::recordLogEnds(const std::map<TopicPartition, std::int64_t> &ends, qint64 nowMs)
{
    for (const auto &[tp, offset] : ends)
        logEnd[tp] = CachedOffset{offset, nowMs};
}

void FailoverCache::recordSyncs(const TopicPartition &partition, const std::vector<OffsetPair> &fresh)
{
    if (fresh.empty())
        return;
    std::vector<OffsetPair> sorted = fresh;
    std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.from < b.from; });
    std::vector<OffsetPair> merged;
    for (const OffsetPair &old : syncs[partition])
        if (old.from < sorted.front().from && old.to < sorted.front().to)
            merged.push_back(old);
    merged.insert(merged.end(), sorted.begin(), sorted.end());
    thin(merged);
    syncs[partition] = std::move(merged);
}

QString failoverCachePath(const QString &dataDir, const QString &fromCluster, const QString &toCluster)
{
    return QDir(dataDir).filePath(
        QStringLiteral("failover-cache/%1__%2.json").arg(safeName(fromCluster), safeName(toCluster)));
}

Result<FailoverCache> loadFailoverCache(const QString &path)
{
    using R = Result<FailoverCache>;
    FailoverCache cache;
    QFile file(path);
    if (!file.exists())
        return cache;
    if (!file.open(QIODevice::ReadOnly))
        return R::failure(FailoverCacheText::tr("cannot read %1: %2").arg(path, file.errorString()));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (!doc.isObject())
        return R::failure(FailoverCacheText::tr("%1 is not a failover cache: %2").arg(path, error.errorString()));
    const QJsonObject root = doc.object();
    cache.fromCluster = root.value(QStringLiteral("from")).toString();
    cache.toCluster = root.value(QStringLiteral("to")).toString();
    cache.savedAtMs = root.value(QStringLiteral("saved_at_ms")).toInteger(-1);
    for (const QJsonValue &v : root.value(QStringLiteral("syncs")).toArray()) {
        const QJsonObject o = v.toObject();
        auto &pairs = cache.syncs[tpFrom(o)];
        for (const QJsonValue &pair : o.value(QStringLiteral("pairs")).toArray())
            pairs.push_back({pair.toArray().at(0).toInteger(-1), pair.toArray().at(1).toInteger(-1)});
    }
    for (const QJsonValue &v : root.value(QStringLiteral("committed")).toArray()) {
        const QJsonObject o = v.toObject();
        cache.committed[o.value(QStringLiteral("group")).toString()][tpFrom(o)] = CachedOffset{
            o.value(QStringLiteral("offset")).toInteger(-1), o.value(QStringLiteral("seen_at_ms")).toInteger(-1)};
    }
    for (const QJsonValue &v : root.value(QStringLiteral("log_end")).toArray()) {
        const QJsonObject o = v.toObject();
        cache.logEnd[tpFrom(o)] = CachedOffset{o.value(QStringLiteral("offset")).toInteger(-1),
                                               o.value(QStringLiteral("seen_at_ms")).toInteger(-1)};
    }
    return cache;
}

Status saveFailoverCache(const QString &path, const FailoverCache &cache)
{
    QJsonArray syncs;
    for (const auto &[tp, pairs] : cache.syncs) {
        QJsonArray list;
        for (const OffsetPair &p : pairs)
            list.append(QJsonArray{p.from, p.to});
        QJsonObject o = tpJson(tp);
        o.insert(QStringLiteral("pairs"), list);
        syncs.append(o);
    }
    QJsonArray committed;
    for (const auto &[group, offsets] : cache.committed)
        for (const auto &[tp, c] : offsets) {
            QJsonObject o = tpJson(tp);
            o.insert(QStringLiteral("group"), group);
            o.insert(QStringLiteral("offset"), c.offset);
            o.insert(QStringLiteral("seen_at_ms"), c.seenAtMs);
            committed.append(o);
        }
    QJsonArray ends;
    for (const auto &[tp, c] : cache.logEnd) {
        QJsonObject o = tpJson(tp);
        o.insert(QStringLiteral("offset"), c.offset);
        o.insert(QStringLiteral("seen_at_ms"), c.seenAtMs);
        ends.append(o);
    }
    const QJsonObject root{{QStringLiteral("from"), cache.fromCluster},      {QStringLiteral("to"), cache.toCluster},
                           {QStringLiteral("saved_at_ms"), cache.savedAtMs}, {QStringLiteral("syncs"), syncs},
                           {QStringLiteral("committed"), committed},         {QStringLiteral("log_end"), ends}};
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(FailoverCacheText::tr("cannot write %1: %2").arg(path, file.errorString()));
    file.write(QJsonDocument(root).toJson(QJsonDocument::Compact));
    if (!file.commit())
        return Status::failure(FailoverCacheText::tr("cannot write %1: %2").arg(path, file.errorString()));
    return success();
}

} // namespace lagscope::failover
