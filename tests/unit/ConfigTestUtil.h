#pragma once
// Helpers shared by the configuration loader's test executables.

#include <QByteArray>
#include <QString>

namespace lagscope::test {

// Test files are raw string literals opened with R"( at the end of a line, so the file's
// line 1 is the literal's second line: the leading newline is dropped.
inline QByteArray yaml(const char *text)
{
    QByteArray bytes(text);
    if (bytes.startsWith('\n'))
        bytes.remove(0, 1);
    return bytes;
}

inline QString fileName() { return QStringLiteral("config.yaml"); }

// A valid file around one cluster's bootstrap value or one flow, for the table tests.
inline constexpr char kTwoClusters[] = R"(
clusters:
  - name: primary
    bootstrap: p:9092
  - name: dr
    bootstrap: d:9092
replication:
)";

} // namespace lagscope::test
