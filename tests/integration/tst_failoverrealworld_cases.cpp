// tst_failoverrealworld's cases on topic names and partitions (internalLookingTopics,
// emptyAndUncommitted) and the disaster from a scheduled --refresh-cache: see
// tst_failoverrealworld.cpp for what each case does and how the lab is left.
#include "FailoverRealWorld.h"

using namespace lagscope;
using namespace lagscope::test;

void TestFailoverRealWorld::internalLookingTopics()
{
    // MirrorMaker 4.3 replicates a name ending in ".internal" (only its own mm2-*.internal
    // and checkpoints are internal to it) but never one starting with "__".
    const QString internal = QStringLiteral("rw-%1.internal").arg(m_id);
    const QString hidden = QStringLiteral("__rw-%1").arg(m_id);
    const QString hiddenOnly = QStringLiteral("__rw2-%1").arg(m_id);
    const QString plain = topicName("plain");
    const QString g = group("internal");
    const QString onlyHidden = group("hidden");
    for (const QString &t : {internal, hidden, plain, hiddenOnly}) {
        ok(steps().createTopic(t, 2));
        ok(steps().produce(t, 40, {QStringLiteral("--value-prefix"), t}));
    }
    QVERIFY(waitUntil(
        [&] {
            return m_lab.logEndSum(QStringLiteral("dr"), remote(internal), 2) == 40
                   && m_lab.logEndSum(QStringLiteral("dr"), remote(plain), 2) == 40;
        },
        90000));
    QVERIFY(!m_lab.topicReady(QStringLiteral("dr"), remote(hidden), 2));

    const int stop[2] = {7, 13};
    for (const QString &t : {internal, plain})
        for (int p = 0; p < 2; ++p)
            ok(steps().consume(QStringLiteral("primary"), g, t, QStringLiteral("%1-p%2").arg(t).arg(p), stop[p], p));
    ok(steps().commit(g, hidden, {{0, 5}, {1, 6}}));
    ok(steps().commit(onlyHidden, hiddenOnly, {{0, 4}}));

    ProcessResult r = execute(g);
    const QJsonObject plan = failoverGroup(r.out, g);
    showPlan(plan);
    QVERIFY2(exited(r, 1), qPrintable(r.describe()));
    for (const QString &t : {internal, plain}) {
        const QJsonObject entry = failoverTopic(plan, t);
        QVERIFY2(entry.value(QStringLiteral("status")).toString() == QLatin1String("translated"),
                 qPrintable(compact(plan)));
        QCOMPARE(entry.value(QStringLiteral("target_topic")).toString(), remote(t));
    }
    const QJsonObject skipped = failoverTopic(plan, hidden);
    QVERIFY2(skipped.value(QStringLiteral("status")).toString() == QLatin1String("not-replicated"),
             qPrintable(compact(plan)));
    QVERIFY2(!skipped.value(QStringLiteral("reason")).toString().isEmpty(), qPrintable(compact(skipped)));

    ok(steps().consume(QStringLiteral("dr"), g, remote(internal) + QLatin1Char(',') + remote(plain),
                       QStringLiteral("internal-dr")));
    FailoverTally tally;
    for (const QString &t : {internal, plain})
        for (int p = 0; p < 2; ++p)
            tally.addPartition(QStringLiteral("%1-%2").arg(t).arg(p), records(QStringLiteral("primary"), t, p), stop[p],
                               loggedValues(steps().log(QStringLiteral("%1-p%2").arg(t).arg(p))));
    tally.readOnTarget(loggedValues(steps().log(QStringLiteral("internal-dr"))));
    const FailoverTally::Row t = tally.total();
    m_report.counted(QStringLiteral("a replicated `<name>.internal` topic and a plain one, the same group also on an "
                                    "unreplicated `__` topic"),
                     plan, t.lost, t.duplicated);
    QVERIFY2(t.lost == 0 && t.duplicated == 0, qPrintable(lostAndDuplicated(t)));
    const QString result = plan.value(QStringLiteral("result")).toString(); // compared last, below
    m_report.answered(QStringLiteral("... that group's `__` topic"),
                      QStringLiteral("listed \"not-replicated\" with a reason; result \"%1\", exit 1").arg(result));

    r = execute(onlyHidden);
    const QJsonObject refused = failoverGroup(r.out, onlyHidden);
    QVERIFY2(exited(r, 3), qPrintable(r.describe()));
    QCOMPARE(checkLevel(refused, QStringLiteral("every partition translated")), QStringLiteral("red"));
    QCOMPARE(failoverTopic(refused, hiddenOnly).value(QStringLiteral("status")).toString(),
             QStringLiteral("not-replicated"));
    QVERIFY2(committed(QStringLiteral("dr"), onlyHidden).empty(), "a refused failover wrote offsets");
    m_report.answered(QStringLiteral("a group whose only topic is a `__` topic"),
                      QStringLiteral("refused: exit 3, red \"every partition translated\""));

    r = steps().failover({QStringLiteral("--all-groups"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(exited(r, 3), qPrintable(r.describe())); // the group above is refused
    QVERIFY2(!failoverGroup(r.out, g).isEmpty(), qPrintable(r.describe()));
    QVERIFY2(!failoverGroup(r.out, onlyHidden).isEmpty(), qPrintable(r.describe()));

    QCOMPARE(result, QStringLiteral("applied-with-untranslated")); // not "applied": a committed topic was left as it is
    // The audit record says the same, and names the topic left behind.
    const QList<QJsonObject> audit = auditRecords(m_dir.filePath(QStringLiteral("data/lagscope/audit.jsonl")), g);
    QVERIFY(!audit.isEmpty());
    QCOMPARE(audit.back().value(QStringLiteral("result")).toString(), QStringLiteral("applied-with-untranslated"));
    QVERIFY2(audit.back().value(QStringLiteral("reason")).toString().contains(hidden),
             qPrintable(compact(audit.back())));
}

void TestFailoverRealWorld::emptyAndUncommitted()
{
    const QString topic = topicName("sparse");
    const QString g = group("sparse");
    ok(steps().createTopic(topic, 3));
    // Partition 0 stays empty; 1 and 2 get records.
    ok(steps().produce(
        topic, 40,
        {QStringLiteral("--partition"), QStringLiteral("1"), QStringLiteral("--value-prefix"), QStringLiteral("s1")}));
    ok(steps().produce(
        topic, 30,
        {QStringLiteral("--partition"), QStringLiteral("2"), QStringLiteral("--value-prefix"), QStringLiteral("s2")}));
    QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), remote(topic), 3) == 70; }, 90000));
    ok(steps().consume(QStringLiteral("primary"), g, topic, QStringLiteral("sparse-p1"), 15, 1));
    ok(steps().commit(g, topic, {{0, 0}})); // what a consumer that found nothing there commits
    const CommittedOffsets expected{{{topic, 0}, 0}, {{topic, 1}, 15}};
    QCOMPARE(show(committed(QStringLiteral("primary"), g)), show(expected));

    auto dr = m_lab.client(QStringLiteral("dr"));
    QVERIFY(dr);
    const auto starts =
        dr->logOffsets({{remote(topic), 0}, {remote(topic), 2}}, OffsetSpec::Earliest, Deadline::inMs(5000));
    QVERIFY2(starts, why(starts).constData());

    const ProcessResult r = execute(g);
    const QJsonObject plan = failoverGroup(r.out, g);
    QVERIFY2(exited(r, 0), qPrintable(r.describe()));
    QCOMPARE(plan.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
    const QJsonObject empty = failoverPartition(plan, topic, 0);
    QVERIFY2(empty.value(QStringLiteral("method")).toString() == QLatin1String("log-start"),
             qPrintable(compact(empty)));
    QCOMPARE(empty.value(QStringLiteral("new_offset")).toInteger(-1), qint64(starts->offsets.at({remote(topic), 0})));
    const QJsonObject never = failoverPartition(plan, topic, 2, QStringLiteral("uncommitted"));
    QVERIFY2(!never.isEmpty(), qPrintable(compact(plan)));
    QCOMPARE(never.value(QStringLiteral("target_topic")).toString(), remote(topic));
    QCOMPARE(never.value(QStringLiteral("target_log_start")).toInteger(-1),
             qint64(starts->offsets.at({remote(topic), 2})));
    QCOMPARE(never.value(QStringLiteral("target_log_end")).toInteger(-1), qint64(30));
    for (int p : {0, 1})
        QVERIFY2(failoverPartition(plan, topic, p, QStringLiteral("uncommitted")).isEmpty(), qPrintable(compact(plan)));

    ok(steps().consume(QStringLiteral("dr"), g, remote(topic), QStringLiteral("sparse-dr")));
    FailoverTally tally;
    tally.addPartition(topic + QStringLiteral("-0"), records(QStringLiteral("primary"), topic, 0), 0, {});
    tally.addPartition(topic + QStringLiteral("-1"), records(QStringLiteral("primary"), topic, 1), 15,
                       loggedValues(steps().log(QStringLiteral("sparse-p1"))));
    tally.addPartition(topic + QStringLiteral("-2"), records(QStringLiteral("primary"), topic, 2), std::nullopt, {});
    tally.readOnTarget(loggedValues(steps().log(QStringLiteral("sparse-dr"))));
    const FailoverTally::Row t = tally.total();
    m_report.counted(QStringLiteral("an empty partition committed at 0, one never committed, one committed mid-way"),
                     plan, t.lost, t.duplicated);
    QVERIFY2(t.lost == 0 && t.duplicated == 0, qPrintable(lostAndDuplicated(t)));
}

void TestFailoverRealWorld::scheduledRefresh()
{
    // A data dir of its own: only this refresh can have cached the group.
    const QByteArray dataHome = qgetenv("XDG_DATA_HOME");
    const QString data = m_dir.filePath(QStringLiteral("refresh-data"));
    qputenv("XDG_DATA_HOME", data.toUtf8());
    const auto restoreData = qScopeGuard([&] { qputenv("XDG_DATA_HOME", dataHome); });
    const QString topic = topicName("refresh");
    const QString g = group("refresh");
    const QString active = group("active");
    ok(steps().createTopic(topic, 3));
    // At a steady rate, like an application: MirrorMaker writes offset syncs as records
    // come (a burst leaves most partitions a sync or two).
    ok(steps().produce(topic, 300, {QStringLiteral("--rate"), QStringLiteral("100")}));
    QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), remote(topic), 3) == 300; }, 90000));
    // MirrorMaker stops before the group commits, so it never checkpoints it: after the
    // disaster only the refreshed cache knows where the group was.
    m_mirrorStopped = true;
    ok(steps().stopMirrorMaker());
    const int stop[3] = {37, 52, 81};
    for (int p = 0; p < 3; ++p)
        ok(steps().consume(QStringLiteral("primary"), g, topic, QStringLiteral("refresh-p%1").arg(p), stop[p], p));

    QProcess member; // an active group: red "source group inactive" in the refresh
    member.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 {QStringLiteral("consume"), QStringLiteral("--group"), active, QStringLiteral("--topic"), topic,
                  QStringLiteral("--max"), QStringLiteral("1"), QStringLiteral("--stay"), QStringLiteral("--bootstrap"),
                  m_lab.bootstrap(QStringLiteral("primary"))});
    QVERIFY(member.waitForStarted());
    const auto stopMember = qScopeGuard([&] {
        member.terminate();
        member.waitForFinished(30000);
    });
    QByteArray printed;
    QTRY_VERIFY_WITH_TIMEOUT((printed += member.readAllStandardOutput()).contains("committed"), 60000);
    auto primary = m_lab.client(QStringLiteral("primary"));
    QVERIFY(primary);
    QVERIFY(waitUntil(
        [&] {
            const auto d = primary->describeGroups({active}, Deadline::inMs(5000));
            return d && !d->empty() && !d->front().members.empty();
        },
        60000));

    const CommittedOffsets seen = committed(QStringLiteral("primary"), g);
    QCOMPARE(seen.size(), size_t(3));
    std::vector<RawRecord> source[3];
    for (int p = 0; p < 3; ++p)
        source[p] = records(QStringLiteral("primary"), topic, p);
    const ProcessResult refresh = steps().failover({QStringLiteral("--all-groups"), QStringLiteral("--refresh-cache")});
    QVERIFY2(exited(refresh, 0), qPrintable(refresh.describe()));
    const QStringList lines = refresh.out.trimmed().split(QLatin1Char('\n'));
    const QRegularExpressionMatch line =
        QRegularExpression(
            QStringLiteral("^failover cache (.+) refreshed: (\\d+) group\\(s\\), (\\d+) partition\\(s\\)$"))
            .match(lines.value(0));
    QVERIFY2(lines.size() == 1 && line.hasMatch(), qPrintable(refresh.describe()));
    QVERIFY2(line.captured(1).startsWith(data) && QFile::exists(line.captured(1)), qPrintable(refresh.describe()));
    QVERIFY2(line.captured(2).toInt() >= 2 && line.captured(3).toInt() >= 4, qPrintable(refresh.describe()));
    QVERIFY2(refresh.err.contains(active), qPrintable(refresh.describe())); // its red check, as a warning
    member.terminate();
    QVERIFY(member.waitForFinished(30000));

    m_primaryDown = true;
    for (int node : m_lab.brokerNodes(QStringLiteral("primary")))
        ok(m_lab.lab({QStringLiteral("broker"), QStringLiteral("kill"), QStringLiteral("--cluster"),
                      QStringLiteral("primary"), QStringLiteral("--node"), QString::number(node)}));
    const ProcessResult r = execute(g, {QStringLiteral("--disaster")});
    const QJsonObject plan = failoverGroup(r.out, g);
    showPlan(plan);
    QVERIFY2(exited(r, 0), qPrintable(r.describe()));
    QCOMPARE(plan.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
    QVERIFY(plan.value(QStringLiteral("disaster")).toBool());
    CommittedOffsets planned;
    for (const QJsonValue &v : plan.value(QStringLiteral("partitions")).toArray()) {
        const QJsonObject o = v.toObject();
        planned[{o.value(QStringLiteral("topic")).toString(), o.value(QStringLiteral("partition")).toInt()}] =
            o.value(QStringLiteral("committed")).toInteger(-1);
    }
    QCOMPARE(show(planned), show(seen));

    ok(steps().consume(QStringLiteral("dr"), g, remote(topic), QStringLiteral("refresh-dr")));
    FailoverTally tally;
    for (int p = 0; p < 3; ++p)
        tally.addPartition(QString::number(p), source[p], stop[p],
                           loggedValues(steps().log(QStringLiteral("refresh-p%1").arg(p))));
    tally.readOnTarget(loggedValues(steps().log(QStringLiteral("refresh-dr"))));
    const auto rows = tally.rows();
    const FailoverTally::Row t = tally.total();
    m_report.counted(
        QStringLiteral("disaster failover (primary killed) with what a scheduled `--refresh-cache` cached"), plan,
        t.lost, t.duplicated);
    QCOMPARE(t.lost, qint64(0));
    for (int p = 0; p < 3; ++p) {
        const qint64 bound = failoverPartition(plan, topic, p).value(QStringLiteral("reread")).toInteger(-1);
        const qint64 reread = rows[size_t(p)].duplicated;
        QVERIFY2(
            bound < 0 || reread <= bound,
            qPrintable(QStringLiteral("partition %1 re-read %2 > the plan's bound %3").arg(p).arg(reread).arg(bound)));
    }
}
