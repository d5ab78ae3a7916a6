#include "history/HistoryReader.h"

namespace lagscope {

// The reader thread's side: owns the store, which must be opened and used on this thread (a
// QSqlDatabase connection belongs to the thread that made it).
class HistoryReaderWorker final : public QObject {
    Q_DISABLE_COPY_MOVE(HistoryReaderWorker)

public:
    HistoryReaderWorker(QString path, HistoryReader *front) : m_path(std::move(path)), m_front(front) { }

    void open()
    {
        if (m_tried)
            return;
        m_tried = true;
        auto opened = HistoryStore::open(m_path, {}, HistoryStore::OpenMode::Reader);
        if (opened) {
            m_store = std::move(*opened);
            return;
        }
        m_openError = opened.errorMessage();
        QMetaObject::invokeMethod(
            m_front, [front = m_front, message = m_openError] { Q_EMIT front->openFailed(message); },
            Qt::QueuedConnection);
    }

    void run(const std::shared_ptr<HistoryReader::Request> &request)
    {
        // A request cancelled while it waited in the queue costs nothing.
        if (request->cancelled)
            return;
        open();
        std::function<void()> delivery = request->run(m_store.get(), m_openError);
        // The front outlives this thread (its destructor waits for it), so posting to it is
        // safe; a delivery still queued when it is destroyed is discarded with it.
        QMetaObject::invokeMethod(
            m_front, [front = m_front, request, delivery] { front->deliver(request, delivery); }, Qt::QueuedConnection);
    }

private:
    QString m_path;
    HistoryReader *m_front;
    bool m_tried = false;
    std::unique_ptr<HistoryStore> m_store;
    QString m_openError;
};

HistoryReader::HistoryReader(const QString &path, QObject *parent) : QObject(parent), m_path(path)
{
    m_thread.setObjectName(QStringLiteral("history-reader"));
    m_worker = new HistoryReaderWorker(path, this);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::started, m_worker, [worker = m_worker] { worker->open(); });
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

HistoryReader::~HistoryReader()
{
    for (auto &[id, request] : m_pending)
        request->cancelled = true;
    m_pending.clear();
    m_thread.quit();
    m_thread.wait();
}

HistoryReader::RequestId
HistoryReader::enqueue(QObject *context,
                       std::function<std::function<void()>(const HistoryStore *, const QString &)> run)
{
    auto request = std::make_shared<Request>();
    request->id = m_nextId++;
    request->run = std::move(run);
    request->context = context;
    m_pending.emplace(request->id, request);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, request] { worker->run(request); }, Qt::QueuedConnection);
    return request->id;
}

void HistoryReader::cancel(RequestId id)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    it->second->cancelled = true;
    m_pending.erase(it);
}

void HistoryReader::deliver(const std::shared_ptr<Request> &request, const std::function<void()> &delivery)
{
    if (request->cancelled || m_pending.erase(request->id) == 0 || !request->context)
        return;
    delivery();
}

} // namespace lagscope
