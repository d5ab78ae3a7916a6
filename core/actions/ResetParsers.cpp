#include "actions/ResetParsers.h"

#include <QCoreApplication>
#include <QDate>
#include <QRegularExpression>
#include <QStringList>

#include <limits>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ResetParsersText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ResetParsers)
};

// Julian day number of 1970-01-01.
constexpr qint64 kUnixEpochJulianDay = 2440588;
constexpr qint64 kMsPerDay = 86'400'000;

QString dateTimeHint()
{
    return ResetParsersText::tr("expected yyyy-MM-ddTHH:mm:ss.SSS with an optional zone (Z, +08, +0800 or "
                                "+08:00), e.g. 2024-05-01T12:00:00.000Z");
}

QString durationHint()
{
    return ResetParsersText::tr("write an ISO-8601 duration such as PT1H, PT30M, P1DT2H or PT0.5S");
}

// Zone suffix of a date-time to minutes east of UTC; nullopt when it is not one of the
// accepted forms or out of range.
std::optional<int> parseZoneMinutes(const QString &zone)
{
    if (zone.isEmpty() || zone == QLatin1String("Z"))
        return 0;
    static const QRegularExpression pattern(QStringLiteral("^([+-])([0-9]{2})(?::?([0-9]{2}))?$"));
    const auto m = pattern.match(zone);
    if (!m.hasMatch())
        return std::nullopt;
    const int hours = m.captured(2).toInt();
    const int minutes = m.hasCaptured(3) ? m.captured(3).toInt() : 0;
    if (hours > 23 || minutes > 59)
        return std::nullopt;
    const int total = hours * 60 + minutes;
    return m.captured(1) == QLatin1String("-") ? -total : total;
}

// Parses a signed decimal integer of a duration component ("+5", "-12", "7").
std::optional<qint64> parseSignedNumber(QString digits)
{
    if (digits.startsWith(QLatin1Char('+')))
        digits.remove(0, 1);
    bool ok = false;
    const qint64 v = digits.toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

bool addScaled(qint64 &total, qint64 value, qint64 scale)
{
    qint64 scaled = 0;
    return !__builtin_mul_overflow(value, scale, &scaled) && !__builtin_add_overflow(total, scaled, &total);
}

struct CsvField {
    QString text;
    bool quoted = false;
};

// Splits one CSV line with RFC 4180 quoting ("a ""b""" is a "b"). Unquoted fields are
// trimmed. Returns false on an unterminated quote.
bool splitCsvLine(const QString &line, std::vector<CsvField> &fields)
{
    CsvField field;
    bool inQuotes = false;
    const auto finish = [&] {
        if (!field.quoted)
            field.text = field.text.trimmed();
        fields.push_back(std::move(field));
        field = CsvField{};
    };
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (inQuotes) {
            if (c != QLatin1Char('"'))
                field.text += c;
            else if (i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"'))
                field.text += line.at(++i);
            else
                inQuotes = false;
        } else if (c == QLatin1Char(',')) {
            finish();
        } else if (c == QLatin1Char('"') && !field.quoted && field.text.trimmed().isEmpty()) {
            field.text.clear();
            field.quoted = true;
            inQuotes = true;
        } else {
            field.text += c;
        }
    }
    if (inQuotes)
        return false;
    finish();
    return true;
}

QString csvQuoted(const QString &value)
{
    const bool needsQuotes = value.contains(QLatin1Char(',')) || value.contains(QLatin1Char('"'))
                             || value.contains(QLatin1Char('\n')) || value.contains(QLatin1Char('\r'))
                             || value != value.trimmed();
    if (!needsQuotes)
        return value;
    QString escaped = value;
    escaped.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

void appendCsv(QString &out, const ResetPlan &plan, bool withGroup)
{
    for (const auto &p : plan.partitions) {
        if (withGroup)
            out += csvQuoted(plan.group) + QLatin1Char(',');
        out += csvQuoted(p.tp.topic) + QLatin1Char(',') + QString::number(p.tp.partition) + QLatin1Char(',')
               + QString::number(p.newOffset) + QLatin1Char('\n');
    }
}

} // namespace

Result<qint64> parseResetDateTime(const QString &input)
{
    using R = Result<qint64>;
    const QString text = input.trimmed();
    if (text.isEmpty())
        return R::failure(ResetParsersText::tr("The date-time is empty; %1").arg(dateTimeHint()));

    static const QRegularExpression shape(
        QStringLiteral("^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\\.([0-9]*))?(.*)$"));
    const auto m = shape.match(text);
    if (!m.hasMatch()) {
        if (!text.contains(QLatin1Char('T')))
            return R::failure(
                ResetParsersText::tr("'%1' has no 'T' between the date and the time; %2").arg(text, dateTimeHint()));
        return R::failure(ResetParsersText::tr("'%1' is not a date-time; %2").arg(text, dateTimeHint()));
    }
    if (!m.hasCaptured(7))
        return R::failure(ResetParsersText::tr("'%1' has no milliseconds; they are required, e.g. "
                                               "2024-05-01T12:00:00.000")
                              .arg(text));
    const QString millisText = m.captured(7);
    if (millisText.size() != 3)
        return R::failure(ResetParsersText::tr("'%1': the milliseconds must have exactly three digits, got '%2'")
                              .arg(text, millisText));
    const QString zone = m.captured(8);
    const std::optional<int> zoneMinutes = parseZoneMinutes(zone);
    if (!zoneMinutes)
        return R::failure(ResetParsersText::tr("'%1': unrecognised zone '%2'; use Z, +08, +0800 or +08:00 "
                                               "(or - offsets), or nothing for UTC")
                              .arg(text, zone));

    const int year = m.captured(1).toInt();
    const int month = m.captured(2).toInt();
    const int day = m.captured(3).toInt();
    const int hour = m.captured(4).toInt();
    const int minute = m.captured(5).toInt();
    const int second = m.captured(6).toInt();
    if (year == 0)
        return R::failure(ResetParsersText::tr("'%1': year 0000 does not exist").arg(text));
    if (month < 1 || month > 12)
        return R::failure(ResetParsersText::tr("'%1': month %2 is out of range (01-12)").arg(text, m.captured(2)));
    const QDate date(year, month, day);
    if (!date.isValid())
        return R::failure(ResetParsersText::tr("'%1': day %2 does not exist in %3-%4")
                              .arg(text, m.captured(3), m.captured(1), m.captured(2)));
    if (hour > 23)
        return R::failure(ResetParsersText::tr("'%1': hour %2 is out of range (00-23)").arg(text, m.captured(4)));
    if (minute > 59)
        return R::failure(ResetParsersText::tr("'%1': minute %2 is out of range (00-59)").arg(text, m.captured(5)));
    if (second > 59)
        return R::failure(ResetParsersText::tr("'%1': second %2 is out of range (00-59)").arg(text, m.captured(6)));

    const qint64 days = date.toJulianDay() - kUnixEpochJulianDay;
    const qint64 msOfDay = ((hour * 60LL + minute) * 60 + second) * 1000 + millisText.toInt();
    return days * kMsPerDay + msOfDay - qint64(*zoneMinutes) * 60'000;
}

Result<qint64> parseIsoDuration(const QString &input)
{
    using R = Result<qint64>;
    const QString text = input.trimmed();
    if (text.isEmpty())
        return R::failure(ResetParsersText::tr("The duration is empty; %1").arg(durationHint()));

    static const QRegularExpression pattern(QStringLiteral("^([-+]?)P(?:([-+]?[0-9]+)D)?"
                                                           "(?:(T)(?:([-+]?[0-9]+)H)?(?:([-+]?[0-9]+)M)?"
                                                           "(?:([-+]?[0-9]+)(?:[.,]([0-9]{0,9}))?S)?)?$"),
                                            QRegularExpression::CaseInsensitiveOption);
    const auto m = pattern.match(text);
    if (!m.hasMatch()) {
        const QString upper = text.toUpper();
        const qsizetype t = upper.indexOf(QLatin1Char('T'));
        const QString datePart = t < 0 ? upper : upper.left(t);
        if (upper.contains(QLatin1Char('P'))
            && (datePart.contains(QLatin1Char('Y')) || datePart.contains(QLatin1Char('W'))
                || datePart.contains(QLatin1Char('M'))))
            return R::failure(ResetParsersText::tr("'%1': years, months and weeks are not supported, only days "
                                                   "(24 hours), hours, minutes and seconds, e.g. P7D or PT36H")
                                  .arg(text));
        return R::failure(ResetParsersText::tr("'%1' is not an ISO-8601 duration; %2").arg(text, durationHint()));
    }
    const bool hasTime = m.hasCaptured(3);
    const bool hasTimeField = m.hasCaptured(4) || m.hasCaptured(5) || m.hasCaptured(6);
    if (hasTime && !hasTimeField)
        return R::failure(
            ResetParsersText::tr("'%1': 'T' must be followed by hours (H), minutes (M) or seconds (S)").arg(text));
    if (!m.hasCaptured(2) && !hasTimeField)
        return R::failure(
            ResetParsersText::tr("'%1' has no days, hours, minutes or seconds; %2").arg(text, durationHint()));

    const QString tooLong = ResetParsersText::tr("'%1' is too long to express in milliseconds").arg(text);
    qint64 total = 0;
    const std::pair<int, qint64> components[] = {{2, kMsPerDay}, {4, 3'600'000}, {5, 60'000}, {6, 1000}};
    for (const auto &[group, scale] : components) {
        if (!m.hasCaptured(group))
            continue;
        const std::optional<qint64> v = parseSignedNumber(m.captured(group));
        if (!v || !addScaled(total, *v, scale))
            return R::failure(tooLong);
    }
    if (m.hasCaptured(7) && !m.captured(7).isEmpty()) {
        // Milliseconds of the fraction; what lies below a millisecond is dropped.
        const qint64 ms = m.captured(7).leftJustified(3, QLatin1Char('0'), true).toLongLong();
        const bool negativeSeconds = m.captured(6).startsWith(QLatin1Char('-'));
        if (!addScaled(total, negativeSeconds ? -ms : ms, 1))
            return R::failure(tooLong);
    }
    if (m.captured(1) == QLatin1String("-")) {
        if (total == std::numeric_limits<qint64>::min())
            return R::failure(tooLong);
        total = -total;
    }
    return total;
}

Result<std::pair<QString, std::vector<int>>> parseResetTopicArg(const QString &input)
{
    using R = Result<std::pair<QString, std::vector<int>>>;
    const QString text = input.trimmed();
    if (text.isEmpty())
        return R::failure(ResetParsersText::tr("The topic argument is empty"));
    if (!text.contains(QLatin1Char(':')))
        return std::pair<QString, std::vector<int>>{text, {}};

    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2 || parts.at(0).isEmpty() || parts.at(1).isEmpty())
        return R::failure(ResetParsersText::tr("Invalid topic arg '%1', expected topic name and partitions").arg(text));
    std::vector<int> partitions;
    for (const QString &p : parts.at(1).split(QLatin1Char(','))) {
        bool ok = false;
        const int partition = p.trimmed().toInt(&ok);
        if (!ok || partition < 0)
            return R::failure(ResetParsersText::tr("Invalid partition '%1' specified in topic arg '%2'").arg(p, text));
        partitions.push_back(partition);
    }
    return std::pair<QString, std::vector<int>>{parts.at(0), std::move(partitions)};
}

Result<ResetFilePlan> parseResetCsv(const QString &text, const QString &defaultGroup)
{
    using R = Result<ResetFilePlan>;
    ResetFilePlan plan;
    std::size_t expectedFields = 0;
    int formatLine = 0;
    std::map<std::pair<QString, TopicPartition>, int> firstSeen;

    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int lineNo = int(i) + 1;
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;

        std::vector<CsvField> fields;
        if (!splitCsvLine(line, fields))
            return R::failure(ResetParsersText::tr("line %1: unterminated quoted field").arg(lineNo));
        if (fields.size() != 3 && fields.size() != 4)
            return R::failure(ResetParsersText::tr("line %1: expected 3 or 4 fields, got %2")
                                  .arg(QString::number(lineNo), QString::number(fields.size())));
        if (expectedFields == 0) {
            expectedFields = fields.size();
            formatLine = lineNo;
            plan.withGroup = expectedFields == 4;
            if (!plan.withGroup && defaultGroup.isEmpty())
                return R::failure(ResetParsersText::tr("line %1: topic,partition,offset lines need a group, and none "
                                                       "was given")
                                      .arg(lineNo));
        } else if (fields.size() != expectedFields) {
            return R::failure(
                (plan.withGroup ? ResetParsersText::tr("line %1: expected 4 fields (group,topic,partition,offset) as "
                                                       "on line %2, got %3; a file cannot mix the two formats")
                                : ResetParsersText::tr("line %1: expected 3 fields (topic,partition,offset) as on "
                                                       "line %2, got %3; a file cannot mix the two formats"))
                    .arg(QString::number(lineNo), QString::number(formatLine), QString::number(fields.size())));
        }

        const std::size_t base = plan.withGroup ? 1 : 0;
        const QString group = plan.withGroup ? fields[0].text : defaultGroup;
        const QString &topic = fields[base].text;
        const QString &partitionText = fields[base + 1].text;
        const QString &offsetText = fields[base + 2].text;
        if (group.isEmpty())
            return R::failure(ResetParsersText::tr("line %1: the group is empty").arg(lineNo));
        if (topic.isEmpty())
            return R::failure(ResetParsersText::tr("line %1: the topic is empty").arg(lineNo));
        bool ok = false;
        const int partition = partitionText.toInt(&ok);
        if (!ok)
            return R::failure(ResetParsersText::tr("line %1: partition '%2' is not a number")
                                  .arg(QString::number(lineNo), partitionText));
        if (partition < 0)
            return R::failure(ResetParsersText::tr("line %1: partition '%2' is negative")
                                  .arg(QString::number(lineNo), partitionText));
        const qint64 offset = offsetText.toLongLong(&ok);
        if (!ok)
            return R::failure(
                ResetParsersText::tr("line %1: offset '%2' is not a number").arg(QString::number(lineNo), offsetText));

        const TopicPartition tp{topic, partition};
        const auto [it, inserted] = firstSeen.try_emplace({group, tp}, lineNo);
        if (!inserted)
            plan.warnings << ResetParsersText::tr("line %1: %2 of group '%3' was already given on line %4; the later "
                                                  "line wins")
                                 .arg(QString::number(lineNo), tp.toString(), group, QString::number(it->second));
        plan.offsetsByGroup[group][tp] = offset;
    }
    if (expectedFields == 0)
        return R::failure(ResetParsersText::tr("The file has no offsets"));
    return plan;
}

QString exportResetCsv(const ResetPlan &plan, bool withGroup)
{
    QString out;
    appendCsv(out, plan, withGroup);
    return out;
}

QString exportResetCsv(const std::vector<ResetPlan> &plans, bool withGroup)
{
    QString out;
    for (const auto &plan : plans)
        appendCsv(out, plan, withGroup);
    return out;
}

} // namespace lagscope
