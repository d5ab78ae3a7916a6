#pragma once
// The history as the GUI reads it: queries run on a thread of their own, against a reader
// connection of their own (HistoryStore, OpenMode::Reader), and each result comes back on the
// thread that asked, so no chart ever waits on SQLite. A slow disk or a week of points only
// makes the answer late; the window keeps painting.
//
// A request is a query (run on the reader thread with the store) and a delivery (run on the
// asking thread with the query's result). read() returns the request's id; cancel(id) drops
// it: a request not started yet never runs, a finished one is never delivered. A view keeps
// the id of its newest request and cancels the previous one when it asks again (another range,
// group or flow), so a stale answer can never overwrite a newer one. Deliveries also stop when
// the `context` object is destroyed. Requests run one at a time, oldest first.
//
// The store is opened on the reader thread when it starts. When it cannot be opened, every
// request is delivered the error instead of a result; nothing retries.
//
// Thread: the HistoryReader object lives on the GUI thread (read(), cancel() and deliveries
// happen there); its store and queries live on its own QThread, "history-reader".
// Ownership: DesktopSession owns it (tests create their own). Destroying it cancels every
// request, then waits for the query in progress, if any, to finish: one query, not the queue.

#include "store/HistoryStore.h"
#include "util/Result.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <map>
#include <memory>

namespace lagscope {

class HistoryReaderWorker;

class HistoryReader final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryReader)

public:
    using RequestId = quint64;

    explicit HistoryReader(const QString &path, QObject *parent = nullptr);
    ~HistoryReader() override;

    QString path() const { return m_path; }

    // Runs query(store) on the reader thread, then deliver(result) on this object's thread
    // unless the request was cancelled or `context` destroyed meanwhile. The query gets copies
    // of what it needs (it runs on another thread): capture values, never `this` of a widget.
    template <typename T>
    RequestId read(QObject *context, std::function<Result<T>(const HistoryStore &)> query,
                   std::function<void(Result<T>)> deliver)
    {
        auto run = [query = std::move(query), deliver = std::move(deliver)](
                       const HistoryStore *store, const QString &openError) -> std::function<void()> {
            auto result = std::make_shared<Result<T>>(store ? query(*store) : Result<T>::failure(openError));
            return [deliver, result] { deliver(std::move(*result)); };
        };
        return enqueue(context, std::move(run));
    }

    // The request is not delivered (and not run, if it has not started). Unknown or already
    // delivered ids are ignored, so a view may cancel whatever id it last had.
    void cancel(RequestId id);

    // Requests asked for and neither delivered nor cancelled yet.
    int pendingCount() const { return int(m_pending.size()); }

Q_SIGNALS:
    // The store could not be opened; every request gets this message as its error.
    void openFailed(const QString &message);

private:
    friend class HistoryReaderWorker;
    // One request as the reader thread sees it: `run` executes the query and returns the
    // delivery, bound to the result, for the asking thread.
    struct Request {
        RequestId id = 0;
        std::atomic_bool cancelled = false;
        std::function<std::function<void()>(const HistoryStore *store, const QString &openError)> run;
        QPointer<QObject> context; // read on the GUI thread only
    };

    RequestId enqueue(QObject *context,
                      std::function<std::function<void()>(const HistoryStore *, const QString &)> run);
    void deliver(const std::shared_ptr<Request> &request, const std::function<void()> &delivery);

    QString m_path;
    QThread m_thread;
    HistoryReaderWorker *m_worker = nullptr; // lives on m_thread, deleted when it finishes
    RequestId m_nextId = 1;
    std::map<RequestId, std::shared_ptr<Request>> m_pending;
};

} // namespace lagscope
