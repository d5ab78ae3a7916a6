// The block codec of group points (store/GroupPoints.h).
//
// Layout: one format byte (kPlain, or kDeflated followed by qCompress's output), then
// varint count, then per point:
//   zigzag Δtime, Δtotal lag, Δmax lag, Δmembers, Δstate id; status byte; flags byte
//   (bit 0 lag seconds known, bit 1 at-least known, bit 2 at-least); if seconds are known,
//   the XOR of their IEEE bits with the previous known seconds' (equal: one zero byte);
//   the series list: 0 when it is the previous point's, else count + 1 and Δ series ids;
//   per partition a mask (bit 0 committed, 1 log end, 2 lag known, 3 lag = log end −
//   committed) and, for each known offset, the zigzag change of its step since the last
//   known value of that series (a steady rate costs one zero byte), then the lag's change
//   unless bit 3 says it is the difference of the offsets.
// Arithmetic is unsigned, so any int64 round-trips (wrapping deltas included).
#include "store/GroupPoints.h"

#include <algorithm>
#include <cstring>

namespace lagscope::history {

namespace {

constexpr char kPlain = 1;
constexpr char kDeflated = 2;
// Below this a block stays plain: deflate's own header would eat the gain.
constexpr qsizetype kDeflateFrom = 96;

enum PartitionMask : quint8 {
    HasCommitted = 1,
    HasLogEnd = 2,
    HasLag = 4,
    LagIsDifference = 8,
};

enum PointFlags : quint8 {
    HasSeconds = 1,
    HasAtLeast = 2,
    AtLeast = 4,
};

quint64 zigzag(quint64 v) { return (v << 1) ^ (0 - (v >> 63)); }
quint64 unzigzag(quint64 v) { return (v >> 1) ^ (0 - (v & 1)); }

quint64 bitsOf(double d)
{
    quint64 bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
}

double doubleOf(quint64 bits)
{
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

// Where a series stood at its last known values: the chain its next values are coded on.
struct SeriesChain {
    qint64 seriesId = 0;
    quint64 committed = 0, committedStep = 0;
    quint64 logEnd = 0, logEndStep = 0;
    quint64 lag = 0;
};

// The chains of the current point's series, carried over from the previous point's by id
// (both lists sorted); a series new to the block starts from zero.
std::vector<SeriesChain> carryChains(const std::vector<SeriesChain> &previous, const std::vector<qint64> &ids)
{
    std::vector<SeriesChain> out;
    out.reserve(ids.size());
    size_t j = 0;
    for (const qint64 id : ids) {
        while (j < previous.size() && previous[j].seriesId < id)
            ++j;
        if (j < previous.size() && previous[j].seriesId == id)
            out.push_back(previous[j]);
        else
            out.push_back(SeriesChain{id});
    }
    return out;
}

class Writer {
public:
    void varint(quint64 v)
    {
        while (v >= 0x80) {
            m_out.append(char(v | 0x80));
            v >>= 7;
        }
        m_out.append(char(v));
    }
    void signedDelta(qint64 now, qint64 before) { varint(zigzag(quint64(now) - quint64(before))); }
    void byte(quint8 b) { m_out.append(char(b)); }
    // The change of a series' step: v − last − step.
    void step(quint64 v, quint64 &last, quint64 &lastStep)
    {
        const quint64 s = v - last;
        varint(zigzag(s - lastStep));
        last = v;
        lastStep = s;
    }
    QByteArray &bytes() { return m_out; }

private:
    QByteArray m_out;
};

class Reader {
public:
    explicit Reader(QByteArrayView in) : m_in(in) { }
    bool varint(quint64 &v)
    {
        v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_in.size())
                return false;
            const auto b = quint8(m_in[m_pos++]);
            v |= quint64(b & 0x7f) << shift;
            if (!(b & 0x80))
                return true;
        }
        return false;
    }
    bool signedDelta(qint64 &value, qint64 before)
    {
        quint64 v = 0;
        if (!varint(v))
            return false;
        value = qint64(quint64(before) + unzigzag(v));
        return true;
    }
    bool byte(quint8 &b)
    {
        if (m_pos >= m_in.size())
            return false;
        b = quint8(m_in[m_pos++]);
        return true;
    }
    bool step(qint64 &value, quint64 &last, quint64 &lastStep)
    {
        quint64 v = 0;
        if (!varint(v))
            return false;
        lastStep += unzigzag(v);
        last += lastStep;
        value = qint64(last);
        return true;
    }
    qsizetype remaining() const { return m_in.size() - m_pos; }

private:
    QByteArrayView m_in;
    qsizetype m_pos = 0;
};

void encodePartition(Writer &w, const PartitionPoint &p, SeriesChain &chain)
{
    quint8 mask = 0;
    if (p.committed != kUnknown)
        mask |= HasCommitted;
    if (p.logEnd != kUnknown)
        mask |= HasLogEnd;
    if (p.lag != kUnknown)
        mask |= HasLag;
    const bool difference = (mask & (HasCommitted | HasLogEnd | HasLag)) == (HasCommitted | HasLogEnd | HasLag)
                            && quint64(p.lag) == quint64(p.logEnd) - quint64(p.committed);
    if (difference)
        mask |= LagIsDifference;
    w.byte(mask);
    if (mask & HasCommitted)
        w.step(quint64(p.committed), chain.committed, chain.committedStep);
    if (mask & HasLogEnd)
        w.step(quint64(p.logEnd), chain.logEnd, chain.logEndStep);
    if ((mask & HasLag) && !difference)
        w.varint(zigzag(quint64(p.lag) - chain.lag));
    if (mask & HasLag)
        chain.lag = quint64(p.lag);
}

bool decodePartition(Reader &r, PartitionPoint &p, SeriesChain &chain)
{
    quint8 mask = 0;
    if (!r.byte(mask) || mask > 15)
        return false;
    if ((mask & HasCommitted) && !r.step(p.committed, chain.committed, chain.committedStep))
        return false;
    if ((mask & HasLogEnd) && !r.step(p.logEnd, chain.logEnd, chain.logEndStep))
        return false;
    if (mask & LagIsDifference) {
        if ((mask & 7) != 7)
            return false;
        p.lag = qint64(quint64(p.logEnd) - quint64(p.committed));
    } else if (mask & HasLag) {
        quint64 v = 0;
        if (!r.varint(v))
            return false;
        p.lag = qint64(chain.lag + unzigzag(v));
    }
    if (mask & HasLag)
        chain.lag = quint64(p.lag);
    return true;
}

} // namespace

// What the next point is coded against: the previous point's aggregates, series list and
// lag seconds, and the chain of every series in that list.
struct PointEncoder::State {
    Writer body;
    size_t count = 0;
    qint64 timeMs = 0, totalLag = 0, maxLag = 0, members = 0, stateId = 0;
    quint64 lastSecondsBits = 0;
    std::vector<qint64> ids;
    std::vector<SeriesChain> chains;
};

PointEncoder::PointEncoder() : d(std::make_unique<State>()) { }
PointEncoder::~PointEncoder() = default;
PointEncoder::PointEncoder(PointEncoder &&) noexcept = default;
PointEncoder &PointEncoder::operator=(PointEncoder &&) noexcept = default;

size_t PointEncoder::size() const { return d->count; }
qint64 PointEncoder::lastTimeMs() const { return d->timeMs; }

void PointEncoder::append(const GroupPoint &p)
{
    Writer &w = d->body;
    w.signedDelta(p.timeMs, d->timeMs);
    w.signedDelta(p.totalLag, d->totalLag);
    w.signedDelta(p.maxLag, d->maxLag);
    w.signedDelta(p.members, d->members);
    w.signedDelta(p.stateId, d->stateId);
    w.byte(quint8(p.status));
    quint8 flags = 0;
    if (p.maxLagSeconds)
        flags |= HasSeconds;
    if (p.lagSecondsAtLeast)
        flags |= HasAtLeast | (*p.lagSecondsAtLeast ? AtLeast : 0);
    w.byte(flags);
    if (p.maxLagSeconds) {
        w.varint(bitsOf(*p.maxLagSeconds) ^ d->lastSecondsBits);
        d->lastSecondsBits = bitsOf(*p.maxLagSeconds);
    }
    const bool sameSeries = d->count > 0 && p.partitions.size() == d->ids.size()
                            && std::equal(p.partitions.begin(), p.partitions.end(), d->ids.begin(),
                                          [](const PartitionPoint &pp, qint64 id) { return pp.seriesId == id; });
    if (sameSeries) {
        w.varint(0);
    } else {
        std::vector<qint64> ids;
        ids.reserve(p.partitions.size());
        for (const PartitionPoint &pp : p.partitions)
            ids.push_back(pp.seriesId);
        w.varint(ids.size() + 1);
        qint64 last = 0;
        for (const qint64 id : ids) {
            w.signedDelta(id, last);
            last = id;
        }
        d->chains = carryChains(d->chains, ids);
        d->ids = std::move(ids);
    }
    for (size_t i = 0; i < p.partitions.size(); ++i)
        encodePartition(w, p.partitions[i], d->chains[i]);
    d->timeMs = p.timeMs;
    d->totalLag = p.totalLag;
    d->maxLag = p.maxLag;
    d->members = p.members;
    d->stateId = p.stateId;
    ++d->count;
}

QByteArray PointEncoder::finish(Packing packing) const
{
    Writer counted;
    counted.varint(d->count);
    QByteArray &bytes = counted.bytes();
    bytes.append(d->body.bytes());
    QByteArray out;
    if (packing == Packing::Deflated && bytes.size() >= kDeflateFrom) {
        out.append(kDeflated);
        out.append(qCompress(bytes, 6));
    } else {
        out.append(kPlain);
        out.append(bytes);
    }
    return out;
}

QByteArray encodePoints(const std::vector<GroupPoint> &points, Packing packing)
{
    PointEncoder encoder;
    for (const GroupPoint &p : points)
        encoder.append(p);
    return encoder.finish(packing);
}

std::optional<std::vector<GroupPoint>> decodePoints(const QByteArray &block)
{
    if (block.isEmpty())
        return std::nullopt;
    QByteArray inflated;
    QByteArrayView payload(block.constData() + 1, block.size() - 1);
    if (block.front() == kDeflated) {
        inflated = qUncompress(reinterpret_cast<const uchar *>(payload.data()), payload.size());
        if (inflated.isEmpty())
            return std::nullopt;
        payload = inflated;
    } else if (block.front() != kPlain) {
        return std::nullopt;
    }
    Reader r(payload);
    quint64 count = 0;
    if (!r.varint(count) || count > quint64(r.remaining()))
        return std::nullopt;
    std::vector<GroupPoint> points(count);
    GroupPoint zero;
    const GroupPoint *prev = &zero;
    quint64 lastSecondsBits = 0;
    std::vector<qint64> ids;
    std::vector<SeriesChain> chains;
    for (GroupPoint &p : points) {
        qint64 members = 0;
        quint8 status = 0, flags = 0;
        if (!r.signedDelta(p.timeMs, prev->timeMs) || !r.signedDelta(p.totalLag, prev->totalLag)
            || !r.signedDelta(p.maxLag, prev->maxLag) || !r.signedDelta(members, prev->members)
            || !r.signedDelta(p.stateId, prev->stateId) || !r.byte(status) || !r.byte(flags) || flags > 7)
            return std::nullopt;
        p.members = int(members);
        p.status = status;
        if (flags & HasSeconds) {
            quint64 x = 0;
            if (!r.varint(x))
                return std::nullopt;
            lastSecondsBits ^= x;
            p.maxLagSeconds = doubleOf(lastSecondsBits);
        }
        if (flags & HasAtLeast)
            p.lagSecondsAtLeast = (flags & AtLeast) != 0;
        quint64 listMark = 0;
        if (!r.varint(listMark) || (listMark == 0 && prev == &zero)
            || (listMark > 0 && listMark - 1 > quint64(r.remaining())))
            return std::nullopt;
        if (listMark > 0) {
            ids.resize(listMark - 1);
            qint64 last = 0;
            for (qint64 &id : ids) {
                if (!r.signedDelta(id, last))
                    return std::nullopt;
                last = id;
            }
            chains = carryChains(chains, ids);
        }
        p.partitions.resize(ids.size());
        for (size_t i = 0; i < ids.size(); ++i) {
            p.partitions[i].seriesId = ids[i];
            if (!decodePartition(r, p.partitions[i], chains[i]))
                return std::nullopt;
        }
        prev = &p;
    }
    if (r.remaining() != 0)
        return std::nullopt;
    return points;
}

} // namespace lagscope::history
