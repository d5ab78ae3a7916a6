#include "mirror/MirrorRecords.h"

#include "mirror/WireFormat.h"

namespace lagscope::mirror {

namespace {

template <typename T> Result<T> failed(const wire::Reader &reader) { return Result<T>::failure(reader.error()); }

// Keys are checked before values so that a record with both wrong reports its key, the
// part that says which partition or group it was about.
Result<EncodedRecord> finished(const wire::Writer &key, const wire::Writer &value)
{
    if (!key.ok())
        return Result<EncodedRecord>::failure(key.error());
    if (!value.ok())
        return Result<EncodedRecord>::failure(value.error());
    return EncodedRecord{key.bytes(), value.bytes()};
}

} // namespace

Result<Heartbeat> decodeHeartbeat(QByteArrayView key, QByteArrayView value)
{
    Heartbeat h;
    wire::Reader k(key, QStringLiteral("heartbeat key"));
    if (!k.nonEmpty())
        return failed<Heartbeat>(k);
    auto source = k.string("sourceClusterAlias");
    auto target = k.string("targetClusterAlias");
    if (!k.finish())
        return failed<Heartbeat>(k);
    h.sourceAlias = std::move(*source);
    h.targetAlias = std::move(*target);

    wire::Reader v(value, QStringLiteral("heartbeat value"));
    if (!v.nonEmpty() || !v.version0())
        return failed<Heartbeat>(v);
    auto timestamp = v.int64("timestamp");
    if (!v.finish())
        return failed<Heartbeat>(v);
    h.timestampMs = *timestamp;
    return h;
}

Result<Checkpoint> decodeCheckpoint(QByteArrayView key, QByteArrayView value)
{
    Checkpoint c;
    wire::Reader k(key, QStringLiteral("checkpoint key"));
    if (!k.nonEmpty())
        return failed<Checkpoint>(k);
    auto group = k.string("group");
    auto topic = k.string("topic");
    auto partition = k.int32("partition");
    if (!k.finish())
        return failed<Checkpoint>(k);
    c.group = std::move(*group);
    c.topic = std::move(*topic);
    c.partition = *partition;

    wire::Reader v(value, QStringLiteral("checkpoint value"));
    if (!v.nonEmpty() || !v.version0())
        return failed<Checkpoint>(v);
    auto upstream = v.int64("upstreamOffset");
    auto downstream = v.int64("downstreamOffset");
    auto metadata = v.string("metadata");
    if (!v.finish())
        return failed<Checkpoint>(v);
    c.upstreamOffset = *upstream;
    c.downstreamOffset = *downstream;
    c.metadata = std::move(*metadata);
    return c;
}

Result<OffsetSync> decodeOffsetSync(QByteArrayView key, QByteArrayView value)
{
    OffsetSync s;
    wire::Reader k(key, QStringLiteral("offset sync key"));
    if (!k.nonEmpty())
        return failed<OffsetSync>(k);
    auto topic = k.string("topic");
    auto partition = k.int32("partition");
    if (!k.finish())
        return failed<OffsetSync>(k);
    s.topic = std::move(*topic);
    s.partition = *partition;

    wire::Reader v(value, QStringLiteral("offset sync value"));
    if (!v.nonEmpty())
        return failed<OffsetSync>(v);
    auto upstream = v.int64("upstreamOffset");
    auto downstream = v.int64("downstreamOffset");
    if (!v.finish())
        return failed<OffsetSync>(v);
    s.upstreamOffset = *upstream;
    s.downstreamOffset = *downstream;
    return s;
}

Result<EncodedRecord> encodeHeartbeat(const Heartbeat &heartbeat)
{
    wire::Writer k(QStringLiteral("heartbeat key"));
    k.string(heartbeat.sourceAlias, "sourceClusterAlias");
    k.string(heartbeat.targetAlias, "targetClusterAlias");
    wire::Writer v(QStringLiteral("heartbeat value"));
    v.int16(0);
    v.int64(heartbeat.timestampMs);
    return finished(k, v);
}

Result<EncodedRecord> encodeCheckpoint(const Checkpoint &checkpoint)
{
    wire::Writer k(QStringLiteral("checkpoint key"));
    k.string(checkpoint.group, "group");
    k.string(checkpoint.topic, "topic");
    k.int32(checkpoint.partition);
    wire::Writer v(QStringLiteral("checkpoint value"));
    v.int16(0);
    v.int64(checkpoint.upstreamOffset);
    v.int64(checkpoint.downstreamOffset);
    v.string(checkpoint.metadata, "metadata");
    return finished(k, v);
}

Result<EncodedRecord> encodeOffsetSync(const OffsetSync &sync)
{
    wire::Writer k(QStringLiteral("offset sync key"));
    k.string(sync.topic, "topic");
    k.int32(sync.partition);
    wire::Writer v(QStringLiteral("offset sync value"));
    v.int64(sync.upstreamOffset);
    v.int64(sync.downstreamOffset);
    return finished(k, v);
}

} // namespace lagscope::mirror
