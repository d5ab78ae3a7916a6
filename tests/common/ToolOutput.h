#pragma once
// What the conformance tests against Kafka's own tools share: rows shown in a failure
// message, datetimes as the tools take them, a CLI configuration with a read-only twin of
// the lab's primary, and a live group member. Main thread only.

#include "LabClient.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <set>

namespace lagscope::test {

inline QString showRows(const std::multiset<QString> &rows)
{
    return QStringList(rows.begin(), rows.end()).join(QLatin1Char('\n'));
}

// `yyyy-MM-ddTHH:mm:ss.SSSZ`, as --to-datetime takes it.
inline QString utcText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz"))
           + QLatin1Char('Z');
}

// The lagscopectl configuration of a test, written in `dir`: the lab's clusters and
// "readonly", the primary again with read_only: true. The CLI's backups and audit trail go to
// `dir`/data (XDG_DATA_HOME). Empty when it could not be written.
inline QString scratchCliConfig(const LabClient &lab, const QString &dir)
{
    qputenv("XDG_DATA_HOME", QDir(dir).filePath(QStringLiteral("data")).toUtf8());
    const QString path = lab.writeConfig(dir);
    QFile f(path);
    if (!f.open(QIODevice::Append))
        return QString();
    const QByteArray readOnly = QStringLiteral("  - name: readonly\n    bootstrap: \"%1\"\n    read_only: true\n")
                                    .arg(lab.bootstrap(QStringLiteral("primary")))
                                    .toUtf8();
    return f.write(readOnly) == readOnly.size() ? path : QString();
}

// A member of `group` reading `topic` until stopped (the traffic tool's consume --stay), owned
// by `parent`; null when it did not start.
inline QProcess *startMember(QObject *parent, const QString &group, const QString &topic, const QString &bootstrap,
                             const QString &protocol = QStringLiteral("classic"))
{
    auto *p = new QProcess(parent);
    p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
             {QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
              QStringLiteral("--max"), QStringLiteral("1000000"), QStringLiteral("--stay"),
              QStringLiteral("--protocol"), protocol, QStringLiteral("--bootstrap"), bootstrap});
    if (!p->waitForStarted()) {
        delete p;
        return nullptr;
    }
    return p;
}

} // namespace lagscope::test
