#pragma once
// What the conformance tests against Kafka's own tools share: rows shown in a failure
// message, datetimes as the tools take them, a CLI configuration with a read-only twin of
// the lab's primary, and a live group member. Main thread only.

#include "LabClient.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QList>
#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <set>

namespace lagscope::test {

inline QString showRows(const std::multiset<QString> &rows)
{
    return QStringList(rows.begin(), rows.end()).join(QLatin1Char('\n'));
}

// Producer timestamps one minute apart (`produce --timestamp-step`), for datetime resets.
constexpr qint64 kMinute = 60 * 1000;

// "GROUP TOPIC PARTITION NEW-OFFSET" rows of a reset-offsets plan table (either tool), of these
// groups only.
inline std::multiset<QString> resetPlanRows(const QString &output, const QStringList &groups)
{
    std::multiset<QString> rows;
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        const QStringList cells = line.trimmed().split(ws, Qt::SkipEmptyParts);
        if (cells.size() == 4 && groups.contains(cells[0]))
            rows.insert(cells.join(QLatin1Char(' ')));
    }
    return rows;
}

// Rows of describe tables, printed by kafka-consumer-groups.sh or lagscopectl, comparable as
// a multiset (the tool's row order inside a block is hash-map order): "HEADER | row", both
// whitespace-normalised, for each row of a group whose name contains `marker`. A row belongs
// to the header above it (the columns differ per group: GROUP-INSTANCE-ID, UPGRADED). A blank
// cell (a dynamic member's GROUP-INSTANCE-ID) leaves the row a word short in both tools.
inline std::multiset<QString> describeTableRows(const QString &output, const QString &marker)
{
    std::multiset<QString> rows;
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    QString header;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        const QStringList cells = line.trimmed().split(ws, Qt::SkipEmptyParts);
        if (cells.isEmpty())
            continue;
        if (cells[0] == QStringLiteral("GROUP"))
            header = cells.join(QLatin1Char(' '));
        else if (!header.isEmpty() && cells[0].contains(marker))
            rows.insert(header + QStringLiteral(" | ") + cells.join(QLatin1Char(' ')));
    }
    return rows;
}

// The table headers in a describe output, in order: a group without rows still has its own.
inline QStringList describeHeaders(const QString &output)
{
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    QStringList headers;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        const QStringList cells = line.trimmed().split(ws, Qt::SkipEmptyParts);
        if (!cells.isEmpty() && cells[0] == QStringLiteral("GROUP"))
            headers << cells.join(QLatin1Char(' '));
    }
    return headers;
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
// by `parent`; null when it did not start. `extra`: more consume options (--instance-id…).
inline QProcess *startMember(QObject *parent, const QString &group, const QString &topic, const QString &bootstrap,
                             const QString &protocol = QStringLiteral("classic"), const QStringList &extra = {})
{
    auto *p = new QProcess(parent);
    p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
             QStringList{QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
                         QStringLiteral("--max"), QStringLiteral("1000000"), QStringLiteral("--stay"),
                         QStringLiteral("--protocol"), protocol, QStringLiteral("--bootstrap"), bootstrap}
                 + extra);
    if (!p->waitForStarted()) {
        delete p;
        return nullptr;
    }
    return p;
}

// Stops members started with startMember(): SIGTERM lets each leave its group cleanly; one
// that does not exit in time is killed, so that no member outlives its test.
inline void stopMembers(const QList<QProcess *> &members)
{
    for (QProcess *p : members) {
        if (p->state() == QProcess::NotRunning)
            continue;
        p->terminate();
        if (!p->waitForFinished(15000))
            p->kill();
    }
}

} // namespace lagscope::test
