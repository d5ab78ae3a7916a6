#include "kafka/ConnectionCheck.h"

#include "kafka/KafkaClient.h"
#include "util/Deadline.h"

namespace lagscope {

Result<ConnectionCheck> checkConnection(const ClusterConfig &cluster, int timeoutMs,
                                        std::shared_ptr<std::atomic_bool> cancel)
{
    using R = Result<ConnectionCheck>;
    // One budget for everything, secret resolution included: the dialog promises an answer
    // within the request timeout.
    const Deadline deadline = Deadline::inMs(timeoutMs);
    ClientOptions options;
    options.requestTimeoutMs = timeoutMs;
    options.cancel = std::move(cancel);
    auto client = KafkaClient::create(cluster, options);
    if (!client)
        return R(client.error());
    auto metadata = (*client)->metadata(deadline);
    if (!metadata)
        return R(metadata.error());
    return ConnectionCheck{int(metadata->brokers.size()), metadata->clusterId, metadata->controllerId};
}

} // namespace lagscope
