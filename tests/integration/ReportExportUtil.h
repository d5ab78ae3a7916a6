#pragma once
// Helpers of tst_reportexport: where its files go, reading them back, and the report's
// numbers recomputed independently of the code under test.

#include <QDir>
#include <QFile>
#include <QString>

#include <algorithm>
#include <vector>

namespace lagscope::test {

inline QString outputDir()
{
    const QString dir = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT", QDir::tempPath()) + QStringLiteral("/report");
    QDir().mkpath(dir);
    return dir;
}

inline QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Thousands separators as the PDF prints counts (C locale: commas).
inline QString grouped(qint64 v)
{
    QString s = QString::number(v);
    for (qsizetype i = s.size() - 3; i > 0; i -= 3)
        s.insert(i, QLatin1Char(','));
    return s;
}

// docs/REPORTS.md's weighting, written out again: a poll holds until the next poll unless
// that gap exceeds 3 × the median gap (then, like the last poll, one median gap), cut to
// [fromMs, toMs).
inline std::vector<qint64> holdsOf(const std::vector<qint64> &times, qint64 fromMs, qint64 toMs)
{
    std::vector<qint64> gaps;
    for (size_t i = 1; i < times.size(); ++i)
        gaps.push_back(times[i] - times[i - 1]);
    std::vector<qint64> sorted = gaps;
    std::sort(sorted.begin(), sorted.end());
    const qint64 usual = sorted.empty() ? 0 : sorted[sorted.size() / 2];
    std::vector<qint64> out;
    for (size_t i = 0; i < times.size(); ++i) {
        qint64 end = i + 1 < times.size() && gaps[i] <= 3 * usual ? times[i + 1] : times[i] + usual;
        end = std::min(end, toMs);
        out.push_back(std::max<qint64>(0, end - std::max(times[i], fromMs)));
    }
    return out;
}

} // namespace lagscope::test
