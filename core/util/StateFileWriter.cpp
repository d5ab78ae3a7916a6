#include "util/StateFileWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace lagscope {

StateFileWriter::StateFileWriter(QString path) : m_path(std::move(path)), m_thread([this] { run(); }) { }

StateFileWriter::~StateFileWriter()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true; // run() writes what is pending before it returns
    }
    m_wake.notify_one();
    m_thread.join();
}

void StateFileWriter::write(QByteArray content)
{
    {
        std::lock_guard lock(m_mutex);
        m_pending = std::move(content);
    }
    m_wake.notify_one();
}

void StateFileWriter::waitUntilWritten()
{
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return !m_pending && !m_writing; });
}

QString StateFileWriter::lastError() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

void StateFileWriter::setBeforeWriteForTest(std::function<void()> hook)
{
    std::lock_guard lock(m_mutex);
    m_beforeWrite = std::move(hook);
}

void StateFileWriter::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_pending || m_stopping; });
        if (!m_pending)
            return; // stopping with nothing left to write
        const QByteArray content = std::move(*m_pending);
        m_pending.reset();
        m_writing = true;
        const std::function<void()> hook = m_beforeWrite;
        lock.unlock();
        if (hook)
            hook();
        const QString error = writeFile(content);
        lock.lock();
        m_error = error;
        m_writing = false;
        if (!m_pending)
            m_idle.notify_all();
    }
}

QString StateFileWriter::writeFile(const QByteArray &content) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path); // write-then-rename: a crash never leaves half a file
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    file.write(content);
    if (!file.commit())
        return file.errorString();
    return QString();
}

} // namespace lagscope
