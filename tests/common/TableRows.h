#pragma once
// Helpers for QTest data tables: the columns of a table in one statement, and tables whose
// cases live in a vector of structs (so a case can carry values QTest's columns cannot).

#include <QTest>

#include <cstddef>

namespace lagscope::test {

// addColumns<QString, int>("name", "count"): one column per type, named in the same order.
template <typename... Types, typename... Names> void addColumns(const Names &...names)
{
    static_assert(sizeof...(Types) == sizeof...(Names), "one name per column type");
    (QTest::addColumn<Types>(names), ...);
}

// One row per entry of rows (structs with a `name`), named after it and holding its index:
// the test function fetches "row" and reads its entry again from the same table.
template <typename Rows> void addRowNumbers(const Rows &rows)
{
    QTest::addColumn<int>("row");
    for (int i = 0; i < int(rows.size()); ++i)
        QTest::newRow(rows[std::size_t(i)].name) << i;
}

} // namespace lagscope::test
