#pragma once
// A piece of long-running work of the GUI (Kafka calls, reading backups) run off the GUI
// thread: start() runs a callable on its own QThread; progress and one finished() arrive on
// the thread that created the job, in the order the worker reported them. The callable
// gets copies of its inputs and a JobContext (cancel flag, progress), never the job itself:
// everything it hands back goes through the context or its return value, which is stored
// on the owner's thread just before finished(). ResultJob<T> below keeps that value.
//
// Why the destructor does not wait: a dialog closed during a step must not freeze the
// window for the step's deadline. It sets the cancel flag (Kafka calls in flight give up on
// it, see ClientOptions::cancel) and leaves the thread to end on its own; whatever the
// worker still reports is dropped, and the thread deletes itself. Threads still running
// when the application object goes away are waited for then, so no worker outlives the
// libraries it uses.
//
// Thread: create, start, cancel and destroy on one thread with an event loop (the GUI
// thread); the callable runs on the job's own QThread. Ownership: owned by its parent (the
// dialog, page or session that started it); a running job may be deleted at any time.

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace lagscope {

struct JobChannel;

// What the worker sees of its job. Cheap to copy; usable from the worker thread only.
class JobContext {
public:
    explicit JobContext(std::shared_ptr<JobChannel> channel);

    bool cancelled() const;
    // The flag to hand to blocking calls (ClientOptions::cancel, FailoverCallbacks::cancel).
    const std::shared_ptr<std::atomic_bool> &cancelFlag() const;
    // Emits Job::progress on the owner's thread; dropped once the job is gone.
    void progress(const QString &text, int done = 0, int total = 0) const;
    // Runs `f` on the owner's thread, in order with progress; dropped once the job is gone.
    // For a job's own typed signals (a step of many done); `f` may use the job.
    void post(std::function<void()> f) const;

private:
    std::shared_ptr<JobChannel> m_channel;
};

class Job : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Job)

public:
    // Runs on the job's thread; the function it returns runs on the owner's thread just
    // before finished() (it stores the result; null: nothing to store).
    using Work = std::function<std::function<void()>(const JobContext &context)>;

    Job(QString threadName, Work work, QObject *parent = nullptr);
    ~Job() override;

    // Once; later calls do nothing. Returns at once.
    void start();
    // From the owner's thread; the worker sees it through JobContext::cancelled() and the
    // calls it passed the flag to. finished() still follows (with what the work returned).
    void cancel();

    bool isRunning() const { return m_running; }
    bool isFinished() const { return m_finished; }
    bool isCancelled() const;

Q_SIGNALS:
    // `done` of `total` steps (0 of 0: no count), with a text for the owner to show.
    void progress(const QString &text, int done, int total);
    // Once, after the worker's thread has ended: isRunning() is false in its slots.
    void finished();

private:
    void onThreadFinished();

    QString m_threadName;
    Work m_work;
    std::shared_ptr<JobChannel> m_channel;
    bool m_running = false;
    bool m_finished = false;
};

// A job whose work returns one value, kept for the owner: result() is set when finished()
// is emitted. Thread and ownership: as Job.
template <typename T> class ResultJob : public Job {
public:
    using Function = std::function<T(const JobContext &context)>;

    ResultJob(QString threadName, Function function, QObject *parent = nullptr)
        : Job(std::move(threadName), wrap(this, std::move(function)), parent)
    {
    }

    const std::optional<T> &result() const { return m_result; }

private:
    static Work wrap(ResultJob *self, Function function)
    {
        return [self, function = std::move(function)](const JobContext &context) -> std::function<void()> {
            auto value = std::make_shared<T>(function(context));
            // Runs on the owner's thread, and only while the job exists (see Job).
            return [self, value] { self->m_result.emplace(std::move(*value)); };
        };
    }

    std::optional<T> m_result;
};

} // namespace lagscope
