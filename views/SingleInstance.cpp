#include "SingleInstance.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>

#include <unistd.h>

namespace lagscope {

namespace {

constexpr int kMaxMessage = 64 * 1024; // a command line; anything longer is not a launch

} // namespace

SingleInstance::SingleInstance(const QString &configPath, QObject *parent)
    : QObject(parent), m_name(serverName(configPath))
{
}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::serverName(const QString &configPath)
{
    // A first run has no file yet, so no canonical path: the absolute one names it then, and
    // is what the same command line gives the next time.
    const QFileInfo info(configPath);
    const QString path = info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
    const QByteArray hash = QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    const QString name = QStringLiteral("lagscope-%1-%2").arg(uint(getuid())).arg(QString::fromLatin1(hash));
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && QFileInfo(runtime).isDir())
        return QDir(runtime).filePath(name + QStringLiteral(".socket"));
    return name; // Qt puts it in the temporary folder
}

bool SingleInstance::forward(const QStringList &arguments, int timeoutMs) const
{
    QLocalSocket socket;
    socket.connectToServer(m_name);
    if (!socket.waitForConnected(timeoutMs))
        return false; // nobody listens (or a stale socket: listen() deals with it)
    socket.write(QJsonDocument(QJsonArray::fromStringList(arguments)).toJson(QJsonDocument::Compact) + '\n');
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (!socket.canReadLine()) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    return socket.readLine() == "ok\n";
}

bool SingleInstance::listen()
{
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::onConnection);
    if (m_server->listen(m_name))
        return true;
    // forward() found nobody answering, so a socket of that name is a crashed run's.
    QLocalServer::removeServer(m_name);
    if (m_server->listen(m_name))
        return true;
    qWarning("single instance: cannot listen on %s: %s", qPrintable(m_name), qPrintable(m_server->errorString()));
    return false;
}

void SingleInstance::onConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
            if (!socket->canReadLine()) {
                if (socket->bytesAvailable() > kMaxMessage)
                    socket->abort();
                return;
            }
            const QJsonArray array = QJsonDocument::fromJson(socket->readLine()).array();
            QStringList arguments;
            for (const auto &value : array)
                arguments << value.toString();
            socket->write("ok\n");
            socket->flush();
            socket->disconnectFromServer();
            Q_EMIT activated(arguments);
        });
    }
}

} // namespace lagscope
