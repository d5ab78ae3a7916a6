#pragma once
// The table a failover test prints and writes to LAGSCOPE_TEST_OUTPUT (for the README):
// one row per case with the methods the plan used and lost / duplicated records, or what
// Lagscope answered for a case that is refused. Header-only; main thread of a Qt Test.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <vector>

namespace lagscope::test {

class FailoverReport {
public:
    // A counted case: the plan's methods (in partition order, each once) and the tally.
    void counted(const QString &what, const QJsonObject &group, qint64 lost, qint64 duplicated,
                 const QString &note = {})
    {
        QStringList methods;
        for (const QJsonValue &p : group.value(QStringLiteral("partitions")).toArray())
            methods << p.toObject().value(QStringLiteral("method")).toString();
        methods.removeDuplicates();
        const QString dup =
            note.isEmpty() ? QString::number(duplicated) : QStringLiteral("%1 (%2)").arg(duplicated).arg(note);
        m_rows
            << QStringLiteral("| %1 | %2 | %3 | %4 |").arg(what, methods.join(QStringLiteral(", "))).arg(lost).arg(dup);
        qInfo("%s: %s, lost %lld, duplicated %s", qPrintable(what), qPrintable(methods.join(QLatin1Char(','))), lost,
              qPrintable(dup));
    }

    // A case Lagscope refuses or reports instead of moving records.
    void answered(const QString &what, const QString &answer)
    {
        m_rows << QStringLiteral("| %1 | %2 | - | - |").arg(what, answer);
    }

    // A second table under the first one.
    void detail(const QString &title, const QString &header, const QStringList &rows)
    {
        m_details +=
            QStringLiteral("\n%1\n\n%2\n").arg(title, header) + rows.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }

    // Prints the tables and writes them to LAGSCOPE_TEST_OUTPUT/<fileName>.
    void write(const QString &title, const QString &fileName) const
    {
        const QString text = title + QStringLiteral("\n\n| case | method | lost | duplicated |\n|---|---|---|---|\n")
                             + m_rows.join(QLatin1Char('\n')) + QLatin1Char('\n') + m_details;
        printf("%s", qPrintable(text));
        const QString out = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT");
        if (!out.isEmpty() && QDir().mkpath(out)) {
            QFile f(QDir(out).filePath(fileName));
            if (f.open(QIODevice::WriteOnly))
                f.write(text.toUtf8());
        }
    }

private:
    QStringList m_rows;
    QString m_details;
};

} // namespace lagscope::test
