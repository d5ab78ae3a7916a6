#pragma once
// Internal to the config loader: reading yaml-cpp nodes with every problem reported to a
// ConfigDiagnostics instead of thrown. Stateless; used on the parsing thread only.

#include "config/ConfigDiagnostics.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <vector>

namespace lagscope::confignodes {

// One "key: value" pair of a YAML map whose key passed the checks of readMap().
struct MapEntry {
    QString key;
    QString path; // key path of the value, e.g. "clusters[0].bootstrap"
    YAML::Node keyNode;
    YAML::Node value;

    // yaml-cpp places an empty value at the token after it, often on the next line, so an
    // empty value is located at its key instead.
    YAML::Mark valueMark() const;
};

// For "got ..." in messages: "an empty value", "a map", "a sequence" or the quoted scalar.
QString describe(const YAML::Node &node);
// `text` in double quotes, escaped and shortened for a message.
QString quoted(QString text);
QString scalarText(const YAML::Node &node);

QString childPath(const QString &path, const QString &key);
QString indexPath(const QString &path, std::size_t index);

// Returns the entries of `map` (which must be a map) in file order. Keys that are not
// scalars, repeated keys and, when `allowed` is not empty, keys outside `allowed` are
// reported and left out; of a repeated key the first occurrence is kept.
std::vector<MapEntry> readMap(ConfigDiagnostics &diagnostics, const YAML::Node &map, const QString &path,
                              const QStringList &allowed);

const MapEntry *findEntry(const std::vector<MapEntry> &entries, QStringView key);

// Levenshtein distance, ignoring case.
int editDistance(QStringView a, QStringView b);
// The candidate nearest to `word` when it is a plausible typo of it (distance at most 2
// and shorter than the candidate), else an empty string.
QString closestMatch(const QString &word, const QStringList &candidates);

} // namespace lagscope::confignodes
