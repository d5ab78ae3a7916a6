#include "jobs/Job.h"

#include <QCoreApplication>
#include <QMutex>
#include <QThread>

#include <mutex>
#include <set>

namespace lagscope {

// Shared by a job and its worker; outlives whichever of them ends first.
struct JobChannel {
    QMutex mutex;
    Job *job = nullptr; // null once the job is destroyed: reports are dropped
    std::shared_ptr<std::atomic_bool> cancel = std::make_shared<std::atomic_bool>(false);
    std::function<void()> deliver; // what the work returned, for the owner's thread
};

namespace {

// Workers still running, waited for when the application object is destroyed (see Job.h).
QMutex g_runningMutex;
std::set<QThread *> g_running;

void waitForRunningWorkers()
{
    std::set<QThread *> running;
    {
        const QMutexLocker lock(&g_runningMutex);
        running = g_running;
    }
    // No event loop runs any more, so none of these threads is deleted meanwhile.
    for (QThread *thread : running)
        thread->wait();
}

} // namespace

JobContext::JobContext(std::shared_ptr<JobChannel> channel) : m_channel(std::move(channel)) { }

bool JobContext::cancelled() const { return m_channel->cancel->load(); }

const std::shared_ptr<std::atomic_bool> &JobContext::cancelFlag() const { return m_channel->cancel; }

void JobContext::progress(const QString &text, int done, int total) const
{
    const QMutexLocker lock(&m_channel->mutex);
    // Under the lock: the job cannot be destroyed before the event is posted, and a posted
    // event dies with its receiver.
    if (Job *job = m_channel->job)
        QMetaObject::invokeMethod(
            job, [job, text, done, total] { Q_EMIT job->progress(text, done, total); }, Qt::QueuedConnection);
}

void JobContext::post(std::function<void()> f) const
{
    const QMutexLocker lock(&m_channel->mutex);
    if (Job *job = m_channel->job)
        QMetaObject::invokeMethod(job, std::move(f), Qt::QueuedConnection);
}

Job::Job(QString threadName, Work work, QObject *parent)
    : QObject(parent), m_threadName(std::move(threadName)), m_work(std::move(work)),
      m_channel(std::make_shared<JobChannel>())
{
    m_channel->job = this;
}

Job::~Job()
{
    {
        const QMutexLocker lock(&m_channel->mutex);
        m_channel->job = nullptr;
    }
    m_channel->cancel->store(true);
}

void Job::start()
{
    if (m_running || m_finished || !m_work)
        return;
    static std::once_flag registered;
    std::call_once(registered, [] { qAddPostRoutine(waitForRunningWorkers); });
    m_running = true;
    auto *thread = QThread::create([channel = m_channel, work = std::move(m_work)] {
        std::function<void()> deliver = work(JobContext(channel));
        {
            const QMutexLocker lock(&channel->mutex);
            channel->deliver = std::move(deliver);
        }
        const QMutexLocker lock(&g_runningMutex);
        g_running.erase(QThread::currentThread());
    });
    m_work = nullptr;
    thread->setObjectName(m_threadName);
    {
        const QMutexLocker lock(&g_runningMutex);
        g_running.insert(thread);
    }
    // Queued to this job: it runs after every progress the worker posted. Gone with the job.
    connect(thread, &QThread::finished, this, &Job::onThreadFinished);
    // The thread object deletes itself, whether the job is still there or not.
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void Job::cancel() { m_channel->cancel->store(true); }

bool Job::isCancelled() const { return m_channel->cancel->load(); }

void Job::onThreadFinished()
{
    std::function<void()> deliver;
    {
        const QMutexLocker lock(&m_channel->mutex);
        deliver = std::move(m_channel->deliver);
    }
    m_running = false;
    m_finished = true;
    if (deliver)
        deliver();
    Q_EMIT finished();
}

} // namespace lagscope
