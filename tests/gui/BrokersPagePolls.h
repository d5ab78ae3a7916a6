#pragma once
// The brokers page tests' synthetic cluster: polls of a cluster with a fenced, an offline and an
// unreachable-then-back broker and a controller quorum with a lagging and a lost voter; broker
// events as the history stores them; lanes as text; a dark palette. Main thread of a test.

#include "models/BrokerTableModel.h"
#include "monitor/BrokerTimeline.h"
#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"

#include <QColor>
#include <QPalette>
#include <QStringList>

#include <memory>

namespace lagscope::test {

inline const QString kCluster = QStringLiteral("dc1");
constexpr qint64 kMinute = 60;
constexpr qint64 kHour = 3600;
constexpr qint64 kDay = 24 * kHour;

inline ClusterEvent brokerEvent(const QDateTime &at, int broker, EventKind kind)
{
    ClusterEvent e;
    e.time = at;
    e.cluster = kCluster;
    e.kind = kind;
    e.severity = EventSeverity::Warning;
    e.subject = QStringLiteral("broker %1").arg(broker);
    e.message = QStringLiteral("broker %1: %2").arg(broker).arg(eventKindName(kind));
    return e;
}

inline BrokerState broker(int id, BrokerStatus status, const QString &reason, int led)
{
    BrokerState b;
    b.info.id = id;
    b.info.host = QStringLiteral("kafka-%1.dc1.example").arg(id);
    b.info.port = 9092;
    b.info.rack = QStringLiteral("rack-%1").arg((id + 1) / 2);
    b.status = status;
    b.reason = reason;
    b.partitionsLed = led;
    b.controller = id == 1;
    return b;
}

// The leader's clock is the poll's time: voter 2 fetches but has been behind for 8 s, voter 3
// (its broker is gone) has not fetched since this leader took over; broker 4 observes.
inline QuorumInfo quorumAt(const QDateTime &at)
{
    const qint64 now = at.toMSecsSinceEpoch();
    QuorumInfo q;
    q.leaderId = 1;
    q.leaderEpoch = 12;
    q.highWatermark = 4321;
    q.voters = {{1, QStringLiteral("AAAAAAAAAAAAAAAAAAAAAQ"), 4321, now, now},
                {2, QStringLiteral("AAAAAAAAAAAAAAAAAAAAAg"), 4300, now - 300, now - 8000},
                {3, QStringLiteral("AAAAAAAAAAAAAAAAAAAAAw"), 3990, -1, -1}};
    q.observers = {{4, QString(), 4321, now - 200, now - 200}};
    return q;
}

inline SnapshotPtr pollAt(const QDateTime &at, BrokerStatus broker4 = BrokerStatus::Online)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = kCluster;
    s->takenAt = at;
    s->reachable = true;
    s->controllerId = 1;
    s->brokers = {
        broker(1, BrokerStatus::Online, QStringLiteral("Registered and unfenced with the controller; connected"), 14),
        broker(2, BrokerStatus::Fenced,
               QStringLiteral("Fenced by the controller (missed heartbeats, or still catching up), but "
                              "kafka-2.dc1.example:9092 accepts connections: the process is alive"),
               0),
        broker(3, BrokerStatus::Offline, QStringLiteral("No longer registered with the controller"), 0),
        broker(4, broker4,
               broker4 == BrokerStatus::Online
                   ? QStringLiteral("Registered and unfenced with the controller; connected")
                   : QStringLiteral("Registered and unfenced with the controller, but Lagscope's connection to "
                                    "kafka-4.dc1.example:9092 failed"),
               10),
    };
    s->quorum = quorumAt(at);
    return s;
}

// "O-7d..-2d F-2d..-1d": the spans of a lane, times as offsets from `now` in whole minutes.
inline QString spansText(const BrokerLane &lane, const QDateTime &now)
{
    QStringList out;
    for (const BrokerSpan &s : lane.spans) {
        const QString state = s.status ? BrokerTableModel::statusText(*s.status) : QStringLiteral("?");
        out << QStringLiteral("%1 %2..%3").arg(state).arg(now.secsTo(s.from) / kMinute).arg(now.secsTo(s.to) / kMinute);
    }
    return out.join(QStringLiteral(", "));
}

inline QPalette darkPalette()
{
    QPalette p;
    const auto set = [&p](QPalette::ColorRole role, QRgb rgb) { p.setColor(role, QColor(rgb)); };
    set(QPalette::Window, 0x2b2b2b);
    set(QPalette::WindowText, 0xe6e6e6);
    set(QPalette::Base, 0x1e1e1e);
    set(QPalette::AlternateBase, 0x262626);
    set(QPalette::Text, 0xe6e6e6);
    set(QPalette::Button, 0x353535);
    set(QPalette::ButtonText, 0xe6e6e6);
    set(QPalette::Light, 0x4a4a4a);
    set(QPalette::Midlight, 0x3a3a3a);
    set(QPalette::Mid, 0x5a5a5a);
    set(QPalette::Dark, 0x1a1a1a);
    set(QPalette::Highlight, 0x2f65ca);
    set(QPalette::HighlightedText, 0xffffff);
    set(QPalette::PlaceholderText, 0x8c8c8c);
    set(QPalette::ToolTipBase, 0x353535);
    set(QPalette::ToolTipText, 0xe6e6e6);
    return p;
}

} // namespace lagscope::test
