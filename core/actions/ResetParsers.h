#pragma once
// Parsers and writers for the textual inputs of an offset reset, accepting what
// `kafka-consumer-groups.sh --reset-offsets` accepts: --to-datetime, --by-duration,
// --topic t:p,p, and the --export / --from-file CSV plans.
//
// Pure functions, usable from any thread. Errors carry a message a user can act on.

#include "actions/ResetPlan.h"
#include "util/Result.h"

#include <QString>

#include <utility>
#include <vector>

namespace lagscope {

// `yyyy-MM-ddTHH:mm:ss.SSS` followed by an optional zone: `Z`, `±HH`, `±HHMM` or
// `±HH:MM`. Milliseconds are required (exactly three digits); without a zone the time is
// UTC, as in the tool (not local time). Returns epoch milliseconds.
Result<qint64> parseResetDateTime(const QString &text);

// An ISO-8601 duration as java.time.Duration.parse accepts it: `[±]P[nD][T[nH][nM][n[.f]S]]`,
// case-insensitive, each number optionally signed, up to nine fraction digits on seconds
// (`.` or `,`). Days are 24 hours; years, months and weeks are rejected (as in Java).
// Returns milliseconds; a fraction finer than a millisecond is truncated toward zero.
Result<qint64> parseIsoDuration(const QString &text);

// One `--topic` argument: "orders" (every partition) or "orders:0,2".
Result<std::pair<QString, std::vector<int>>> parseResetTopicArg(const QString &text);

// The two CSV formats of --export / --from-file, without header: `topic,partition,offset`
// (offsets of `defaultGroup`) or `group,topic,partition,offset`. The format is taken from
// the first line; a file may not mix them. Blank lines are ignored; fields may be quoted.
// Errors name the line: "line 3: expected 3 or 4 fields, got 2".
Result<ResetFilePlan> parseResetCsv(const QString &text, const QString &defaultGroup);

// The plan as --export prints it: one `topic,partition,offset` line per partition, or
// `group,topic,partition,offset` when `withGroup`. Every line ends with "\n".
QString exportResetCsv(const ResetPlan &plan, bool withGroup);
QString exportResetCsv(const std::vector<ResetPlan> &plans, bool withGroup);

} // namespace lagscope
