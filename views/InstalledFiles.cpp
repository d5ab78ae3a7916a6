#include "InstalledFiles.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace lagscope {

QString sourceTreeAbove(const QString &applicationDir)
{
    QDir dir(applicationDir);
    for (int up = 0; up < 4 && dir.cdUp(); ++up)
        if (dir.exists(QStringLiteral("README.md")) && dir.exists(QStringLiteral("docs/ARCHITECTURE.md")))
            return dir.path();
    return {};
}

QString documentationPath(const QString &applicationDir)
{
    const QDir installed(applicationDir + QStringLiteral("/../share/doc/lagscope"));
    if (installed.exists()) {
        // Debian compresses long documents; a folder is what a file manager shows best then.
        for (const char *name : {"README.md", "README"})
            if (installed.exists(QString::fromLatin1(name)))
                return installed.canonicalPath() + QLatin1Char('/') + QString::fromLatin1(name);
        return installed.canonicalPath();
    }
    const QString tree = sourceTreeAbove(applicationDir);
    return tree.isEmpty() ? QString() : QDir(tree).filePath(QStringLiteral("README.md"));
}

QString sampleConfigPath(const QString &applicationDir)
{
    const QString installed = applicationDir + QStringLiteral("/../share/lagscope/lagscope.sample.yaml");
    if (QFileInfo::exists(installed))
        return QFileInfo(installed).canonicalFilePath();
    const QString located =
        QStandardPaths::locate(QStandardPaths::GenericDataLocation, QStringLiteral("lagscope/lagscope.sample.yaml"));
    if (!located.isEmpty())
        return located;
    const QString tree = sourceTreeAbove(applicationDir);
    if (!tree.isEmpty() && QFileInfo::exists(tree + QStringLiteral("/resources/lagscope.sample.yaml")))
        return tree + QStringLiteral("/resources/lagscope.sample.yaml");
    return QDir::cleanPath(installed);
}

} // namespace lagscope
