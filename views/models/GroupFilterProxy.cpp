#include "models/GroupFilterProxy.h"

#include "models/GroupTableModel.h"

#include <algorithm>

namespace lagscope {

GroupFilterProxy::GroupFilterProxy(QObject *parent) : TextFilterProxy(parent)
{
    setSortRole(GroupTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

// The sort keys follow the model's rows through its signals, connected before the base
// class connects its own: a signal reaches its slots in the order they were connected, so
// the keys are current by the time the base re-sorts and calls lessThan(). After an apply
// with every lag changed the re-sort compares ≈ 60,000 pairs at 5,000 groups; reading both
// sides through the column table (a std::function and a QVariant each) was most of it.
void GroupFilterProxy::setSourceModel(QAbstractItemModel *model)
{
    for (const QMetaObject::Connection &c : m_sourceConnections)
        disconnect(c);
    m_sourceConnections.clear();
    dropSortKeys();
    m_groups = qobject_cast<const GroupTableModel *>(model);
    if (m_groups) {
        const auto drop = [this] { dropSortKeys(); };
        m_sourceConnections = {
            connect(model, &QAbstractItemModel::rowsInserted, this,
                    [this](const QModelIndex &, int first, int last) { insertSortKeys(first, last); }),
            connect(model, &QAbstractItemModel::rowsRemoved, this,
                    [this](const QModelIndex &, int first, int last) { removeSortKeys(first, last); }),
            connect(model, &QAbstractItemModel::dataChanged, this, &GroupFilterProxy::updateSortKeys),
            connect(model, &QAbstractItemModel::rowsMoved, this, drop),
            connect(model, &QAbstractItemModel::layoutChanged, this, drop),
            connect(model, &QAbstractItemModel::modelReset, this, drop),
        };
    }
    TextFilterProxy::setSourceModel(model);
}

GroupFilterProxy::SortKey GroupFilterProxy::sortKeyAt(int row, int column) const
{
    const QVariant value = m_groups->sortValueAt(row, column);
    SortKey key;
    if (!value.isValid())
        return key;
    key.type = value.metaType().id();
    switch (key.type) {
    case QMetaType::Int: key.number = value.toInt(); break;
    case QMetaType::LongLong: key.number = value.toLongLong(); break;
    case QMetaType::Double: key.real = value.toDouble(); break;
    case QMetaType::QString: key.text = value.toString(); break;
    default: break;
    }
    return key;
}

void GroupFilterProxy::buildSortKeys(int column) const
{
    const int rows = m_groups->rowCount();
    m_keys.clear();
    m_keys.reserve(size_t(rows));
    for (int row = 0; row < rows; ++row)
        m_keys.push_back(sortKeyAt(row, column));
    m_keyColumn = column;
    m_keysRevision = m_groups->valuesRevision();
}

// Insertions and removals change no other row's values, so only their keys move.
void GroupFilterProxy::insertSortKeys(int first, int last)
{
    if (m_keyColumn < 0)
        return;
    std::vector<SortKey> added;
    added.reserve(size_t(last - first + 1));
    for (int row = first; row <= last; ++row)
        added.push_back(sortKeyAt(row, m_keyColumn));
    m_keys.insert(m_keys.begin() + first, std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
}

void GroupFilterProxy::removeSortKeys(int first, int last)
{
    if (m_keyColumn >= 0)
        m_keys.erase(m_keys.begin() + first, m_keys.begin() + last + 1);
}

// The base re-sorts a changed row against the others' current values, and the model stores
// all the changed rows of an update before it announces the first: when the update is a new
// one, every key is read again (once per update), else those of the announced rows.
void GroupFilterProxy::updateSortKeys(const QModelIndex &topLeft, const QModelIndex &bottomRight)
{
    if (m_keyColumn < 0)
        return;
    if (m_keysRevision != m_groups->valuesRevision()) {
        buildSortKeys(m_keyColumn);
        return;
    }
    if (m_keyColumn < topLeft.column() || m_keyColumn > bottomRight.column())
        return;
    for (int row = topLeft.row(); row <= bottomRight.row(); ++row)
        m_keys[size_t(row)] = sortKeyAt(row, m_keyColumn);
}

bool GroupFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!hasFilterText())
        return true;
    if (!m_groups) {
        const QModelIndex index = sourceModel()->index(sourceRow, GroupTableModel::Group, sourceParent);
        const QStringList topics = index.data(GroupTableModel::TopicsRole).toStringList();
        return matchesText(index.data(GroupTableModel::SortRole).toString())
               || std::any_of(topics.begin(), topics.end(), [this](const QString &t) { return matchesText(t); });
    }
    const GroupTableRow &row = m_groups->rowAt(sourceRow);
    return matchesText(row.groupId)
           || std::any_of(row.topics.begin(), row.topics.end(), [this](const QString &t) { return matchesText(t); });
}

// The comparison of QSortFilterProxyModel::lessThan for the types the model sorts by
// (integers, doubles, strings with the proxy's case sensitivity); any other type goes to it.
bool GroupFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (!m_groups || sortRole() != GroupTableModel::SortRole || left.column() != right.column())
        return TextFilterProxy::lessThan(left, right);
    if (m_keyColumn != left.column()) // the first comparison of a sort by this column
        buildSortKeys(left.column());
    const SortKey &l = m_keys[size_t(left.row())];
    const SortKey &r = m_keys[size_t(right.row())];
    if (l.type == r.type) {
        switch (l.type) {
        case QMetaType::Int:
        case QMetaType::LongLong: return l.number < r.number;
        case QMetaType::Double: return l.real < r.real;
        case QMetaType::QString:
            if (!isSortLocaleAware())
                return QString::compare(l.text, r.text, sortCaseSensitivity()) < 0;
            break;
        default: break;
        }
    }
    return TextFilterProxy::lessThan(left, right);
}

} // namespace lagscope
