#pragma once
// Helpers shared by the lab tests: polling with a wall-clock deadline (waitUntil, for checks
// that take longer than QTRY's 50 ms step, which QTRY counts instead of time), and for the
// safety drills that kill lab brokers, offsets in words and the audit trail.
// Header-only; main thread of a Qt Test.

#include "actions/ResetExecutor.h"
#include "actions/ResetPlanner.h"
#include "actions/ResetRecords.h"
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

// One partition's outcome of a commit cut by a broker kill, for a write whose three topics
// are committed one after another and whose coordinator dies during the second: the first
// topic's commit was acknowledged and the second's sent without an answer, but neither could
// be read back ("unknown"); the third was never sent ("not-applied").
inline void verifyCutCommit(const PartitionOutcome &o, const QStringList &topics)
{
    if (o.tp.topic == topics[0]) {
        QCOMPARE(outcomeName(o.result), QStringLiteral("unknown"));
        QVERIFY(o.acknowledged);
    } else if (o.tp.topic == topics[1]) {
        QCOMPARE(outcomeName(o.result), QStringLiteral("unknown"));
        QVERIFY(!o.acknowledged);
    } else {
        QCOMPARE(outcomeName(o.result), QStringLiteral("not-applied"));
    }
}

// A reset plan made the way lagscopectl makes one: the group's state read through `client`,
// refused while the group has members, then planned.
inline Result<ResetPlan> planOnCluster(KafkaClient &client, const QString &group, const ResetSpec &spec,
                                       const ResetScope &scope)
{
    auto gathered = gatherResetInputs(client, group, spec, scope, Deadline::inMs(30000));
    if (!gathered)
        return Result<ResetPlan>(gathered.error());
    if (auto refusal = checkInactive(gathered->description))
        return Result<ResetPlan>::failure(*refusal);
    return planReset(spec, scope, gathered->inputs);
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
