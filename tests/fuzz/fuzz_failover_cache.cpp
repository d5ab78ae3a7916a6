// libFuzzer target for the failover cache reader (core/actions/FailoverCache:
// loadFailoverCache, which takes a path: the input is written to a scratch file first).
//
// Input: the cache file's bytes. Checks, besides the sanitizers: what was loaded, saved and
// loaded again saves to the same bytes (a cache Lagscope rewrites after each gather must not
// drift), and the loaded syncs go through applySyncInLogOrder() as the gather uses them.
#include "FuzzSupport.h"
#include "actions/FailoverCache.h"

using namespace lagscope;
using namespace lagscope::failover;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString input = fuzz::scratchDir() + QStringLiteral("/input.json");
    const QString first = fuzz::scratchDir() + QStringLiteral("/first.json");
    const QString second = fuzz::scratchDir() + QStringLiteral("/second.json");
    if (!fuzz::writeFile(input, fuzz::bytesOf(data, size)))
        fuzz::violated("fuzz_failover_cache", "cannot write", input);

    const Result<FailoverCache> cache = loadFailoverCache(input);
    if (!cache) {
        if (cache.errorMessage().isEmpty())
            fuzz::violated("fuzz_failover_cache", "empty error");
        return 0;
    }
    for (const auto &[tp, pairs] : cache->syncs) {
        std::vector<OffsetPair> kept;
        for (const OffsetPair &pair : pairs)
            applySyncInLogOrder(kept, pair);
    }
    if (Status s = saveFailoverCache(first, *cache); !s)
        fuzz::violated("fuzz_failover_cache", "cannot save a loaded cache:", s.errorMessage());
    const Result<FailoverCache> reloaded = loadFailoverCache(first);
    if (!reloaded)
        fuzz::violated("fuzz_failover_cache", "a saved cache does not load:", reloaded.errorMessage());
    if (Status s = saveFailoverCache(second, *reloaded); !s)
        fuzz::violated("fuzz_failover_cache", "cannot save a reloaded cache:", s.errorMessage());
    if (readAll(first) != readAll(second))
        fuzz::violated("fuzz_failover_cache", "save, load, save changed the file:", QString::fromUtf8(readAll(first)));
    return 0;
}
