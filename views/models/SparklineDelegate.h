#pragma once
// Paints a list of numbers (QList<qint64> in a model role) as a small line chart inside
// the cell, in the palette's highlight colour so it follows light and dark themes.
// Thread: GUI thread only. Ownership: owned by its parent (usually the view); a view does
// not take ownership of its delegates.

#include <QStyledItemDelegate>

namespace lagscope {

class SparklineDelegate final : public QStyledItemDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SparklineDelegate)

public:
    // role: the model role holding the QList<qint64>, oldest value first.
    explicit SparklineDelegate(int role, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_role;
};

} // namespace lagscope
