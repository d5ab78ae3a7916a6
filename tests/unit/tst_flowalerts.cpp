// Failover readiness alerts (failover_reread, failover_untranslatable): their configuration,
// what they see in a flow's group, and the evaluator's hysteresis over a flow's polls, as
// tables; cluster polls never judge them, and unreadable flow polls are no observation.
#include "ConfigTestUtil.h"
#include "FlowTestUtil.h"
#include "alerts/AlertEvaluator.h"
#include "config/ConfigLoader.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

const QDateTime kT0(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

AlertRule flowRule(AlertCondition condition, double threshold, const QString &cluster = {}, int forPolls = 1,
                   int clearAfter = 1)
{
    AlertRule r;
    r.name = QStringLiteral("readiness");
    r.clusterPattern = cluster;
    r.condition = condition;
    r.threshold = threshold;
    r.forPolls = forPolls;
    r.clearAfter = clearAfter;
    return r;
}

// A poll of flow primary->dr (target cluster "dr-cluster") at kT0 + i s where group billing
// has `reread` records to re-read (-2: the group is absent; -3: the flow's target was not
// read) and `untranslatable` partitions without a checkpoint.
mirror::FlowSnapshot flowPoll(int i, qint64 reread, int untranslatable = 0)
{
    mirror::FlowSnapshot s;
    s.flow = {QStringLiteral("primary"), QStringLiteral("dr-cluster"), QStringLiteral("primary"), QStringLiteral("dr")};
    s.takenAt = kT0.addSecs(i);
    s.sourceReachable = true;
    s.targetReachable = reread != -3;
    if (reread >= 0) {
        mirror::GroupFlow g = groupFlow(QStringLiteral("billing"), 1000 + reread, 1000, 500);
        g.rereadOnFailover = reread;
        for (int p = 0; p < untranslatable; ++p)
            g.withoutCheckpoint.push_back({QStringLiteral("orders"), p + 1});
        s.groups.push_back(g);
    }
    return s;
}

using Polls = QList<QPair<qint64, int>>; // (reread, untranslatable) per poll

// "F@i" / "C@i" per transition.
QString run(AlertEvaluator &e, const Polls &polls)
{
    QStringList out;
    for (int i = 0; i < polls.size(); ++i)
        for (const AlertTransition &t : e.evaluateFlow(flowPoll(i, polls[i].first, polls[i].second), kT0.addSecs(i)))
            out << QStringLiteral("%1@%2")
                       .arg(t.kind == AlertTransition::Fired ? QLatin1Char('F') : QLatin1Char('C'))
                       .arg(i);
    return out.join(QLatin1Char(' '));
}

} // namespace

Q_DECLARE_METATYPE(AlertRule)
Q_DECLARE_METATYPE(Polls)

class TestFlowAlerts final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void config_data()
    {
        QTest::addColumn<QByteArray>("rule");
        QTest::addColumn<int>("condition");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<QString>("cluster");
        QTest::newRow("reread in records")
            << QByteArray("condition: failover_reread\n    threshold: 5000\n    cluster: primary->dr\n")
            << int(AlertCondition::FailoverReread) << 5000.0 << QStringLiteral("primary->dr");
        QTest::newRow("untranslatable defaults to one partition")
            << QByteArray("condition: failover_untranslatable\n    cluster: dr\n")
            << int(AlertCondition::FailoverUntranslatable) << 1.0 << QStringLiteral("dr");
        QTest::newRow("untranslatable with a count")
            << QByteArray("condition: failover_untranslatable\n    threshold: 3\n")
            << int(AlertCondition::FailoverUntranslatable) << 3.0 << QString();
    }

    void config()
    {
        QFETCH(QByteArray, rule);
        QFETCH(int, condition);
        QFETCH(double, threshold);
        QFETCH(QString, cluster);
        const QByteArray text =
            "clusters:\n  - name: primary\n    bootstrap: p:9092\n  - name: dr\n    bootstrap: d:9092\n"
            "alerts:\n  - name: ready\n    "
            + rule;
        const auto config = parseConfig(text, fileName());
        QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
        QCOMPARE(config->alerts.size(), size_t(1));
        const AlertRule &r = config->alerts.front();
        QCOMPARE(int(r.condition), condition);
        QCOMPARE(r.threshold, threshold);
        QCOMPARE(r.clusterPattern, cluster);
        QVERIFY(isFlowCondition(r.condition));
        QCOMPARE(alertConditionName(r.condition), QString::fromLatin1(rule.mid(11, rule.indexOf('\n') - 11)));
        // A flow label matches no cluster name, and that is no mistake for these rules.
        QCOMPARE(config->warnings.size(), qsizetype(0));
    }

    void observe_data()
    {
        QTest::addColumn<int>("condition");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<qint64>("reread");
        QTest::addColumn<int>("untranslatable");
        QTest::addColumn<int>("expected"); // -1: no observation, else 0 clean / 1 breach
        QTest::addColumn<QString>("text");
        const int reread = int(AlertCondition::FailoverReread);
        const int untranslatable = int(AlertCondition::FailoverUntranslatable);
        QTest::newRow("reread below") << reread << 1000.0 << qint64(999) << 0 << 0 << QStringLiteral("999 records");
        QTest::newRow("reread at the threshold")
            << reread << 1000.0 << qint64(1000) << 0 << 1 << QStringLiteral("records to re-read");
        QTest::newRow("reread unknown without a checkpoint and a commit")
            << reread << 1000.0 << qint64(-1) << 2 << -1 << QString();
        QTest::newRow("untranslatable none")
            << untranslatable << 1.0 << qint64(0) << 0 << 0 << QStringLiteral("every committed partition");
        QTest::newRow("untranslatable one, default threshold")
            << untranslatable << 0.0 << qint64(0) << 1 << 1
            << QStringLiteral("1 partition(s) without a checkpoint: orders-1");
        QTest::newRow("untranslatable below a count") << untranslatable << 3.0 << qint64(0) << 2 << 0 << QString();
        QTest::newRow("untranslatable known while reread is not")
            << untranslatable << 1.0 << qint64(-1) << 2 << 1 << QString();
    }

    void observe()
    {
        QFETCH(int, condition);
        QFETCH(double, threshold);
        QFETCH(qint64, reread);
        QFETCH(int, untranslatable);
        QFETCH(int, expected);
        QFETCH(QString, text);
        mirror::GroupFlow g = reread >= 0 ? groupFlow(QStringLiteral("billing"), 1000 + reread, 1000, 500)
                                          : mirror::GroupFlow{QStringLiteral("billing"), {}, 0, {}, -1};
        g.rereadOnFailover = std::max<qint64>(0, reread);
        for (int p = 0; p < untranslatable; ++p)
            g.withoutCheckpoint.push_back({QStringLiteral("orders"), p + 1});
        const auto seen = observeFlowGroup(flowRule(AlertCondition(condition), threshold), g);
        if (expected < 0) {
            QVERIFY(!seen);
            return;
        }
        QVERIFY(seen);
        QCOMPARE(int(seen->breach), expected);
        QVERIFY2(seen->text.contains(text), qPrintable(seen->text));
    }

    void hysteresis_data()
    {
        QTest::addColumn<AlertRule>("rule");
        QTest::addColumn<Polls>("polls");
        QTest::addColumn<QString>("expected");
        const AlertRule reread = flowRule(AlertCondition::FailoverReread, 100);
        QTest::newRow("fires when readiness degrades, clears when it recovers")
            << reread << Polls{{0, 0}, {50, 0}, {400, 0}, {900, 0}, {30, 0}} << QStringLiteral("F@2 C@4");
        QTest::newRow("for and clear_after")
            << flowRule(AlertCondition::FailoverReread, 100, {}, 2, 2)
            << Polls{{400, 0}, {0, 0}, {400, 0}, {400, 0}, {0, 0}, {400, 0}, {0, 0}, {0, 0}}
            << QStringLiteral("F@3 C@7");
        QTest::newRow("an unreadable target is no observation")
            << flowRule(AlertCondition::FailoverReread, 100, {}, 2, 1) << Polls{{400, 0}, {-3, 0}, {400, 0}}
            << QStringLiteral("F@2");
        QTest::newRow("a group MirrorMaker no longer checkpoints clears")
            << reread << Polls{{400, 0}, {-2, 0}} << QStringLiteral("F@0 C@1");
        QTest::newRow("untranslatable partitions")
            << flowRule(AlertCondition::FailoverUntranslatable, 1) << Polls{{0, 0}, {0, 2}, {0, 1}, {0, 0}}
            << QStringLiteral("F@1 C@3");
        QTest::newRow("cluster pattern: the flow's label")
            << flowRule(AlertCondition::FailoverReread, 100, QStringLiteral("primary->dr")) << Polls{{400, 0}}
            << QStringLiteral("F@0");
        QTest::newRow("cluster pattern: the target cluster")
            << flowRule(AlertCondition::FailoverReread, 100, QStringLiteral("dr-.*")) << Polls{{400, 0}}
            << QStringLiteral("F@0");
        QTest::newRow("cluster pattern: the source cluster is not enough")
            << flowRule(AlertCondition::FailoverReread, 100, QStringLiteral("primary")) << Polls{{400, 0}} << QString();
    }

    void hysteresis()
    {
        QFETCH(AlertRule, rule);
        QFETCH(Polls, polls);
        QFETCH(QString, expected);
        AlertEvaluator e({rule});
        QCOMPARE(run(e, polls), expected);
    }

    // Instances are reported under the flow's label, and polls of the target cluster neither
    // judge a flow rule nor clear its instances.
    void instancesAndClusterPolls()
    {
        AlertEvaluator e({flowRule(AlertCondition::FailoverReread, 100, QStringLiteral("dr-cluster"))});
        const auto fired = e.evaluateFlow(flowPoll(0, 400), kT0);
        QCOMPARE(fired.size(), size_t(1));
        QCOMPARE(fired[0].instance.cluster, QStringLiteral("primary->dr"));
        QCOMPARE(fired[0].instance.group, QStringLiteral("billing"));
        QCOMPARE(fired[0].instance.value, 400.0);
        ClusterSnapshot cluster;
        cluster.cluster = QStringLiteral("dr-cluster"); // the flow's target, which the rule matches too
        cluster.reachable = true;
        cluster.takenAt = kT0.addSecs(1);
        QVERIFY(e.evaluate(cluster, cluster.takenAt).empty());
        QCOMPARE(e.firing().size(), size_t(1));
        const QString message = alertMessage(e.rules().front(), fired[0]);
        QVERIFY2(message.contains(QStringLiteral("billing on primary->dr")), qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestFlowAlerts)
#include "tst_flowalerts.moc"
