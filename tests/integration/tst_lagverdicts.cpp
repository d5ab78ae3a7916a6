// Lag verdicts against the real lab with real consumers (lagscope-traffic member): a member
// that leaves → STOP within a bounded number of polls; one that keeps committing the same
// offset → STALL; a slow one → WARN; a healthy one stays OK the whole test. And lag seconds
// against the truth: now − the timestamp of the first unconsumed record, read from Kafka.
// The monitor polls every second so the test stays short.
#include "ToolOutput.h"
#include "LabTest.h"
#include "kafka/PartitionReader.h"
#include "monitor/MonitorService.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kPollMs = 1000;

} // namespace

class TestLagVerdicts final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    std::vector<SnapshotPtr> m_polls; // every poll of the primary cluster, in order
    QList<QProcess *> m_processes;

    QString name(const char *role) const { return QStringLiteral("lv-%1-%2").arg(QLatin1String(role), m_id); }

    const GroupState *group(const char *role, const SnapshotPtr &s = {}) const
    {
        const SnapshotPtr snap = s ? s : (m_polls.empty() ? nullptr : m_polls.back());
        return snap ? snap->group(name(role)) : nullptr;
    }

    LagStatus status(const char *role) const
    {
        const GroupState *g = group(role);
        return g ? g->verdict.status : LagStatus::Ok;
    }

    QProcess *startTraffic(const QStringList &args)
    {
        auto *p = new QProcess(this);
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 args + QStringList{QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        if (!p->waitForStarted())
            qWarning() << "traffic did not start" << args;
        m_processes << p;
        return p;
    }

    void createTopic(const QString &topic, int partitions)
    {
        const ProcessResult r = m_lab.traffic(kPrimary, createTopicArgs(topic, partitions, 3));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    }

    // A producer at `rate` records/s for up to 10 minutes (stopped at the end of the test).
    void produce(const QString &topic, int rate)
    {
        startTraffic({QStringLiteral("produce"), QStringLiteral("--topic"), topic, QStringLiteral("--count"),
                      QString::number(rate * 600), QStringLiteral("--rate"), QString::number(rate),
                      QStringLiteral("--timeout"), QStringLiteral("620")});
    }

    QProcess *member(const char *role, const QStringList &extra)
    {
        return startTraffic(QStringList{QStringLiteral("member"), QStringLiteral("--group"), name(role),
                                        QStringLiteral("--topic"), name(role), QStringLiteral("--client-id"),
                                        name(role) + QStringLiteral("-client"), QStringLiteral("--commit-interval"),
                                        QStringLiteral("500")}
                            + extra);
    }

    // Every partition of the group has a committed offset.
    bool committedEverywhere(const char *role, int partitions) const
    {
        const GroupState *g = group(role);
        if (!g || int(g->partitions.size()) != partitions)
            return false;
        return std::all_of(g->partitions.begin(), g->partitions.end(),
                           [](const PartitionLag &p) { return p.committed.has_value(); });
    }

private Q_SLOTS:
    void initTestCase()
    {
        createTopic(name("healthy"), 2);
        for (const char *role : {"stop", "stall", "slow"})
            createTopic(name(role), 1);
        produce(name("healthy"), 20);
        produce(name("stop"), 20);
        produce(name("stall"), 20);
        produce(name("slow"), 40);

        AppConfig config;
        config.pollIntervalMs = kPollMs;
        config.requestTimeoutMs = 4000;
        config.lagWindowPolls = 10;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            if (u.snapshot->cluster == kPrimary && u.snapshot->reachable)
                m_polls.push_back(u.snapshot);
        });
        m_monitor->start();
        QTRY_VERIFY_WITH_TIMEOUT(!m_polls.empty(), 30000);
    }

    void cleanupTestCase()
    {
        m_monitor.reset();
        stopMembers(m_processes); // SIGTERM, then killed if still there
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void verdicts()
    {
        member("healthy", {});
        QProcess *stopping = member("stop", {QStringLiteral("--run"), QStringLiteral("12")});
        // The poll count when the stopping member has left, to count the polls until STOP.
        std::size_t leftAt = 0;
        connect(stopping, &QProcess::finished, this, [&] { leftAt = m_polls.size(); });
        member("stall", {QStringLiteral("--stall-after"), QStringLiteral("100")});
        member("slow", {QStringLiteral("--rate"), QStringLiteral("10")});

        QTRY_VERIFY_WITH_TIMEOUT(committedEverywhere("healthy", 2), 60000);
        const std::size_t healthyFrom = m_polls.size() - 1;

        // STALL: the member is still there and commits the same offset every 500 ms.
        QTRY_VERIFY_WITH_TIMEOUT(status("stall") == LagStatus::Stall, 60000);
        qInfo("STALL: %s", qPrintable(group("stall")->verdict.reason));

        // WARN: 10 records/s against 40 produced.
        QTRY_VERIFY_WITH_TIMEOUT(status("slow") == LagStatus::Warn, 60000);
        qInfo("WARN: %s", qPrintable(group("slow")->verdict.reason));

        // STOP: within a bounded number of polls after the member left.
        QTRY_VERIFY_WITH_TIMEOUT(stopping->state() == QProcess::NotRunning, 60000);
        QCOMPARE(stopping->exitCode(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(status("stop") == LagStatus::Stop, 60000);
        std::size_t stopAt = leftAt;
        while (stopAt < m_polls.size() && group("stop", m_polls[stopAt])->verdict.status != LagStatus::Stop)
            ++stopAt;
        const auto polls = stopAt - leftAt + 1;
        const QString reason = group("stop")->verdict.reason;
        qInfo("STOP after %d polls of %d ms: %s", int(polls), kPollMs, qPrintable(reason));
        // STOP at the first poll where the rule holds (docs/LAG-RULES.md, rule 3): the offset
        // stood still for ≥ 3 polls and longer than 2 × the commit cadence the verdict names.
        // How many polls that takes follows the cadence, which load stretches (3.3 s instead
        // of ~1 s on a busy CI machine): so the poll before STOP is checked against the rule,
        // not the count of polls against a number.
        static const QRegularExpression basis(QStringLiteral("it usually moves within ([0-9.]+)s"));
        const QRegularExpressionMatch cadence = basis.match(reason);
        QVERIFY2(cadence.hasMatch(), qPrintable(reason));
        const double limitMs = 2 * (cadence.captured(1).toDouble() + 0.05) * 1000; // 0.1-s rounding
        QVERIFY(stopAt < m_polls.size());
        const auto committedAt = [&](std::size_t i) { return group("stop", m_polls[i])->partitions.at(0).committed; };
        std::size_t since = stopAt; // the first poll of the offset's current value
        while (since > 0 && committedAt(since - 1) == committedAt(stopAt))
            --since;
        const std::size_t before = stopAt - 1;
        const qint64 stillMs =
            m_polls[before]->takenAt.toMSecsSinceEpoch() - m_polls[since]->takenAt.toMSecsSinceEpoch();
        QVERIFY2(before < since || before - since < 3 || stillMs <= limitMs,
                 qPrintable(QStringLiteral("the poll before STOP: still for %1 polls, %2 ms; the rule's limit %3 ms")
                                .arg(before - since)
                                .arg(stillMs)
                                .arg(limitMs)));

        // Lag seconds against the truth over the next polls.
        ClientOptions options;
        options.requestTimeoutMs = 5000;
        auto reader = PartitionReader::create({kPrimary, m_lab.bootstrap(kPrimary), false, {}}, options);
        QVERIFY2(reader.ok(), qPrintable(reader.ok() ? QString() : reader.errorMessage()));
        double worst = 0;
        for (int i = 0; i < 5; ++i) {
            const std::size_t seen = m_polls.size();
            QTRY_VERIFY_WITH_TIMEOUT(m_polls.size() > seen, 10000);
            const SnapshotPtr snap = m_polls.back();
            const PartitionLag &p = group("stop", snap)->partitions.front();
            QVERIFY(p.committed && p.lagTime);
            auto read = (*reader)->read(p.partition, *p.committed, 1, Deadline::inMs(5000));
            QVERIFY2(read.ok() && !read->records.empty(), "the first unconsumed record exists");
            QCOMPARE(read->records.front().offset, *p.committed);
            const double truth = double(snap->takenAt.toMSecsSinceEpoch() - read->records.front().timestampMs) / 1000.0;
            const double error = p.lagTime->seconds - truth;
            worst = std::max(worst, std::abs(error));
            // A poll interval is the timer's plus the poll's own duration (the timer restarts
            // when a poll ends); on a loaded machine that is well over kPollMs.
            double interval = 0; // the longest since a while before the member left: the bracket is in there
            for (std::size_t k = leftAt > 20 ? leftAt - 20 : 1; k < m_polls.size(); ++k)
                interval = std::max(interval, double(m_polls[k - 1]->takenAt.msecsTo(m_polls[k]->takenAt)) / 1000.0);
            qInfo("lag seconds: Lagscope %s (%.3f s), truth %.3f s (poll time - timestamp of offset %lld), "
                  "difference %+.3f s, longest poll interval %.3f s",
                  qPrintable(formatLagTime(*p.lagTime)), p.lagTime->seconds, truth,
                  static_cast<long long>(*p.committed), error, interval);
            QVERIFY(!p.lagTime->atLeast);
            QVERIFY2(std::abs(error) <= std::max(interval, kPollMs / 1000.0), "within one poll interval");
        }
        qInfo("lag seconds: largest difference %.3f s over 5 polls (poll interval %d ms)", worst, kPollMs);

        // No false alarm: the healthy group was OK in every poll since it first committed.
        for (std::size_t i = healthyFrom; i < m_polls.size(); ++i) {
            const GroupState *g = group("healthy", m_polls[i]);
            QVERIFY(g);
            QVERIFY2(
                g->verdict.status == LagStatus::Ok,
                qPrintable(
                    QStringLiteral("poll %1: %2 %3").arg(i).arg(lagStatusName(g->verdict.status), g->verdict.reason)));
        }
        qInfo("healthy: OK in all %d polls since its first commit; last: %s", int(m_polls.size() - healthyFrom),
              qPrintable(group("healthy")->verdict.reason));
        // Time to drain and lag seconds are there for every judged group.
        QVERIFY(group("healthy")->maxLagTime && group("healthy")->drain);
        QVERIFY(group("stop")->drain && group("stop")->drain->never);
    }
};

QTEST_GUILESS_MAIN(TestLagVerdicts)
#include "tst_lagverdicts.moc"
