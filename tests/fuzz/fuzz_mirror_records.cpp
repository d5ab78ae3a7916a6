// libFuzzer target for the MirrorMaker 2 record decoders (core/mirror/MirrorRecords).
//
// Input: one byte giving the key length, then the key, then the value. Every input goes
// through all three decoders. Besides "no crash, no out-of-bounds read" (ASan) it checks:
// - a failure carries a message naming the record part;
// - a decoded record re-encodes, and decodes again to the same value;
// - the re-encoding is byte-identical to the input unless a string held invalid UTF-8
//   (which decodes to U+FFFD, as in Kafka).
#include "mirror/MirrorRecords.h"

#include <QByteArrayView>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace lagscope;
using namespace lagscope::mirror;

namespace {

[[noreturn]] void violated(const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "fuzz_mirror_records: %s %s\n", what, detail.toUtf8().constData());
    std::abort();
}

bool replaced(const QString &s) { return s.contains(QChar(QChar::ReplacementCharacter)); }

bool replaced(const Heartbeat &h) { return replaced(h.sourceAlias) || replaced(h.targetAlias); }

bool replaced(const Checkpoint &c) { return replaced(c.group) || replaced(c.topic) || replaced(c.metadata); }

bool replaced(const OffsetSync &s) { return replaced(s.topic); }

template <typename T, typename Decode, typename Encode>
void check(QByteArrayView key, QByteArrayView value, const char *context, Decode decode, Encode encode)
{
    const Result<T> decoded = decode(key, value);
    if (!decoded) {
        const QString &message = decoded.errorMessage();
        if (!message.startsWith(QLatin1String(context)) || message.size() <= qsizetype(qstrlen(context)) + 6)
            violated("vague error:", message);
        return;
    }
    const Result<EncodedRecord> encoded = encode(*decoded);
    if (!encoded)
        violated("decoded record does not re-encode:", encoded.errorMessage());
    const Result<T> again = decode(encoded->key, encoded->value);
    if (!again)
        violated("re-encoded record does not decode:", again.errorMessage());
    if (!(*again == *decoded))
        violated("round trip changed the record");
    const bool identical = QByteArrayView(encoded->key) == key && QByteArrayView(encoded->value) == value;
    if (!identical && !replaced(*decoded))
        violated("valid record re-encodes differently");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const auto *bytes = reinterpret_cast<const char *>(data);
    const qsizetype rest = qsizetype(size) - 1;
    qsizetype keyLength = data[0];
    if (keyLength > rest)
        keyLength = keyLength % (rest + 1);
    // Separate, exactly sized heap copies: a read past the key's end then hits an ASan
    // redzone instead of the value's first bytes.
    const qsizetype valueLength = rest - keyLength;
    const std::unique_ptr<char[]> keyCopy(new char[size_t(keyLength)]);
    const std::unique_ptr<char[]> valueCopy(new char[size_t(valueLength)]);
    if (keyLength > 0)
        std::memcpy(keyCopy.get(), bytes + 1, size_t(keyLength));
    if (valueLength > 0)
        std::memcpy(valueCopy.get(), bytes + 1 + keyLength, size_t(valueLength));
    const QByteArrayView key(keyCopy.get(), keyLength);
    const QByteArrayView value(valueCopy.get(), valueLength);

    check<Heartbeat>(key, value, "heartbeat ", decodeHeartbeat, encodeHeartbeat);
    check<Checkpoint>(key, value, "checkpoint ", decodeCheckpoint, encodeCheckpoint);
    check<OffsetSync>(key, value, "offset sync ", decodeOffsetSync, encodeOffsetSync);
    return 0;
}
