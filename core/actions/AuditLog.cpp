#include "actions/AuditLog.h"

#include "util/SecretMasker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLocale>
#include <QStorageInfo>
#include <QSysInfo>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct AuditLogText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::AuditLog)
};

QString userName()
{
    for (const char *var : {"USER", "LOGNAME", "USERNAME"})
        if (const QString v = qEnvironmentVariable(var); !v.isEmpty())
            return v;
    return QStringLiteral("uid:%1").arg(::getuid());
}

QString why() { return QString::fromLocal8Bit(std::strerror(errno)); }

int openLog(const QString &path)
{
    return ::open(QFile::encodeName(path).constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
}

// Called with the lock held on the current file: shifts .1 … .keep-1 up and moves the
// current file to .1. Another process holding the old fd keeps appending to what is now
// .1 until it re-checks (see appendAuditRecord), so no record is lost.
void rotate(const QString &path, int keep)
{
    QFile::remove(path + QStringLiteral(".%1").arg(keep));
    for (int i = keep - 1; i >= 1; --i)
        QFile::rename(path + QStringLiteral(".%1").arg(i), path + QStringLiteral(".%1").arg(i + 1));
    QFile::rename(path, path + QStringLiteral(".1"));
}

void readFile(const QString &path, const QDateTime &since, std::vector<QJsonObject> &out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (!doc.isObject()) {
            out.push_back(QJsonObject{{QStringLiteral("unreadable"), QString::fromUtf8(line)}});
            continue;
        }
        const QJsonObject o = doc.object();
        const QDateTime time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
        if (!time.isValid() || time >= since)
            out.push_back(o);
    }
}

} // namespace

QString auditLogPath(const QString &dataDir) { return QDir(dataDir).filePath(QStringLiteral("audit.jsonl")); }

QJsonObject auditRecordBase(const QDateTime &timeUtc)
{
    return QJsonObject{{QStringLiteral("time"), timeUtc.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("user"), userName()},
                       {QStringLiteral("host"), QSysInfo::machineHostName()}};
}

Status appendAuditRecord(const QString &path, const QJsonObject &record, const AuditRotation &rotation)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    // Masked as serialised text: the masker knows the JSON-escaped form of every secret.
    const QByteArray data = SecretMasker::instance().mask(QJsonDocument(record).toJson(QJsonDocument::Compact)) + '\n';
    int fd = -1;
    struct stat opened { };
    for (int attempt = 0; attempt < 3; ++attempt) {
        fd = openLog(path);
        if (fd < 0)
            return Status::failure(AuditLogText::tr("cannot open %1: %2").arg(path, why()));
        ::flock(fd, LOCK_EX);
        struct stat current { };
        // Someone rotated between our open and our lock: append to the new file instead.
        if (::fstat(fd, &opened) == 0 && ::stat(QFile::encodeName(path).constData(), &current) == 0
            && opened.st_ino != current.st_ino) {
            ::close(fd);
            continue;
        }
        if (rotation.maxBytes > 0 && opened.st_size > 0 && opened.st_size + data.size() > rotation.maxBytes) {
            rotate(path, std::max(1, rotation.keep));
            ::close(fd); // releases the lock; the next round opens the new file
            continue;
        }
        break;
    }
    qsizetype written = 0;
    while (written < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + written, size_t(data.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const QString reason = why();
            // A full disk can take half a record: cut it off, so that the next record starts on
            // a line of its own and no reader sees a torn one (we still hold the lock).
            if (written > 0 && ::ftruncate(fd, opened.st_size) != 0)
                qWarning("audit: could not cut a torn record from %s", qPrintable(path));
            ::close(fd);
            return Status::failure(AuditLogText::tr("cannot write %1: %2").arg(path, reason));
        }
        written += n;
    }
    // The audit trail must survive a crash right after the write it records.
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!synced)
        return Status::failure(AuditLogText::tr("cannot sync %1: %2").arg(path, why()));
    return success();
}

Status checkAuditRecordable(const QString &path, qint64 recordBytes)
{
    const QString dir = QFileInfo(path).absolutePath();
    QDir().mkpath(dir);
    const int fd = openLog(path);
    if (fd < 0)
        return Status::failure(AuditLogText::tr("cannot open %1: %2").arg(path, why()));
    ::close(fd);
    // Room for the record with a margin: the record is written after the change, and a change
    // that cannot be audited must not be made (docs/RELIABILITY.md, "Disk full").
    const qint64 needed = std::max<qint64>(kAuditReserveBytes, 4 * recordBytes);
    QStorageInfo volume(dir);
    volume.refresh();
    if (volume.isValid() && volume.bytesAvailable() < needed)
        return Status::failure(AuditLogText::tr("the disk holding %1 is full (%2 free, %3 needed for its record)")
                                   .arg(path, QLocale::c().formattedDataSize(volume.bytesAvailable()),
                                        QLocale::c().formattedDataSize(needed)));
    return success();
}

Result<std::vector<QJsonObject>> readAuditRecords(const QString &path, const QDateTime &since)
{
    std::vector<QJsonObject> out;
    QStringList files;
    for (int i = 1;; ++i) {
        const QString rotated = path + QStringLiteral(".%1").arg(i);
        if (!QFileInfo::exists(rotated))
            break;
        files.prepend(rotated); // oldest first
    }
    files.append(path);
    for (const QString &f : files)
        readFile(f, since, out);
    return out;
}

} // namespace lagscope
