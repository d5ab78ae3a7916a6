#include "report/Table.h"

#include <algorithm>

namespace lagscope {

QString formatText(const Table &table)
{
    std::vector<qsizetype> widths;
    for (const auto &c : table.columns)
        widths.push_back(c.size());
    for (const auto &row : table.rows)
        for (qsizetype i = 0; i < row.size() && i < qsizetype(widths.size()); ++i)
            widths[size_t(i)] = std::max(widths[size_t(i)], row[i].size());

    auto line = [&](const QStringList &cells) -> QString {
        QString out;
        for (qsizetype i = 0; i < cells.size(); ++i) {
            const bool last = i + 1 == cells.size();
            out += last ? cells[i] : cells[i].leftJustified(widths[size_t(i)] + 1);
        }
        return out + QLatin1Char('\n');
    };
    QString out = line(table.columns);
    for (const auto &row : table.rows)
        out += line(row);
    return out;
}

QString csvField(const QString &field)
{
    if (!field.contains(QLatin1Char(',')) && !field.contains(QLatin1Char('"')) && !field.contains(QLatin1Char('\n'))
        && !field.contains(QLatin1Char('\r')))
        return field;
    QString escaped = field;
    escaped.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString formatCsv(const Table &table, bool header)
{
    auto line = [](const QStringList &cells) -> QString {
        QStringList quoted;
        for (const auto &c : cells)
            quoted.push_back(csvField(c));
        return quoted.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    };
    QString out = header ? line(table.columns) : QString();
    for (const auto &row : table.rows)
        out += line(row);
    return out;
}

} // namespace lagscope
