// lagscopectl quorum against the real kafka-metadata-quorum.sh on both lab clusters: the same
// leader, epoch, voters and observers with their directory ids and roles, and a high watermark,
// log end offsets and caught-up times between what the tool read just before and just after.
#include "LabTest.h"

#include "kafka/KafkaClient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <map>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// What kafka-metadata-quorum.sh describe --status and --replication print.
struct ToolQuorum {
    int leaderId = -1;
    int epoch = -1;
    qint64 highWatermark = -1;
    QList<int> voters, observers; // --status
    struct Replica {
        QString directoryId; // empty for the zero id
        qint64 logEndOffset = -1;
        qint64 lastCaughtUpMs = -1;
        QString status; // Leader, Follower, Observer
    };
    std::map<int, Replica> replicas; // --replication
};

// "Key:   value" lines of --status.
QString statusField(const QString &out, const QString &key)
{
    const QRegularExpression re(QStringLiteral("^%1:\\s*(.*)$").arg(key), QRegularExpression::MultilineOption);
    return re.match(out).captured(1).trimmed();
}

QList<int> idsOf(const QString &json)
{
    QList<int> ids;
    for (const auto &v : QJsonDocument::fromJson(json.toUtf8()).array())
        ids << v.toObject()[QStringLiteral("id")].toInt();
    std::sort(ids.begin(), ids.end());
    return ids;
}

QList<int> idsOf(const QJsonArray &replicas)
{
    QList<int> ids;
    for (const auto &v : replicas)
        ids << v.toObject()[QStringLiteral("id")].toInt();
    std::sort(ids.begin(), ids.end());
    return ids;
}

// lo <= v <= hi, or false with the three printed.
bool between(qint64 lo, qint64 v, qint64 hi)
{
    if (lo <= v && v <= hi)
        return true;
    qWarning("%lld is not within %lld..%lld", static_cast<long long>(v), static_cast<long long>(lo),
             static_cast<long long>(hi));
    return false;
}

} // namespace

class TestQuorum final : public LabTest {
    Q_OBJECT

private:
    QString m_config;

    ToolQuorum tool(const QString &cluster) const
    {
        ToolQuorum q;
        const ProcessResult status = m_lab.kafkaTool(QStringLiteral("metadata-quorum"), cluster,
                                                     {QStringLiteral("describe"), QStringLiteral("--status")});
        const ProcessResult replication = m_lab.kafkaTool(
            QStringLiteral("metadata-quorum"), cluster, {QStringLiteral("describe"), QStringLiteral("--replication")});
        if (status.exitCode != 0 || replication.exitCode != 0) {
            qWarning("%s%s", qPrintable(status.describe()), qPrintable(replication.describe()));
            return q;
        }
        q.leaderId = statusField(status.out, QStringLiteral("LeaderId")).toInt();
        q.epoch = statusField(status.out, QStringLiteral("LeaderEpoch")).toInt();
        q.highWatermark = statusField(status.out, QStringLiteral("HighWatermark")).toLongLong();
        q.voters = idsOf(statusField(status.out, QStringLiteral("CurrentVoters")));
        q.observers = idsOf(statusField(status.out, QStringLiteral("CurrentObservers")));
        // NodeId DirectoryId LogEndOffset Lag LastFetchTimestamp LastCaughtUpTimestamp Status
        const QStringList lines = replication.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString &line : lines.mid(1)) {
            const QStringList f = line.split(QLatin1Char('\t'));
            if (f.size() < 7)
                continue;
            const QString dir = f[1].trimmed();
            q.replicas[f[0].trimmed().toInt()] = {dir == QStringLiteral("AAAAAAAAAAAAAAAAAAAAAA") ? QString() : dir,
                                                  f[2].trimmed().toLongLong(), f[5].trimmed().toLongLong(),
                                                  f[6].trimmed()};
        }
        return q;
    }

    QJsonObject ours(const QString &cluster) const
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("quorum"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), cluster, QStringLiteral("--format"),
                                                   QStringLiteral("json")});
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.describe()));
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!KafkaClient::metadataQuorum())
            QFAIL("this build's librdkafka lacks Lagscope's patch 0012 (DescribeMetadataQuorum); scripts/bootstrap "
                  "builds the pinned, patched one");
        m_config = m_lab.writeConfig(m_dir.path());
    }

    void matchesKafkaTool_data()
    {
        QTest::addColumn<QString>("cluster");
        QTest::newRow("primary: three combined broker+controller voters") << kPrimary;
        QTest::newRow("dr: one combined node") << kDr;
    }

    void matchesKafkaTool()
    {
        QFETCH(QString, cluster);
        const ToolQuorum before = tool(cluster);
        const QJsonObject q = ours(cluster);
        const ToolQuorum after = tool(cluster);
        QVERIFY2(before.leaderId >= 0 && after.leaderId >= 0, "kafka-metadata-quorum.sh answered");
        QVERIFY2(!q.isEmpty(), "lagscopectl quorum answered");
        // The lab does not change leaders: both reads must agree, and we with them.
        QCOMPARE(after.leaderId, before.leaderId);
        QCOMPARE(q[QStringLiteral("leader_id")].toInt(), before.leaderId);
        QCOMPARE(q[QStringLiteral("epoch")].toInt(), before.epoch);
        const qint64 hwm = q[QStringLiteral("high_watermark")].toInteger();
        qInfo("%s: leader %d, epoch %d, high watermark %lld <= %lld <= %lld", qPrintable(cluster), before.leaderId,
              before.epoch, static_cast<long long>(before.highWatermark), static_cast<long long>(hwm),
              static_cast<long long>(after.highWatermark));
        QVERIFY(before.highWatermark <= hwm && hwm <= after.highWatermark);
        QCOMPARE(idsOf(q[QStringLiteral("voters")].toArray()), before.voters);
        QCOMPARE(idsOf(q[QStringLiteral("observers")].toArray()), before.observers);

        for (const QString &role : {QStringLiteral("voters"), QStringLiteral("observers")}) {
            for (const auto &v : q[role].toArray()) {
                const QJsonObject r = v.toObject();
                const int id = r[QStringLiteral("id")].toInt();
                QVERIFY2(before.replicas.count(id) && after.replicas.count(id), qPrintable(QString::number(id)));
                const auto &b = before.replicas.at(id);
                const auto &a = after.replicas.at(id);
                QCOMPARE(r[QStringLiteral("directory_id")].toString(), b.directoryId);
                const QString status = role == QStringLiteral("observers") ? QStringLiteral("Observer")
                                       : id == before.leaderId             ? QStringLiteral("Leader")
                                                                           : QStringLiteral("Follower");
                QCOMPARE(b.status, status);
                // What we read lies between the tool's two reads: these only grow.
                QVERIFY2(between(b.logEndOffset, r[QStringLiteral("log_end_offset")].toInteger(), a.logEndOffset),
                         qPrintable(QStringLiteral("node %1 log end").arg(id)));
                QVERIFY2(between(b.lastCaughtUpMs, r[QStringLiteral("last_caught_up_timestamp")].toInteger(),
                                 a.lastCaughtUpMs),
                         qPrintable(QStringLiteral("node %1 last caught up").arg(id)));
            }
        }
    }

    void tableSaysWhoLeads()
    {
        const ProcessResult r = m_lab.lagscopectl(
            {QStringLiteral("quorum"), QStringLiteral("--config"), m_config, QStringLiteral("--cluster"), kPrimary});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        // Three voters: any of them may have won the first election.
        QVERIFY2(QRegularExpression(QStringLiteral("^leader [123], epoch ")).match(r.out).hasMatch(),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("Leader")) && r.out.count(QStringLiteral("Follower")) == 2,
                 qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestQuorum)
#include "tst_quorum.moc"
