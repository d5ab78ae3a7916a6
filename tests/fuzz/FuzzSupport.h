#pragma once
// Shared by the libFuzzer targets of this folder: how a target reports a broken property
// (abort, so libFuzzer saves the input), and the input as Qt types or as a file for the
// readers that only take a path.
#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace lagscope::fuzz {

[[noreturn]] inline void violated(const char *target, const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "%s: %s %s\n", target, what, detail.toUtf8().constData());
    std::abort();
}

// A deep copy: a parser that keeps a view past the call would otherwise read freed memory
// without ASan noticing (libFuzzer's own buffer outlives the call).
inline QByteArray bytesOf(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// A directory of this process for targets whose parser reads files: under $TMPDIR (the
// run-fuzz script points it at a tmpfs when there is one), removed at exit.
inline const QString &scratchDir()
{
    static const QString dir = [] {
        const QString path =
            QDir::tempPath() + QStringLiteral("/lagscope-fuzz-%1").arg(QCoreApplication::applicationPid());
        QDir(path).removeRecursively();
        QDir().mkpath(path);
        std::atexit([] { QDir(scratchDir()).removeRecursively(); });
        return path;
    }();
    return dir;
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

} // namespace lagscope::fuzz
