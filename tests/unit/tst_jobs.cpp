// The job base of core/jobs (Job.h): the work runs on its own thread; progress, posts and
// the one finished() arrive on the creating thread in the order the worker reported them;
// cancel reaches the worker; a job deleted while it runs returns at once, delivers nothing
// more and its worker still ends.
#include "jobs/Job.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <thread>

using namespace lagscope;

namespace {

struct WorkerSeen {
    QThread *thread = nullptr;
    bool cancelledAtEnd = false;
};

} // namespace

class TestJobs final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void finishedOnTheOwnersThread()
    {
        auto worker = std::make_shared<std::atomic<QThread *>>(nullptr);
        ResultJob<int> job(QStringLiteral("test-job"), [worker](const JobContext &) {
            worker->store(QThread::currentThread());
            return 42;
        });
        QThread *finishedOn = nullptr;
        bool runningInSlot = true;
        connect(&job, &Job::finished, this, [&] {
            finishedOn = QThread::currentThread();
            runningInSlot = job.isRunning();
        });
        QSignalSpy finished(&job, &Job::finished);
        QVERIFY(!job.isRunning());
        job.start();
        QVERIFY(job.isRunning());
        QVERIFY(!job.result()); // nothing before finished()
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finishedOn, QThread::currentThread());
        QVERIFY(worker->load() != nullptr);
        QVERIFY(worker->load() != QThread::currentThread());
        QVERIFY(!runningInSlot);
        QVERIFY(job.isFinished());
        QCOMPARE(job.result(), std::optional<int>(42));
        // Once: a second start runs nothing.
        job.start();
        QVERIFY(!job.isRunning());
        QCoreApplication::processEvents();
        QCOMPARE(finished.count(), 1);
    }

    void progressAndPostsInOrderBeforeFinished()
    {
        constexpr int kSteps = 200;
        ResultJob<int> job(QStringLiteral("test-job"), [](const JobContext &context) {
            for (int i = 1; i <= kSteps; ++i) {
                if (i % 2)
                    context.progress(QStringLiteral("step %1").arg(i), i, kSteps);
                else
                    context.post([] {}); // interleaved: both go through one queue
            }
            return kSteps;
        });
        QStringList seen;
        QThread *progressOn = nullptr;
        bool finishedAfterAll = false;
        connect(&job, &Job::progress, this, [&](const QString &text, int done, int total) {
            progressOn = QThread::currentThread();
            QCOMPARE(total, kSteps);
            QCOMPARE(text, QStringLiteral("step %1").arg(done));
            seen << text;
        });
        connect(&job, &Job::finished, this, [&] { finishedAfterAll = seen.size() == kSteps / 2; });
        QSignalSpy finished(&job, &Job::finished);
        job.start();
        QVERIFY(finished.wait(10000));
        QVERIFY(finishedAfterAll);
        QCOMPARE(progressOn, QThread::currentThread());
        QStringList expected;
        for (int i = 1; i <= kSteps; i += 2)
            expected << QStringLiteral("step %1").arg(i);
        QCOMPARE(seen, expected);
    }

    void cancelReachesTheWorker()
    {
        ResultJob<QString> job(QStringLiteral("test-job"), [](const JobContext &context) {
            // Stands for a blocking call that checks its cancel flag (ClientOptions::cancel):
            // it waits on the flag itself, with a deadline, not for a fixed time.
            const auto flag = context.cancelFlag();
            QDeadlineTimer limit(20000);
            while (!flag->load() && !limit.hasExpired())
                std::this_thread::yield();
            return context.cancelled() ? QStringLiteral("cancelled") : QStringLiteral("ran out");
        });
        QSignalSpy finished(&job, &Job::finished);
        job.start();
        QVERIFY(!job.isCancelled());
        job.cancel();
        QVERIFY(job.isCancelled());
        QVERIFY(finished.wait(10000)); // finished() still follows a cancel
        QCOMPARE(job.result(), std::optional<QString>(QStringLiteral("cancelled")));
    }

    void deletedWhileRunning()
    {
        auto gate = std::make_shared<QSemaphore>();
        auto ended = std::make_shared<std::atomic_bool>(false);
        auto seen = std::make_shared<WorkerSeen>();
        auto *job = new ResultJob<int>(QStringLiteral("test-job"), [gate, ended, seen](const JobContext &context) {
            gate->acquire(); // ignores the cancel flag on purpose: the worker outlives the job
            context.progress(QStringLiteral("after the job is gone"));
            context.post([] { QFAIL("a post ran after its job was deleted"); });
            seen->cancelledAtEnd = context.cancelled();
            ended->store(true);
            return 1;
        });
        bool delivered = false;
        connect(job, &Job::progress, this, [&] { delivered = true; });
        connect(job, &Job::finished, this, [&] { delivered = true; });
        job->start();
        QVERIFY(job->isRunning());
        delete job; // returns at once: the worker is still blocked on the gate
        QVERIFY(!ended->load());
        gate->release();
        QTRY_VERIFY_WITH_TIMEOUT(ended->load(), 10000);
        QVERIFY(seen->cancelledAtEnd); // deleting cancels
        // Every report was made before `ended`: none reached the deleted job.
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void deletedBeforeStartRunsNothing()
    {
        auto ran = std::make_shared<std::atomic_bool>(false);
        {
            ResultJob<int> job(QStringLiteral("test-job"), [ran](const JobContext &) {
                ran->store(true);
                return 0;
            });
        }
        QVERIFY(!ran->load());
    }
};

QTEST_GUILESS_MAIN(TestJobs)
#include "tst_jobs.moc"
