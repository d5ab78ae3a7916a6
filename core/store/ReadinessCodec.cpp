#include "store/ReadinessPoints.h"

#include <algorithm>

namespace lagscope::history {

namespace {

// The first byte of a row: how the rest is packed.
constexpr char kPlain = 1;
constexpr char kDeflated = 2;

void putVarint(QByteArray &out, quint64 v)
{
    while (v >= 0x80) {
        out.append(char(v | 0x80));
        v >>= 7;
    }
    out.append(char(v));
}

bool takeVarint(const QByteArray &in, qsizetype &pos, quint64 &v)
{
    v = 0;
    for (int shift = 0; shift < 64 && pos < in.size(); shift += 7) {
        const auto byte = quint8(in.at(pos++));
        v |= quint64(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

} // namespace

QByteArray encodeReadiness(const ReadinessPoll &poll)
{
    QByteArray plain;
    plain.reserve(qsizetype(poll.size()) * 4 + 4);
    putVarint(plain, poll.size());
    qint64 previous = 0;
    for (const GroupReadinessPoint &g : poll) {
        putVarint(plain, quint64(g.groupId - previous));
        putVarint(plain, quint64(std::max<qint64>(-1, g.reread) + 1));
        putVarint(plain, quint64(std::max<qint64>(0, g.untranslatable)));
        previous = g.groupId;
    }
    const QByteArray deflated = qCompress(plain);
    const bool smaller = deflated.size() < plain.size();
    QByteArray out;
    out.reserve((smaller ? deflated.size() : plain.size()) + 1);
    out.append(smaller ? kDeflated : kPlain);
    out.append(smaller ? deflated : plain);
    return out;
}

std::optional<ReadinessPoll> decodeReadiness(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return std::nullopt;
    QByteArray plain;
    if (bytes.at(0) == kPlain)
        plain = bytes.mid(1);
    else if (bytes.at(0) == kDeflated)
        plain = qUncompress(bytes.mid(1));
    else
        return std::nullopt;
    qsizetype pos = 0;
    quint64 count = 0;
    // Each group takes at least three bytes: a count beyond that is damage, not a reason to
    // reserve memory.
    if (!takeVarint(plain, pos, count) || count > quint64(plain.size()))
        return std::nullopt;
    ReadinessPoll poll;
    poll.reserve(count);
    qint64 id = 0;
    for (quint64 i = 0; i < count; ++i) {
        quint64 step = 0, reread = 0, untranslatable = 0;
        if (!takeVarint(plain, pos, step) || !takeVarint(plain, pos, reread) || !takeVarint(plain, pos, untranslatable))
            return std::nullopt;
        id += qint64(step);
        poll.push_back({id, qint64(reread) - 1, qint64(untranslatable)});
    }
    if (pos != plain.size())
        return std::nullopt;
    return poll;
}

void foldReadiness(ReadinessPoll &bucket, const ReadinessPoll &poll)
{
    ReadinessPoll merged;
    merged.reserve(std::max(bucket.size(), poll.size()));
    auto a = bucket.begin();
    auto b = poll.begin();
    while (a != bucket.end() || b != poll.end()) {
        if (b == poll.end() || (a != bucket.end() && a->groupId < b->groupId)) {
            merged.push_back(*a++);
        } else if (a == bucket.end() || b->groupId < a->groupId) {
            merged.push_back(*b++);
        } else {
            merged.push_back(
                {a->groupId, std::max(a->reread, b->reread), std::max(a->untranslatable, b->untranslatable)});
            ++a;
            ++b;
        }
    }
    bucket = std::move(merged);
}

} // namespace lagscope::history
