#include "store/HistoryLocation.h"

#include <QCoreApplication>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

namespace lagscope {

namespace {

struct LocationText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::HistoryLocation)
};

} // namespace

const QStringList &postgresSslModes()
{
    static const QStringList modes{QStringLiteral("disable"),   QStringLiteral("allow"),
                                   QStringLiteral("prefer"),    QStringLiteral("require"),
                                   QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
    return modes;
}

bool isPostgresLocation(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
}

QString PostgresLocation::display() const
{
    return QStringLiteral("postgresql://%1@%2:%3/%4").arg(user, host).arg(port).arg(database);
}

QString PostgresLocation::encode() const
{
    QUrlQuery query;
    // Percent-encoded whole: a reference like ${cmd:pass show db} has spaces, '&' and '='.
    auto add = [&query](const QString &key, const QString &value) {
        if (!value.isEmpty())
            query.addQueryItem(key, QString::fromLatin1(QUrl::toPercentEncoding(value)));
    };
    add(QStringLiteral("password"), password);
    add(QStringLiteral("sslmode"), sslMode);
    add(QStringLiteral("sslrootcert"), sslRootCert);
    const QString items = query.toString(QUrl::FullyEncoded);
    return items.isEmpty() ? display() : display() + QLatin1Char('?') + items;
}

QString PostgresLocation::connectOptions() const
{
    QStringList options;
    if (!sslMode.isEmpty())
        options << QStringLiteral("sslmode=") + sslMode;
    if (!sslRootCert.isEmpty())
        options << QStringLiteral("sslrootcert=") + sslRootCert;
    // A server that does not answer must not hold a poll's writer for minutes.
    options << QStringLiteral("connect_timeout=10");
    return options.join(QLatin1Char(';'));
}

Result<PostgresLocation> parsePostgresLocation(const QString &location)
{
    using R = Result<PostgresLocation>;
    const QString expected = LocationText::tr("expected postgresql://USER@HOST[:PORT]/DATABASE");
    if (!isPostgresLocation(location))
        return R::failure(expected);
    const QUrl url(location, QUrl::StrictMode);
    if (!url.isValid())
        return R::failure(expected + QLatin1String(": ") + LocationText::tr("not a valid URL"));
    if (!url.password().isEmpty())
        return R::failure(LocationText::tr("a password in the URL is not accepted: give it with "
                                           "history_password (a reference like ${env:NAME})"));
    PostgresLocation l;
    l.user = url.userName();
    l.host = url.host();
    l.port = url.port(5432);
    l.database = url.path().mid(1);
    if (l.user.isEmpty())
        return R::failure(expected + QLatin1String(": ") + LocationText::tr("the user is missing"));
    if (l.host.isEmpty())
        return R::failure(expected + QLatin1String(": ") + LocationText::tr("the host is missing"));
    if (l.port <= 0 || l.port > 65535)
        return R::failure(expected + QLatin1String(": ") + LocationText::tr("the port must be from 1 to 65535"));
    if (l.database.isEmpty() || l.database.contains(QLatin1Char('/')))
        return R::failure(expected + QLatin1String(": ") + LocationText::tr("the database name is missing"));
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        const QString &decoded = value;
        if (key == u"password")
            l.password = decoded;
        else if (key == u"sslmode")
            l.sslMode = decoded;
        else if (key == u"sslrootcert")
            l.sslRootCert = decoded;
        else
            return R::failure(
                LocationText::tr("unknown option '%1' in the URL (known: sslmode, sslrootcert)").arg(key));
    }
    if (!l.sslMode.isEmpty() && !postgresSslModes().contains(l.sslMode))
        return R::failure(
            LocationText::tr("sslmode must be one of %1").arg(postgresSslModes().join(QStringLiteral(", "))));
    return l;
}

QString historyDisplayName(const QString &location)
{
    if (!isPostgresLocation(location))
        return location;
    const auto parsed = parsePostgresLocation(location);
    return parsed ? parsed->display() : QStringLiteral("postgresql://…");
}

} // namespace lagscope
