#include "report/ReportCsv.h"

#include "report/ReportTables.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace lagscope {

namespace {

QString stemOf(const QString &path)
{
    return path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) ? path.chopped(4) : path;
}

Status writeFile(const QString &path, const QString &text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(
            QCoreApplication::translate("lagscope::Report", "Cannot write %1: %2").arg(path, file.errorString()));
    file.write(text.toUtf8());
    if (!file.commit())
        return Status::failure(
            QCoreApplication::translate("lagscope::Report", "Cannot write %1: %2").arg(path, file.errorString()));
    return success();
}

} // namespace

QStringList reportCsvPaths(const QString &path, bool partitionDetail)
{
    const QString stem = stemOf(path);
    QStringList out{path, stem + QStringLiteral("-topics.csv"), stem + QStringLiteral("-states.csv"),
                    stem + QStringLiteral("-rebalances.csv")};
    if (partitionDetail)
        out << stem + QStringLiteral("-partitions.csv");
    out << stem + QStringLiteral("-info.csv");
    return out;
}

Result<QStringList> writeReportCsv(const Report &report, const QString &path)
{
    const QStringList paths = reportCsvPaths(path, report.request.partitionDetail);
    std::vector<Table> tables{reportGroupsTable(report), reportTopicsTable(report), reportStatesTable(report),
                              reportRebalancesTable(report)};
    if (report.request.partitionDetail)
        tables.push_back(reportPartitionsTable(report));
    tables.push_back(reportInfoTable(report));
    for (size_t i = 0; i < tables.size(); ++i)
        if (Status s = writeFile(paths[qsizetype(i)], formatCsv(tables[i])); !s)
            return s.error();
    return paths;
}

} // namespace lagscope
