// The Replication page: its two models under QAbstractItemModelTester with synthetic
// FlowSnapshots (an unchanged snapshot costs no signal, a health change is one
// dataChanged), then the page fed by a real FlowMonitorService watching the lab's
// primary -> dr MirrorMaker 2 flow. Never stops MirrorMaker: tst_flowmonitor does that.
#include "GuiTestUtil.h"
#include "LabClient.h"

#include "mirror/FlowMonitorService.h"
#include "models/StatusColors.h"
#include "replication/FlowGroupModel.h"
#include "replication/FlowTableModel.h"
#include "replication/ReplicationPage.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace lagscope;
using namespace lagscope::mirror;
using namespace lagscope::test;

namespace {

const QString kSource = QStringLiteral("primary");
const QString kTarget = QStringLiteral("dr");
const QString kFlowKey = QStringLiteral("primary->dr");

GroupFlow makeGroup(const QString &name, int partitions, qint64 committed, qint64 checkpointed)
{
    GroupFlow g;
    g.group = name;
    for (int p = 0; p < partitions; ++p) {
        GroupPartitionFlow f;
        f.upstream = {QStringLiteral("orders"), p};
        f.downstream = {QStringLiteral("primary.orders"), p};
        f.hasCheckpoint = true;
        f.checkpointUpstream = checkpointed;
        f.checkpointDownstream = checkpointed;
        f.checkpointAgeMs = 2000;
        f.sourceCommitted = committed;
        f.remoteLogEnd = committed;
        g.rereadOnFailover += f.checkpointBehindCommit();
        g.partitions.push_back(f);
    }
    return g;
}

FlowSnapshot makeSnapshot(FlowHealth health = FlowHealth::Ok)
{
    FlowSnapshot s;
    s.flow = {kSource, kTarget, kSource, kTarget};
    s.takenAt = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    s.sourceReachable = s.targetReachable = true;
    s.heartbeatAgeMs = 1200;
    s.newestHeartbeatMs = s.takenAt.toMSecsSinceEpoch() - 1200;
    s.heartbeatsTopicExists = true;
    ReplicatedTopic t{QStringLiteral("orders"), QStringLiteral("primary.orders"), {}};
    for (int p = 0; p < 3; ++p)
        t.partitions.push_back({p, 100, 90, 10});
    s.topics.push_back(t);
    s.groups = {makeGroup(QStringLiteral("billing"), 3, 50, 40), makeGroup(QStringLiteral("audit"), 2, 10, 10)};
    s.health = health;
    s.reason = health == FlowHealth::Ok ? QStringLiteral("replication latency 1.2 s")
                                        : QStringLiteral("no heartbeat for 20 s");
    return s;
}

FlowSnapshotPtr share(FlowSnapshot s) { return std::make_shared<const FlowSnapshot>(std::move(s)); }

struct Spies {
    explicit Spies(QAbstractItemModel *m)
        : changed(m, &QAbstractItemModel::dataChanged), inserted(m, &QAbstractItemModel::rowsInserted),
          removed(m, &QAbstractItemModel::rowsRemoved), reset(m, &QAbstractItemModel::modelReset),
          layout(m, &QAbstractItemModel::layoutChanged)
    {
    }
    int total() const { return int(changed.size() + inserted.size() + removed.size() + reset.size() + layout.size()); }
    void clear()
    {
        changed.clear();
        inserted.clear();
        removed.clear();
        reset.clear();
        layout.clear();
    }
    QSignalSpy changed, inserted, removed, reset, layout;
};

} // namespace

class TestReplicationPage final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void flowModelIsIncremental()
    {
        FlowTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        Spies spies(&model);
        model.apply(share(makeSnapshot()));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(spies.inserted.size(), 1);
        QCOMPARE(cell(&model, 0, QStringLiteral("Flow")), QStringLiteral("primary \u2192 dr"));
        QCOMPARE(cell(&model, 0, QStringLiteral("Health")), QStringLiteral("OK"));
        QCOMPARE(cell(&model, 0, QStringLiteral("Records behind")), QLocale().toString(30));
        QCOMPARE(cell(&model, 0, QStringLiteral("Groups checkpointed")), QStringLiteral("2 of 2"));
        QCOMPARE(model.index(0, FlowTableModel::Latency).data(FlowTableModel::SortRole).toLongLong(), qint64(1200));
        QCOMPARE(model.index(0, FlowTableModel::Flow).data(FlowTableModel::FlowKeyRole).toString(), kFlowKey);

        // The same content again, in a new snapshot: no signal at all.
        spies.clear();
        model.apply(share(makeSnapshot()));
        QCOMPARE(spies.total(), 0);

        // Health changes: one dataChanged for the one row.
        model.apply(share(makeSnapshot(FlowHealth::Stalled)));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(spies.changed.size(), 1);
        QCOMPARE(spies.changed[0][0].toModelIndex().row(), 0);
        QCOMPARE(spies.changed[0][1].toModelIndex().row(), 0);
        QCOMPARE(cell(&model, 0, QStringLiteral("Health")), QStringLiteral("Stalled"));
        QCOMPARE(model.index(0, FlowTableModel::Health).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Error));

        // A second flow is an insertion, keyed apart from the first.
        FlowSnapshot other = makeSnapshot();
        other.flow = {QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary")};
        spies.clear();
        model.apply(share(other));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(spies.inserted.size(), 1);
        QCOMPARE(spies.changed.size(), 0);
    }

    void groupModelIsIncremental()
    {
        FlowGroupModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        Spies spies(&model);
        model.apply(share(makeSnapshot()));
        QCOMPARE(model.rowCount(), 2);
        const int billing = findRow(&model, QStringLiteral("Group"), QStringLiteral("billing"));
        QVERIFY(billing >= 0);
        QCOMPARE(cell(&model, billing, QStringLiteral("Partitions")), QStringLiteral("3"));
        QCOMPARE(cell(&model, billing, QStringLiteral("Checkpointed")), QStringLiteral("3"));
        QCOMPARE(cell(&model, billing, QStringLiteral("Re-read on failover")), QStringLiteral("30"));
        QCOMPARE(cell(&model, billing, QStringLiteral("Without checkpoint")), QStringLiteral("0"));
        QCOMPARE(model.index(billing, FlowGroupModel::OldestCheckpointAge).data(FlowGroupModel::SortRole).toLongLong(),
                 qint64(2000));

        spies.clear();
        model.apply(share(makeSnapshot()));
        QCOMPARE(spies.total(), 0);

        // One group loses a checkpoint: one dataChanged, on that group's row.
        FlowSnapshot s = makeSnapshot();
        s.groups[0].partitions[2].hasCheckpoint = false;
        s.groups[0].withoutCheckpoint.push_back(s.groups[0].partitions[2].upstream);
        model.apply(share(s));
        QCOMPARE(spies.total(), 1);
        QCOMPARE(spies.changed[0][0].toModelIndex().row(), billing);
        QCOMPARE(spies.changed[0][1].toModelIndex().row(), billing);
        QCOMPARE(cell(&model, billing, QStringLiteral("Without checkpoint")), QStringLiteral("1"));

        // A group that went away is a removal, nothing else.
        spies.clear();
        s.groups.pop_back();
        model.apply(share(s));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(spies.removed.size(), 1);
        QCOMPARE(spies.total(), 1);
        model.apply(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void pageShowsSyntheticFlow()
    {
        ReplicationPage page;
        QCOMPARE(page.objectName(), QStringLiteral("replicationPage"));
        FlowEvent e;
        e.time = QDateTime::currentDateTimeUtc();
        e.flow = kFlowKey;
        e.kind = FlowEventKind::FlowStalled;
        e.severity = EventSeverity::Error;
        e.message = QStringLiteral("flow primary->dr stalled");
        page.apply(share(makeSnapshot(FlowHealth::Stalled)), {e});
        QCOMPARE(page.selectedFlow(), kFlowKey);
        auto *header = page.findChild<QLabel *>(QStringLiteral("flowHeader"));
        auto *groups = page.findChild<QTableView *>(QStringLiteral("flowGroupTable"));
        auto *events = page.findChild<QListWidget *>(QStringLiteral("flowEvents"));
        QVERIFY(header && groups && events && page.findChild<QTableView *>(QStringLiteral("flowTable")));
        QVERIFY2(header->text().contains(QStringLiteral("Stalled")), qPrintable(header->text()));
        QVERIFY(header->text().contains(QStringLiteral("no heartbeat")));
        QCOMPARE(groups->model()->rowCount(), 2);
        QCOMPARE(events->count(), 1);
        QVERIFY(events->item(0)->text().contains(QStringLiteral("stalled")));
        FlowSnapshot later = makeSnapshot();
        later.takenAt = later.takenAt.addSecs(5); // a second poll at the same time adds no point
        page.apply(share(later), {});
        QVERIFY2(header->text().contains(QStringLiteral("OK")), qPrintable(header->text()));
        QCOMPARE(page.latencyPointCount(), 2);
    }

    void pageFollowsTheLabFlow()
    {
        auto loaded = LabClient::load();
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.errorMessage()));
        const LabClient lab = *loaded;
        QElapsedTimer clock;
        clock.start();
        const QString id = LabClient::uniqueSuffix();
        const QString topic = QStringLiteral("repl-%1").arg(id);
        const QString group = QStringLiteral("repl-group-%1").arg(id);
        const auto run = [&](const QStringList &args) {
            const ProcessResult r = lab.traffic(kSource, args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        };
        AppConfig config;
        config.clusters = {{kSource, lab.bootstrap(kSource), false, {}}, {kTarget, lab.bootstrap(kTarget), false, {}}};
        ReplicationFlowConfig flow;
        flow.sourceCluster = kSource;
        flow.targetCluster = kTarget;
        config.flows = {flow};
        FlowPollerSettings settings;
        settings.pollIntervalMs = 2000;
        settings.requestTimeoutMs = 5000;
        FlowMonitorService service(config, settings);
        QCOMPARE(service.flows(), QStringList{kFlowKey});
        QVERIFY(service.problems().isEmpty());

        ReplicationPage page;
        page.resize(1280, 860);
        connect(&service, &FlowMonitorService::updated, &page, &ReplicationPage::apply);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        service.start();

        // As tst_flowmonitor: the group commits only after MirrorMaker replicated what it
        // read, so that offset syncs at or below its commits exist to translate them.
        run(createTopicArgs(topic, 3, 3));
        run(produceArgs(topic, 150));
        const auto remoteRecords = [&]() -> qint64 {
            const FlowSnapshotPtr s = service.latest(kFlowKey);
            const ReplicatedTopic *t = s ? s->topic(topic) : nullptr;
            qint64 sum = 0;
            if (t)
                for (const auto &p : t->partitions)
                    sum += std::max<qint64>(0, p.remoteLogEnd);
            return sum;
        };
        QTRY_COMPARE_WITH_TIMEOUT(remoteRecords(), qint64(150), 60000);
        run(consumeArgs(group, topic, 100000));
        run(produceArgs(topic, 150));
        qInfo("traffic done after %lld ms", static_cast<long long>(clock.elapsed()));

        const auto describe = [&]() -> QString {
            const FlowSnapshotPtr s = service.latest(kFlowKey);
            if (!s)
                return QStringLiteral("no snapshot yet");
            QString text = flowHealthName(s->health) + QStringLiteral(": ") + s->reason;
            if (const GroupFlow *g = s->group(group))
                for (const auto &p : g->partitions)
                    text += QStringLiteral(" | %1 committed %2 checkpoint %3/%4")
                                .arg(p.upstream.toString())
                                .arg(p.sourceCommitted)
                                .arg(p.hasCheckpoint ? QString::number(p.checkpointUpstream) : QStringLiteral("none"))
                                .arg(p.checkpointDownstream);
            else
                text += QStringLiteral(" | group %1 not in the snapshot (%2 groups)").arg(group).arg(s->groups.size());
            return text;
        };
        auto *flows = page.findChild<QTableView *>(QStringLiteral("flowTable"))->model();
        auto *groups = page.findChild<QTableView *>(QStringLiteral("flowGroupTable"))->model();
        auto *header = page.findChild<QLabel *>(QStringLiteral("flowHeader"));
        QTRY_VERIFY2_WITH_TIMEOUT(flows->rowCount() == 1
                                      && cell(flows, 0, QStringLiteral("Health")) == QStringLiteral("OK"),
                                  qPrintable(describe()), 90000);
        qInfo("flow OK on the page after %lld ms", static_cast<long long>(clock.elapsed()));
        QVERIFY(cell(flows, 0, QStringLiteral("Replication latency")) != QStringLiteral("-"));
        QVERIFY(flows->index(0, FlowTableModel::Latency).data(FlowTableModel::SortRole).toLongLong() >= 0);
        QVERIFY2(header->text().contains(QStringLiteral("OK")), qPrintable(header->text()));

        // The group's readiness row: all three partitions checkpointed.
        const auto groupReady = [&] {
            const int row = findRow(groups, QStringLiteral("Group"), group);
            return row >= 0 && cell(groups, row, QStringLiteral("Partitions")) == QStringLiteral("3")
                   && cell(groups, row, QStringLiteral("Checkpointed")) == QStringLiteral("3");
        };
        QTRY_VERIFY2_WITH_TIMEOUT(groupReady(), qPrintable(describe()), 90000);
        const int row = findRow(groups, QStringLiteral("Group"), group);
        QCOMPARE(cell(groups, row, QStringLiteral("Without checkpoint")), QStringLiteral("0"));
        const qint64 reread = groups->index(row, FlowGroupModel::Reread).data(FlowGroupModel::SortRole).toLongLong();
        QVERIFY2(reread >= 0 && reread <= 150, qPrintable(QString::number(reread)));
        QTRY_VERIFY_WITH_TIMEOUT(page.latencyPointCount() >= 2, 30000);
        // Where the lab's flow is behind, partition by partition (a healthy flow converges
        // to a few records: those produced between reading the two log ends).
        if (const FlowSnapshotPtr s = service.latest(kFlowKey))
            for (const auto &t : s->topics)
                for (const auto &p : t.partitions)
                    if (p.recordsBehind > 0)
                        qInfo("behind: %s-%d source end %lld remote end %lld -> %lld records",
                              qPrintable(t.sourceTopic), p.partition, static_cast<long long>(p.sourceLogEnd),
                              static_cast<long long>(p.remoteLogEnd), static_cast<long long>(p.recordsBehind));
        qInfo("flow: %s; %s re-reads %lld on failover", qPrintable(describe()), qPrintable(group),
              static_cast<long long>(reread));
        // The chart replots through a queued call: let it run before the grab.
        QCoreApplication::processEvents();
        saveScreenshot(&page, QStringLiteral("replication-page"));
        if (QTest::currentTestFailed())
            lab.dumpLogs();
    }
};

QTEST_MAIN(TestReplicationPage)
#include "tst_replicationpage.moc"
