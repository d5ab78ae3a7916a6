#pragma once
// What the conformance tests against Kafka's own tools share: rows shown in a failure
// message, datetimes as the tools take them, a read-only twin of the lab's primary in a
// test's configuration, and a live group member. Main thread only.

#include <QDateTime>
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

// Adds cluster "readonly" (read_only: true) on `bootstrap` to the configuration at `path`.
inline bool appendReadOnlyCluster(const QString &path, const QString &bootstrap)
{
    QFile f(path);
    if (!f.open(QIODevice::Append))
        return false;
    return f.write(QStringLiteral("  - name: readonly\n    bootstrap: \"%1\"\n    read_only: true\n")
                       .arg(bootstrap)
                       .toUtf8())
           > 0;
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
