// The failover wizard's state without any widget (core/jobs/FailoverSession.h): the
// selection becomes the gather request, gathered groups become included, planned runs,
// leaving a group out and the preflight options plan again, and apply and undo run as jobs
// whose outcomes land in the runs with their signals. Apply is driven with plans the
// executor refuses before any request (nothing translatable), so no cluster is needed; the
// wizard's GUI test (tests/gui/tst_failoverwizard) runs the same session against the lab.
#include "FailoverInputs.h"
#include "jobs/FailoverSession.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::failover;

namespace {

const QString kFrom = QStringLiteral("primary");
const QString kTo = QStringLiteral("dr");

AppConfig config()
{
    AppConfig c;
    c.requestTimeoutMs = 2000;
    // Never contacted: the plans below are refused before the executor connects.
    c.clusters = {ClusterConfig{kFrom, QStringLiteral("127.0.0.1:1"), false, {}},
                  ClusterConfig{kTo, QStringLiteral("127.0.0.1:2"), false, {}}};
    c.flows = {ReplicationFlowConfig{kFrom, kTo, kFrom, kTo, {}}};
    return c;
}

// A group with nothing to translate: the executor refuses its plan without a request.
FailoverGroupInputs nothingToTranslate(const QString &group)
{
    FailoverGroupInputs in;
    in.fromCluster = kFrom;
    in.toCluster = kTo;
    in.group = group;
    in.targetGroup = group;
    in.nowMs = 1000000;
    return in;
}

// A group with one partition whose replica was found by exact matching at offset 50.
FailoverGroupInputs translatable(const QString &group)
{
    FailoverGroupInputs in = nothingToTranslate(group);
    in.fromGroupState = QStringLiteral("Empty");
    in.targetGroupState = QStringLiteral("Empty");
    PartitionInputs p = test::replicatedPartition(QStringLiteral("t"), 50, 100);
    p.fromLogStart = 0;
    p.fromLogEnd = 100;
    p.exact.kind = ReplicaMatch::Found;
    p.exact.newOffset = 50;
    p.exact.anchorOffset = 50;
    p.exact.anchorReplicated = true;
    p.exact.candidates = 1;
    p.exact.complete = true;
    in.partitions = {p};
    in.topics = {TopicTranslation{QStringLiteral("t"), QStringLiteral("primary.t"), TopicTranslation::Translated, {}}};
    return in;
}

FailoverSelection selection(Mode mode)
{
    FailoverSelection s;
    s.from = kFrom;
    s.to = kTo;
    s.groups = {QStringLiteral("g1"), QStringLiteral("g2")};
    s.targetGroups = {{QStringLiteral("g1"), QStringLiteral("g1-on-dr")}};
    s.mode = mode;
    s.fallback = Fallback::Fail;
    return s;
}

} // namespace

class TestFailoverSession final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_data;

private Q_SLOTS:
    void selectionBecomesTheRequest()
    {
        FailoverSession session(config(), FailoverRequestSpec{kFrom, kTo, {QStringLiteral("g1")}, false});
        QVERIFY(!session.isFailback());
        QVERIFY(!session.fallback()); // nothing pre-selected
        session.setDataDir(m_data.path());
        session.select(selection(Mode::Exact));
        QCOMPARE(session.fallback(), std::optional<Fallback>(Fallback::Fail));
        FailoverRequest r = session.request();
        QCOMPARE(r.from.name, kFrom);
        QCOMPARE(r.to.name, kTo);
        QCOMPARE(r.flow.sourceCluster, kFrom);
        QCOMPARE(r.groups, (QStringList{QStringLiteral("g1"), QStringLiteral("g2")}));
        QVERIFY(!r.allGroups);
        QCOMPARE(r.targetGroups.at(QStringLiteral("g1")), QStringLiteral("g1-on-dr"));
        QVERIFY(r.exactMatching);
        QCOMPARE(r.cacheDir, m_data.path());
        QCOMPARE(r.requestTimeoutMs, 2000);

        FailoverSelection all = selection(Mode::OffsetSync);
        all.allGroups = true;
        session.select(all);
        r = session.request();
        QVERIFY(r.allGroups);
        QVERIFY(r.groups.isEmpty()); // every group of the flow
        QVERIFY(r.targetGroups.empty());
        QVERIFY(!r.exactMatching);

        // Failback: the flow is found the other way round.
        FailoverSession back(config(), FailoverRequestSpec{kTo, kFrom, {}, true});
        QVERIFY(back.isFailback());
    }

    void gatheredGroupsArePlannedAndIncluded()
    {
        FailoverSession session(config(), FailoverRequestSpec{kFrom, kTo, {}, false});
        session.setDataDir(m_data.path());
        QCOMPARE(session.notReplicated(), qint64(-1)); // nothing gathered yet
        session.select(selection(Mode::Exact));
        QSignalSpy changed(&session, &FailoverSession::runsChanged);
        FailoverGathered gathered;
        gathered.fromReachable = true;
        gathered.groups = {translatable(QStringLiteral("g1")), nothingToTranslate(QStringLiteral("g2"))};
        session.setGathered(gathered);
        QCOMPARE(changed.count(), 1);
        QVERIFY(session.gathered());
        QCOMPARE(session.runs().size(), size_t(2));
        QCOMPARE(session.includedRuns().size(), size_t(2));
        const FailoverPlan &plan = session.runs()[0].plan;
        QCOMPARE(plan.group, QStringLiteral("g1"));
        QCOMPARE(plan.partitions.size(), size_t(1));
        QCOMPARE(plan.partitions[0].method, Method::Exact);
        QCOMPARE(plan.partitions[0].newOffset, qint64(50));
        QVERIFY(!session.runs()[0].checks.empty());
        QVERIFY(session.runs()[1].plan.partitions.empty());
        QCOMPARE(session.notReplicated(), qint64(0));

        session.setIncluded(1, false);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(session.includedRuns().size(), size_t(1));
        QCOMPARE(session.includedRuns()[0]->plan.group, QStringLiteral("g1"));
        session.setIncluded(1, false); // no change, no signal
        session.setIncluded(7, true);  // no such run
        QCOMPARE(changed.count(), 2);

        session.setAcceptSkips(true);
        QVERIFY(session.preflightOptions().acceptSkips);
        session.setDisasterAcknowledged(true);
        QVERIFY(session.preflightOptions().disasterAcknowledged);
        QCOMPARE(changed.count(), 4); // each option plans again
        session.resetPreflightOptions();
        QVERIFY(!session.preflightOptions().acceptSkips);
        QVERIFY(!session.preflightOptions().disasterAcknowledged);
    }

    void applyAndUndoLandInTheRuns()
    {
        FailoverSession session(config(), FailoverRequestSpec{kFrom, kTo, {}, false});
        session.setDataDir(m_data.path());
        session.select(selection(Mode::Exact));
        FailoverGathered gathered;
        gathered.fromReachable = true;
        gathered.groups = {nothingToTranslate(QStringLiteral("g1")), nothingToTranslate(QStringLiteral("g2"))};
        session.setGathered(gathered);
        session.setIncluded(0, false);

        QSignalSpy busy(&session, &FailoverSession::busyChanged);
        QSignalSpy started(&session, &FailoverSession::groupApplyStarted);
        QSignalSpy groupApplied(&session, &FailoverSession::groupApplied);
        QSignalSpy finished(&session, &FailoverSession::applyFinished);
        QSignalSpy written(&session, &FailoverSession::applied);
        bool busyInFinished = true;
        connect(&session, &FailoverSession::applyFinished, this, [&] { busyInFinished = session.isBusy(); });
        QVERIFY(session.apply());
        QVERIFY(session.isBusy());
        QVERIFY(session.isApplying());
        QVERIFY(!session.apply()); // one job at a time
        QVERIFY(finished.wait(20000));
        QVERIFY(!busyInFinished);
        QVERIFY(!session.isApplying());
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.at(0).at(0).toInt(), 0);
        QCOMPARE(groupApplied.count(), 1);
        QCOMPARE(written.count(), 1);
        QCOMPARE(written.at(0).at(0).toString(), kTo);
        QCOMPARE(busy.count(), 2);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);

        const FailoverGroupRun &refused = *session.includedRuns()[0];
        QCOMPARE(refused.plan.group, QStringLiteral("g2"));
        QVERIFY(refused.outcome);
        QVERIFY(refused.outcome->refusal);
        QVERIFY(!refused.applied());
        QVERIFY(!session.runs()[0].outcome);                                    // left out: not applied
        QVERIFY(QFile::exists(m_data.filePath(QStringLiteral("audit.jsonl")))); // refusals are audited
        QVERIFY(!session.canUndo());

        // Nothing was applied: the undo has nothing to restore, and says so by its runs.
        QSignalSpy undone(&session, &FailoverSession::undoFinished);
        QVERIFY(session.undo());
        QVERIFY(undone.wait(20000));
        QVERIFY(!refused.undo);
        QVERIFY(refused.undoError.isEmpty());
    }

    void cancelStopsLaterSteps()
    {
        FailoverSession session(config(), FailoverRequestSpec{kFrom, kTo, {}, false});
        session.setDataDir(m_data.path());
        session.select(selection(Mode::Exact));
        FailoverGathered gathered;
        gathered.groups = {nothingToTranslate(QStringLiteral("g1"))};
        session.setGathered(gathered);
        session.cancel(); // the wizard was closed
        QSignalSpy groupApplied(&session, &FailoverSession::groupApplied);
        QSignalSpy finished(&session, &FailoverSession::applyFinished);
        QVERIFY(session.apply());
        QVERIFY(finished.wait(20000));
        QCOMPARE(groupApplied.count(), 0); // stopped before the first group
        QVERIFY(!session.runs()[0].outcome);
    }
};

QTEST_GUILESS_MAIN(TestFailoverSession)
#include "tst_failoversession.moc"
