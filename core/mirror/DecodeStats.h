#pragma once
// How many records of one internal topic decoded and how many were skipped, and why, so a
// view can show "12 malformed checkpoint records skipped" instead of failing silently.
// A plain value: keep one per topic, on whichever thread reads that topic.

#include "util/Result.h"

#include <QString>

namespace lagscope::mirror {

struct DecodeStats {
    qint64 decoded = 0;
    // Records written by a newer MirrorMaker (version header other than 0): nothing is
    // wrong with the data, Lagscope is too old for it.
    qint64 unsupportedVersion = 0;
    // Everything else that failed to decode: truncated, trailing bytes, bad lengths, empty.
    qint64 malformed = 0;
    QString lastError;

    qint64 skipped() const { return unsupportedVersion + malformed; }

    // Counts the outcome of one decode; returns whether it succeeded.
    template <typename T> bool record(const Result<T> &result)
    {
        if (result.ok()) {
            ++decoded;
            return true;
        }
        recordFailure(result.error());
        return false;
    }

    void recordFailure(const Error &error);
};

} // namespace lagscope::mirror
