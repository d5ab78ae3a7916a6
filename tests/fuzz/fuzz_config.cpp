// libFuzzer target for the YAML configuration parser (core/config: parseConfig, with the
// cluster, security, flow and alert sections it reads).
//
// Input: the configuration file's bytes. Besides "no crash, no exception, no sanitizer
// report" it checks that a refusal names the file and a line for every problem, as
// ConfigLoader.h promises ("<fileName>:<line>:<column>: ...").
#include "FuzzSupport.h"
#include "config/ConfigLoader.h"

using namespace lagscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString fileName = QStringLiteral("fuzz.yaml");
    const Result<AppConfig> config = parseConfig(fuzz::bytesOf(data, size), fileName);
    if (config)
        return 0;
    const QStringList lines = config.errorMessage().split(QLatin1Char('\n'));
    if (lines.isEmpty() || config.errorMessage().isEmpty())
        fuzz::violated("fuzz_config", "empty error");
    // Each problem starts a line with the file name; a message may continue on more lines
    // (a hint, a quoted value), but the first line is always a located problem.
    if (!lines.first().startsWith(fileName + QLatin1Char(':')))
        fuzz::violated("fuzz_config", "error without a location:", lines.first());
    return 0;
}
