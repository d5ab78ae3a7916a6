// lagscopectl: Lagscope's command line, for runbooks and scripts. Same core as the GUI.
#include "CliContext.h"

#include "kafka/KafkaClient.h"
#include "util/SecretMasker.h"

#include <QCoreApplication>
#include <QTextStream>

#include <functional>
#include <map>

using namespace lagscope;

namespace {

const char kUsage[] = R"(Usage: lagscopectl [--version] COMMAND [options]

Commands:
  describe   consumer-group lag, like kafka-consumer-groups.sh --describe
  brokers    brokers of a cluster, with the controller
  quorum     the KRaft controller quorum, like kafka-metadata-quorum.sh describe
  topics     topics with partition and replica health
  groups     consumer groups with state and type
  reset-offsets  reset a group's committed offsets, like kafka-consumer-groups.sh --reset-offsets
  undo       restore the offsets a reset-offsets, delete or delete-offsets --execute backed up
  delete     delete consumer groups, like kafka-consumer-groups.sh --delete
  delete-offsets  delete a group's offsets of some topics, like kafka-consumer-groups.sh --delete-offsets
  failover   move consumer groups to another data center, offsets translated through MirrorMaker 2
  failback   the same, back to the original cluster (exact record matching or reversed syncs)
  triage     what is wrong now across every configured cluster and flow, worst first (no --cluster)
  audit      the audit log of write actions, e.g. audit --since 7d (no --cluster needed)
  report     lag report from the history store as CSV, JSON or PDF (no cluster connection)
  collect    monitor every configured cluster and flow headless until SIGTERM: history, alerts (no --cluster)

Every command takes --cluster NAME (from --config FILE) or --bootstrap HOST:PORT,
--format table|csv|json and --timeout SECONDS. `lagscopectl COMMAND --help` for more.
Exit codes: 0 ok, 1 runtime error (e.g. cluster unreachable), 2 usage or configuration error,
3 refused (read-only cluster, active group, a deletion Kafka refused).
)";

} // namespace

int main(int argc, char **argv)
{
    // report creates its own application object: a PDF needs a (headless) GUI one.
    if (argc > 1 && qstrcmp(argv[1], "report") == 0)
        return cli::reportMain(argc, argv);
    QCoreApplication app(argc, argv);
    installMaskingMessageHandler();
    QCoreApplication::setApplicationName(QStringLiteral("lagscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LAGSCOPE_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty() || args.first() == QStringLiteral("--help") || args.first() == QStringLiteral("-h")) {
        (args.isEmpty() ? err : out) << kUsage;
        return args.isEmpty() ? cli::UsageError : cli::Ok;
    }
    if (args.first() == QStringLiteral("--version")) {
        const QStringList patches = KafkaClient::librdkafkaPatches();
        out << "lagscopectl " << LAGSCOPE_VERSION << " (librdkafka " << KafkaClient::librdkafkaVersion() << ", Qt "
            << qVersion() << ")" << Qt::endl;
        // Which group requests batch: a system librdkafka has none of Lagscope's patches.
        out << "librdkafka patches: "
            << (patches.isEmpty()
                    ? QStringLiteral("none (unpatched: committed offsets fetched with one request per group)")
                    : patches.join(QStringLiteral(", ")))
            << Qt::endl;
        out << "committed offsets: "
            << (KafkaClient::batchedGroupOffsets() ? "one OffsetFetch request per coordinator for all its groups"
                                                   : "one OffsetFetch request per group")
            << Qt::endl;
        out << "group descriptions: "
            << (KafkaClient::batchedGroupDescribe()
                    ? "one ConsumerGroupDescribe and one DescribeGroups request per coordinator for all its groups"
                    : "a ConsumerGroupDescribe and a DescribeGroups request per group")
            << Qt::endl;
        return cli::Ok;
    }
    const std::map<QString, std::function<int(const QStringList &)>> commands = {
        {QStringLiteral("describe"), cli::describeCommand},
        {QStringLiteral("brokers"), cli::brokersCommand},
        {QStringLiteral("quorum"), cli::quorumCommand},
        {QStringLiteral("topics"), cli::topicsCommand},
        {QStringLiteral("groups"), cli::groupsCommand},
        {QStringLiteral("reset-offsets"), cli::resetOffsetsCommand},
        {QStringLiteral("undo"), cli::undoCommand},
        {QStringLiteral("delete"), cli::deleteCommand},
        {QStringLiteral("delete-offsets"), cli::deleteOffsetsCommand},
        {QStringLiteral("failover"), cli::failoverCommand},
        {QStringLiteral("failback"), cli::failbackCommand},
        {QStringLiteral("audit"), cli::auditCommand},
        {QStringLiteral("triage"), cli::triageCommand},
        {QStringLiteral("collect"), cli::collectCommand},
    };
    const QString name = args.takeFirst();
    const auto it = commands.find(name);
    if (it == commands.end()) {
        err << "lagscopectl: unknown command '" << name << "'\n\n" << kUsage;
        return cli::UsageError;
    }
    return it->second(args);
}
