#include "failover/FailoverPlanPage.h"

#include "WidgetBuild.h"
#include "actions/FailoverExport.h"
#include "failover/FailoverPlanModel.h"
#include "failover/FailoverWizard.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace lagscope {

using namespace failover;

FailoverPlanPage::FailoverPlanPage(FailoverWizard *wizard)
    : FailoverPage(wizard, QStringLiteral("failoverPlanPage"), tr("Plan"),
                   tr("The new offset of every partition on the target, how it was found, and what the group "
                      "will read again. Nothing is written yet."))
{
    auto *layout = new QVBoxLayout(this);
    m_summary = newMessageLabel(this, QStringLiteral("planSummary"), LabelText::Selectable);
    layout->addWidget(m_summary);

    m_model = new FailoverPlanModel(this);
    m_table = new QTableView(this);
    setUpListTable(m_table, QStringLiteral("planTable"));
    m_table->setModel(m_model);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);

    m_acceptSkips = new QCheckBox(tr("Accept that the group skips the records counted in 'Skipped' (they will "
                                     "never be consumed on the target)"),
                                  this);
    m_acceptSkips->setObjectName(QStringLiteral("acceptSkips"));
    m_acceptSkips->hide();
    connect(m_acceptSkips, &QCheckBox::toggled, this, [this](bool on) {
        m_session->setAcceptSkips(on);
        updateSummary();
        Q_EMIT completeChanged();
    });
    layout->addWidget(m_acceptSkips);

    auto *exportRow = new QHBoxLayout;
    auto *csv = newButton(tr("Export CSV…"), this, QStringLiteral("exportCsvButton"));
    auto *json = newButton(tr("Export JSON…"), this, QStringLiteral("exportJsonButton"));
    connect(csv, &QPushButton::clicked, this, [this] { exportTo(false); });
    connect(json, &QPushButton::clicked, this, [this] { exportTo(true); });
    m_exported = new QLabel(this);
    m_exported->setObjectName(QStringLiteral("exportedLabel"));
    m_exported->setTextInteractionFlags(Qt::TextSelectableByMouse);
    exportRow->addWidget(csv);
    exportRow->addWidget(json);
    exportRow->addWidget(m_exported, 1);
    layout->addLayout(exportRow);
    layout->addStretch(1);
}

void FailoverPlanPage::initializePage()
{
    m_acceptSkips->setChecked(false);
    m_session->setAcceptSkips(false);
    std::vector<FailoverPlan> plans;
    bool skips = false;
    for (const FailoverGroupRun *run : m_session->includedRuns()) {
        plans.push_back(run->plan);
        skips = skips || run->plan.skips();
    }
    m_model->setPlans(plans);
    // One group: its name is in the summary, the width goes to the columns that differ.
    m_table->setColumnHidden(FailoverPlanModel::Group, plans.size() == 1);
    m_table->resizeColumnsToContents();
    // The note can be long: it takes the width left over and shows in full as a tooltip.
    m_table->setColumnWidth(FailoverPlanModel::Note, 200);
    failoverui::fitHeightToRows(m_table);
    m_acceptSkips->setVisible(skips);
    m_exported->clear();
    updateSummary();
}

void FailoverPlanPage::updateSummary()
{
    qint64 partitions = 0, reread = 0, skipped = 0, notReplicated = 0;
    int failed = 0;
    QStringList warnings;
    std::map<QString, int> methods;
    for (const FailoverGroupRun *run : m_session->includedRuns()) {
        reread += run->plan.totalReread();
        skipped += run->plan.totalSkipped();
        for (const auto &p : run->plan.partitions) {
            ++partitions;
            notReplicated += std::max<qint64>(0, p.notReplicated);
            if (p.newOffset < 0)
                ++failed;
            else
                ++methods[methodName(p.method)];
        }
        for (const QString &w : run->plan.warnings)
            warnings << run->plan.group + QStringLiteral(": ") + w;
    }
    QStringList byMethod;
    for (const auto &[name, count] : methods)
        byMethod << QStringLiteral("%1 %2").arg(count).arg(name);
    QStringList lines;
    QStringList names;
    for (const FailoverGroupRun *run : m_session->includedRuns())
        names << run->plan.group;
    lines
        << tr("%1 group(s) (%7), %2 partition(s) by method: %3. Re-read at most %4 record(s), skipped %5, not replicated %6.")
               .arg(m_session->includedRuns().size())
               .arg(partitions)
               .arg(byMethod.isEmpty() ? tr("none") : byMethod.join(QStringLiteral(", ")))
               .arg(reread)
               .arg(skipped)
               .arg(notReplicated)
               .arg(names.join(QStringLiteral(", ")));
    bool refused = false;
    if (failed > 0) {
        lines << tr("%n partition(s) have no translated offset: the plan is refused (choose another fallback on the "
                    "Select page).",
                    nullptr, failed);
        refused = true;
    } else if (skipped != 0 && !m_acceptSkips->isChecked()) {
        lines << tr("The plan skips records the group has not consumed: refused unless you accept it below.");
        refused = true;
    }
    lines += warnings;
    if (refused)
        setToneText(m_summary, StatusTone::Error);
    else
        clearToneText(m_summary);
    m_summary->setText(lines.join(QLatin1Char('\n')));
}

bool FailoverPlanPage::isComplete() const
{
    const auto runs = m_session->includedRuns();
    if (runs.empty())
        return false;
    for (const FailoverGroupRun *run : runs)
        if (run->plan.hasErrors() || anyRed(run->checks))
            return false;
    return true;
}

Status FailoverPlanPage::exportPlans(const QString &path, bool json) const
{
    std::vector<PlanWithChecks> plans;
    for (const FailoverGroupRun *run : m_session->includedRuns())
        plans.push_back({run->plan, run->checks});
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(file.errorString());
    file.write(json ? failoverPlansJson(plans) : failoverPlansCsv(plans));
    if (!file.commit())
        return Status::failure(file.errorString());
    return success();
}

void FailoverPlanPage::exportTo(bool json)
{
    const QString suggested = QStringLiteral("%1-%2-to-%3.%4")
                                  .arg(m_wizard->operationName(), m_wizard->spec().from, m_wizard->spec().to,
                                       json ? QStringLiteral("json") : QStringLiteral("csv"));
    const QString path = m_wizard->saveFileChooser
                             ? m_wizard->saveFileChooser(suggested)
                             : QFileDialog::getSaveFileName(this, tr("Export the plan"), suggested,
                                                            json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const Status saved = exportPlans(path, json); saved)
        m_exported->setText(tr("Saved %1").arg(path));
    else
        m_exported->setText(tr("Cannot save %1: %2").arg(path, saved.errorMessage()));
}

} // namespace lagscope
