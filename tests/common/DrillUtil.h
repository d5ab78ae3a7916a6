#pragma once
// Helpers shared by the lab tests: polling with a wall-clock deadline (waitUntil, for checks
// that take longer than QTRY's 50 ms step, which QTRY counts instead of time), and for the
// safety drills that kill lab brokers, offsets in words and the audit trail.
// Header-only; main thread of a Qt Test.

#include "model/ConsumerGroup.h"
#include "util/Deadline.h"

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTest>

#include <functional>

namespace lagscope::test {

// Polls until `done` holds on `times` polls in a row, up to `timeoutMs`. Metadata comes from
// whichever broker librdkafka asks, and a broker's cache may lag for a moment: one true
// answer followed by a stale false one is not a failure.
inline bool waitUntil(const std::function<bool()> &done, int timeoutMs, int times = 1)
{
    const Deadline deadline = Deadline::inMs(timeoutMs);
    int streak = 0;
    while (!deadline.expired()) {
        streak = done() ? streak + 1 : 0;
        if (streak >= times)
            return true;
        QTest::qWait(200);
    }
    return false;
}

// The error message of a failed Result, for QVERIFY2.
template <typename R> QByteArray why(const R &result) { return result ? QByteArray() : result.errorMessage().toUtf8(); }

// "t-0=5, t-1=5": comparable and readable in a failure message.
inline QString show(const CommittedOffsets &offsets)
{
    QStringList parts;
    for (const auto &[tp, o] : offsets)
        parts << QStringLiteral("%1=%2").arg(tp.toString()).arg(o);
    return parts.join(QStringLiteral(", "));
}

// The records of an audit file (one JSON object a line) about `group`.
inline QList<QJsonObject> auditRecords(const QString &path, const QString &group)
{
    QList<QJsonObject> out;
    QFile audit(path);
    if (!audit.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : audit.readAll().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o[QStringLiteral("group")].toString() == group)
            out << o;
    }
    return out;
}

} // namespace lagscope::test
