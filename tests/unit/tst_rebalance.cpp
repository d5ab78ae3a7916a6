// Rebalance detection from consecutive polls (monitor/RebalanceDetector.h), the rate per hour,
// the event text, and the rebalance history (store round trip, upgrade of a version-1 file).
//
// Table rows are written in a small notation so a row reads like the polls it stands for:
//   polls:    "Stable a:0,1 | PreparingRebalance | Stable a:0 b:1"
//             one poll per "|", 5 s apart; first the state ("C:" prefix: a KIP-848 Consumer
//             group), then members "id:partitions of orders"; "-" alone: group absent.
//   expected: one line per rebalance: "@poll trigger start a-b end c-d states moves", with
//             times as poll numbers, trigger letters J(oined) L(eft) A(ssignment) or "-",
//             moves "o<partition>:<from>><to>".
//   restart:  "restart" in place of a poll: Lagscope exits (saving the detector's state)
//             and starts again, seeded from it; "crash": the same, but with the state as
//             last saved on a change (what the poller has on disk after a crash). Either
//             takes the time of one poll.
#include "HistoryTestUtil.h"
#include "TableRows.h"
#include "monitor/RebalanceDetector.h"
#include "store/HistoryStore.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;

namespace {

const QDateTime kT0(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
constexpr int kStepSecs = 5;

QDateTime pollTime(int i) { return kT0.addSecs(qint64(i) * kStepSecs); }

QString pollIndex(const QDateTime &t)
{
    return t.isValid() ? QString::number(kT0.secsTo(t) / kStepSecs) : QStringLiteral("?");
}

// One poll of the group "g" in the notation above; nullopt when the group is absent.
std::optional<GroupState> parsePoll(const QString &text)
{
    QStringList tokens = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (tokens.first() == QLatin1String("-"))
        return std::nullopt;
    GroupState g;
    g.groupId = QStringLiteral("g");
    QString state = tokens.takeFirst();
    g.type = QStringLiteral("Classic");
    if (state.startsWith(QLatin1String("C:"))) {
        g.type = QStringLiteral("Consumer");
        state = state.mid(2);
    }
    g.state = state;
    for (const QString &token : tokens) {
        const QStringList parts = token.split(QLatin1Char(':'));
        GroupMember m = groupMember(parts[0], parts[0] + QStringLiteral("-client"), QStringLiteral("/127.0.0.1"));
        if (parts.size() > 1 && !parts[1].isEmpty())
            for (const QString &p : parts[1].split(QLatin1Char(',')))
                m.assignment.push_back({QStringLiteral("orders"), p.toInt()});
        g.members.push_back(std::move(m));
    }
    return g;
}

ClusterSnapshot snapshotAt(int i, const std::optional<GroupState> &group)
{
    ClusterSnapshot s;
    s.cluster = QStringLiteral("dc1");
    s.takenAt = pollTime(i);
    s.reachable = true;
    if (group)
        s.groups.push_back(*group);
    return s;
}

QString describe(const Rebalance &r, int poll)
{
    QString trigger;
    if (r.trigger & TriggerMemberJoined)
        trigger += QLatin1Char('J');
    if (r.trigger & TriggerMemberLeft)
        trigger += QLatin1Char('L');
    if (r.trigger & TriggerAssignmentChanged)
        trigger += QLatin1Char('A');
    if (trigger.isEmpty())
        trigger = QStringLiteral("-");
    QStringList parts{QStringLiteral("@") + QString::number(poll), trigger,
                      QStringLiteral("start ") + pollIndex(r.startAfter) + QLatin1Char('-') + pollIndex(r.startBy),
                      QStringLiteral("end ") + pollIndex(r.endAfter) + QLatin1Char('-') + pollIndex(r.endBy),
                      r.statesSeen.isEmpty() ? QStringLiteral("-") : r.statesSeen.join(QLatin1Char('>'))};
    for (const PartitionMove &m : r.moves)
        parts << QStringLiteral("o%1:%2>%3").arg(m.partition.partition).arg(m.fromMember, m.toMember);
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TestRebalance final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void detection_data()
    {
        test::addColumns<QString, QString>("polls", "expected");

        QTest::newRow("stable, nothing changes") << "Stable a:0,1 | Stable a:0,1 | Stable a:0,1"
                                                 << "";
        QTest::newRow("classic join seen in both rebalance states")
            << "Stable a:0,1,2,3 | PreparingRebalance | CompletingRebalance | Stable a:0,1 b:2,3"
            << "@3 J start 0-1 end 2-3 PreparingRebalance>CompletingRebalance o2:a>b o3:a>b";
        QTest::newRow("long rebalance over several polls")
            << "Stable a:0,1 | PreparingRebalance | PreparingRebalance | PreparingRebalance | Stable a:0 b:1"
            << "@4 J start 0-1 end 3-4 PreparingRebalance o1:a>b";
        QTest::newRow("fast join between two Stable polls") << "Stable a:0,1 | Stable a:0 b:1"
                                                            << "@1 J start 0-1 end 0-1 - o1:a>b";
        QTest::newRow("member left between two Stable polls") << "Stable a:0 b:1 | Stable a:0,1"
                                                              << "@1 L start 0-1 end 0-1 - o1:b>a";
        QTest::newRow("assignment moved, same members") << "Stable a:0 b:1 | Stable a:1 b:0"
                                                        << "@1 A start 0-1 end 0-1 - o0:a>b o1:b>a";
        QTest::newRow("member replaced (joined and left)") << "Stable a:0,1 | Stable b:0,1"
                                                           << "@1 JL start 0-1 end 0-1 - o0:a>b o1:a>b";
        QTest::newRow("re-join without visible change is still a rebalance")
            << "Stable a:0 | PreparingRebalance a: | Stable a:0"
            << "@2 - start 0-1 end 1-2 PreparingRebalance";
        QTest::newRow("two rebalances in a row")
            << "Stable a:0,1 | PreparingRebalance | Stable a:0 b:1 | Stable a:0 b:1 | Stable a:0,1"
            << "@2 J start 0-1 end 1-2 PreparingRebalance o1:a>b\n@4 L start 3-4 end 3-4 - o1:b>a";
        QTest::newRow("first member of an empty group") << "Empty | PreparingRebalance | Stable a:0,1"
                                                        << "@2 J start 0-1 end 1-2 PreparingRebalance o0:>a o1:>a";
        QTest::newRow("last member leaves") << "Stable a:0 | Empty"
                                            << "@1 L start 0-1 end 0-1 - o0:a>";
        QTest::newRow("already rebalancing at the first look") << "PreparingRebalance | Stable a:0 | Stable a:0"
                                                               << "";
        QTest::newRow("classic Unknown (describe failed) is skipped") << "Stable a:0 | Unknown | Stable a:0"
                                                                      << "";
        QTest::newRow("classic Unknown skipped, change still found against the last settled poll")
            << "Stable a:0,1 | Unknown | Stable a:0 b:1"
            << "@2 J start 0-2 end 0-2 - o1:a>b";
        QTest::newRow("KIP-848: librdkafka reports Assigning/Reconciling as Unknown")
            << "C:Stable a:0,1 | C:Unknown a:0,1 b: | C:Unknown a:0 b: | C:Stable a:0 b:1"
            << "@3 J start 0-1 end 2-3 Unknown o1:a>b";
        QTest::newRow("KIP-848: Unknown without any change is dropped") << "C:Stable a:0 | C:Unknown | C:Stable a:0"
                                                                        << "";
        QTest::newRow("KIP-848: named Assigning and Reconciling states")
            << "C:Stable a:0,1 | C:Assigning | C:Reconciling | C:Stable a:0 b:1"
            << "@3 J start 0-1 end 2-3 Assigning>Reconciling o1:a>b";
        QTest::newRow("KIP-848: fast member leave between Stable polls") << "C:Stable a:0 b:1 | C:Stable a:0,1"
                                                                         << "@1 L start 0-1 end 0-1 - o1:b>a";
        QTest::newRow("deleted and re-created group starts afresh") << "Stable a:0 | - | Stable b:0"
                                                                    << "";
        QTest::newRow("Dead counts as settled") << "Stable a:0 | Dead"
                                                << "@1 L start 0-1 end 0-1 - o0:a>";

        // Restarts: nothing invented, nothing lost, nothing twice.
        QTest::newRow("restart, group unchanged") << "Stable a:0,1 | Stable a:0,1 | restart | Stable a:0,1"
                                                  << "";
        QTest::newRow("restart, member joined while not running")
            << "Stable a:0,1 | Stable a:0,1 | restart | Stable a:0 b:1"
            << "@3 J start 1-3 end 1-3 - o1:a>b";
        QTest::newRow("restart during a rebalance completes it")
            << "Stable a:0,1 | PreparingRebalance | restart | CompletingRebalance | Stable a:0 b:1"
            << "@4 J start 0-1 end 3-4 PreparingRebalance>CompletingRebalance o1:a>b";
        QTest::newRow("restart during a rebalance that ended meanwhile")
            << "Stable a:0,1 | PreparingRebalance | restart | Stable a:0 b:1"
            << "@3 J start 0-1 end 1-3 PreparingRebalance o1:a>b";
        QTest::newRow("restart after a rebalance does not record it again")
            << "Stable a:0,1 | PreparingRebalance | Stable a:0 b:1 | restart | Stable a:0 b:1"
            << "@2 J start 0-1 end 1-2 PreparingRebalance o1:a>b";
        QTest::newRow("restart: KIP-848 Unknown without change still dropped")
            << "C:Stable a:0 | C:Unknown | restart | C:Stable a:0"
            << "";
        QTest::newRow("restart: group deleted meanwhile") << "Stable a:0 | restart | - | Stable b:0"
                                                          << "";
        QTest::newRow("restart: group deleted and re-created while not running") << "Stable a:0 | restart | Stable b:0"
                                                                                 << "@2 JL start 0-2 end 0-2 - o0:a>b";
        QTest::newRow("crash: the rebalance starts after the last saved poll (looser, still true)")
            << "Stable a:0 | Stable a:0 | Stable a:0 | crash | Stable b:0"
            << "@4 JL start 0-4 end 0-4 - o0:a>b";
        QTest::newRow("crash during a rebalance completes it")
            << "Stable a:0,1 | PreparingRebalance | crash | Stable a:0 b:1"
            << "@3 J start 0-1 end 1-3 PreparingRebalance o1:a>b";
        QTest::newRow("two restarts in a row") << "Stable a:0 | restart | restart | Stable a:0 | restart | Stable a:0"
                                               << "";
    }

    void detection()
    {
        QFETCH(QString, polls);
        QFETCH(QString, expected);
        RebalanceDetector detector;
        QStringList found;
        QJsonObject savedOnChange = detector.state();
        const QStringList list = polls.split(QLatin1Char('|'));
        for (int i = 0; i < list.size(); ++i) {
            if (const QString token = list[i].trimmed();
                token == QLatin1String("restart") || token == QLatin1String("crash")) {
                // Through the bytes of a file, as the poller keeps it.
                const QJsonObject saved = token == QLatin1String("restart") ? detector.state() : savedOnChange;
                const QByteArray bytes = QJsonDocument(saved).toJson(QJsonDocument::Compact);
                detector = RebalanceDetector();
                QVERIFY(detector.seed(QJsonDocument::fromJson(bytes).object()));
                QVERIFY(!detector.takeChanged());
                continue;
            }
            const ClusterSnapshot s = snapshotAt(i, parsePoll(list[i]));
            for (const Rebalance &r : detector.update(s)) {
                QCOMPARE(r.cluster, QStringLiteral("dc1"));
                QCOMPARE(r.group, QStringLiteral("g"));
                QVERIFY(r.minDurationMs() <= r.maxDurationMs());
                found << describe(r, i);
            }
            if (detector.takeChanged())
                savedOnChange = detector.state();
        }
        QCOMPARE(found.join(QLatin1Char('\n')), expected);
    }

    void stateIsSavedOnlyOnChange()
    {
        RebalanceDetector detector;
        const char *polls[] = {"Stable a:0,1",       "Stable a:0,1",   "Stable a:0,1",   "PreparingRebalance",
                               "PreparingRebalance", "Stable a:0 b:1", "Stable a:0 b:1", "-"};
        const bool changes[] = {true, false, false, true, false, true, false, true};
        for (int i = 0; i < 8; ++i) {
            detector.update(snapshotAt(i, parsePoll(QString::fromLatin1(polls[i]))));
            QVERIFY2(detector.takeChanged() == changes[i], polls[i]);
            QVERIFY(!detector.takeChanged()); // once per change
        }
    }

    void rateSurvivesRestart()
    {
        RebalanceDetector detector;
        detector.update(snapshotAt(0, parsePoll(QStringLiteral("Stable a:0,1"))));
        QCOMPARE(detector.update(snapshotAt(1, parsePoll(QStringLiteral("Stable a:0 b:1")))).size(), size_t(1));
        RebalanceDetector restarted;
        QVERIFY(restarted.seed(detector.state()));
        QCOMPARE(restarted.perHour(QStringLiteral("g"), pollTime(2)), 1);
        QVERIFY(restarted.update(snapshotAt(2, parsePoll(QStringLiteral("Stable a:0 b:1")))).empty());
        QCOMPARE(restarted.perHour(QStringLiteral("g"), pollTime(2)), 1);
        QCOMPARE(restarted.perHour(QStringLiteral("g"), pollTime(1).addSecs(3601)), 0);
    }

    void unusableStateIsRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty object") << QByteArray("{}");
        QTest::newRow("newer version") << QByteArray(R"({"version":2,"tracks":{}})");
        QTest::newRow("tracks not an object") << QByteArray(R"({"version":1,"tracks":[]})");
    }

    void unusableStateIsRefused()
    {
        QFETCH(QByteArray, json);
        RebalanceDetector detector;
        detector.update(snapshotAt(0, parsePoll(QStringLiteral("Stable a:0,1"))));
        QVERIFY(!detector.seed(QJsonDocument::fromJson(json).object()));
        // Unchanged: the member who joins is still seen against the poll before.
        QCOMPARE(detector.update(snapshotAt(1, parsePoll(QStringLiteral("Stable a:0 b:1")))).size(), size_t(1));
    }

    void durationBounds()
    {
        RebalanceDetector detector;
        const char *polls[] = {"Stable a:0,1", "PreparingRebalance", "CompletingRebalance", "Stable a:0 b:1"};
        for (int i = 0; i < 4; ++i) {
            const auto found = detector.update(snapshotAt(i, parsePoll(QString::fromLatin1(polls[i]))));
            if (i < 3) {
                QVERIFY(found.empty());
                continue;
            }
            QCOMPARE(found.size(), size_t(1));
            const Rebalance &r = found.front();
            QCOMPARE(r.minDurationMs(), qint64(kStepSecs) * 1000); // seen rebalancing at polls 1 and 2
            QCOMPARE(r.maxDurationMs(), qint64(kStepSecs) * 3000); // settled at 0, settled again at 3
            QVERIFY(!r.betweenPolls());
            const ClusterEvent e = rebalanceEvent(r);
            QCOMPARE(e.kind, EventKind::Rebalance);
            QCOMPARE(e.time, pollTime(3));
            QCOMPARE(e.group, QStringLiteral("g"));
            QCOMPARE(e.severity, EventSeverity::Info);
            QCOMPARE(e.message,
                     QStringLiteral("rebalance (member joined): 1 → 2 member(s), 1 partition(s) moved; "
                                    "took between 5.0 s and 15 s (PreparingRebalance → CompletingRebalance)"));
        }
    }

    void unreachablePollsAreSkipped()
    {
        RebalanceDetector detector;
        QVERIFY(detector.update(snapshotAt(0, parsePoll(QStringLiteral("Stable a:0,1")))).empty());
        ClusterSnapshot down = snapshotAt(1, std::nullopt); // no groups: would look like deletion
        down.reachable = false;
        QVERIFY(detector.update(down).empty());
        const auto found = detector.update(snapshotAt(2, parsePoll(QStringLiteral("Stable a:0 b:1"))));
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(describe(found.front(), 2), QStringLiteral("@2 J start 0-2 end 0-2 - o1:a>b"));
    }

    void perHour()
    {
        RebalanceDetector detector;
        detector.seed(QStringLiteral("g"), {kT0.addSecs(-3500), kT0.addSecs(-7200)});
        QVERIFY(detector.update(snapshotAt(0, parsePoll(QStringLiteral("Stable a:0,1")))).empty());
        QCOMPARE(detector.perHour(QStringLiteral("g"), pollTime(0)), 1); // the 2 h old one is out
        QCOMPARE(detector.update(snapshotAt(1, parsePoll(QStringLiteral("Stable a:0 b:1")))).size(), size_t(1));
        QCOMPARE(detector.update(snapshotAt(2, parsePoll(QStringLiteral("Stable a:0,1")))).size(), size_t(1));
        QCOMPARE(detector.perHour(QStringLiteral("g"), pollTime(2)), 3);
        QCOMPARE(detector.perHour(QStringLiteral("g"), pollTime(2).addSecs(3594)), 2); // seeded one aged out
        QCOMPARE(detector.perHour(QStringLiteral("other"), pollTime(2)), 0);
    }

    void storeRoundTrip()
    {
        QTemporaryDir dir;
        auto store = HistoryStore::open(dir.filePath(QStringLiteral("h.sqlite")));
        QVERIFY2(store, store ? "" : qPrintable(store.errorMessage()));
        RebalanceDetector detector;
        detector.update(snapshotAt(0, parsePoll(QStringLiteral("Stable a:0,1,2"))));
        detector.update(snapshotAt(1, parsePoll(QStringLiteral("PreparingRebalance"))));
        std::vector<Rebalance> found = detector.update(snapshotAt(2, parsePoll(QStringLiteral("Stable a:0 b:1,2"))));
        QCOMPARE(found.size(), size_t(1));
        Rebalance fast = found.front();
        fast.group = QStringLiteral("other");
        fast.startBy = fast.endBy;
        found.push_back(fast);
        const Status appended = (*store)->appendRebalances(found);
        QVERIFY2(appended.ok(), appended.ok() ? "" : qPrintable(appended.errorMessage()));
        const auto all = (*store)->rebalances(QStringLiteral("dc1"), {}, {});
        QVERIFY2(all, all ? "" : qPrintable(all.errorMessage()));
        QCOMPARE(all->size(), size_t(2));
        QCOMPARE(all->front(), found.front());
        const auto one = (*store)->rebalances(QStringLiteral("dc1"), pollTime(0), pollTime(2), QStringLiteral("other"));
        QVERIFY(one);
        QCOMPARE(one->size(), size_t(1));
        QCOMPARE(one->front(), fast);
        const auto none = [&](const QString &cluster, const QDateTime &from) {
            const auto read = (*store)->rebalances(cluster, from, {});
            if (!read)
                qWarning("%s", qPrintable(read.errorMessage()));
            return read && read->empty();
        };
        QVERIFY(none(QStringLiteral("dc1"), pollTime(3)));
        QVERIFY(none(QStringLiteral("nope"), {}));
        // Retention drops them with the rest.
        QVERIFY((*store)->compact(pollTime(2).addDays(30)).ok());
        QVERIFY(none(QStringLiteral("dc1"), {}));
    }

    void upgradesVersionTwoFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("h.sqlite"));
        {
            auto store = HistoryStore::open(path);
            QVERIFY(store);
        }
        // Make it look like a file of version 2, written before the rebalance table existed.
        QVERIFY(
            test::execSql(path, {QStringLiteral("DROP TABLE rebalance"), QStringLiteral("PRAGMA user_version = 2")}));
        auto store = HistoryStore::open(path);
        QVERIFY2(store, store ? "" : qPrintable(store.errorMessage()));
        QVERIFY((*store)->warnings().isEmpty()); // upgraded in place, not moved aside
        RebalanceDetector detector;
        detector.update(snapshotAt(0, parsePoll(QStringLiteral("Stable a:0,1"))));
        const auto found = detector.update(snapshotAt(1, parsePoll(QStringLiteral("Stable a:0 b:1"))));
        const Status appended = (*store)->appendRebalances(found);
        QVERIFY2(appended.ok(), appended.ok() ? "" : qPrintable(appended.errorMessage()));
        QCOMPARE((*store)->rebalances(QStringLiteral("dc1"), {}, {})->size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestRebalance)
#include "tst_rebalance.moc"
