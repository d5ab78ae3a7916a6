#pragma once
// Status colours that stay readable on light and dark palettes: the same hue, darker on a
// light base and lighter on a dark one. Models return them for Qt::ForegroundRole and
// Qt::BackgroundRole so that themes following the system palette keep working.
// Thread: GUI thread (reads the application palette). Ownership: free functions only.

#include <QColor>
#include <QGuiApplication>
#include <QPalette>
#include <QString>
#include <QWidget>

namespace lagscope {

enum class StatusTone {
    Good,    // online, stable
    Warning, // under-replicated, rebalancing, unreachable
    Error,   // offline, dead
    Muted,   // unknown, unassigned, empty
};

inline bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Active, QPalette::Base).lightness() < 128;
}

inline QColor statusForeground(StatusTone tone, const QPalette &palette = QGuiApplication::palette())
{
    const bool dark = isDarkPalette(palette);
    switch (tone) {
    case StatusTone::Good: return dark ? QColor(0x7b, 0xd8, 0x8f) : QColor(0x1b, 0x7f, 0x3b);
    case StatusTone::Warning: return dark ? QColor(0xff, 0xb8, 0x4d) : QColor(0x8a, 0x5a, 0x00);
    case StatusTone::Error: return dark ? QColor(0xff, 0x7a, 0x70) : QColor(0xb3, 0x26, 0x1e);
    case StatusTone::Muted: break;
    }
    // Not PlaceholderText: Qt 6 makes it the text at half opacity, 4:1 on a white base, under
    // the 4.5:1 that text must keep (WCAG). Two thirds of the way from the base to the text
    // still reads as secondary, at about 6:1 in light and dark palettes alike.
    const QColor text = palette.color(QPalette::Active, QPalette::Text);
    const QColor base = palette.color(QPalette::Active, QPalette::Base);
    constexpr double amount = 0.65;
    const auto mix = [amount](int a, int b) { return int(a + (b - a) * amount + 0.5); };
    return QColor(mix(base.red(), text.red()), mix(base.green(), text.green()), mix(base.blue(), text.blue()));
}

// A light tint of the tone over the palette's base, for whole rows in a bad state.
inline QColor statusBackground(StatusTone tone, const QPalette &palette = QGuiApplication::palette())
{
    const QColor base = palette.color(QPalette::Active, QPalette::Base);
    const QColor fg = statusForeground(tone, palette);
    constexpr double amount = 0.18;
    const auto mix = [amount](int a, int b) { return int(a + (b - a) * amount + 0.5); };
    return QColor(mix(base.red(), fg.red()), mix(base.green(), fg.green()), mix(base.blue(), fg.blue()));
}

// A label's text in a status tone, from its own palette (so a dark theme gets the dark
// variant), or back to the palette's text colour. Dialogs use it for their result lines
// instead of colours written into style sheets.
inline void setToneText(QWidget *widget, StatusTone tone, bool bold = false)
{
    widget->setStyleSheet(QStringLiteral("color: %1;%2")
                              .arg(statusForeground(tone, widget->palette()).name(),
                                   bold ? QStringLiteral(" font-weight: bold") : QString()));
}

inline void clearToneText(QWidget *widget) { widget->setStyleSheet(QString()); }

} // namespace lagscope
