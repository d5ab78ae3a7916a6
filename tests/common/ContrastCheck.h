#pragma once
// WCAG 2 contrast of text on its background, for the GUI tests' dark and light palettes:
// every cell of a model whose text has a colour of its own (Qt::ForegroundRole) or sits on a
// tint (Qt::BackgroundRole) is checked against what the view paints under it.
// Pure apart from reading the model; main thread only.

#include <QAbstractItemModel>
#include <QColor>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <cmath>

namespace lagscope::test {

// Relative luminance (WCAG 2.1), of an opaque colour.
inline double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

// `fg` painted over the opaque `bg` (a translucent colour, e.g. Qt 6's placeholder text).
inline QColor over(const QColor &fg, const QColor &bg)
{
    const double a = fg.alphaF();
    return QColor::fromRgbF(float(fg.redF() * a + bg.redF() * (1 - a)), float(fg.greenF() * a + bg.greenF() * (1 - a)),
                            float(fg.blueF() * a + bg.blueF() * (1 - a)));
}

inline double contrast(const QColor &fg, const QColor &bg)
{
    const double a = luminance(over(fg, bg)) + 0.05;
    const double b = luminance(bg) + 0.05;
    return a > b ? a / b : b / a;
}

inline QColor colourOf(const QVariant &v)
{
    return v.canConvert<QBrush>() ? v.value<QBrush>().color() : v.value<QColor>();
}

// The cells of `model` whose text contrast is below `minimum`, as "row r column c: 'text'
// 2.9:1"; empty when every coloured cell is readable. Rows alternate between Base and
// AlternateBase when `alternating`.
inline QStringList lowContrastCells(const QAbstractItemModel *model, const QPalette &palette, bool alternating,
                                    double minimum = 4.5)
{
    QStringList low;
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex i = model->index(r, c);
            const QVariant fgv = i.data(Qt::ForegroundRole);
            const QVariant bgv = i.data(Qt::BackgroundRole);
            const QString text = i.data(Qt::DisplayRole).toString();
            if ((!fgv.isValid() && !bgv.isValid()) || text.isEmpty())
                continue;
            const QColor base = palette.color(alternating && r % 2 ? QPalette::AlternateBase : QPalette::Base);
            const QColor bg = bgv.isValid() ? over(colourOf(bgv), base) : base;
            const QColor fg = fgv.isValid() ? colourOf(fgv) : palette.color(QPalette::Text);
            const double ratio = contrast(fg, bg);
            if (ratio < minimum)
                low << QStringLiteral("row %1 column %2: '%3' %4:1 (%5 on %6)")
                           .arg(r)
                           .arg(c)
                           .arg(text)
                           .arg(ratio, 0, 'f', 2)
                           .arg(fg.name(QColor::HexArgb), bg.name());
        }
    }
    return low;
}

} // namespace lagscope::test
