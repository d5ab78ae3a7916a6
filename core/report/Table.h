#pragma once
// A table of text cells and its renderings: aligned text (like Kafka's tools print) and
// RFC 4180 CSV. JSON is typed, so each command builds its own.

#include <QString>
#include <QStringList>

#include <vector>

namespace lagscope {

struct Table {
    QStringList columns;
    std::vector<QStringList> rows;
};

// Columns padded to the widest cell plus one space, like ConsumerGroupCommand's output.
QString formatText(const Table &table);
QString formatCsv(const Table &table, bool header = true);
QString csvField(const QString &field);

} // namespace lagscope
