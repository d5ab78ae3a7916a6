// lagscopectl's options, command by command, read from each command's --help: an option
// that takes one value and is given twice is a usage error naming both values (the last one
// must never quietly win, as it once did for reset-offsets --group A --group B), and the
// options a command reads as lists may repeat. Runs the real lagscopectl; needs no Kafka, since
// usage is checked before any connection.
#include "LabClient.h"

#include <QRegularExpression>
#include <QTest>

using namespace lagscope::test;

namespace {

const char *const kCommands[] = {"describe", "brokers",        "topics",   "groups",   "reset-offsets", "undo",
                                 "delete",   "delete-offsets", "failover", "failback", "audit",         "report"};

// Options a command reads with values(): each value counts.
const QStringList kRepeatable[] = {{QStringLiteral("group")},
                                   {},
                                   {},
                                   {},
                                   {QStringLiteral("group"), QStringLiteral("topic")},
                                   {},
                                   {QStringLiteral("group")},
                                   {QStringLiteral("topic")},
                                   {QStringLiteral("group")},
                                   {QStringLiteral("group")},
                                   {},
                                   {QStringLiteral("cluster")}};

ProcessResult lagscopectl(const QStringList &args)
{
    return runProcess(qEnvironmentVariable("LAGSCOPECTL"), args, 30000);
}

// "--name <value>" lines of the help text: the options that take a value.
QStringList valueOptions(const QString &help)
{
    static const QRegularExpression option(QStringLiteral("--([a-z][a-z-]*) <"));
    QStringList names;
    for (auto it = option.globalMatch(help); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

const QString kRepeated = QStringLiteral("takes one value but was given 2");

} // namespace

class TestCliUsage final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void repeatedOption_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("repeatable");
        for (std::size_t i = 0; i < std::size(kCommands); ++i)
            QTest::newRow(kCommands[i]) << QString::fromLatin1(kCommands[i]) << kRepeatable[i];
    }

    void repeatedOption()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, repeatable);
        const ProcessResult help = lagscopectl({command, QStringLiteral("--help")});
        QVERIFY2(help.exitCode == 0, qPrintable(help.describe()));
        const QStringList options = valueOptions(help.out);
        QVERIFY2(options.size() >= 2, qPrintable(help.out));
        for (const QString &r : repeatable)
            QVERIFY2(options.contains(r), qPrintable(QStringLiteral("--%1 is not an option of %2").arg(r, command)));

        for (const QString &name : options) {
            const QString flag = QStringLiteral("--") + name;
            const ProcessResult r =
                lagscopectl({command, flag, QStringLiteral("first"), flag, QStringLiteral("second")});
            const QString context = QStringLiteral("%1 %2 twice: %3").arg(command, flag, r.describe());
            if (repeatable.contains(name)) {
                QVERIFY2(!r.err.contains(kRepeated), qPrintable(context));
            } else {
                QVERIFY2(r.exitCode == 2, qPrintable(context));
                QVERIFY2(r.err.contains(flag + QLatin1Char(' ') + kRepeated), qPrintable(context));
                QVERIFY2(r.err.contains(QStringLiteral("'first', 'second'")), qPrintable(context));
            }
        }
    }

    // Groups are named with --group (repeatable) or chosen with --all-groups, never both.
    void groupChoice_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        const QStringList reset{QStringLiteral("reset-offsets"), QStringLiteral("--all-topics"),
                                QStringLiteral("--to-earliest")};
        QTest::newRow("reset-offsets: neither") << reset << QStringLiteral("--group is required");
        QTest::newRow("reset-offsets: both")
            << reset + QStringList{QStringLiteral("--group"), QStringLiteral("A"), QStringLiteral("--all-groups")}
            << QStringLiteral("not both");
        QTest::newRow("delete: neither") << QStringList{QStringLiteral("delete")}
                                         << QStringLiteral("give --group G (repeatable) or --all-groups");
        QTest::newRow("delete: both") << QStringList{QStringLiteral("delete"), QStringLiteral("--group"),
                                                     QStringLiteral("A"), QStringLiteral("--all-groups")}
                                      << QStringLiteral("give --group G (repeatable) or --all-groups");
        QTest::newRow("delete-offsets: no topic")
            << QStringList{QStringLiteral("delete-offsets"), QStringLiteral("--group"), QStringLiteral("A")}
            << QStringLiteral("takes the following options: --topic");
        QTest::newRow("delete: dry-run and execute")
            << QStringList{QStringLiteral("delete"), QStringLiteral("--group"), QStringLiteral("A"),
                           QStringLiteral("--dry-run"), QStringLiteral("--execute")}
            << QStringLiteral("--dry-run");
    }

    void groupChoice()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const ProcessResult r =
            lagscopectl(args + QStringList{QStringLiteral("--bootstrap"), QStringLiteral("127.0.0.1:1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(error), qPrintable(r.describe()));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.describe())); // nothing planned, nothing printed
    }
};

QTEST_GUILESS_MAIN(TestCliUsage)
#include "tst_cliusage.moc"
