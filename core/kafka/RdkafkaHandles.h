#pragma once
// RAII ownership of librdkafka objects. Only core/kafka includes librdkafka; none of these
// types appear in a header outside this folder.

#include <librdkafka/rdkafka.h>

#include <memory>

namespace lagscope::rd {

struct HandleDeleter {
    void operator()(rd_kafka_t *p) const { rd_kafka_destroy(p); }
};
struct ConfDeleter {
    void operator()(rd_kafka_conf_t *p) const { rd_kafka_conf_destroy(p); }
};
struct QueueDeleter {
    void operator()(rd_kafka_queue_t *p) const { rd_kafka_queue_destroy(p); }
};
struct EventDeleter {
    void operator()(rd_kafka_event_t *p) const { rd_kafka_event_destroy(p); }
};
struct OptionsDeleter {
    void operator()(rd_kafka_AdminOptions_t *p) const { rd_kafka_AdminOptions_destroy(p); }
};
struct ErrorDeleter {
    void operator()(rd_kafka_error_t *p) const { rd_kafka_error_destroy(p); }
};
struct PartitionListDeleter {
    void operator()(rd_kafka_topic_partition_list_t *p) const { rd_kafka_topic_partition_list_destroy(p); }
};
struct MetadataDeleter {
    void operator()(const rd_kafka_metadata_t *p) const { rd_kafka_metadata_destroy(p); }
};

using Handle = std::unique_ptr<rd_kafka_t, HandleDeleter>;
using Conf = std::unique_ptr<rd_kafka_conf_t, ConfDeleter>;
using Queue = std::unique_ptr<rd_kafka_queue_t, QueueDeleter>;
using Event = std::unique_ptr<rd_kafka_event_t, EventDeleter>;
using Options = std::unique_ptr<rd_kafka_AdminOptions_t, OptionsDeleter>;
using ErrorPtr = std::unique_ptr<rd_kafka_error_t, ErrorDeleter>;
using PartitionList = std::unique_ptr<rd_kafka_topic_partition_list_t, PartitionListDeleter>;
using Metadata = std::unique_ptr<const rd_kafka_metadata_t, MetadataDeleter>;

} // namespace lagscope::rd
