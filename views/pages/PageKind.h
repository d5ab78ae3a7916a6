#pragma once
// The pages a cluster offers in the tree, in display order.

namespace lagscope {

enum class PageKind {
    Overview = 0,
    Brokers,
    Topics,
    Groups,
    GroupDetail,
    Replication
};

} // namespace lagscope
