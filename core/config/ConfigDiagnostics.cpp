#include "config/ConfigDiagnostics.h"

#include <algorithm>
#include <utility>

namespace lagscope {

namespace {

// One diagnostic per line: control characters from keys, values or yaml-cpp's own messages
// would break that, so they are shown escaped.
QString escapeControlCharacters(const QString &text)
{
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar ch : text) {
        if (ch == QLatin1Char('\n'))
            escaped += QStringLiteral("\\n");
        else if (ch.category() == QChar::Other_Control)
            escaped += QStringLiteral("\\x%1").arg(ch.unicode(), 2, 16, QLatin1Char('0'));
        else
            escaped += ch;
    }
    return escaped;
}

} // namespace

ConfigDiagnostics::ConfigDiagnostics(QString fileName) : m_fileName(std::move(fileName)) { }

void ConfigDiagnostics::error(const YAML::Mark &mark, const QString &path, const QString &what)
{
    m_errors.push_back(makeEntry(mark, path, what));
}

void ConfigDiagnostics::warning(const YAML::Mark &mark, const QString &path, const QString &what)
{
    m_warnings.push_back(makeEntry(mark, path, what));
}

QString ConfigDiagnostics::errorText() const { return sortedTexts(m_errors).join(QLatin1Char('\n')); }

QStringList ConfigDiagnostics::warnings() const { return sortedTexts(m_warnings); }

ConfigDiagnostics::Entry ConfigDiagnostics::makeEntry(const YAML::Mark &mark, const QString &path,
                                                      const QString &what) const
{
    Entry entry;
    entry.line = mark.is_null() ? 1 : mark.line + 1;
    entry.column = mark.is_null() ? 1 : mark.column + 1;
    const QString location = QStringLiteral("%1:%2:%3: ").arg(m_fileName).arg(entry.line).arg(entry.column);
    if (path.isEmpty())
        entry.text = location + what;
    else
        entry.text = location + path + QStringLiteral(": ") + what;
    entry.text = escapeControlCharacters(entry.text);
    return entry;
}

QStringList ConfigDiagnostics::sortedTexts(std::vector<Entry> entries)
{
    std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return std::pair(a.line, a.column) < std::pair(b.line, b.column);
    });
    QStringList texts;
    texts.reserve(static_cast<qsizetype>(entries.size()));
    for (const Entry &entry : entries)
        texts.append(entry.text);
    return texts;
}

} // namespace lagscope
