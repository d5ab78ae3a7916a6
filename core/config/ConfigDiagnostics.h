#pragma once
// Internal to the config loader. Collects the errors and warnings found while one file is
// read, each located as "<file>:<line>:<column>: <key path>: <what>" so that editors and
// terminals can jump to it. One object per parse, used on the parsing thread only.

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <yaml-cpp/mark.h>

#include <vector>

namespace lagscope {

class ConfigDiagnostics final {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ConfigLoader)

public:
    explicit ConfigDiagnostics(QString fileName);

    // An empty path reports against the whole file. A mark without a position (yaml-cpp's
    // null mark) is shown as 1:1 rather than as a negative line.
    void error(const YAML::Mark &mark, const QString &path, const QString &what);
    void warning(const YAML::Mark &mark, const QString &path, const QString &what);

    bool hasErrors() const { return !m_errors.empty(); }
    // All errors ordered by line then column, one per line; stable for equal positions.
    QString errorText() const;
    QStringList warnings() const;

private:
    struct Entry {
        int line = 0;
        int column = 0;
        QString text;
    };

    Entry makeEntry(const YAML::Mark &mark, const QString &path, const QString &what) const;
    static QStringList sortedTexts(std::vector<Entry> entries);

    QString m_fileName;
    std::vector<Entry> m_errors;
    std::vector<Entry> m_warnings;
};

} // namespace lagscope
