#pragma once
// Where Lagscope keeps its files: the data directory (<data> in docs/ARCHITECTURE.md) that
// holds the history, the alert state, the audit log, backups and the failover cache.
// One definition, so that the desktop app, lagscopectl and the tests agree on it.
//
// Thread: any (QStandardPaths is reentrant).
// Ownership: none; returns values.

#include <QString>

namespace lagscope {

// QStandardPaths::AppDataLocation, ~/.local/share/lagscope on Linux.
QString appDataDir();

} // namespace lagscope
