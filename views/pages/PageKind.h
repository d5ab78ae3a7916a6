#pragma once
// The pages a cluster offers in the tree, in display order.

namespace lagscope {

enum class PageKind {
    Overview = 0,
    Brokers,
    Topics,
    Groups,
    GroupDetail,
    Replication,
    Triage // the home page across clusters (appended: saved settings keep their numbers)
};

} // namespace lagscope
