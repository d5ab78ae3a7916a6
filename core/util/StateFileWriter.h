#pragma once
// Writes a small state file (alerts.json) whole and atomically (QSaveFile: a crash never
// leaves half a file) on a thread of its own, so that the thread that changes the state never
// waits for the disk. QSaveFile::commit() syncs the file before renaming it; on a slow or
// busy disk that took 15 s on the GUI thread of the soak (docs/RELIABILITY.md, "Soak").
// Only the newest content matters: content handed over while a write is running replaces
// what was still waiting, so a slow disk costs writes, never a queue.
//
// Thread: write(), waitUntilWritten() and lastError() from any thread; the files are written
// on the writer's own std::thread. Ownership: a member of the state's owner; the destructor
// writes what is pending, then ends the thread.

#include <QByteArray>
#include <QString>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace lagscope {

class StateFileWriter final {
public:
    explicit StateFileWriter(QString path);
    ~StateFileWriter();
    StateFileWriter(const StateFileWriter &) = delete;
    StateFileWriter &operator=(const StateFileWriter &) = delete;

    const QString &path() const { return m_path; }
    // Hands the file's next content over; returns at once.
    void write(QByteArray content);
    // Blocks until everything handed over so far is written (or failed).
    void waitUntilWritten();
    // The last write's error, empty after a write that succeeded.
    QString lastError() const;
    // Tests only: runs on the writer's thread before each write (e.g. to hold it, as a slow
    // disk would).
    void setBeforeWriteForTest(std::function<void()> hook);

private:
    void run();
    QString writeFile(const QByteArray &content) const;

    const QString m_path;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake; // content pending or stopping
    std::condition_variable m_idle; // nothing pending and no write running
    std::optional<QByteArray> m_pending;
    bool m_writing = false;
    bool m_stopping = false;
    QString m_error;
    std::function<void()> m_beforeWrite;
    std::thread m_thread; // last: started once the members above exist
};

} // namespace lagscope
