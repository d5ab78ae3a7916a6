#include "kafka/ListenerProbe.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lagscope {

namespace {

struct Attempt {
    int id = -1;
    int fd = -1;
};

// A non-blocking connect to the first address of host:port; its descriptor, or -1 with the
// answer already known (refused at once, or the name did not resolve: Silent).
int startConnect(const BrokerInfo &b, ListenerAnswer *answer)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    const QByteArray host = b.host.toUtf8();
    const QByteArray port = QByteArray::number(b.port);
    if (getaddrinfo(host.constData(), port.constData(), &hints, &found) != 0 || !found) {
        *answer = ListenerAnswer::Silent;
        return -1;
    }
    const int fd = socket(found->ai_family, found->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, found->ai_protocol);
    if (fd < 0) {
        freeaddrinfo(found);
        *answer = ListenerAnswer::Silent;
        return -1;
    }
    const int rc = connect(fd, found->ai_addr, found->ai_addrlen);
    const int err = errno;
    freeaddrinfo(found);
    if (rc == 0) {
        close(fd);
        *answer = ListenerAnswer::Accepted;
        return -1;
    }
    if (err != EINPROGRESS) {
        close(fd);
        *answer = err == ECONNREFUSED ? ListenerAnswer::Refused : ListenerAnswer::Silent;
        return -1;
    }
    return fd;
}

ListenerAnswer finishedAnswer(int fd)
{
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
        return ListenerAnswer::Silent;
    if (err == 0)
        return ListenerAnswer::Accepted;
    return err == ECONNREFUSED ? ListenerAnswer::Refused : ListenerAnswer::Silent;
}

} // namespace

std::map<int, ListenerAnswer> probeListeners(const std::vector<BrokerInfo> &brokers, Deadline deadline)
{
    std::map<int, ListenerAnswer> answers;
    std::vector<Attempt> pending;
    for (const BrokerInfo &b : brokers) {
        ListenerAnswer answer = ListenerAnswer::Silent;
        const int fd = startConnect(b, &answer);
        if (fd < 0)
            answers[b.id] = answer;
        else
            pending.push_back({b.id, fd});
    }
    while (!pending.empty() && !deadline.expired()) {
        std::vector<pollfd> fds;
        for (const Attempt &a : pending)
            fds.push_back({a.fd, POLLOUT, 0});
        if (poll(fds.data(), fds.size(), std::max(1, deadline.remainingMs())) < 0 && errno != EINTR)
            break;
        std::vector<Attempt> left;
        for (size_t i = 0; i < pending.size(); ++i) {
            if (fds[i].revents == 0) {
                left.push_back(pending[i]);
                continue;
            }
            answers[pending[i].id] = finishedAnswer(pending[i].fd);
            close(pending[i].fd);
        }
        pending = std::move(left);
    }
    for (const Attempt &a : pending) {
        answers[a.id] = ListenerAnswer::Silent;
        close(a.fd);
    }
    return answers;
}

} // namespace lagscope
