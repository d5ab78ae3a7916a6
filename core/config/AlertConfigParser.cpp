#include "config/AlertConfigParser.h"

#include "model/LagStatus.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <map>
#include <optional>

namespace lagscope {

// The node helpers the configuration parser reads every section with.
using namespace confignodes;

QString alertConditionName(AlertCondition condition)
{
    switch (condition) {
    case AlertCondition::LagMessages: return QStringLiteral("lag_messages");
    case AlertCondition::LagSeconds: return QStringLiteral("lag_seconds");
    case AlertCondition::Status: return QStringLiteral("status");
    case AlertCondition::RebalancesPerHour: return QStringLiteral("rebalances_per_hour");
    case AlertCondition::BrokerOffline: return QStringLiteral("broker_offline");
    case AlertCondition::FailoverReread: return QStringLiteral("failover_reread");
    case AlertCondition::FailoverUntranslatable: return QStringLiteral("failover_untranslatable");
    }
    return QString();
}

namespace {

const QStringList &ruleKeys()
{
    static const QStringList keys{QStringLiteral("name"),        QStringLiteral("cluster"),
                                  QStringLiteral("group"),       QStringLiteral("condition"),
                                  QStringLiteral("threshold"),   QStringLiteral("for"),
                                  QStringLiteral("clear_after"), QStringLiteral("mute"),
                                  QStringLiteral("command"),     QStringLiteral("command_timeout")};
    return keys;
}

const QStringList &statusNames()
{
    static const QStringList names{QStringLiteral("OK"),   QStringLiteral("WARN"),  QStringLiteral("ERR"),
                                   QStringLiteral("STOP"), QStringLiteral("STALL"), QStringLiteral("REWIND"),
                                   QStringLiteral("RISK")};
    return names;
}

class AlertParser {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ConfigLoader)

public:
    AlertParser(ConfigDiagnostics &d, const QStringList &clusters) : m_d(d), m_clusters(clusters) { }

    std::vector<AlertRule> parse(const MapEntry &entry)
    {
        std::vector<AlertRule> rules;
        if (entry.value.IsNull()) // every rule commented out
            return rules;
        if (!entry.value.IsSequence()) {
            m_d.error(entry.valueMark(), entry.path,
                      tr("expected a sequence of alert rules, got %1").arg(describe(entry.value)));
            return rules;
        }
        std::size_t index = 0;
        for (const YAML::Node &node : entry.value)
            if (auto rule = parseRule(node, indexPath(entry.path, index++)))
                rules.push_back(std::move(*rule));
        return rules;
    }

private:
    std::optional<AlertRule> parseRule(const YAML::Node &node, const QString &path)
    {
        if (!node.IsMap()) {
            m_d.error(node.Mark(), path,
                      tr("expected a map with name, condition and threshold, got %1").arg(describe(node)));
            return std::nullopt;
        }
        const auto entries = readMap(m_d, node, path, ruleKeys());
        AlertRule rule;
        bool ok = true;
        const auto require = [&](const char16_t *key) -> const MapEntry * {
            const MapEntry *e = findEntry(entries, key);
            if (!e) {
                m_d.error(node.Mark(), path, tr("missing required key \"%1\"").arg(QString::fromUtf16(key)));
                ok = false;
            }
            return e;
        };
        if (const MapEntry *e = require(u"name"))
            ok = parseName(*e, rule.name) && ok;
        if (const MapEntry *e = findEntry(entries, u"cluster")) {
            ok = parsePattern(*e, rule.clusterPattern) && ok;
            if (ok && !rule.clusterPattern.isEmpty() && !isFlowRule(entries)) {
                const QRegularExpression re(QRegularExpression::anchoredPattern(rule.clusterPattern));
                if (!std::any_of(m_clusters.begin(), m_clusters.end(),
                                 [&](const QString &c) { return re.match(c).hasMatch(); }))
                    m_d.warning(
                        e->valueMark(), e->path,
                        tr("matches none of the configured clusters (%1)").arg(m_clusters.join(QStringLiteral(", "))));
            }
        }
        if (const MapEntry *e = findEntry(entries, u"group"))
            ok = parsePattern(*e, rule.groupPattern) && ok;
        const MapEntry *condition = require(u"condition");
        if (condition)
            ok = parseCondition(*condition, rule.condition) && ok;
        const MapEntry *threshold = findEntry(entries, u"threshold");
        if (condition && ok) {
            if ((rule.condition == AlertCondition::BrokerOffline
                 || rule.condition == AlertCondition::FailoverUntranslatable)
                && !threshold)
                rule.threshold = 1;
            else if (!threshold)
                threshold = require(u"threshold");
            if (threshold)
                ok = parseThreshold(*threshold, rule) && ok;
            if (rule.condition == AlertCondition::BrokerOffline)
                if (const MapEntry *g = findEntry(entries, u"group"))
                    m_d.warning(g->keyNode.Mark(), g->path, tr("ignored: broker_offline is judged per cluster"));
        }
        if (const MapEntry *e = findEntry(entries, u"for"))
            ok = parseCount(*e, rule.forPolls) && ok;
        if (const MapEntry *e = findEntry(entries, u"clear_after"))
            ok = parseCount(*e, rule.clearAfter) && ok;
        if (const MapEntry *e = findEntry(entries, u"mute"))
            ok = parseMute(*e, rule) && ok;
        if (const MapEntry *e = findEntry(entries, u"command"))
            ok = parseCommand(*e, rule.command) && ok;
        if (const MapEntry *e = findEntry(entries, u"command_timeout"))
            ok = parseTimeout(*e, rule.commandTimeoutMs) && ok;
        if (!ok)
            return std::nullopt;
        const YAML::Node nameNode = findEntry(entries, u"name")->value;
        const auto [known, inserted] = m_names.try_emplace(rule.name, nameNode.Mark().line + 1);
        if (!inserted) {
            m_d.error(
                nameNode.Mark(), path + QStringLiteral(".name"),
                tr("duplicate alert name %1 (first defined at line %2)").arg(describe(nameNode)).arg(known->second));
            return std::nullopt;
        }
        return rule;
    }

    // A failover readiness rule's `cluster` may name a flow ("primary->dr", MirrorMaker
    // aliases) rather than a cluster: no warning when it matches no cluster name.
    static bool isFlowRule(const std::vector<MapEntry> &entries)
    {
        const MapEntry *e = findEntry(entries, u"condition");
        return e && e->value.IsScalar()
               && (scalarText(e->value) == alertConditionName(AlertCondition::FailoverReread)
                   || scalarText(e->value) == alertConditionName(AlertCondition::FailoverUntranslatable));
    }

    bool fail(const MapEntry &e, const QString &what)
    {
        m_d.error(e.valueMark(), e.path, what);
        return false;
    }

    bool parseName(const MapEntry &e, QString &out)
    {
        static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9._-]+$"));
        if (!e.value.IsScalar() || !pattern.match(scalarText(e.value)).hasMatch())
            return fail(e, tr("expected an alert name made of letters, digits, \".\", \"_\" and \"-\", got %1")
                               .arg(describe(e.value)));
        out = scalarText(e.value);
        return true;
    }

    bool parsePattern(const MapEntry &e, QString &out)
    {
        if (!e.value.IsScalar())
            return fail(e, tr("expected a regular expression, got %1").arg(describe(e.value)));
        const QString text = scalarText(e.value);
        const QRegularExpression re(text);
        if (!re.isValid())
            return fail(e, tr("invalid regular expression %1: %2 at offset %3")
                               .arg(describe(e.value), re.errorString())
                               .arg(re.patternErrorOffset()));
        out = text == QLatin1String(".*") ? QString() : text;
        return true;
    }

    bool parseCondition(const MapEntry &e, AlertCondition &out)
    {
        for (const AlertCondition c : {AlertCondition::LagMessages, AlertCondition::LagSeconds, AlertCondition::Status,
                                       AlertCondition::RebalancesPerHour, AlertCondition::BrokerOffline,
                                       AlertCondition::FailoverReread, AlertCondition::FailoverUntranslatable}) {
            if (e.value.IsScalar() && scalarText(e.value) == alertConditionName(c)) {
                out = c;
                return true;
            }
        }
        return fail(e, tr("expected one of lag_messages, lag_seconds, status, rebalances_per_hour, broker_offline, "
                          "failover_reread, failover_untranslatable, got %1")
                           .arg(describe(e.value)));
    }

    bool parseThreshold(const MapEntry &e, AlertRule &rule)
    {
        const QString text = e.value.IsScalar() ? scalarText(e.value) : QString();
        if (rule.condition == AlertCondition::Status) {
            const std::optional<LagStatus> status = lagStatusFromName(text);
            if (!status)
                return fail(e, tr("expected a status (%1), got %2")
                                   .arg(statusNames().join(QStringLiteral(", ")), describe(e.value)));
            rule.statusThreshold = lagStatusName(*status); // as shown and exported: "stop" → "STOP"
            return true;
        }
        bool number = false;
        const double value = text.toDouble(&number);
        if (!number || !std::isfinite(value) || value < 0)
            return fail(e, tr("expected a number of at least 0, got %1").arg(describe(e.value)));
        rule.threshold = value;
        return true;
    }

    bool parseCount(const MapEntry &e, int &out)
    {
        bool number = false;
        const int value = e.value.IsScalar() ? scalarText(e.value).toInt(&number) : 0;
        if (!number || value < 1 || value > 10000)
            return fail(e, tr("expected a number of polls from 1 to 10000, got %1").arg(describe(e.value)));
        out = value;
        return true;
    }

    bool parseMute(const MapEntry &e, AlertRule &rule)
    {
        const QString text = e.value.IsScalar() ? scalarText(e.value) : QString();
        if (text == u"true" || text == u"false") {
            rule.muted = text == u"true";
            return true;
        }
        const QDateTime until = QDateTime::fromString(text, Qt::ISODate);
        if (!until.isValid() || !text.contains(QLatin1Char('T')))
            return fail(
                e,
                tr("expected true, false or a date-time such as 2026-12-01T08:00:00Z, got %1").arg(describe(e.value)));
        rule.mutedUntil = until.toUTC();
        return true;
    }

    bool parseCommand(const MapEntry &e, QStringList &out)
    {
        if (!e.value.IsSequence() || e.value.size() == 0)
            return fail(e, tr("expected a non-empty sequence [program, arguments...], got %1").arg(describe(e.value)));
        QStringList command;
        for (const YAML::Node &item : e.value) {
            if (!item.IsScalar())
                return fail(e, tr("expected text for every part of the command, got %1").arg(describe(item)));
            command << scalarText(item);
        }
        if (command.first().isEmpty())
            return fail(e, tr("expected a program name first, got an empty text"));
        out = command;
        return true;
    }

    bool parseTimeout(const MapEntry &e, int &out)
    {
        static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,6})(ms|s|m)?$"));
        const QRegularExpressionMatch m = pattern.match(e.value.IsScalar() ? scalarText(e.value) : QString());
        qint64 ms = -1;
        if (m.hasMatch()) {
            const qint64 amount = m.capturedView(1).toLongLong();
            ms = m.capturedView(2) == u"ms" ? amount : m.capturedView(2) == u"m" ? amount * 60000 : amount * 1000;
        }
        if (ms < 100 || ms > 3600 * 1000)
            return fail(e, tr("expected a duration from 100ms to 60m, like 10s, got %1").arg(describe(e.value)));
        out = int(ms);
        return true;
    }

    ConfigDiagnostics &m_d;
    const QStringList &m_clusters;
    std::map<QString, int> m_names;
};

} // namespace

std::vector<AlertRule> parseAlertRules(ConfigDiagnostics &diagnostics, const MapEntry &entry,
                                       const QStringList &clusterNames)
{
    return AlertParser(diagnostics, clusterNames).parse(entry);
}

} // namespace lagscope
