#include "metrics/MetricsExporter.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace lagscope {

namespace {

constexpr qsizetype kMaxRequestBytes = 8 * 1024;
constexpr int kRequestTimeoutMs = 5000;

QByteArray response(const QByteArray &status, const QByteArray &contentType, const QByteArray &body)
{
    return "HTTP/1.1 " + status + "\r\nContent-Type: " + contentType
           + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

} // namespace

Result<std::pair<QString, quint16>> parseHostPort(const QString &hostPort)
{
    const qsizetype colon = hostPort.lastIndexOf(QLatin1Char(':'));
    if (colon < 0)
        return Result<std::pair<QString, quint16>>::failure(
            QStringLiteral("'%1' is not HOST:PORT (e.g. 127.0.0.1:9464, or :9464 for every address)").arg(hostPort));
    QString host = hostPort.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = hostPort.mid(colon + 1).toUInt(&ok);
    if (!ok || port > 65535)
        return Result<std::pair<QString, quint16>>::failure(
            QStringLiteral("'%1': the port must be a number from 0 to 65535").arg(hostPort));
    return std::pair<QString, quint16>{host, quint16(port)};
}

MetricsExporter::MetricsExporter(MetricsOptions options, QObject *parent)
    : QObject(parent), m_options(options), m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &MetricsExporter::accept);
}

MetricsExporter::~MetricsExporter() = default;

Status MetricsExporter::listen(const QString &hostPort)
{
    const auto parsed = parseHostPort(hostPort);
    if (!parsed)
        return Status::failure(parsed.errorMessage());
    const auto &[host, port] = *parsed;
    QHostAddress address(QHostAddress::Any);
    if (!host.isEmpty() && host != QLatin1String("*")) {
        if (host == QLatin1String("localhost"))
            address = QHostAddress(QHostAddress::LocalHost);
        else if (!address.setAddress(host))
            return Status::failure(QStringLiteral("'%1': %2 is not an IP address").arg(hostPort, host));
    }
    if (!m_server->listen(address, port))
        return Status::failure(QStringLiteral("cannot listen on %1: %2").arg(hostPort, m_server->errorString()));
    return success();
}

quint16 MetricsExporter::port() const { return m_server->serverPort(); }

QByteArray MetricsExporter::render() const { return renderPrometheusText(m_input, m_options); }

void MetricsExporter::applyPoll(const PollUpdate &update)
{
    const ClusterSnapshot &s = *update.snapshot;
    m_input.clusters[s.cluster] = update.snapshot;
    ClusterMetricCounts &counts = m_input.counts[s.cluster];
    ++counts.polls;
    if (!s.reachable || !s.error.isEmpty())
        ++counts.failedPolls;
    for (const Rebalance &r : update.rebalances)
        ++counts.rebalances[r.group];
    if (s.reachable) {
        // Groups deleted since: their counters go with them, so the map stays as large as the
        // cluster's groups (a group created again starts from 0, which Prometheus reads as a reset).
        for (auto it = counts.rebalances.begin(); it != counts.rebalances.end();)
            it = s.group(it->first) ? std::next(it) : counts.rebalances.erase(it);
    }
}

void MetricsExporter::applyFlow(std::shared_ptr<const mirror::FlowSnapshot> snapshot,
                                const std::vector<mirror::FlowEvent> &)
{
    if (snapshot)
        m_input.flows[snapshot->flow.label()] = std::move(snapshot);
}

void MetricsExporter::applyHistoryWriter(const QString &cluster, bool writing)
{
    m_input.history.shared = true;
    m_input.history.writer[cluster] = writing;
}

void MetricsExporter::applyHistoryBacklog(qint64 buffered, qint64 dropped)
{
    m_input.history.shared = true;
    m_input.history.buffered = buffered;
    m_input.history.dropped = dropped;
}

void MetricsExporter::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        // A client that never finishes its request does not hold the socket for ever.
        QTimer::singleShot(kRequestTimeoutMs, socket, [socket] { socket->abort(); });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { serve(socket); });
    }
}

void MetricsExporter::serve(QTcpSocket *socket)
{
    if (socket->property("answered").toBool())
        return;
    const QByteArray head = socket->peek(kMaxRequestBytes + 1);
    const qsizetype end = head.indexOf("\r\n\r\n");
    if (end < 0) {
        if (head.size() > kMaxRequestBytes) {
            socket->setProperty("answered", true);
            socket->write(response("431 Request Header Fields Too Large", "text/plain", "request too large\n"));
            socket->disconnectFromHost();
        }
        return; // wait for the rest of the headers
    }
    socket->setProperty("answered", true);
    const QList<QByteArray> request = head.left(head.indexOf("\r\n")).split(' ');
    const QByteArray method = request.value(0);
    const QByteArray path = request.value(1).split('?').value(0);
    if (method != "GET" && method != "HEAD")
        socket->write(response("405 Method Not Allowed", "text/plain", "only GET\n"));
    else if (path == "/metrics") {
        const QByteArray full = response("200 OK", "text/plain; version=0.0.4; charset=utf-8", render());
        socket->write(method == "HEAD" ? full.left(full.indexOf("\r\n\r\n") + 4) : full);
    } else if (path == "/")
        socket->write(response("200 OK", "text/html; charset=utf-8",
                               "<html><body><a href=\"/metrics\">/metrics</a></body></html>\n"));
    else
        socket->write(response("404 Not Found", "text/plain", "not found: try /metrics\n"));
    socket->disconnectFromHost();
}

} // namespace lagscope
