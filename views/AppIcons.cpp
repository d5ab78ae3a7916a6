#include "AppIcons.h"

#include <QApplication>
#include <QFile>

namespace lagscope {

QIcon applicationIcon()
{
    static const QString compiled = QStringLiteral(":/icons/lagscope.svg");
    if (QFile::exists(compiled))
        return QIcon(compiled);
    return QIcon::fromTheme(QStringLiteral("lagscope"));
}

QIcon actionIcon(const char *themeName, QStyle::StandardPixmap fallback)
{
    const QString name = QString::fromLatin1(themeName);
    if (QIcon::hasThemeIcon(name))
        return QIcon::fromTheme(name);
    return QApplication::style()->standardIcon(fallback);
}

} // namespace lagscope
