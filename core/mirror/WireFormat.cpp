#include "mirror/WireFormat.h"

#include <QStringDecoder>
#include <QtEndian>

#if defined(__SANITIZE_ADDRESS__)
#define LAGSCOPE_MIRROR_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAGSCOPE_MIRROR_ASAN 1
#endif
#endif
#ifdef LAGSCOPE_MIRROR_ASAN
#include <sanitizer/asan_interface.h>

#include <cstdio>
#include <cstdlib>
#endif

namespace lagscope::mirror::wire {

namespace {

template <typename T> T readBigEndian(QByteArrayView data, qsizetype &pos)
{
    const T v = qFromBigEndian<T>(data.data() + pos);
    pos += qsizetype(sizeof(T));
    return v;
}

template <typename T> void appendBigEndian(QByteArray &out, T v)
{
    char buf[sizeof(T)];
    qToBigEndian<T>(v, buf);
    out.append(buf, qsizetype(sizeof(T)));
}

// Qt is not built with AddressSanitizer, so a read past the buffer inside its UTF-8
// decoder would go unnoticed; in sanitizer builds (the fuzzer) check the span here.
void assertReadable(const char *data, qsizetype length)
{
#ifdef LAGSCOPE_MIRROR_ASAN
    if (void *bad = __asan_region_is_poisoned(const_cast<char *>(data), size_t(length))) {
        std::fprintf(stderr, "mirror::wire: string span of %lld bytes reaches unreadable memory\n", qlonglong(length));
        __asan_describe_address(bad);
        std::abort();
    }
#else
    Q_UNUSED(data);
    Q_UNUSED(length);
#endif
}

} // namespace

void Reader::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = m_context + QStringLiteral(": ") + message;
}

bool Reader::need(qsizetype bytes, const char *what)
{
    if (!m_error.isEmpty())
        return false;
    if (left() >= bytes)
        return true;
    fail(QStringLiteral("truncated: needs %1 bytes for %2 at byte %3, %4 left")
             .arg(bytes)
             .arg(QLatin1String(what))
             .arg(m_pos)
             .arg(left()));
    return false;
}

std::optional<qint16> Reader::int16(const char *field)
{
    if (!need(2, field))
        return std::nullopt;
    return readBigEndian<qint16>(m_data, m_pos);
}

std::optional<qint32> Reader::int32(const char *field)
{
    if (!need(4, field))
        return std::nullopt;
    return readBigEndian<qint32>(m_data, m_pos);
}

std::optional<qint64> Reader::int64(const char *field)
{
    if (!need(8, field))
        return std::nullopt;
    return readBigEndian<qint64>(m_data, m_pos);
}

std::optional<QString> Reader::string(const char *field)
{
    const qsizetype at = m_pos;
    if (!need(2, field))
        return std::nullopt;
    const qint16 length = readBigEndian<qint16>(m_data, m_pos);
    // Kafka's STRING is not nullable: -1 (null) is as wrong here as any other negative.
    if (length < 0) {
        fail(QStringLiteral("negative string length %1 (%2 at byte %3)").arg(length).arg(QLatin1String(field)).arg(at));
        return std::nullopt;
    }
    if (length > left()) {
        fail(QStringLiteral("string length %1 exceeds the %2 bytes left (%3 at byte %4)")
                 .arg(length)
                 .arg(left())
                 .arg(QLatin1String(field))
                 .arg(at));
        return std::nullopt;
    }
    // Invalid UTF-8 becomes U+FFFD, as in Kafka's own decoder: group ids are arbitrary
    // strings and an odd byte is no reason to lose a checkpoint. Unlike QString::fromUtf8,
    // keep a leading byte order mark: it is part of the name, as it is for Kafka.
    assertReadable(m_data.data() + m_pos, length);
    QStringDecoder utf8(QStringDecoder::Utf8,
                        QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    QString s = utf8.decode(m_data.sliced(m_pos, length));
    m_pos += length;
    return s;
}

bool Reader::version0()
{
    const auto v = int16("version");
    if (!v)
        return false;
    if (*v != 0) {
        fail(QStringLiteral("%1 %2 (only version 0 exists)").arg(QLatin1String(kUnsupportedVersion)).arg(*v));
        return false;
    }
    return true;
}

bool Reader::finish()
{
    if (!m_error.isEmpty())
        return false;
    if (left() == 0)
        return true;
    fail(QStringLiteral("%1 %2 left over after the record's %3 bytes")
             .arg(left())
             .arg(left() == 1 ? QStringLiteral("byte") : QStringLiteral("bytes"))
             .arg(m_pos));
    return false;
}

bool Reader::nonEmpty()
{
    if (!m_data.isEmpty())
        return true;
    fail(QStringLiteral("empty (0 bytes)"));
    return false;
}

void Writer::int16(qint16 v) { appendBigEndian(m_bytes, v); }

void Writer::int32(qint32 v) { appendBigEndian(m_bytes, v); }

void Writer::int64(qint64 v) { appendBigEndian(m_bytes, v); }

void Writer::string(const QString &s, const char *field)
{
    const QByteArray utf8 = s.toUtf8();
    if (utf8.size() > kMaxStringBytes) {
        if (m_error.isEmpty())
            m_error = m_context
                      + QStringLiteral(": %1 is %2 bytes of UTF-8, more than a STRING can hold (%3)")
                            .arg(QLatin1String(field))
                            .arg(utf8.size())
                            .arg(kMaxStringBytes);
        return;
    }
    int16(qint16(utf8.size()));
    m_bytes.append(utf8);
}

} // namespace lagscope::mirror::wire
