// libFuzzer target for the duration and date-time parsers: reset --by-duration (ISO 8601
// durations, core/actions/ResetParsers), reset --to-datetime, and the report range's
// "24h" / ISO times (core/report/ReportArgs). The configuration's durations ("5s",
// "500ms") are fuzzed through the whole file by fuzz_config.
//
// Input: the text (UTF-8), given to every parser. Checks, besides the sanitizers (UBSan
// catches signed overflow in the unit arithmetic): a refusal has a message, and an
// accepted --to-datetime lies in the years QDateTime can represent.
#include "FuzzSupport.h"
#include "actions/ResetParsers.h"
#include "report/ReportArgs.h"

#include <QDateTime>

using namespace lagscope;

namespace {

template <typename T> void mustExplain(const Result<T> &r, const char *parser)
{
    if (!r && r.errorMessage().isEmpty())
        fuzz::violated("fuzz_durations", parser, QStringLiteral("refused without a message"));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(fuzz::bytesOf(data, size));

    const Result<qint64> iso = parseIsoDuration(text);
    mustExplain(iso, "parseIsoDuration");

    const Result<qint64> at = parseResetDateTime(text);
    mustExplain(at, "parseResetDateTime");
    if (at && !QDateTime::fromMSecsSinceEpoch(*at, Qt::UTC).isValid())
        fuzz::violated("fuzz_durations", "parseResetDateTime gave an invalid time for", text);

    const Result<qint64> report = parseReportDuration(text);
    mustExplain(report, "parseReportDuration");
    if (report && *report <= 0)
        fuzz::violated("fuzz_durations", "parseReportDuration gave a non-positive range for", text);

    const Result<QDateTime> time = parseReportTime(text);
    mustExplain(time, "parseReportTime");
    if (time && !time->isValid())
        fuzz::violated("fuzz_durations", "parseReportTime accepted an invalid time:", text);
    return 0;
}
