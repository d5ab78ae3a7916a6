#pragma once
// Reads the user's YAML configuration file into an AppConfig. Free functions without shared
// state: safe to call from any thread; the caller owns what they return. They never throw.

#include "config/Config.h"
#include "util/Result.h"

#include <QByteArray>
#include <QString>

namespace lagscope {

// Parses a whole configuration file held in memory. On failure the error message lists
// every problem found, one per line, ordered by line, each as
// "<fileName>:<line>:<column>: <key path>: <what is wrong>". AppConfig::path stays empty.
Result<AppConfig> parseConfig(const QByteArray &yaml, const QString &fileName);

// Reads and parses the file at `path`; messages name the file by `path` as given, and
// AppConfig::path is set to its absolute path.
Result<AppConfig> loadConfig(const QString &path);

// Whether `servers` is what the "bootstrap" key takes as text: one or more "host:port" (or
// "[ipv6]:port") separated by commas, each port from 1 to 65535. For --bootstrap of lagscopectl.
bool isValidBootstrapServers(const QString &servers);

// <AppConfigLocation>/config.yaml, e.g. ~/.config/lagscope/config.yaml on Linux.
QString defaultConfigPath();

} // namespace lagscope
