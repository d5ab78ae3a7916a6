// MirrorMaker 2 record codecs: the worked examples of docs/MIRRORMAKER2.md (Record formats), round trips,
// and every way a record can be cut short, padded or mislabelled.
#include "TableRows.h"
#include "mirror/DecodeStats.h"
#include "mirror/MirrorRecords.h"

#include <QTest>

#include <limits>

using namespace lagscope;
using namespace lagscope::mirror;

namespace lagscope::mirror {
// Readable QCOMPARE failures.
char *toString(const Heartbeat &h)
{
    return qstrdup(QStringLiteral("Heartbeat(%1, %2, %3)")
                       .arg(h.sourceAlias, h.targetAlias)
                       .arg(h.timestampMs)
                       .toUtf8()
                       .constData());
}
char *toString(const Checkpoint &c)
{
    return qstrdup(QStringLiteral("Checkpoint(%1, %2-%3, up=%4, down=%5, \"%6\")")
                       .arg(c.group, c.topic)
                       .arg(c.partition)
                       .arg(c.upstreamOffset)
                       .arg(c.downstreamOffset)
                       .arg(c.metadata)
                       .toUtf8()
                       .constData());
}
char *toString(const OffsetSync &s)
{
    return qstrdup(QStringLiteral("OffsetSync(%1-%2, up=%3, down=%4)")
                       .arg(s.topic)
                       .arg(s.partition)
                       .arg(s.upstreamOffset)
                       .arg(s.downstreamOffset)
                       .toUtf8()
                       .constData());
}
} // namespace lagscope::mirror

Q_DECLARE_METATYPE(lagscope::mirror::Heartbeat)
Q_DECLARE_METATYPE(lagscope::mirror::Checkpoint)
Q_DECLARE_METATYPE(lagscope::mirror::OffsetSync)

namespace {

QByteArray hex(const char *spaced) { return QByteArray::fromHex(QByteArray(spaced)); }

// The worked examples of docs/MIRRORMAKER2.md (Record formats, Worked examples).
const char *const kHeartbeatKey = "00 07 75 73 2d 77 65 73 74 00 07 75 73 2d 65 61 73 74";
const char *const kHeartbeatValue = "00 00 00 00 01 8b cf e5 68 00";
const char *const kSyncKey = "00 06 6f 72 64 65 72 73 00 00 00 03";
const char *const kSyncValue = "00 00 00 00 00 00 03 e8 00 00 00 00 00 00 03 de";
const char *const kCheckpointKey = "00 02 67 31 00 0e 75 73 2d 77 65 73 74 2e 6f 72 64 65 72 73 00 00 00 03";
const char *const kCheckpointValue = "00 00 00 00 00 00 00 00 03 ed 00 00 00 00 00 00 03 df 00 00";

// Decodes as `kind` and returns the error, or an empty string on success.
QString decodeError(const QString &kind, QByteArrayView key, QByteArrayView value)
{
    if (kind == QLatin1String("heartbeat")) {
        const auto r = decodeHeartbeat(key, value);
        return r ? QString() : r.errorMessage();
    }
    if (kind == QLatin1String("checkpoint")) {
        const auto r = decodeCheckpoint(key, value);
        return r ? QString() : r.errorMessage();
    }
    const auto r = decodeOffsetSync(key, value);
    return r ? QString() : r.errorMessage();
}

QString contextOf(const QString &kind)
{
    return kind == QLatin1String("offsetsync") ? QStringLiteral("offset sync") : kind;
}

// Encodes `in`, decodes the record again and compares; valueSize >= 0: the value's fixed
// size in bytes.
template <typename Record, typename Encode, typename Decode>
void roundTrip(const Record &in, Encode encode, Decode decode, qsizetype valueSize = -1)
{
    const auto encoded = encode(in);
    QVERIFY2(encoded.ok(), qPrintable(encoded ? QString() : encoded.errorMessage()));
    if (valueSize >= 0)
        QCOMPARE(encoded->value.size(), valueSize);
    const auto out = decode(encoded->key, encoded->value);
    QVERIFY2(out.ok(), qPrintable(out ? QString() : out.errorMessage()));
    QCOMPARE(*out, in);
}

constexpr qint64 kMin64 = std::numeric_limits<qint64>::min();
constexpr qint64 kMax64 = std::numeric_limits<qint64>::max();
constexpr qint32 kMax32 = std::numeric_limits<qint32>::max();

} // namespace

class TestMirrorCodec final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // --- the documented examples, both ways ---

    void heartbeatExample()
    {
        const auto h = decodeHeartbeat(hex(kHeartbeatKey), hex(kHeartbeatValue));
        QVERIFY2(h.ok(), qPrintable(h ? QString() : h.errorMessage()));
        QCOMPARE(*h, (Heartbeat{QStringLiteral("us-west"), QStringLiteral("us-east"), 1700000000000}));
        const auto encoded = encodeHeartbeat(*h);
        QVERIFY(encoded.ok());
        QCOMPARE(encoded->key, hex(kHeartbeatKey));
        QCOMPARE(encoded->value, hex(kHeartbeatValue));
    }

    void offsetSyncExample()
    {
        const auto s = decodeOffsetSync(hex(kSyncKey), hex(kSyncValue));
        QVERIFY2(s.ok(), qPrintable(s ? QString() : s.errorMessage()));
        QCOMPARE(*s, (OffsetSync{QStringLiteral("orders"), 3, 1000, 990}));
        const auto encoded = encodeOffsetSync(*s);
        QVERIFY(encoded.ok());
        QCOMPARE(encoded->key, hex(kSyncKey));
        QCOMPARE(encoded->value, hex(kSyncValue));
    }

    void checkpointExample()
    {
        const auto c = decodeCheckpoint(hex(kCheckpointKey), hex(kCheckpointValue));
        QVERIFY2(c.ok(), qPrintable(c ? QString() : c.errorMessage()));
        QCOMPARE(*c, (Checkpoint{QStringLiteral("g1"), QStringLiteral("us-west.orders"), 3, 1005, 991, QString()}));
        QVERIFY(c->metadata.isEmpty());
        const auto encoded = encodeCheckpoint(*c);
        QVERIFY(encoded.ok());
        QCOMPARE(encoded->key, hex(kCheckpointKey));
        QCOMPARE(encoded->value, hex(kCheckpointValue));
    }

    // --- round trips ---

    void heartbeatRoundTrip_data()
    {
        QTest::addColumn<Heartbeat>("in");
        QTest::newRow("plain") << Heartbeat{QStringLiteral("a"), QStringLiteral("b"), 1};
        QTest::newRow("empty aliases") << Heartbeat{QString(), QString(), 0};
        QTest::newRow("unicode") << Heartbeat{QStringLiteral("zürich"), QStringLiteral("東京"), 42};
        QTest::newRow("max ts") << Heartbeat{QStringLiteral("a"), QStringLiteral("b"), kMax64};
        QTest::newRow("min ts") << Heartbeat{QStringLiteral("a"), QStringLiteral("b"), kMin64};
        QTest::newRow("negative ts") << Heartbeat{QStringLiteral("a"), QStringLiteral("b"), -1};
        QTest::newRow("longest alias") << Heartbeat{QString(32767, QLatin1Char('s')), QStringLiteral("t"), 5};
    }
    void heartbeatRoundTrip()
    {
        QFETCH(Heartbeat, in);
        roundTrip(in, encodeHeartbeat, decodeHeartbeat, 10);
    }

    void checkpointRoundTrip_data()
    {
        QTest::addColumn<Checkpoint>("in");
        QTest::newRow("plain") << Checkpoint{QStringLiteral("g"), QStringLiteral("a.t"), 1, 10, 9, QStringLiteral("m")};
        QTest::newRow("all empty") << Checkpoint{};
        QTest::newRow("unicode") << Checkpoint{QStringLiteral("zürich-訂單"), QStringLiteral("東京.注文"), 7, 5, 4,
                                               QStringLiteral("ümlaut 🚀")};
        QTest::newRow("partition 0") << Checkpoint{QStringLiteral("g"), QStringLiteral("t"), 0, 0, 0, QString()};
        QTest::newRow("large partition") << Checkpoint{
            QStringLiteral("g"), QStringLiteral("t"), kMax32, 1, 1, QString()};
        QTest::newRow("max offsets") << Checkpoint{
            QStringLiteral("g"), QStringLiteral("t"), 2, kMax64, kMax64, QString()};
        QTest::newRow("min offsets") << Checkpoint{
            QStringLiteral("g"), QStringLiteral("t"), 2, kMin64, kMin64, QString()};
        QTest::newRow("longest metadata")
            << Checkpoint{QStringLiteral("g"), QStringLiteral("t"), 2, 1, 1, QString(32767, QLatin1Char('m'))};
        QTest::newRow("longest group") << Checkpoint{
            QString(32767, QLatin1Char('g')), QStringLiteral("t"), 2, 1, 1, QString()};
        // 10922 three-byte characters + 1 byte = 32767 bytes of UTF-8.
        QTest::newRow("longest multibyte")
            << Checkpoint{QStringLiteral("g"), QString(10922, QChar(0x8A02)) + QLatin1Char('x'), 2, 1, 1, QString()};
    }
    void checkpointRoundTrip()
    {
        QFETCH(Checkpoint, in);
        roundTrip(in, encodeCheckpoint, decodeCheckpoint);
    }

    void offsetSyncRoundTrip_data()
    {
        QTest::addColumn<OffsetSync>("in");
        QTest::newRow("plain") << OffsetSync{QStringLiteral("orders"), 1, 2, 3};
        QTest::newRow("empty topic") << OffsetSync{QString(), 0, 0, 0};
        QTest::newRow("unicode") << OffsetSync{QStringLiteral("訂單"), 3, 4, 5};
        QTest::newRow("large partition") << OffsetSync{QStringLiteral("t"), kMax32, 1, 1};
        QTest::newRow("max offsets") << OffsetSync{QStringLiteral("t"), 0, kMax64, kMax64};
        QTest::newRow("min offsets") << OffsetSync{QStringLiteral("t"), 0, kMin64, kMin64};
        QTest::newRow("longest topic") << OffsetSync{QString(32767, QLatin1Char('t')), 9, 1, 2};
    }
    void offsetSyncRoundTrip()
    {
        QFETCH(OffsetSync, in);
        roundTrip(in, encodeOffsetSync, decodeOffsetSync, 16);
    }

    void encodeRejectsOverlongStrings()
    {
        // 32768 bytes: one too many, whether counted in ASCII or in two-byte characters.
        const auto ascii = encodeOffsetSync(OffsetSync{QString(32768, QLatin1Char('t')), 0, 0, 0});
        QVERIFY(!ascii.ok());
        QCOMPARE(ascii.errorMessage(),
                 QStringLiteral("offset sync key: topic is 32768 bytes of UTF-8, more than a STRING can hold (32767)"));
        const auto wide = encodeCheckpoint(
            Checkpoint{QStringLiteral("g"), QStringLiteral("t"), 0, 0, 0, QString(16384, QChar(0xE9))});
        QVERIFY(!wide.ok());
        QVERIFY2(wide.errorMessage().startsWith(QLatin1String("checkpoint value: metadata is 32768 bytes")),
                 qPrintable(wide.errorMessage()));
    }

    // --- malformed input ---

    // Every proper prefix of a valid key or value fails, with the part named; none crashes.
    void everyTruncationFails_data()
    {
        test::addColumns<QString, QByteArray, QByteArray>("kind", "key", "value");
        QTest::newRow("heartbeat example") << QStringLiteral("heartbeat") << hex(kHeartbeatKey) << hex(kHeartbeatValue);
        QTest::newRow("sync example") << QStringLiteral("offsetsync") << hex(kSyncKey) << hex(kSyncValue);
        QTest::newRow("checkpoint example")
            << QStringLiteral("checkpoint") << hex(kCheckpointKey) << hex(kCheckpointValue);
        const auto withMetadata = encodeCheckpoint(
            Checkpoint{QStringLiteral("grüppe"), QStringLiteral("a.t"), 9, 1, 2, QStringLiteral("meta")});
        QVERIFY(withMetadata.ok());
        QTest::newRow("checkpoint with metadata")
            << QStringLiteral("checkpoint") << withMetadata->key << withMetadata->value;
        const auto empties = encodeHeartbeat(Heartbeat{});
        QVERIFY(empties.ok());
        QTest::newRow("heartbeat empty aliases") << QStringLiteral("heartbeat") << empties->key << empties->value;
    }
    void everyTruncationFails()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, value);
        const QString context = contextOf(kind);
        QVERIFY(decodeError(kind, key, value).isEmpty());

        for (qsizetype n = 0; n < key.size(); ++n) {
            // Copy the prefix so that ASan would see any read past its end.
            const QByteArray prefix = key.left(n);
            const QString error = decodeError(kind, prefix, value);
            QVERIFY2(error.startsWith(context + QStringLiteral(" key: ")),
                     qPrintable(QString::number(n) + QLatin1Char(' ') + error));
            QVERIFY2(error.contains(QLatin1String("truncated")) || error.contains(QLatin1String("exceeds"))
                         || error.contains(QLatin1String("empty")),
                     qPrintable(error));
        }
        for (qsizetype n = 0; n < value.size(); ++n) {
            const QByteArray prefix = value.left(n);
            const QString error = decodeError(kind, key, prefix);
            QVERIFY2(error.startsWith(context + QStringLiteral(" value: ")),
                     qPrintable(QString::number(n) + QLatin1Char(' ') + error));
            QVERIFY2(error.contains(QLatin1String("truncated")) || error.contains(QLatin1String("exceeds"))
                         || error.contains(QLatin1String("empty")),
                     qPrintable(error));
        }
    }

    // A view over part of a larger buffer: the decoder must stop at the view's end even
    // though the bytes after it would complete the record.
    void honoursTheViewsEnd()
    {
        const QByteArray key = hex(kCheckpointKey);
        const QByteArray value = hex(kCheckpointValue);
        const auto r = decodeCheckpoint(QByteArrayView(key.constData(), key.size() - 1), value);
        QVERIFY(!r.ok());
        QCOMPARE(r.errorMessage(),
                 QStringLiteral("checkpoint key: truncated: needs 4 bytes for partition at byte 20, 3 left"));
    }

    void trailingBytesFail_data()
    {
        test::addColumns<QString, QByteArray, QByteArray, QString>("kind", "key", "value", "error");
        QTest::newRow("heartbeat key +1")
            << QStringLiteral("heartbeat") << hex(kHeartbeatKey) + '\0' << hex(kHeartbeatValue)
            << QStringLiteral("heartbeat key: 1 byte left over after the record's 18 bytes");
        QTest::newRow("heartbeat value +1")
            << QStringLiteral("heartbeat") << hex(kHeartbeatKey) << hex(kHeartbeatValue) + 'x'
            << QStringLiteral("heartbeat value: 1 byte left over after the record's 10 bytes");
        QTest::newRow("checkpoint value +3")
            << QStringLiteral("checkpoint") << hex(kCheckpointKey) << hex(kCheckpointValue) + QByteArray(3, '\0')
            << QStringLiteral("checkpoint value: 3 bytes left over after the record's 20 bytes");
        QTest::newRow("checkpoint key +2")
            << QStringLiteral("checkpoint") << hex(kCheckpointKey) + QByteArray(2, '\x7f') << hex(kCheckpointValue)
            << QStringLiteral("checkpoint key: 2 bytes left over after the record's 24 bytes");
        QTest::newRow("sync key +1") << QStringLiteral("offsetsync") << hex(kSyncKey) + '\1' << hex(kSyncValue)
                                     << QStringLiteral("offset sync key: 1 byte left over after the record's 12 bytes");
        // An offset sync value has no version header: a versioned-looking value is 2 bytes long.
        QTest::newRow("sync value with a version")
            << QStringLiteral("offsetsync") << hex(kSyncKey) << QByteArray(2, '\0') + hex(kSyncValue)
            << QStringLiteral("offset sync value: 2 bytes left over after the record's 16 bytes");
    }
    void trailingBytesFail()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, value);
        QFETCH(QString, error);
        QCOMPARE(decodeError(kind, key, value), error);
    }

    void malformed_data()
    {
        test::addColumns<QString, QByteArray, QByteArray, QString>("kind", "key", "value", "error");

        const QByteArray hbKey = hex(kHeartbeatKey);
        const QByteArray cpKey = hex(kCheckpointKey);
        const QByteArray syncKey = hex(kSyncKey);
        const QByteArray hbValue = hex(kHeartbeatValue);
        const QByteArray cpValue = hex(kCheckpointValue);
        const QByteArray syncValue = hex(kSyncValue);

        QTest::newRow("heartbeat version 1")
            << QStringLiteral("heartbeat") << hbKey << hex("00 01 00 00 01 8b cf e5 68 00")
            << QStringLiteral("heartbeat value: unsupported version 1 (only version 0 exists)");
        QTest::newRow("heartbeat version -1")
            << QStringLiteral("heartbeat") << hbKey << hex("ff ff 00 00 01 8b cf e5 68 00")
            << QStringLiteral("heartbeat value: unsupported version -1 (only version 0 exists)");
        QTest::newRow("checkpoint version 1")
            << QStringLiteral("checkpoint") << cpKey
            << hex("00 01 00 00 00 00 00 00 03 ed 00 00 00 00 00 00 03 df 00 00")
            << QStringLiteral("checkpoint value: unsupported version 1 (only version 0 exists)");
        QTest::newRow("checkpoint version -1")
            << QStringLiteral("checkpoint") << cpKey
            << hex("ff ff 00 00 00 00 00 00 03 ed 00 00 00 00 00 00 03 df 00 00")
            << QStringLiteral("checkpoint value: unsupported version -1 (only version 0 exists)");
        // The version is checked before the length: a newer, longer layout says "version".
        QTest::newRow("checkpoint version 1, longer")
            << QStringLiteral("checkpoint") << cpKey << hex("00 01") + QByteArray(40, '\0')
            << QStringLiteral("checkpoint value: unsupported version 1 (only version 0 exists)");

        QTest::newRow("heartbeat key: negative length")
            << QStringLiteral("heartbeat") << hex("ff ff 75 73") << hbValue
            << QStringLiteral("heartbeat key: negative string length -1 (sourceClusterAlias at byte 0)");
        QTest::newRow("checkpoint key: length -32768")
            << QStringLiteral("checkpoint") << hex("00 01 67 80 00 41") << cpValue
            << QStringLiteral("checkpoint key: negative string length -32768 (topic at byte 3)");
        QTest::newRow("checkpoint metadata: negative length")
            << QStringLiteral("checkpoint") << cpKey
            << hex("00 00 00 00 00 00 00 00 03 ed 00 00 00 00 00 00 03 df ff fe")
            << QStringLiteral("checkpoint value: negative string length -2 (metadata at byte 18)");

        QTest::newRow("heartbeat key: length past end")
            << QStringLiteral("heartbeat") << hex("00 07 75 73 2d 77 65 73 74 00 07 75 73 2d 65") << hbValue
            << QStringLiteral("heartbeat key: string length 7 exceeds the 4 bytes left (targetClusterAlias at byte 9)");
        QTest::newRow("sync key: length 32767, 3 bytes")
            << QStringLiteral("offsetsync") << hex("7f ff 61 62 63") << syncValue
            << QStringLiteral("offset sync key: string length 32767 exceeds the 3 bytes left (topic at byte 0)");
        QTest::newRow("checkpoint metadata: length past end")
            << QStringLiteral("checkpoint") << cpKey
            << hex("00 00 00 00 00 00 00 00 03 ed 00 00 00 00 00 00 03 df 00 05 61")
            << QStringLiteral("checkpoint value: string length 5 exceeds the 1 bytes left (metadata at byte 18)");

        QTest::newRow("heartbeat: empty key") << QStringLiteral("heartbeat") << QByteArray() << hbValue
                                              << QStringLiteral("heartbeat key: empty (0 bytes)");
        QTest::newRow("heartbeat: empty value") << QStringLiteral("heartbeat") << hbKey << QByteArray()
                                                << QStringLiteral("heartbeat value: empty (0 bytes)");
        QTest::newRow("checkpoint: empty key") << QStringLiteral("checkpoint") << QByteArray() << cpValue
                                               << QStringLiteral("checkpoint key: empty (0 bytes)");
        QTest::newRow("checkpoint: tombstone") << QStringLiteral("checkpoint") << cpKey << QByteArray()
                                               << QStringLiteral("checkpoint value: empty (0 bytes)");
        QTest::newRow("sync: empty key") << QStringLiteral("offsetsync") << QByteArray() << syncValue
                                         << QStringLiteral("offset sync key: empty (0 bytes)");
        QTest::newRow("sync: empty value") << QStringLiteral("offsetsync") << syncKey << QByteArray()
                                           << QStringLiteral("offset sync value: empty (0 bytes)");

        QTest::newRow("heartbeat: short timestamp")
            << QStringLiteral("heartbeat") << hbKey << hex("00 00 00 00 01")
            << QStringLiteral("heartbeat value: truncated: needs 8 bytes for timestamp at byte 2, 3 left");
        QTest::newRow("sync: short partition")
            << QStringLiteral("offsetsync") << hex("00 01 74 00 00") << syncValue
            << QStringLiteral("offset sync key: truncated: needs 4 bytes for partition at byte 3, 2 left");
        QTest::newRow("sync: one byte value")
            << QStringLiteral("offsetsync") << syncKey << hex("00")
            << QStringLiteral("offset sync value: truncated: needs 8 bytes for upstreamOffset at byte 0, 1 left");
        QTest::newRow("checkpoint: one byte key")
            << QStringLiteral("checkpoint") << hex("00") << cpValue
            << QStringLiteral("checkpoint key: truncated: needs 2 bytes for group at byte 0, 1 left");
        // Records of one type read as another: the decoders must not accept them.
        QTest::newRow("heartbeat read as sync")
            << QStringLiteral("offsetsync") << hbKey << hbValue
            << QStringLiteral("offset sync key: 5 bytes left over after the record's 13 bytes");
        QTest::newRow("sync read as checkpoint")
            << QStringLiteral("checkpoint") << syncKey << syncValue
            << QStringLiteral("checkpoint key: truncated: needs 4 bytes for partition at byte 10, 2 left");
    }
    void malformed()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, value);
        QFETCH(QString, error);
        QCOMPARE(decodeError(kind, key, value), error);
    }

    void nullViewsFail()
    {
        QCOMPARE(decodeError(QStringLiteral("heartbeat"), QByteArrayView(), QByteArrayView()),
                 QStringLiteral("heartbeat key: empty (0 bytes)"));
        QCOMPARE(decodeError(QStringLiteral("offsetsync"), hex(kSyncKey), QByteArrayView()),
                 QStringLiteral("offset sync value: empty (0 bytes)"));
    }

    // Like Kafka, invalid UTF-8 is replaced rather than rejected: a group id with a stray
    // byte still has a checkpoint worth showing.
    void invalidUtf8IsReplaced()
    {
        const auto r = decodeOffsetSync(hex("00 03 61 ff 62 00 00 00 01"), hex(kSyncValue));
        QVERIFY(r.ok());
        QCOMPARE(r->topic, QString(QLatin1Char('a') + QChar(QChar::ReplacementCharacter) + QLatin1Char('b')));
    }

    // Valid UTF-8 comes back byte for byte, including what a decoder might be tempted to
    // normalise: a byte order mark, NUL, a literal U+FFFD, noncharacters, 4-byte sequences.
    void validUtf8IsKeptExactly_data()
    {
        QTest::addColumn<QByteArray>("topic");
        QTest::newRow("BOM") << hex("ef bb bf 74");
        QTest::newRow("only BOM") << hex("ef bb bf");
        QTest::newRow("NUL") << hex("61 00 62");
        QTest::newRow("U+FFFD") << hex("ef bf bd");
        QTest::newRow("U+FFFF") << hex("ef bf bf");
        QTest::newRow("U+10FFFF") << hex("f4 8f bf bf");
        QTest::newRow("emoji") << hex("f0 9f 9a 80");
    }
    void validUtf8IsKeptExactly()
    {
        QFETCH(QByteArray, topic);
        QByteArray key;
        key.append(char(0)).append(char(topic.size())).append(topic).append(hex("00 00 00 01"));
        const auto decoded = decodeOffsetSync(key, hex(kSyncValue));
        QVERIFY(decoded.ok());
        const auto encoded = encodeOffsetSync(*decoded);
        QVERIFY(encoded.ok());
        QCOMPARE(encoded->key.toHex(' '), key.toHex(' '));
    }

    // --- stats ---

    void decodeStatsCountByReason()
    {
        DecodeStats stats;
        QVERIFY(stats.record(decodeHeartbeat(hex(kHeartbeatKey), hex(kHeartbeatValue))));
        QVERIFY(stats.record(decodeOffsetSync(hex(kSyncKey), hex(kSyncValue))));
        QVERIFY(!stats.record(decodeCheckpoint(hex(kCheckpointKey), hex("00 01 00"))));
        QVERIFY(!stats.record(decodeCheckpoint(hex(kCheckpointKey), QByteArray())));
        QVERIFY(!stats.record(decodeCheckpoint(hex(kCheckpointKey), QByteArray(hex(kCheckpointValue) + 'x'))));
        QCOMPARE(stats.decoded, 2);
        QCOMPARE(stats.unsupportedVersion, 1);
        QCOMPARE(stats.malformed, 2);
        QCOMPARE(stats.skipped(), 3);
        QCOMPARE(stats.lastError, QStringLiteral("checkpoint value: 1 byte left over after the record's 20 bytes"));
    }

    // A group named like the version phrase must not be counted as a version problem:
    // messages never quote record contents, only field names.
    void decodeStatsIgnoreContents()
    {
        const auto encoded = encodeCheckpoint(
            Checkpoint{QStringLiteral(": unsupported version 1"), QStringLiteral("t"), 0, 0, 0, QString()});
        QVERIFY(encoded.ok());
        DecodeStats stats;
        QVERIFY(!stats.record(decodeCheckpoint(QByteArray(encoded->key + 'x'), encoded->value)));
        QCOMPARE(stats.malformed, 1);
        QCOMPARE(stats.unsupportedVersion, 0);
        QVERIFY(!stats.lastError.contains(QLatin1String("unsupported")));
    }
};

QTEST_GUILESS_MAIN(TestMirrorCodec)
#include "tst_mirrorcodec.moc"
