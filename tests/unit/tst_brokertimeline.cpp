// The brokers page's timeline lanes (monitor/BrokerTimeline): each broker's states over a range
// from the history's broker events, the state before the range and the latest poll. One table
// row per rule; lanes are written "id: <state><from>..<to> …", times in minutes from kNow,
// ? for an unknown span, "id: -" for a lane without spans. docs/BROKER-STATES.md has the
// limits these rows pin down. lanes() has a history that began long before every range;
// coverage() moves where it begins.
#include "monitor/BrokerTimeline.h"

#include <QTest>

#include <algorithm>
#include <limits>

using namespace lagscope;

Q_DECLARE_METATYPE(lagscope::EventKind)
Q_DECLARE_METATYPE(std::optional<lagscope::BrokerStatus>)

namespace {

const QDateTime kNow(QDate(2024, 3, 10), QTime(12, 0), Qt::UTC);
// A knownFrom that stands for none: nothing known of the cluster at all.
constexpr int kNothingKnown = std::numeric_limits<int>::min();

QDateTime at(int minutes) { return kNow.addSecs(qint64(minutes) * 60); }

const std::pair<QChar, BrokerStatus> kLetters[] = {
    {QLatin1Char('O'), BrokerStatus::Online},   {QLatin1Char('U'), BrokerStatus::Unreachable},
    {QLatin1Char('D'), BrokerStatus::Offline},  {QLatin1Char('F'), BrokerStatus::Fenced},
    {QLatin1Char('S'), BrokerStatus::Stopping},
};

BrokerStatus statusOf(QChar letter)
{
    for (const auto &[l, status] : kLetters)
        if (l == letter)
            return status;
    qFatal("no state letter %c", letter.toLatin1());
}

QString letterOf(const std::optional<BrokerStatus> &status)
{
    if (!status)
        return QStringLiteral("?");
    for (const auto &[l, s] : kLetters)
        if (s == *status)
            return l;
    return QStringLiteral("!");
}

// "1=O 2=F": broker 1 Online, broker 2 Fenced.
std::map<int, BrokerStatus> states(const QString &spec)
{
    std::map<int, BrokerStatus> out;
    for (const QString &item : spec.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QStringList parts = item.split(QLatin1Char('='));
        out[parts[0].toInt()] = statusOf(parts[1].at(0));
    }
    return out;
}

const std::pair<QLatin1String, EventKind> kKinds[] = {
    {QLatin1String("online"), EventKind::BrokerOnline},
    {QLatin1String("unfenced"), EventKind::BrokerUnfenced},
    {QLatin1String("unreach"), EventKind::BrokerUnreachable},
    {QLatin1String("offline"), EventKind::BrokerOffline},
    {QLatin1String("fenced"), EventKind::BrokerFenced},
    {QLatin1String("stopping"), EventKind::BrokerStopping},
    {QLatin1String("controller"), EventKind::ControllerChanged},
    {QLatin1String("voterlost"), EventKind::QuorumVoterLost},
    {QLatin1String("partoffline"), EventKind::PartitionOffline},
};

// "-90 broker 2 fenced, -30 broker 2 unfenced": minutes, subject, kind.
std::vector<ClusterEvent> events(const QString &spec)
{
    std::vector<ClusterEvent> out;
    for (const QString &item : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList parts = item.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        ClusterEvent e;
        e.time = at(parts[0].toInt());
        e.cluster = QStringLiteral("dc1");
        e.subject = parts.mid(1, parts.size() - 2).join(QLatin1Char(' '));
        bool known = false;
        for (const auto &[name, kind] : kKinds)
            if (name == parts.last()) {
                e.kind = kind;
                known = true;
            }
        if (!known)
            qFatal("no event kind %s", qPrintable(parts.last()));
        out.push_back(e);
    }
    return out;
}

int minutesOf(const QDateTime &t) { return int(kNow.secsTo(t) / 60); }

QString lanesText(const std::vector<BrokerLane> &lanes)
{
    QStringList out;
    for (const BrokerLane &lane : lanes) {
        QStringList spans;
        for (const BrokerSpan &s : lane.spans)
            spans << QStringLiteral("%1%2..%3").arg(letterOf(s.status)).arg(minutesOf(s.from)).arg(minutesOf(s.to));
        out << QStringLiteral("%1: %2")
                   .arg(lane.broker)
                   .arg(spans.isEmpty() ? QStringLiteral("-") : spans.join(QLatin1Char(' ')));
    }
    return out.join(QStringLiteral(" | "));
}

} // namespace

class TestBrokerTimeline final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lanes_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("events");
        QTest::addColumn<QString>("current");
        QTest::addColumn<int>("currentAt");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addColumn<QString>("expected");

        QTest::newRow("no change recorded: the current state all along")
            << QString() << QString() << QStringLiteral("1=O 2=D") << 0 << -120 << 0
            << QStringLiteral("1: O-120..0 | 2: D-120..0");
        QTest::newRow("fenced for an hour, state before the range known")
            << QStringLiteral("2=O") << QStringLiteral("-90 broker 2 fenced, -30 broker 2 unfenced")
            << QStringLiteral("1=O 2=O") << 0 << -120 << 0
            << QStringLiteral("1: O-120..0 | 2: O-120..-90 F-90..-30 O-30..0");
        QTest::newRow("nothing before the first change: unknown until it")
            << QString() << QStringLiteral("-90 broker 2 fenced, -30 broker 2 unfenced") << QStringLiteral("2=O") << 0
            << -120 << 0 << QStringLiteral("2: ?-120..-90 F-90..-30 O-30..0");
        QTest::newRow("controlled shutdown: stopping, then offline")
            << QStringLiteral("3=O") << QStringLiteral("-60 broker 3 stopping, -59 broker 3 offline")
            << QStringLiteral("3=D") << 0 << -120 << 0 << QStringLiteral("3: O-120..-60 S-60..-59 D-59..0");
        QTest::newRow("unreachable and back")
            << QStringLiteral("1=O") << QStringLiteral("-50 broker 1 unreach, -40 broker 1 online")
            << QStringLiteral("1=O") << 0 << -120 << 0 << QStringLiteral("1: O-120..-50 U-50..-40 O-40..0");
        QTest::newRow("a live event before the range moves the start state")
            << QStringLiteral("2=O") << QStringLiteral("-200 broker 2 fenced, -30 broker 2 unfenced")
            << QStringLiteral("2=O") << 0 << -120 << 0 << QStringLiteral("2: F-120..-30 O-30..0");
        QTest::newRow("change at the range's start")
            << QStringLiteral("2=O") << QStringLiteral("-120 broker 2 fenced") << QStringLiteral("2=F") << 0 << -120
            << 0 << QStringLiteral("2: F-120..0");
        QTest::newRow("events after the range and a later poll are ignored")
            << QStringLiteral("2=O") << QStringLiteral("-90 broker 2 fenced, -30 broker 2 unfenced")
            << QStringLiteral("2=D") << 0 << -120 << -60 << QStringLiteral("2: O-120..-90 F-90..-60");
        QTest::newRow("the latest poll's state not stored yet changes at its time")
            << QStringLiteral("1=O") << QString() << QStringLiteral("1=D") << -1 << -120 << 0
            << QStringLiteral("1: O-120..-1 D-1..0");
        QTest::newRow("a change at the range's end is an instant")
            << QStringLiteral("2=O") << QStringLiteral("0 broker 2 fenced") << QStringLiteral("2=F") << 0 << -120 << 0
            << QStringLiteral("2: O-120..0 F0..0");
        QTest::newRow("the latest poll's state not stored yet, at the range's end")
            << QStringLiteral("1=O") << QString() << QStringLiteral("1=D") << 0 << -120 << 0
            << QStringLiteral("1: O-120..0 D0..0");
        QTest::newRow("the latest poll's state after an unknown start")
            << QString() << QStringLiteral("-90 broker 2 fenced") << QStringLiteral("2=O") << -10 << -120 << 0
            << QStringLiteral("2: ?-120..-90 F-90..-10 O-10..0");
        QTest::newRow("the same state again is no change (a live event the store had)")
            << QStringLiteral("2=O") << QStringLiteral("-90 broker 2 fenced, -90 broker 2 fenced, -80 broker 2 fenced")
            << QStringLiteral("2=F") << 0 << -120 << 0 << QStringLiteral("2: O-120..-90 F-90..0");
        QTest::newRow("two changes in one poll: the last counts")
            << QStringLiteral("2=O") << QStringLiteral("-60 broker 2 stopping, -60 broker 2 offline")
            << QStringLiteral("2=D") << 0 << -120 << 0 << QStringLiteral("2: O-120..-60 D-60..0");
        QTest::newRow("events in any order")
            << QStringLiteral("2=O") << QStringLiteral("-30 broker 2 unfenced, -90 broker 2 fenced")
            << QStringLiteral("2=O") << 0 << -120 << 0 << QStringLiteral("2: O-120..-90 F-90..-30 O-30..0");
        QTest::newRow("a broker gone from the latest poll keeps its lane")
            << QStringLiteral("4=D") << QString() << QStringLiteral("1=O") << 0 << -120 << 0
            << QStringLiteral("1: O-120..0 | 4: D-120..0");
        QTest::newRow("other events and subjects are no broker change")
            << QString()
            << QStringLiteral("-90 broker 2 controller, -80 voter 2 voterlost, -70 orders-3 partoffline, "
                              "-60 brokers 2 fenced")
            << QStringLiteral("2=O") << 0 << -120 << 0 << QStringLiteral("2: O-120..0");
        QTest::newRow("lanes by broker id")
            << QStringLiteral("10=O") << QStringLiteral("-5 broker 3 fenced") << QStringLiteral("2=O") << 0 << -60 << 0
            << QStringLiteral("2: O-60..0 | 3: ?-60..-5 F-5..0 | 10: O-60..0");
        QTest::newRow("empty range") << QStringLiteral("1=O") << QString() << QStringLiteral("1=O") << 0 << 0 << 0
                                     << QString();
        QTest::newRow("no brokers at all") << QString() << QString() << QString() << 0 << -60 << 0 << QString();
    }

    void lanes()
    {
        QFETCH(QString, before);
        QFETCH(QString, events);
        QFETCH(QString, current);
        QFETCH(int, currentAt);
        QFETCH(int, from);
        QFETCH(int, to);
        QFETCH(QString, expected);

        BrokerHistory history;
        history.before = states(before);
        history.events = ::events(events);
        history.current = states(current);
        history.currentAt = at(currentAt);
        history.knownFrom = at(-30 * 24 * 60); // a month of history, more than every range
        QCOMPARE(lanesText(brokerLanes(history, at(from), at(to))), expected);
    }

    // Where knowledge of the cluster begins (the history's first record, or this session's
    // first poll), and what the session's first poll saw: no lane claims a state before the
    // first, and the second is what a broker was when no event says (a first poll has no poll
    // before it to differ from). The latest poll is at 0.
    void coverage_data()
    {
        QTest::addColumn<QString>("events");
        QTest::addColumn<QString>("first");
        QTest::addColumn<int>("firstAt");
        QTest::addColumn<QString>("current");
        QTest::addColumn<int>("knownFrom");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addColumn<QString>("expected");

        // A fresh install watched for a minute, shown over 7 days: a minute of states, not 7 days.
        QTest::newRow("fresh history: the first poll's states since it")
            << QString() << QStringLiteral("1=O 2=F") << -1 << QStringLiteral("1=O 2=F") << -1 << -7 * 24 * 60 << 0
            << QStringLiteral("1: O-1..0 | 2: F-1..0");
        QTest::newRow("history begins inside the range: lanes begin there")
            << QStringLiteral("-90 broker 2 fenced, -30 broker 2 unfenced") << QString() << 0
            << QStringLiteral("1=O 2=O") << -100 << -120 << 0
            << QStringLiteral("1: O-100..0 | 2: ?-100..-90 F-90..-30 O-30..0");
        QTest::newRow("history begins before the range: the whole range")
            << QStringLiteral("-500 broker 2 online, -90 broker 2 fenced, -30 broker 2 unfenced") << QString() << 0
            << QStringLiteral("1=O 2=O") << -500 << -120 << 0
            << QStringLiteral("1: O-120..0 | 2: O-120..-90 F-90..-30 O-30..0");
        QTest::newRow("history begins at the range's start")
            << QStringLiteral("-60 broker 3 offline") << QString() << 0 << QStringLiteral("3=D") << -120 << -120 << 0
            << QStringLiteral("3: ?-120..-60 D-60..0");
        QTest::newRow("an event before knownFrom sets the starting state")
            << QStringLiteral("-110 broker 2 fenced") << QString() << 0 << QStringLiteral("2=F") << -100 << -120 << 0
            << QStringLiteral("2: F-100..0");
        QTest::newRow("a drill this session: the first poll saw it online")
            << QStringLiteral("-90 broker 2 fenced, -30 broker 2 unfenced") << QStringLiteral("1=O 2=O") << -100
            << QStringLiteral("1=O 2=O") << -100 << -120 << 0
            << QStringLiteral("1: O-100..0 | 2: O-100..-90 F-90..-30 O-30..0");
        QTest::newRow("a change while nothing watched shows at the first poll")
            << QStringLiteral("-600 broker 2 fenced") << QStringLiteral("2=O") << -100 << QStringLiteral("2=O") << -1000
            << -120 << 0 << QStringLiteral("2: F-120..-100 O-100..0");
        QTest::newRow("unknown until the first poll when the history has nothing of it")
            << QStringLiteral("-50 broker 3 offline") << QStringLiteral("3=O") << -100 << QStringLiteral("3=D") << -300
            << -120 << 0 << QStringLiteral("3: ?-120..-100 O-100..-50 D-50..0");
        QTest::newRow("a first poll before the range, in time order with the events")
            << QStringLiteral("-300 broker 2 online, -60 broker 2 unfenced") << QStringLiteral("2=F") << -200
            << QStringLiteral("2=O") << -400 << -120 << 0 << QStringLiteral("2: F-120..-60 O-60..0");
        QTest::newRow("a first poll after the range changes nothing in it")
            << QStringLiteral("-500 broker 2 fenced") << QStringLiteral("2=O") << -30 << QStringLiteral("2=O") << -1000
            << -120 << -60 << QStringLiteral("2: F-120..-60");
        QTest::newRow("no history, no poll: brokers named, no state claimed")
            << QString() << QString() << 0 << QStringLiteral("1=O") << kNothingKnown << -120 << 0
            << QStringLiteral("1: -");
        QTest::newRow("history begins after the range shown")
            << QString() << QString() << 0 << QStringLiteral("1=O") << -10 << -120 << -60 << QStringLiteral("1: -");
        QTest::newRow("history begins at the range's end")
            << QString() << QString() << 0 << QStringLiteral("1=O") << -60 << -120 << -60 << QStringLiteral("1: -");
    }

    void coverage()
    {
        QFETCH(QString, events);
        QFETCH(QString, first);
        QFETCH(int, firstAt);
        QFETCH(QString, current);
        QFETCH(int, knownFrom);
        QFETCH(int, from);
        QFETCH(int, to);
        QFETCH(QString, expected);

        BrokerHistory history;
        history.events = ::events(events);
        history.current = states(current);
        history.currentAt = at(0);
        if (!first.isEmpty())
            history.firstPoll = BrokerStatesAt{at(firstAt), states(first)};
        if (knownFrom != kNothingKnown)
            history.knownFrom = at(knownFrom);
        QCOMPARE(lanesText(brokerLanes(history, at(from), at(to))), expected);
    }

    void statusAfter_data()
    {
        QTest::addColumn<EventKind>("kind");
        QTest::addColumn<std::optional<BrokerStatus>>("status");
        QTest::newRow("online") << EventKind::BrokerOnline << std::optional(BrokerStatus::Online);
        QTest::newRow("unfenced") << EventKind::BrokerUnfenced << std::optional(BrokerStatus::Online);
        QTest::newRow("unreachable") << EventKind::BrokerUnreachable << std::optional(BrokerStatus::Unreachable);
        QTest::newRow("offline") << EventKind::BrokerOffline << std::optional(BrokerStatus::Offline);
        QTest::newRow("fenced") << EventKind::BrokerFenced << std::optional(BrokerStatus::Fenced);
        QTest::newRow("stopping") << EventKind::BrokerStopping << std::optional(BrokerStatus::Stopping);
        QTest::newRow("controller changed") << EventKind::ControllerChanged << std::optional<BrokerStatus>();
        QTest::newRow("voter lost") << EventKind::QuorumVoterLost << std::optional<BrokerStatus>();
    }

    void statusAfter()
    {
        QFETCH(EventKind, kind);
        QFETCH(std::optional<BrokerStatus>, status);
        QCOMPARE(brokerStatusAfter(kind), status);
        const auto &kinds = brokerStateEventKinds();
        QCOMPARE(std::find(kinds.begin(), kinds.end(), kind) != kinds.end(), status.has_value());
    }

    void brokerId_data()
    {
        QTest::addColumn<QString>("subject");
        QTest::addColumn<int>("id");
        QTest::newRow("broker 3") << QStringLiteral("broker 3") << 3;
        QTest::newRow("broker 1001") << QStringLiteral("broker 1001") << 1001;
        QTest::newRow("voter 3") << QStringLiteral("voter 3") << -1;
        QTest::newRow("no number") << QStringLiteral("broker x") << -1;
        QTest::newRow("negative") << QStringLiteral("broker -1") << -1;
        QTest::newRow("translated subject is not ours") << QStringLiteral("Broker 3") << -1;
        QTest::newRow("topic partition") << QStringLiteral("orders-3") << -1;
    }

    void brokerId()
    {
        QFETCH(QString, subject);
        QFETCH(int, id);
        ClusterEvent e;
        e.subject = subject;
        QCOMPARE(eventBrokerId(e), id);
    }

    void statesAfterNewestEvent()
    {
        const auto after = brokerStatesAfter(::events(
            QStringLiteral("-30 broker 2 unfenced, -90 broker 2 fenced, -10 broker 3 offline, -5 voter 3 voterlost")));
        QCOMPARE(after, (std::map<int, BrokerStatus>{{2, BrokerStatus::Online}, {3, BrokerStatus::Offline}}));
    }
};

QTEST_GUILESS_MAIN(TestBrokerTimeline)
#include "tst_brokertimeline.moc"
