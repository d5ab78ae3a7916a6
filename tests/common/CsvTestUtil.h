#pragma once
// An RFC 4180 reader written independently of Lagscope's CSV writer, for tests that read
// reports back: fields separated by commas, records ended by CRLF, quoted fields may hold
// commas, CRLF and doubled quotes. Anything else is reported as a problem.

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace lagscope::test {

inline QList<QStringList> parseCsv(const QString &text, QString *problem)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool wasQuoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            if (!field.isEmpty() || wasQuoted)
                *problem = QStringLiteral("quote inside an unquoted field at %1").arg(i);
            quoted = wasQuoted = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
            wasQuoted = false;
        } else if (c == QLatin1Char('\r')) {
            if (i + 1 >= text.size() || text[i + 1] != QLatin1Char('\n'))
                *problem = QStringLiteral("bare CR at %1").arg(i);
            record << field;
            records << record;
            record.clear();
            field.clear();
            wasQuoted = false;
            ++i;
        } else if (c == QLatin1Char('\n')) {
            *problem = QStringLiteral("bare LF at %1").arg(i);
        } else {
            field += c;
        }
    }
    if (quoted)
        *problem = QStringLiteral("unterminated quote");
    if (!field.isEmpty() || !record.isEmpty())
        *problem = QStringLiteral("last record without CRLF");
    return records;
}

// Rows as maps from the header's column names.
inline QList<QMap<QString, QString>> csvRecords(const QList<QStringList> &rows)
{
    QList<QMap<QString, QString>> out;
    for (qsizetype r = 1; r < rows.size(); ++r) {
        QMap<QString, QString> m;
        for (qsizetype c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
            m.insert(rows[0][c], rows[r][c]);
        out << m;
    }
    return out;
}

} // namespace lagscope::test
