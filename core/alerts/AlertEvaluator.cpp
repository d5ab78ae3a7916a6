#include "alerts/AlertEvaluator.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

#include <set>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct AlertEvaluatorText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::AlertEvaluator)
};

bool matches(const QString &pattern, const QString &text)
{
    if (pattern.isEmpty())
        return true;
    const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
    return re.match(text).hasMatch();
}

QString iso(const QDateTime &t) { return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString(); }

QDateTime fromIso(const QJsonValue &v)
{
    return v.isString() ? QDateTime::fromString(v.toString(), Qt::ISODateWithMs).toUTC() : QDateTime();
}

} // namespace

bool isMuted(const AlertRule &rule, const AlertMutes &mutes, const QDateTime &now)
{
    if (rule.muted || (rule.mutedUntil.isValid() && now < rule.mutedUntil))
        return true;
    const auto it = mutes.find(rule.name);
    return it != mutes.end() && (!it->second.isValid() || now < it->second);
}

const AlertRule *AlertEvaluator::rule(const QString &name) const
{
    for (const auto &r : m_rules)
        if (r.name == name)
            return &r;
    return nullptr;
}

void AlertEvaluator::observe(const AlertRule &rule, const Key &key, const std::optional<AlertObservation> &seen,
                             const QDateTime &now, std::vector<AlertTransition> &out)
{
    if (!seen)
        return;
    auto it = m_instances.find(key);
    if (it == m_instances.end()) {
        if (!seen->breach)
            return; // a quiet, clean instance needs no memory
        AlertInstance fresh;
        fresh.rule = std::get<0>(key);
        fresh.cluster = std::get<1>(key);
        fresh.group = std::get<2>(key);
        it = m_instances.emplace(key, std::move(fresh)).first;
    }
    AlertInstance &a = it->second;
    a.value = seen->value;
    a.valueText = seen->text;
    a.lastChange = now;
    if (seen->breach) {
        ++a.breaches;
        a.clears = 0;
        if (!a.firing && a.breaches >= rule.forPolls) {
            a.firing = true;
            a.firedAt = now;
            out.push_back({AlertTransition::Fired, a, isMuted(rule, m_mutes, now)});
        }
    } else {
        ++a.clears;
        a.breaches = 0;
        if (a.firing && a.clears >= rule.clearAfter) {
            a.firing = false;
            out.push_back({AlertTransition::Cleared, a, isMuted(rule, m_mutes, now)});
        }
        if (!a.firing)
            m_instances.erase(it);
    }
}

std::vector<AlertTransition> AlertEvaluator::evaluate(const ClusterSnapshot &snapshot, const QDateTime &now)
{
    std::vector<AlertTransition> out;
    if (!snapshot.reachable)
        return out;
    std::set<Key> seenKeys;
    for (const AlertRule &rule : m_rules) {
        if (isFlowCondition(rule.condition) || !matches(rule.clusterPattern, snapshot.cluster))
            continue;
        if (!isGroupCondition(rule.condition)) {
            const Key key{rule.name, snapshot.cluster, QString()};
            seenKeys.insert(key);
            observe(rule, key, observeCluster(rule, snapshot), now, out);
            continue;
        }
        for (const GroupState &g : snapshot.groups) {
            if (!matches(rule.groupPattern, g.groupId))
                continue;
            const Key key{rule.name, snapshot.cluster, g.groupId};
            seenKeys.insert(key);
            observe(rule, key, observeGroup(rule, g), now, out);
        }
    }
    observeUnseen(snapshot.cluster, seenKeys, now, out);
    return out;
}

void AlertEvaluator::observeUnseen(const QString &cluster, const std::set<Key> &seenKeys, const QDateTime &now,
                                   std::vector<AlertTransition> &out)
{
    std::vector<Key> stale;
    for (const auto &[key, a] : m_instances)
        if (std::get<1>(key) == cluster && !seenKeys.contains(key))
            stale.push_back(key);
    for (const Key &key : stale) {
        const AlertRule *r = rule(std::get<0>(key));
        if (!r) {
            m_instances.erase(key);
            continue;
        }
        const AlertInstance &a = m_instances.at(key);
        observe(*r, key, AlertObservation{false, a.value, AlertEvaluatorText::tr("no longer observed")}, now, out);
    }
}

std::vector<AlertInstance> AlertEvaluator::instances() const
{
    std::vector<AlertInstance> out;
    for (const auto &[key, a] : m_instances)
        out.push_back(a);
    return out;
}

std::vector<AlertInstance> AlertEvaluator::firing() const
{
    std::vector<AlertInstance> out;
    for (const auto &[key, a] : m_instances)
        if (a.firing)
            out.push_back(a);
    return out;
}

QJsonObject AlertEvaluator::toJson() const
{
    QJsonArray instances;
    for (const auto &[key, a] : m_instances)
        instances.append(QJsonObject{{QStringLiteral("rule"), a.rule},
                                     {QStringLiteral("cluster"), a.cluster},
                                     {QStringLiteral("group"), a.group},
                                     {QStringLiteral("breaches"), a.breaches},
                                     {QStringLiteral("clears"), a.clears},
                                     {QStringLiteral("firing"), a.firing},
                                     {QStringLiteral("fired_at"), iso(a.firedAt)},
                                     {QStringLiteral("last_change"), iso(a.lastChange)},
                                     {QStringLiteral("value"), a.value},
                                     {QStringLiteral("value_text"), a.valueText}});
    QJsonArray mutes;
    for (const auto &[name, until] : m_mutes)
        mutes.append(QJsonObject{{QStringLiteral("rule"), name},
                                 {QStringLiteral("until"), until.isValid() ? QJsonValue(iso(until)) : QJsonValue()}});
    return QJsonObject{
        {QStringLiteral("version"), 1}, {QStringLiteral("instances"), instances}, {QStringLiteral("mutes"), mutes}};
}

void AlertEvaluator::fromJson(const QJsonObject &json)
{
    m_instances.clear();
    m_mutes.clear();
    if (json.value(QStringLiteral("version")).toInt() != 1)
        return;
    for (const QJsonValue &v : json.value(QStringLiteral("instances")).toArray()) {
        const QJsonObject o = v.toObject();
        AlertInstance a;
        a.rule = o.value(QStringLiteral("rule")).toString();
        a.cluster = o.value(QStringLiteral("cluster")).toString();
        a.group = o.value(QStringLiteral("group")).toString();
        if (!rule(a.rule) || a.cluster.isEmpty())
            continue;
        a.breaches = o.value(QStringLiteral("breaches")).toInt();
        a.clears = o.value(QStringLiteral("clears")).toInt();
        a.firing = o.value(QStringLiteral("firing")).toBool();
        a.firedAt = fromIso(o.value(QStringLiteral("fired_at")));
        a.lastChange = fromIso(o.value(QStringLiteral("last_change")));
        a.value = o.value(QStringLiteral("value")).toDouble();
        a.valueText = o.value(QStringLiteral("value_text")).toString();
        m_instances[{a.rule, a.cluster, a.group}] = a;
    }
    for (const QJsonValue &v : json.value(QStringLiteral("mutes")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString name = o.value(QStringLiteral("rule")).toString();
        if (!name.isEmpty())
            m_mutes[name] = fromIso(o.value(QStringLiteral("until")));
    }
}

QString alertMessage(const AlertRule &rule, const AlertTransition &t)
{
    const AlertInstance &a = t.instance;
    const QString where = a.group.isEmpty() ? a.cluster : a.group + QStringLiteral(" on ") + a.cluster;
    const QString threshold =
        rule.condition == AlertCondition::Status ? rule.statusThreshold : QString::number(rule.threshold);
    const QString muted = t.muted ? AlertEvaluatorText::tr(" (muted)") : QString();
    if (t.kind == AlertTransition::Fired)
        return AlertEvaluatorText::tr("alert %1 firing for %2: %3 (%4 ≥ %5 for %6 poll(s))%7")
            .arg(rule.name, where, a.valueText, alertConditionName(rule.condition), threshold)
            .arg(a.breaches)
            .arg(muted);
    return AlertEvaluatorText::tr("alert %1 cleared for %2: %3 (%4 poll(s) below the threshold)%5")
        .arg(rule.name, where, a.valueText)
        .arg(a.clears)
        .arg(muted);
}

QJsonObject alertJson(const AlertRule &rule, const AlertTransition &t, const QDateTime &now)
{
    const AlertInstance &a = t.instance;
    QJsonObject o{{QStringLiteral("alert"), rule.name},
                  {QStringLiteral("state"),
                   t.kind == AlertTransition::Fired ? QStringLiteral("firing") : QStringLiteral("cleared")},
                  {QStringLiteral("cluster"), a.cluster},
                  {QStringLiteral("group"), a.group.isEmpty() ? QJsonValue() : QJsonValue(a.group)},
                  {QStringLiteral("condition"), alertConditionName(rule.condition)},
                  {QStringLiteral("value"), a.value},
                  {QStringLiteral("value_text"), a.valueText},
                  {QStringLiteral("for"), rule.forPolls},
                  {QStringLiteral("clear_after"), rule.clearAfter},
                  {QStringLiteral("fired_at"), iso(a.firedAt)},
                  {QStringLiteral("time"), iso(now)},
                  {QStringLiteral("message"), alertMessage(rule, t)}};
    if (rule.condition == AlertCondition::Status)
        o.insert(QStringLiteral("threshold"), rule.statusThreshold);
    else
        o.insert(QStringLiteral("threshold"), rule.threshold);
    return o;
}

} // namespace lagscope
