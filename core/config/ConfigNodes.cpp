#include "config/ConfigNodes.h"

#include <QCoreApplication>

#include <algorithm>
#include <numeric>

namespace lagscope::confignodes {

namespace {

constexpr qsizetype kMaxQuotedLength = 40;

QString unknownKeyMessage(const QString &key, const QStringList &allowed)
{
    const QString suggestion = closestMatch(key, allowed);
    if (!suggestion.isEmpty())
        return QCoreApplication::translate("lagscope::ConfigLoader", "unknown key (did you mean \"%1\"?)")
            .arg(suggestion);
    return QCoreApplication::translate("lagscope::ConfigLoader", "unknown key (expected one of: %1)")
        .arg(allowed.join(QStringLiteral(", ")));
}

} // namespace

YAML::Mark MapEntry::valueMark() const { return value.IsNull() ? keyNode.Mark() : value.Mark(); }

QString describe(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map: return QCoreApplication::translate("lagscope::ConfigLoader", "a map");
    case YAML::NodeType::Sequence: return QCoreApplication::translate("lagscope::ConfigLoader", "a sequence");
    case YAML::NodeType::Scalar: return quoted(scalarText(node));
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: break;
    }
    return QCoreApplication::translate("lagscope::ConfigLoader", "an empty value");
}

QString quoted(QString text)
{
    // Control characters are escaped by ConfigDiagnostics, for the whole message.
    text.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    if (text.size() > kMaxQuotedLength)
        text = text.left(kMaxQuotedLength) + QStringLiteral("...");
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString scalarText(const YAML::Node &node) { return QString::fromStdString(node.Scalar()); }

QString childPath(const QString &path, const QString &key)
{
    if (path.isEmpty())
        return key;
    return path + QLatin1Char('.') + key;
}

QString indexPath(const QString &path, std::size_t index)
{
    return path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

std::vector<MapEntry> readMap(ConfigDiagnostics &diagnostics, const YAML::Node &map, const QString &path,
                              const QStringList &allowed)
{
    std::vector<MapEntry> entries;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node keyNode = it->first;
        if (!keyNode.IsScalar()) {
            diagnostics.error(keyNode.IsNull() ? map.Mark() : keyNode.Mark(), path,
                              QCoreApplication::translate("lagscope::ConfigLoader", "expected a key name, got %1")
                                  .arg(describe(keyNode)));
            continue;
        }
        const QString key = scalarText(keyNode);
        const QString keyPath = childPath(path, key);
        if (!allowed.isEmpty() && !allowed.contains(key)) {
            diagnostics.error(keyNode.Mark(), keyPath, unknownKeyMessage(key, allowed));
            continue;
        }
        if (const MapEntry *first = findEntry(entries, key)) {
            diagnostics.error(
                keyNode.Mark(), keyPath,
                QCoreApplication::translate("lagscope::ConfigLoader", "duplicate key (first given at line %1)")
                    .arg(first->keyNode.Mark().line + 1));
            continue;
        }
        entries.push_back(MapEntry{key, keyPath, keyNode, it->second});
    }
    return entries;
}

const MapEntry *findEntry(const std::vector<MapEntry> &entries, QStringView key)
{
    const auto it =
        std::find_if(entries.begin(), entries.end(), [key](const MapEntry &entry) { return entry.key == key; });
    return it == entries.end() ? nullptr : &*it;
}

int editDistance(QStringView a, QStringView b)
{
    // Two rows of the classic table are enough: row i only needs row i - 1.
    std::vector<int> previous(static_cast<std::size_t>(b.size()) + 1);
    std::vector<int> current(previous.size());
    std::iota(previous.begin(), previous.end(), 0);
    for (qsizetype i = 0; i < a.size(); ++i) {
        current[0] = static_cast<int>(i) + 1;
        for (qsizetype j = 0; j < b.size(); ++j) {
            const bool same = a[i].toCaseFolded() == b[j].toCaseFolded();
            const auto col = static_cast<std::size_t>(j);
            current[col + 1] = std::min({previous[col + 1] + 1, current[col] + 1, previous[col] + (same ? 0 : 1)});
        }
        std::swap(previous, current);
    }
    return previous.back();
}

QString closestMatch(const QString &word, const QStringList &candidates)
{
    constexpr int kMaxTypoDistance = 2;
    QString best;
    int bestDistance = kMaxTypoDistance + 1;
    for (const QString &candidate : candidates) {
        const int distance = editDistance(word, candidate);
        if (distance < bestDistance && distance < candidate.size()) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace lagscope::confignodes
