// libFuzzer target for the offset reset plan parsers (core/actions/ResetParsers): the
// --from-file CSV and the --topic argument.
//
// Input: the CSV text (UTF-8). Checks, besides the sanitizers:
// - a refusal names the line ("line N: ...");
// - an accepted plan exported with exportResetCsv() (as --export writes it) parses back to
//   the same offsets: what Lagscope writes, it must read.
#include "FuzzSupport.h"
#include "actions/ResetParsers.h"

using namespace lagscope;

namespace {

std::vector<ResetPlan> plansOf(const ResetFilePlan &file)
{
    std::vector<ResetPlan> plans;
    for (const auto &[group, offsets] : file.offsetsByGroup) {
        ResetPlan plan;
        plan.group = group;
        for (const auto &[tp, offset] : offsets) {
            PlannedPartition p;
            p.tp = tp;
            p.newOffset = offset;
            plan.partitions.push_back(p);
        }
        plans.push_back(plan);
    }
    return plans;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(fuzz::bytesOf(data, size));
    (void)parseResetTopicArg(text);

    const Result<ResetFilePlan> plan = parseResetCsv(text, QStringLiteral("default-group"));
    if (!plan) {
        if (plan.errorMessage().isEmpty())
            fuzz::violated("fuzz_reset_csv", "empty error");
        return 0;
    }
    const QString exported = exportResetCsv(plansOf(*plan), true);
    const Result<ResetFilePlan> again = parseResetCsv(exported, QStringLiteral("default-group"));
    if (!again)
        fuzz::violated("fuzz_reset_csv",
                       "exported plan does not parse:", again.errorMessage() + QLatin1Char('\n') + exported);
    if (again->offsetsByGroup != plan->offsetsByGroup)
        fuzz::violated("fuzz_reset_csv", "exported plan parses to other offsets:", exported);
    return 0;
}
