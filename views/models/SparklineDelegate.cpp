#include "models/SparklineDelegate.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace lagscope {

SparklineDelegate::SparklineDelegate(int role, QObject *parent) : QStyledItemDelegate(parent), m_role(role) { }

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // The base class paints background, selection and focus; the cell has no text.
    QStyledItemDelegate::paint(painter, option, index);

    const QList<qint64> values = index.data(m_role).value<QList<qint64>>();
    if (values.isEmpty())
        return;

    const QRectF area = QRectF(option.rect).adjusted(3, 4, -3, -4);
    if (area.width() < 4 || area.height() < 2)
        return;

    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const double low = double(*lo);
    const double span = double(*hi) - low;
    // A flat series is drawn through the middle rather than along the bottom edge.
    const auto yOf = [&](qint64 v) {
        return span > 0 ? area.bottom() - (double(v) - low) / span * area.height() : area.center().y();
    };
    const double step = values.size() > 1 ? area.width() / double(values.size() - 1) : 0.0;

    QPainterPath path;
    if (values.size() == 1) {
        path.moveTo(area.left(), yOf(values.first()));
        path.lineTo(area.right(), yOf(values.first()));
    } else {
        path.moveTo(area.left(), yOf(values.first()));
        for (qsizetype i = 1; i < values.size(); ++i)
            path.lineTo(area.left() + step * double(i), yOf(values[i]));
    }

    const bool selected = option.state.testFlag(QStyle::State_Selected);
    const QColor colour =
        option.palette.color(QPalette::Active, selected ? QPalette::HighlightedText : QPalette::Highlight);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(colour, 1.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path);
    // The newest value as a dot, so the eye finds "now".
    painter->setPen(Qt::NoPen);
    painter->setBrush(colour);
    painter->drawEllipse(QPointF(area.right(), yOf(values.last())), 2.0, 2.0);
    painter->restore();
}

QSize SparklineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width(), 80));
    return size;
}

} // namespace lagscope
