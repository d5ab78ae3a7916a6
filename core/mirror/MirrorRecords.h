#pragma once
// The three record types MirrorMaker 2 writes to its internal topics, with decoders for
// records read from Kafka and encoders for tests and tools. Formats are in
// docs/MIRRORMAKER2.md, Record formats: big-endian, STRING = INT16 length + UTF-8, no framing.
//
// Decoders never read past the buffers they are given and reject truncated input, trailing
// bytes and unknown versions with a message naming the record part, field and byte offset.
// Pure value code, usable from any thread.

#include "util/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace lagscope::mirror {

// Written every emit.heartbeats.interval.seconds to `heartbeats` on the target of a flow,
// and replicated onward as `<source>.heartbeats`.
struct Heartbeat {
    QString sourceAlias;
    QString targetAlias;
    qint64 timestampMs = 0;

    bool operator==(const Heartbeat &) const = default;
};

// A consumer group's committed offset translated to the target cluster, in
// `<source>.checkpoints.internal` (partition 0) on the target.
struct Checkpoint {
    QString group;
    QString topic; // the downstream (renamed) topic, e.g. "us-west.orders"
    qint32 partition = 0;
    qint64 upstreamOffset = 0;
    qint64 downstreamOffset = 0;
    QString metadata; // the committed offset's metadata, "" when there was none

    bool operator==(const Checkpoint &) const = default;
};

// A pair of matching offsets on both sides of a replicated partition, in
// `mm2-offset-syncs.<alias>.internal`.
struct OffsetSync {
    QString topic; // the upstream topic, as named on the source cluster
    qint32 partition = 0;
    qint64 upstreamOffset = 0;
    qint64 downstreamOffset = 0;

    bool operator==(const OffsetSync &) const = default;
};

// The key and value of one Kafka record.
struct EncodedRecord {
    QByteArray key;
    QByteArray value;
};

Result<Heartbeat> decodeHeartbeat(QByteArrayView key, QByteArrayView value);
Result<Checkpoint> decodeCheckpoint(QByteArrayView key, QByteArrayView value);
Result<OffsetSync> decodeOffsetSync(QByteArrayView key, QByteArrayView value);

// Encoding fails only when a string is longer than 32767 bytes of UTF-8.
Result<EncodedRecord> encodeHeartbeat(const Heartbeat &heartbeat);
Result<EncodedRecord> encodeCheckpoint(const Checkpoint &checkpoint);
Result<EncodedRecord> encodeOffsetSync(const OffsetSync &sync);

} // namespace lagscope::mirror
