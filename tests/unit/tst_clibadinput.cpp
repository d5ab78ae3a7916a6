// lagscopectl given bad input, option by option and command by command: the real binary exits
// 2, names the option (or the file, line and key), prints nothing on stdout and writes nothing.
// Its HOME and XDG directories are a scratch tree whose every file is hashed before and after
// each row: no history, audit record, backup, cache or output file may appear or change.
// Every option a command's --help lists that takes a value has a row, so a new option
// without one fails valueOptionsHaveRows(). Needs no Kafka: usage and configuration are
// checked before any connection (the clusters point at 127.0.0.1:1, nothing listens there).

#include "CliBadInputRows.h"
#include "TableRows.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <memory>
#include <utility>
#include <vector>

using namespace lagscope::test;

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
    QString describe() const
    {
        return QStringLiteral("exit %1\n--- stdout ---\n%2\n--- stderr ---\n%3").arg(exitCode).arg(out, err);
    }
};

// Every file and directory under `root`: path, then size and SHA-256 for a file.
std::map<QString, QByteArray> listing(const QString &root)
{
    std::map<QString, QByteArray> files;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info = it.fileInfo();
        QByteArray state = "dir";
        if (!info.isDir()) {
            QFile file(path);
            state = QByteArray::number(info.size()) + ' ';
            if (file.open(QIODevice::ReadOnly))
                state += QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
        }
        files[path.mid(root.size())] = state;
    }
    return files;
}

QString changes(const std::map<QString, QByteArray> &before, const std::map<QString, QByteArray> &after)
{
    QStringList changed;
    for (const auto &[path, state] : after) {
        const auto it = before.find(path);
        if (it == before.end())
            changed << QStringLiteral("created ") + path;
        else if (it->second != state)
            changed << QStringLiteral("changed ") + path;
    }
    for (const auto &[path, state] : before)
        if (!after.contains(path))
            changed << QStringLiteral("removed ") + path;
    return changed.join(QStringLiteral(", "));
}

// "--name <value>" lines of a help text: the options that take a value.
QStringList valueOptions(const QString &help)
{
    static const QRegularExpression option(QStringLiteral("--([a-z][a-z-]*) <"));
    QStringList names;
    for (auto it = option.globalMatch(help); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
    file.write(bytes);
}

} // namespace

class TestCliBadInput final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_template;           // the scratch tree every row starts from
    std::vector<Run> m_runs;      // by row, run in initTestCase
    std::vector<QString> m_roots; // by row: its own copy of the template
    std::map<QString, QByteArray> m_templateListing;
    qint64 m_wallMs = 0;

    // lagscopectl started with HOME and the XDG directories in `root`.
    static void start(QProcess &p, const QString &root, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const std::pair<const char *, const char *> dirs[] = {{"HOME", "home"},
                                                              {"XDG_CONFIG_HOME", "config"},
                                                              {"XDG_DATA_HOME", "data"},
                                                              {"XDG_CACHE_HOME", "cache"},
                                                              {"XDG_STATE_HOME", "state"},
                                                              {"XDG_RUNTIME_DIR", "runtime"}};
        for (const auto &[name, dir] : dirs)
            env.insert(QString::fromLatin1(name), root + QLatin1Char('/') + QString::fromLatin1(dir));
        env.insert(QStringLiteral("TMPDIR"), root + QStringLiteral("/tmp"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(root + QStringLiteral("/home"));
        p.start(qEnvironmentVariable("LAGSCOPECTL"), args);
    }

    static Run finish(QProcess &p)
    {
        Run r;
        if (!p.waitForStarted(10000) || !p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished(5000);
            r.err = QStringLiteral("did not finish: ") + p.errorString();
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    Run lagscopectl(const QStringList &args) const
    {
        QProcess p;
        start(p, m_template, args);
        return finish(p);
    }

    static QStringList expand(const QStringList &args, const QString &root)
    {
        QStringList out;
        for (const QString &a : args)
            out << QString(a).replace(QStringLiteral("@DIR@"), root);
        return out;
    }

    static void copyTree(const QString &from, const QString &to)
    {
        QDir().mkpath(to);
        for (const QFileInfo &info : QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)) {
            const QString target = to + QLatin1Char('/') + info.fileName();
            if (info.isDir())
                copyTree(info.filePath(), target);
            else
                QFile::copy(info.filePath(), target);
        }
        QFile::setPermissions(to, QFile::permissions(from));
    }

private Q_SLOTS:
    // Every row runs here, a few at a time, each in its own copy of the scratch tree (so
    // that what one writes cannot hide in another's): the table takes seconds, not minutes.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_template = m_dir.filePath(QStringLiteral("template"));
        for (const char *sub : {"home", "config", "data", "cache", "state", "runtime", "tmp", "out"})
            QVERIFY(QDir(m_template).mkpath(QString::fromLatin1(sub)));
        QFile::setPermissions(m_template + QStringLiteral("/runtime"),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        // The default configuration (XDG_CONFIG_HOME/lagscope/config.yaml) and the files rows name.
        writeFile(m_template + QStringLiteral("/config/lagscope/config.yaml"), kConfig);
        writeFile(m_template + QStringLiteral("/files/bad.yaml"), kBadConfig);
        writeFile(m_template + QStringLiteral("/files/plan-bad.csv"), "topic,partition,offset\nt,zero,5\n");
        writeFile(m_template + QStringLiteral("/files/backup-bad.json"), "{\"group\": \"g\", \"offsets\": [\n");
        writeFile(m_template + QStringLiteral("/files/backup-other.json"), kOtherClusterBackup);
        writeFile(m_template + QStringLiteral("/files/backup-g.json"), kBackupOfG);
        writeFile(m_template + QStringLiteral("/files/history.sqlite"), "not a history file");

        m_templateListing = listing(m_template);
        const std::size_t count = cliRows().size();
        m_runs.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
            m_roots.push_back(m_dir.filePath(QStringLiteral("row%1").arg(i)));
            copyTree(m_template, m_roots.back());
        }
        constexpr std::size_t kAtOnce = 8;
        QElapsedTimer timer;
        timer.start();
        for (std::size_t first = 0; first < count; first += kAtOnce) {
            std::vector<std::unique_ptr<QProcess>> running;
            for (std::size_t i = first; i < std::min(count, first + kAtOnce); ++i) {
                running.push_back(std::make_unique<QProcess>());
                start(*running.back(), m_roots[i], expand(cliRows()[i].args, m_roots[i]));
            }
            for (std::size_t i = first; i < std::min(count, first + kAtOnce); ++i)
                m_runs[i] = finish(*running[i - first]);
        }
        m_wallMs = timer.elapsed();
    }

    void badInput_data() { addRowNumbers(cliRows()); }

    void badInput()
    {
        QFETCH(int, row);
        const std::size_t i = std::size_t(row);
        const CliRow &r = cliRows()[i];
        const Run &run = m_runs[i];
        const QString context = expand(r.args, m_roots[i]).join(u' ') + u'\n' + run.describe();
        QVERIFY2(run.exitCode == r.exit, qPrintable(context));
        for (const QString &fragment : expand(r.fragments, m_roots[i]))
            QVERIFY2(run.err.contains(fragment),
                     qPrintable(QStringLiteral("stderr lacks \"%1\": %2").arg(fragment, context)));
        QVERIFY2(run.out.isEmpty(), qPrintable(context));
        const QString changed = changes(m_templateListing, listing(m_roots[i]));
        QVERIFY2(changed.isEmpty(), qPrintable(QStringLiteral("written: %1\n%2").arg(changed, context)));
    }

    // Every option that takes a value, of every command, is given a bad one by some row.
    void valueOptionsHaveRows_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *command : kCommands)
            QTest::newRow(command) << QString::fromLatin1(command);
    }

    void valueOptionsHaveRows()
    {
        QFETCH(QString, command);
        const Run help = lagscopectl({command, QStringLiteral("--help")});
        QVERIFY2(help.exitCode == 0, qPrintable(help.describe()));
        const QStringList options = valueOptions(help.out);
        QVERIFY2(!options.isEmpty(), qPrintable(help.out));
        for (const QString &option : options) {
            const bool covered = std::any_of(cliRows().begin(), cliRows().end(), [&](const CliRow &r) {
                return r.args.value(0) == command && r.option == option;
            });
            QVERIFY2(covered, qPrintable(QStringLiteral("%1 --%2 has no bad-input row").arg(command, option)));
        }
    }

    // The commands the usage lists are the ones rows cover.
    void everyCommandListed()
    {
        const Run usage = lagscopectl({QStringLiteral("--help")});
        QCOMPARE(usage.exitCode, 0);
        static const QRegularExpression command(QStringLiteral("^  ([a-z-]+)  "), QRegularExpression::MultilineOption);
        QStringList listed;
        for (auto it = command.globalMatch(usage.out); it.hasNext();)
            listed << it.next().captured(1);
        QStringList covered;
        for (const char *c : kCommands)
            covered << QString::fromLatin1(c);
        listed.sort();
        covered.sort();
        QCOMPARE(listed, covered);
    }

    void cleanupTestCase() { qInfo("%d rows in %lld ms", int(cliRows().size()), m_wallMs); }
};

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_clibadinput.moc"
