#pragma once
// Reading and writing the primitive types of Kafka's legacy Struct serialisation, which is
// what MirrorMaker 2 uses for its heartbeat, checkpoint and offset-sync records: big-endian
// integers and STRING = INT16 byte length + UTF-8 bytes. Internal to core/mirror.
//
// Pure value code, usable from any thread.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>
#include <utility>

namespace lagscope::mirror::wire {

// Reads fields front to back and stops at the first problem. Every read checks the bytes
// left first, so a hostile length can never move the cursor past the end of the buffer.
// Messages start with the record part being read ("checkpoint value: ...").
class Reader {
public:
    Reader(QByteArrayView data, QString context) : m_data(data), m_context(std::move(context)) { }

    std::optional<qint16> int16(const char *field);
    std::optional<qint32> int32(const char *field);
    std::optional<qint64> int64(const char *field);
    std::optional<QString> string(const char *field);
    // The INT16 version header of heartbeat and checkpoint values; only 0 exists.
    bool version0();
    // Fails when bytes are left over: a record that is longer than its schema is not one
    // we understand, whatever the prefix looks like.
    bool finish();
    // Fails on empty input, with a clearer message than "needs 2 bytes, 0 left".
    bool nonEmpty();

    const QString &error() const { return m_error; }
    qsizetype position() const { return m_pos; }

private:
    qsizetype left() const { return m_data.size() - m_pos; }
    bool need(qsizetype bytes, const char *what);
    void fail(const QString &message);

    QByteArrayView m_data;
    QString m_context;
    QString m_error;
    qsizetype m_pos = 0;
};

// Appends fields; a string too long for its INT16 length makes the writer fail.
class Writer {
public:
    explicit Writer(QString context) : m_context(std::move(context)) { }

    void int16(qint16 v);
    void int32(qint32 v);
    void int64(qint64 v);
    void string(const QString &s, const char *field);

    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    const QByteArray &bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
    QString m_context;
    QString m_error;
};

// The longest STRING the INT16 length can describe.
inline constexpr qsizetype kMaxStringBytes = 32767;

// The marker in every unsupported-version message; DecodeStats counts those apart.
inline constexpr char kUnsupportedVersion[] = "unsupported version";

} // namespace lagscope::mirror::wire
