#pragma once
// A point in time after which a network call gives up. Passed down instead of timeouts so
// that a sequence of calls shares one budget and the whole operation answers in time.

#include <algorithm>
#include <chrono>

namespace lagscope {

class Deadline {
public:
    using Clock = std::chrono::steady_clock;

    static Deadline in(std::chrono::milliseconds ms) { return Deadline(Clock::now() + ms); }
    static Deadline inMs(int ms) { return in(std::chrono::milliseconds(ms)); }

    // Milliseconds left, never negative: librdkafka takes int timeouts.
    int remainingMs() const
    {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(m_at - Clock::now()).count();
        return static_cast<int>(std::clamp<long long>(left, 0, 24LL * 3600 * 1000));
    }
    bool expired() const { return Clock::now() >= m_at; }

private:
    explicit Deadline(Clock::time_point at) : m_at(at) { }
    Clock::time_point m_at;
};

} // namespace lagscope
