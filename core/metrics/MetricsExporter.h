#pragma once
// Serves /metrics in the Prometheus text format over HTTP: keeps the latest poll of every
// cluster and flow (and counts polls, failed polls and rebalances), and renders them
// (renderPrometheusText) for each scrape. A deliberately small HTTP/1.1 server: GET /metrics
// (and GET / with a pointer to it), one request per connection, a request line and headers
// of at most 8 KiB read within 5 s; anything else is answered with an error status.
//
// Thread: create, use and destroy on one thread (the main thread of `lagscopectl collect`);
// the poll slots and the sockets run there.
// Ownership: created by its composition root; owns its server and sockets.

#include "metrics/PrometheusText.h"
#include "mirror/FlowHealth.h"
#include "monitor/ClusterPoller.h"
#include "util/Result.h"

#include <QObject>

class QTcpServer;
class QTcpSocket;

namespace lagscope {

class MetricsExporter final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MetricsExporter)

public:
    explicit MetricsExporter(MetricsOptions options, QObject *parent = nullptr);
    ~MetricsExporter() override;

    // "HOST:PORT" ("127.0.0.1:9464", "[::1]:9464", ":9464" for every address); port 0 picks
    // a free one (port() tells which). An error names the address and why.
    Status listen(const QString &hostPort);
    quint16 port() const;
    // What a scrape would answer now.
    QByteArray render() const;

public Q_SLOTS:
    void applyPoll(const lagscope::PollUpdate &update);
    void applyFlow(std::shared_ptr<const lagscope::mirror::FlowSnapshot> snapshot,
                   const std::vector<lagscope::mirror::FlowEvent> &events);
    // A shared history (HistoryRecorder::writerChanged and ::backlog).
    void applyHistoryWriter(const QString &cluster, bool writing);
    void applyHistoryBacklog(qint64 buffered, qint64 dropped);

private:
    void accept();
    void serve(QTcpSocket *socket);

    MetricsOptions m_options;
    MetricsInput m_input;
    QTcpServer *m_server = nullptr;
};

// Splits "HOST:PORT" as --metrics-listen takes it; an error says what is wrong.
Result<std::pair<QString, quint16>> parseHostPort(const QString &hostPort);

} // namespace lagscope
