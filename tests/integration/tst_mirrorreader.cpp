// MirrorReader against the real MirrorMaker 2 of the lab (primary -> dr): its decoded
// checkpoints must equal what Kafka's own RemoteClusterUtils.translateOffsets reports for
// the same group (`lab translate-offsets`), and heartbeats and offset syncs must be there.
#include "LabTest.h"

#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "mirror/MirrorReader.h"

#include <QDateTime>
#include <QTest>

using namespace lagscope;
using namespace lagscope::mirror;
using namespace lagscope::test;

namespace {

constexpr int kPartitions = 3;
constexpr int kPerPhase = 150; // records produced per phase, round-robin: 50 per partition

// "topic partition offset" lines, sorted: the format TranslateOffsets.java prints.
QStringList offsetLines(const std::map<TopicPartition, qint64> &offsets)
{
    QStringList lines;
    for (const auto &[tp, offset] : offsets)
        lines << QStringLiteral("%1 %2 %3").arg(tp.topic).arg(tp.partition).arg(offset);
    return lines;
}

// The error of a result for a failure message; QVERIFY2 evaluates its message even on success.
template <typename T> QString why(const Result<T> &r) { return r ? QString() : r.errorMessage(); }

} // namespace

class TestMirrorReader final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("mirror-%1").arg(m_id);
    QString m_remote = QStringLiteral("primary.mirror-%1").arg(m_id);
    QString m_group = QStringLiteral("mirror-group-%1").arg(m_id);
    // Consumes 70 of partition 1's 100 records after both phases: between two offset syncs.
    QString m_partialGroup = QStringLiteral("mirror-partial-%1").arg(m_id);
    std::unique_ptr<KafkaClient> m_sourceClient;
    std::unique_ptr<KafkaClient> m_targetClient;
    std::unique_ptr<PartitionReader> m_sourceReader;
    std::unique_ptr<PartitionReader> m_targetReader;
    MirrorReader m_reader{FlowTopics::forFlow(kPrimary, kDr)};

    std::vector<TopicPartition> partitions(const QString &topic) const
    {
        std::vector<TopicPartition> out;
        for (int p = 0; p < kPartitions; ++p)
            out.push_back({topic, p});
        return out;
    }

    // Sum of the log-end offsets of `topic`, -1 while they cannot be read.
    qint64 logEndSum(KafkaClient &client, const QString &topic)
    {
        const auto r = client.logOffsets(partitions(topic), OffsetSpec::Latest, Deadline::inMs(5000));
        if (!r || !r->errors.empty() || r->offsets.size() != kPartitions)
            return -1;
        qint64 sum = 0;
        for (const auto &[tp, offset] : r->offsets)
            sum += offset;
        return sum;
    }

    // Lagscope's side: the group's checkpoints for the mirrored topic, downstream offsets.
    std::map<TopicPartition, qint64> ourTranslation(const QString &group)
    {
        std::map<TopicPartition, qint64> out;
        for (const auto &[tp, entry] : m_reader.checkpoints(group))
            if (tp.topic == m_remote)
                out[tp] = entry.checkpoint.downstreamOffset;
        return out;
    }

    // Kafka's side, or an error text.
    Result<QStringList> kafkaTranslation(const QString &group)
    {
        const ProcessResult r = m_lab.lab({QStringLiteral("translate-offsets"), QStringLiteral("--cluster"), kDr,
                                           QStringLiteral("--source-alias"), kPrimary, QStringLiteral("--group"), group,
                                           QStringLiteral("--timeout"), QStringLiteral("30")},
                                          90000);
        if (r.exitCode != 0)
            return Result<QStringList>::failure(r.describe());
        QStringList lines;
        for (const QString &line : r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (line.startsWith(m_remote + QLatin1Char(' ')))
                lines << line.trimmed();
        return lines;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const ClusterConfig source{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        const ClusterConfig target{kDr, m_lab.bootstrap(kDr), false, {}};
        auto sc = KafkaClient::create(source, {});
        auto tc = KafkaClient::create(target, {});
        auto sr = PartitionReader::create(source, {});
        auto tr = PartitionReader::create(target, {});
        QVERIFY2(sc && tc && sr && tr, "creating clients failed");
        m_sourceClient = std::move(*sc);
        m_targetClient = std::move(*tc);
        m_sourceReader = std::move(*sr);
        m_targetReader = std::move(*tr);

        traffic(kPrimary, createTopicArgs(m_topic, kPartitions, 3));
        traffic(kPrimary, produceArgs(m_topic, kPerPhase));
        QTRY_COMPARE_WITH_TIMEOUT(logEndSum(*m_targetClient, m_remote), qint64(kPerPhase), 60000);
        // The group reads everything there is now (50 per partition) and commits; the second
        // phase below makes that a part of the topic.
        traffic(kPrimary, consumeArgs(m_group, m_topic, 100000));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void flowTopicsFollowThePolicy()
    {
        const FlowTopics t = FlowTopics::forFlow(kPrimary, kDr);
        QCOMPARE(t.checkpointsTopic, QStringLiteral("primary.checkpoints.internal"));
        QCOMPARE(t.offsetSyncsTopic, QStringLiteral("mm2-offset-syncs.dr.internal"));
        QCOMPARE(t.remoteHeartbeatsTopic, QStringLiteral("primary.heartbeats"));
        QCOMPARE(t.heartbeatsTopic, QStringLiteral("heartbeats"));
        QVERIFY(!t.offsetSyncsOnTarget);
    }

    void checkpointsCoverCommittedPartitions()
    {
        const auto committed = m_sourceClient->committedOffsets({m_group}, Deadline::inMs(10000));
        QVERIFY2(committed, qPrintable(why(committed)));
        const CommittedOffsets offsets = committed->at(m_group);
        QCOMPARE(offsets.size(), size_t(kPartitions));
        for (const auto &[tp, offset] : offsets)
            QCOMPARE(offset, qint64(kPerPhase / kPartitions));

        const auto covered = [&] {
            const Status s = m_reader.refreshCheckpoints(*m_targetReader, Deadline::inMs(10000));
            if (!s) {
                qWarning("refreshCheckpoints: %s", qPrintable(s.errorMessage()));
                return false;
            }
            const GroupCheckpoints cps = m_reader.checkpoints(m_group);
            for (const auto &[tp, offset] : offsets)
                if (!cps.contains(TopicPartition{m_remote, tp.partition}))
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(covered(), 60000);
        QVERIFY(m_reader.checkpointsProgress().exists);
        QVERIFY(m_reader.checkpointsProgress().caughtUp);
        QCOMPARE(m_reader.checkpointsProgress().stats.skipped(), qint64(0));
        for (const auto &[tp, entry] : m_reader.checkpoints(m_group)) {
            const TopicPartition upstream{m_topic, tp.partition};
            QCOMPARE(entry.checkpoint.group, m_group);
            QCOMPARE(entry.checkpoint.upstreamOffset, offsets.at(upstream));
            QVERIFY(entry.checkpoint.downstreamOffset <= entry.checkpoint.upstreamOffset);
            QVERIFY(entry.recordTimestampMs > 0);
        }
    }

    void checkpointsEqualKafkaTranslation()
    {
        // More records after the commit: the group now has consumed only a part, and the
        // offset syncs move on past its position.
        traffic(kPrimary, produceArgs(m_topic, kPerPhase));
        QTRY_COMPARE_WITH_TIMEOUT(logEndSum(*m_targetClient, m_remote), qint64(2 * kPerPhase), 60000);
        traffic(kPrimary, {QStringLiteral("consume"), QStringLiteral("--group"), m_partialGroup,
                           QStringLiteral("--topic"), m_topic, QStringLiteral("--assign"), QStringLiteral("1"),
                           QStringLiteral("--max"), QStringLiteral("70")});

        // Both sides read the checkpoints topic at slightly different moments: poll until
        // they agree twice in a row.
        QStringList ours;
        QStringList kafka;
        QStringList oursPartial;
        QStringList kafkaPartial;
        QStringList previous;
        int agreedRounds = 0;
        const auto agreeAndStable = [&] {
            const Status s = m_reader.refreshCheckpoints(*m_targetReader, Deadline::inMs(10000));
            if (!s) {
                qWarning("refreshCheckpoints: %s", qPrintable(s.errorMessage()));
                return false;
            }
            const auto theirs = kafkaTranslation(m_group);
            const auto theirsPartial = kafkaTranslation(m_partialGroup);
            if (!theirs || !theirsPartial) {
                qWarning("translate-offsets: %s", qPrintable(why(theirs) + why(theirsPartial)));
                return false;
            }
            ours = offsetLines(ourTranslation(m_group));
            kafka = *theirs;
            oursPartial = offsetLines(ourTranslation(m_partialGroup));
            kafkaPartial = *theirsPartial;
            if (oursPartial != kafkaPartial) {
                agreedRounds = 0;
                return false;
            }
            if (ours != kafka || ours.isEmpty()) {
                agreedRounds = 0;
                return false;
            }
            const QStringList both = ours + oursPartial;
            agreedRounds = both == previous ? agreedRounds + 1 : 1;
            previous = both;
            return agreedRounds >= 2;
        };
        QTRY_VERIFY_WITH_TIMEOUT(agreeAndStable(), 120000);
        qInfo("Lagscope MirrorReader checkpoints for %s:\n  %s", qPrintable(m_group),
              qPrintable(ours.join(QStringLiteral("\n  "))));
        qInfo("Kafka RemoteClusterUtils.translateOffsets:\n  %s", qPrintable(kafka.join(QStringLiteral("\n  "))));
        QCOMPARE(ours, kafka);
        QCOMPARE(ours.size(), qsizetype(kPartitions));
        // Whether MirrorMaker translates this one depends on the syncs it kept; both sides
        // must say the same either way.
        qInfo("Lagscope for %s (committed %s-1 at 70):\n  %s", qPrintable(m_partialGroup), qPrintable(m_topic),
              qPrintable(oursPartial.isEmpty() ? QStringLiteral("(no checkpoint)")
                                               : oursPartial.join(QStringLiteral("\n  "))));
        qInfo("Kafka for %s:\n  %s", qPrintable(m_partialGroup),
              qPrintable(kafkaPartial.isEmpty() ? QStringLiteral("(nothing translated)")
                                                : kafkaPartial.join(QStringLiteral("\n  "))));
        QCOMPARE(oursPartial, kafkaPartial);

        // Never past what is on the target.
        const auto ends = m_targetClient->logOffsets(partitions(m_remote), OffsetSpec::Latest, Deadline::inMs(10000));
        QVERIFY2(ends, qPrintable(why(ends)));
        for (const auto &[tp, offset] : ourTranslation(m_group))
            QVERIFY(offset <= ends->offsets.at(tp));
    }

    void heartbeatsAreFresh()
    {
        const auto fresh = [&] {
            const Status s = m_reader.refreshHeartbeats(*m_targetReader, Deadline::inMs(10000));
            if (!s) {
                qWarning("refreshHeartbeats: %s", qPrintable(s.errorMessage()));
                return false;
            }
            return m_reader.heartbeats().contains(HeartbeatKey{kPrimary, kDr});
        };
        QTRY_VERIFY_WITH_TIMEOUT(fresh(), 30000);
        const HeartbeatEntry hb = m_reader.heartbeats().at(HeartbeatKey{kPrimary, kDr});
        const qint64 latency = QDateTime::currentMSecsSinceEpoch() - hb.timestampMs;
        qInfo("heartbeats on %s: %lld from %s->%s, newest %lld ms ago (record timestamp %+lld ms from it)",
              qPrintable(kDr), hb.count, qPrintable(kPrimary), qPrintable(kDr), latency,
              hb.recordTimestampMs - hb.timestampMs);
        // emit.heartbeats.interval.seconds = 1 in the lab; generous for a loaded machine.
        QVERIFY2(latency >= 0 && latency < 15000, qPrintable(QString::number(latency)));
        QCOMPARE(m_reader.heartbeatsProgress().stats.skipped(), qint64(0));

        // Reported, not asserted: whether anything writes heartbeats on the source.
        const TopicProgress &remote = m_reader.remoteHeartbeatsProgress();
        QString remoteSeen;
        for (const auto &[key, entry] : m_reader.remoteHeartbeats())
            remoteSeen += QStringLiteral(" %1->%2: %3 (newest %4 ms ago)")
                              .arg(key.first, key.second)
                              .arg(entry.count)
                              .arg(QDateTime::currentMSecsSinceEpoch() - entry.timestampMs);
        qInfo("%s: exists %d, decoded %lld, skipped %lld;%s", qPrintable(m_reader.topics().remoteHeartbeatsTopic),
              int(remote.exists), remote.stats.decoded, remote.stats.skipped(),
              remoteSeen.isEmpty() ? " no heartbeats" : qPrintable(remoteSeen));
        QCOMPARE(remote.stats.skipped(), qint64(0));
    }

    void offsetSyncsWithinSourceLog()
    {
        const auto ends = m_sourceClient->logOffsets(partitions(m_topic), OffsetSpec::Latest, Deadline::inMs(10000));
        QVERIFY2(ends && ends->errors.empty(), ends ? "partition errors" : qPrintable(why(ends)));
        const auto synced = [&] {
            const Status s = m_reader.refreshOffsetSyncs(*m_sourceReader, Deadline::inMs(10000));
            if (!s) {
                qWarning("refreshOffsetSyncs: %s", qPrintable(s.errorMessage()));
                return false;
            }
            for (int p = 0; p < kPartitions; ++p)
                if (!m_reader.offsetSyncs().contains(TopicPartition{m_topic, p}))
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(synced(), 30000);
        QCOMPARE(m_reader.offsetSyncsProgress().stats.skipped(), qint64(0));
        for (int p = 0; p < kPartitions; ++p) {
            const TopicPartition tp{m_topic, p};
            const OffsetSyncEntry &e = m_reader.offsetSyncs().at(tp);
            QString history;
            for (const OffsetSync &h : e.history)
                history += QStringLiteral(" %1->%2").arg(h.upstreamOffset).arg(h.downstreamOffset);
            qInfo("offset sync %s: upstream %lld -> downstream %lld (log end %lld); history:%s",
                  qPrintable(tp.toString()), e.sync.upstreamOffset, e.sync.downstreamOffset,
                  qint64(ends->offsets.at(tp)), qPrintable(history));
            QVERIFY(e.sync.upstreamOffset <= ends->offsets.at(tp));
            QVERIFY(e.sync.downstreamOffset >= 0);
            for (const OffsetSync &h : e.history)
                QVERIFY(h.upstreamOffset < e.sync.upstreamOffset);
        }
    }

    void missingTopicIsEmptyState()
    {
        FlowTopics topics = FlowTopics::forFlow(QStringLiteral("nowhere-%1").arg(m_id), kDr);
        MirrorReader reader(topics);
        const Status s = reader.refreshCheckpoints(*m_targetReader, Deadline::inMs(10000));
        QVERIFY2(s, qPrintable(why(s)));
        QVERIFY(reader.checkpoints().empty());
        QVERIFY(!reader.checkpointsProgress().exists);
        QVERIFY(reader.checkpointsProgress().caughtUp);
    }

    void malformedRecordsAreSkipped()
    {
        // The traffic tool's records ("key-0" / "value-0") are no checkpoints.
        const QString garbage = QStringLiteral("mirror-garbage-%1").arg(m_id);
        traffic(kDr, createTopicArgs(garbage, 1));
        traffic(kDr, produceArgs(garbage, 5));
        FlowTopics topics;
        topics.checkpointsTopic = garbage;
        MirrorReader reader(topics);
        const Status s = reader.refreshCheckpoints(*m_targetReader, Deadline::inMs(10000));
        QVERIFY2(s, qPrintable(why(s)));
        QVERIFY(reader.checkpoints().empty());
        const DecodeStats &stats = reader.checkpointsProgress().stats;
        qInfo("garbage topic: decoded %lld, malformed %lld, last error: %s", stats.decoded, stats.malformed,
              qPrintable(stats.lastError));
        QCOMPARE(stats.decoded, qint64(0));
        QCOMPARE(stats.malformed, qint64(5));
        QCOMPARE(reader.checkpointsProgress().nextOffset, qint64(5));

        // Incremental: a second refresh reads only what came since.
        traffic(kDr, produceArgs(garbage, 2));
        const Status again = reader.refreshCheckpoints(*m_targetReader, Deadline::inMs(10000));
        QVERIFY2(again, qPrintable(why(again)));
        QCOMPARE(reader.checkpointsProgress().stats.malformed, qint64(7));
        QCOMPARE(reader.checkpointsProgress().nextOffset, qint64(7));
    }
};

QTEST_GUILESS_MAIN(TestMirrorReader)
#include "tst_mirrorreader.moc"
