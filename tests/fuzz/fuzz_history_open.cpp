// libFuzzer target for opening a damaged history file (core/store: HistoryStore::open and
// the reads a chart makes right after it).
//
// At start-up the target writes a small valid history file with the store itself (two
// groups, events, a flow sample) and keeps its bytes. Input: up to 16 patches of 4 bytes,
// a 24-bit offset (modulo the file size) and the byte to write there, then an optional last
// byte that truncates the file to that many 256ths of its size. Each run writes the patched
// file to a fresh scratch directory (a tmpfs under run-fuzz) and opens it.
// Checks, besides the sanitizers: a file moved aside (<path>.corrupt-*) is reported in
// warnings(); a store that opened answers its reads and a write; and what open() left
// behind opens again without anything moved aside.
#include "FuzzSupport.h"
#include "store/HistoryStore.h"

#include <QCoreApplication>
#include <QDateTime>

#include <memory>

using namespace lagscope;

namespace {

const QDateTime kStart(QDate(2024, 3, 10), QTime(12, 0), Qt::UTC);
const QString kCluster = QStringLiteral("dc1");

ClusterSnapshot poll(int index)
{
    ClusterSnapshot s;
    s.cluster = kCluster;
    s.takenAt = kStart.addSecs(index * 10);
    s.reachable = true;
    for (const QString &id : {QStringLiteral("billing"), QStringLiteral("audit")}) {
        GroupState g;
        g.groupId = id;
        g.state = QStringLiteral("Stable");
        g.members.resize(2);
        for (int partition = 0; partition < 3; ++partition) {
            PartitionLag p;
            p.partition = {QStringLiteral("orders"), partition};
            p.committed = 1000 + index * 10 + partition;
            p.logEnd = *p.committed + index % 7;
            p.lag = *p.logEnd - *p.committed;
            g.totalLag += *p.lag;
            g.maxLag = std::max(g.maxLag, *p.lag);
            g.partitions.push_back(p);
        }
        s.groups.push_back(g);
    }
    return s;
}

QByteArray &seedFile()
{
    static QByteArray bytes;
    return bytes;
}

QByteArray makeSeedFile()
{
    const QString path = fuzz::scratchDir() + QStringLiteral("/seed/history.sqlite");
    {
        auto store = HistoryStore::open(path);
        if (!store)
            fuzz::violated("fuzz_history_open", "cannot make the seed file:", store.errorMessage());
        for (int i = 0; i < 12; ++i) {
            if (Status s = (*store)->appendSnapshot(poll(i)); !s)
                fuzz::violated("fuzz_history_open", "cannot write the seed file:", s.errorMessage());
        }
        ClusterEvent event;
        event.time = kStart.addSecs(30);
        event.cluster = kCluster;
        event.kind = EventKind::GroupStateChanged;
        event.subject = QStringLiteral("billing");
        event.group = QStringLiteral("billing");
        event.message = QStringLiteral("Stable → PreparingRebalance");
        (void)(*store)->appendEvents({event});
        (void)(*store)->appendFlowSample(QStringLiteral("dc1->dr"), {kStart.toMSecsSinceEpoch(), 1200, 5000, 42, 0});
    } // closing the last connection checkpoints the WAL into the file
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fuzz::violated("fuzz_history_open", "cannot read the seed file", path);
    if (qEnvironmentVariableIsSet("LAGSCOPE_FUZZ_VERBOSE"))
        std::fprintf(stderr, "fuzz_history_open: seed file of %lld bytes\n", static_cast<long long>(file.size()));
    return file.readAll();
}

QByteArray patched(const uint8_t *data, size_t size)
{
    QByteArray bytes = seedFile();
    size_t at = 0;
    for (int patch = 0; patch < 16 && size - at >= 4; ++patch, at += 4) {
        const quint32 offset = (quint32(data[at]) << 16) | (quint32(data[at + 1]) << 8) | data[at + 2];
        bytes[qsizetype(offset % quint32(bytes.size()))] = char(data[at + 3]);
    }
    if (at < size && data[at] != 0)
        bytes.truncate(bytes.size() * data[at] / 256);
    return bytes;
}

bool anythingMovedAside(const QString &dir)
{
    return !QDir(dir).entryList({QStringLiteral("history.sqlite.corrupt-*")}, QDir::Files).isEmpty();
}

// The reads the GUI makes on a store it just opened, and one poll written.
void use(HistoryStore &store)
{
    const QDateTime from = kStart.addDays(-1);
    const QDateTime to = kStart.addDays(1);
    (void)store.historyStart(kCluster);
    (void)store.groupHistory(kCluster, QStringLiteral("billing"), from, to);
    (void)store.groupStatusHistory(kCluster, QStringLiteral("billing"), from, to);
    (void)store.partitionHistory(kCluster, QStringLiteral("audit"), from, to);
    (void)store.topicHistory(kCluster, QStringLiteral("audit"), from, to);
    (void)store.events(kCluster, from, to);
    (void)store.rebalances(kCluster, from, to);
    (void)store.flowHistory(QStringLiteral("dc1->dr"), from, to);
    (void)store.appendSnapshot(poll(12));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // Qt finds the SQLite driver plugin through the application's library paths.
    static QCoreApplication app(*argc, *argv);
    seedFile() = makeSeedFile();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString dir = fuzz::scratchDir() + QStringLiteral("/run");
    const QString path = dir + QStringLiteral("/history.sqlite");
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    if (!fuzz::writeFile(path, patched(data, size)))
        fuzz::violated("fuzz_history_open", "cannot write", path);

    {
        auto store = HistoryStore::open(path);
        // LAGSCOPE_FUZZ_VERBOSE=1 with one input: what open() made of it.
        if (qEnvironmentVariableIsSet("LAGSCOPE_FUZZ_VERBOSE"))
            std::fprintf(stderr, "fuzz_history_open: %s\n",
                         qPrintable(store ? (*store)->warnings().join(QLatin1Char('\n')) : store.errorMessage()));
        if (!store) {
            if (store.errorMessage().isEmpty())
                fuzz::violated("fuzz_history_open", "open failed without a message");
            return 0; // refused (e.g. a newer schema version): the file is left for the user
        }
        if (anythingMovedAside(dir) && (*store)->warnings().isEmpty())
            fuzz::violated("fuzz_history_open", "moved a file aside without a warning");
        use(**store);
    }
    const QStringList before = QDir(dir).entryList({QStringLiteral("history.sqlite.corrupt-*")}, QDir::Files);
    auto again = HistoryStore::open(path);
    if (!again)
        fuzz::violated("fuzz_history_open", "the file open() left behind does not open:", again.errorMessage());
    if (QDir(dir).entryList({QStringLiteral("history.sqlite.corrupt-*")}, QDir::Files) != before)
        fuzz::violated("fuzz_history_open",
                       "the file open() left behind was moved aside:", (*again)->warnings().join(QLatin1Char('\n')));
    return 0;
}
