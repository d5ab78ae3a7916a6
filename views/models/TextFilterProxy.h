#pragma once
// Base of the proxies that filter a table by what the user types: the text, trimmed, and
// whether a value contains it, ignoring case. The proxy says which values it looks at.
// Thread: GUI thread only. Ownership: owned by its parent; does not own its source model.

#include <QSortFilterProxyModel>

namespace lagscope {

class TextFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextFilterProxy)

public:
    QString filterText() const { return m_text; }
    void setFilterText(const QString &text);

protected:
    explicit TextFilterProxy(QObject *parent = nullptr) : QSortFilterProxyModel(parent) { }

    bool hasFilterText() const { return !m_text.isEmpty(); }
    bool matchesText(const QString &value) const { return value.contains(m_text, Qt::CaseInsensitive); }

private:
    QString m_text;
};

} // namespace lagscope
