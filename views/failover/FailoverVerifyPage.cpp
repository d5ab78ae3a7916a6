#include "failover/FailoverVerifyPage.h"

#include "failover/FailoverWizard.h"
#include "kafka/KafkaClient.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lagscope {

using namespace failover;

namespace {

constexpr int kUndoDeadlineMs = 60000;

QString optionalOffset(const std::optional<qint64> &v) { return v ? QString::number(*v) : QStringLiteral("-"); }

} // namespace

FailoverVerifyPage::FailoverVerifyPage(FailoverWizard *wizard) : QWizardPage(wizard), m_wizard(wizard)
{
    setObjectName(QStringLiteral("failoverVerifyPage"));
    setTitle(tr("Verify and next steps"));
    setSubTitle(tr("What the target holds now, what to do next, and how to undo it."));
    auto *layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("verifyStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    m_table = new QTableWidget(0, NB_COLUMNS, this);
    m_table->setObjectName(QStringLiteral("verifyTable"));
    m_table->setHorizontalHeaderLabels({tr("Group"), tr("Target topic"), tr("Part."), tr("Before"), tr("Planned"),
                                        tr("Committed now"), tr("Result")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setFocusPolicy(Qt::NoFocus);
    layout->addWidget(m_table, 1);

    m_nextSteps = new QLabel(this);
    m_nextSteps->setObjectName(QStringLiteral("nextSteps"));
    m_nextSteps->setWordWrap(true);
    m_nextSteps->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_nextSteps);

    auto *undoRow = new QHBoxLayout;
    m_undo = new QPushButton(tr("Undo…"), this);
    m_undo->setObjectName(QStringLiteral("undoButton"));
    m_undo->setAutoDefault(false);
    m_undo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    connect(m_undo, &QPushButton::clicked, this, [this] {
        QStringList groups;
        for (const FailoverGroupRun *run : m_wizard->includedRuns())
            if (run->applied())
                groups << run->plan.targetGroup;
        m_undoConfirmLabel->setText(tr("Restore the previous offsets of %1 on %2 from the backups?")
                                        .arg(groups.join(QStringLiteral(", ")), m_wizard->spec().to));
        m_undoConfirm->show();
    });
    // The undo's own confirmation, inline rather than a nested modal loop.
    m_undoConfirm = new QWidget(this);
    m_undoConfirm->setObjectName(QStringLiteral("undoConfirm"));
    auto *confirmLayout = new QHBoxLayout(m_undoConfirm);
    confirmLayout->setContentsMargins(0, 0, 0, 0);
    m_undoConfirmLabel = new QLabel(m_undoConfirm);
    m_undoConfirmLabel->setWordWrap(true);
    auto *yes = new QPushButton(tr("Restore"), m_undoConfirm);
    yes->setObjectName(QStringLiteral("confirmUndoButton"));
    yes->setAutoDefault(false);
    auto *no = new QPushButton(tr("Cancel"), m_undoConfirm);
    no->setObjectName(QStringLiteral("cancelUndoButton"));
    no->setAutoDefault(false);
    connect(yes, &QPushButton::clicked, this, &FailoverVerifyPage::undo);
    connect(no, &QPushButton::clicked, m_undoConfirm, &QWidget::hide);
    confirmLayout->addWidget(m_undoConfirmLabel, 1);
    confirmLayout->addWidget(yes);
    confirmLayout->addWidget(no);
    m_undoConfirm->hide();
    undoRow->addWidget(m_undo);
    undoRow->addWidget(m_undoConfirm, 1);
    undoRow->addStretch(0);
    layout->addLayout(undoRow);
    m_undoResult = new QLabel(this);
    m_undoResult->setObjectName(QStringLiteral("undoResult"));
    m_undoResult->setWordWrap(true);
    m_undoResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_undoResult);
    layout->addStretch(1);
}

void FailoverVerifyPage::initializePage()
{
    fillTable();
    int applied = 0, total = 0;
    QStringList steps, backups;
    for (const FailoverGroupRun *run : m_wizard->includedRuns()) {
        ++total;
        if (!run->applied())
            continue;
        if (isApplied(run->outcome->reset.result))
            ++applied; // read back equal to the plan; topics left behind are in the next steps
        backups << tr("%1: %2").arg(run->plan.targetGroup, run->outcome->reset.backupPath);
        for (const QString &s : run->outcome->nextSteps)
            if (!steps.contains(s) && !s.startsWith(QStringLiteral("To undo")))
                steps << s;
    }
    m_status->setText(tr("%1 of %2 group(s) verified on %3: the committed offsets read back equal the plan.")
                          .arg(applied)
                          .arg(total)
                          .arg(m_wizard->spec().to));
    m_status->setStyleSheet(applied == total ? QStringLiteral("color: #1a7f37;") : QStringLiteral("color: #d02121;"));
    QStringList text;
    text << tr("Next steps:");
    for (const QString &s : steps)
        text << QStringLiteral("  • ") + s;
    text << tr("Backups of the previous offsets (Undo restores them; also: lagscopectl undo --cluster %1 --backup FILE "
               "--execute):")
                .arg(m_wizard->spec().to);
    for (const QString &b : backups)
        text << QStringLiteral("  • ") + b;
    m_nextSteps->setText(text.join(QLatin1Char('\n')));
    m_undo->setEnabled(!backups.isEmpty() && !m_wizard->toCluster()->readOnly);
    m_undoResult->clear();
}

void FailoverVerifyPage::fillTable()
{
    m_table->setRowCount(0);
    for (const FailoverGroupRun *run : m_wizard->includedRuns()) {
        if (!run->outcome)
            continue;
        for (const auto &o : run->outcome->reset.partitions) {
            const int row = m_table->rowCount();
            m_table->insertRow(row);
            const QString cells[NB_COLUMNS] = {run->plan.targetGroup, o.tp.topic, QString::number(o.tp.partition),
                                               optionalOffset(o.before), QString::number(o.planned),
                                               optionalOffset(o.after),
                                               o.reason.isEmpty() ? outcomeName(o.result)
                                                                  : outcomeName(o.result) + QStringLiteral(": ") + o.reason};
            for (int c = 0; c < NB_COLUMNS; ++c) {
                auto *item = new QTableWidgetItem(cells[c]);
                if (c != Group && c != Topic && c != Outcome)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (c == Outcome)
                    item->setForeground(failoverui::levelColor(o.result == PartitionOutcome::Applied ? PreflightCheck::Green
                                                                                                    : PreflightCheck::Red));
                m_table->setItem(row, c, item);
            }
        }
    }
    m_table->resizeColumnsToContents();
    failoverui::fitHeightToRows(m_table);
}

void FailoverVerifyPage::undo()
{
    m_undoConfirm->hide();
    if (m_wizard->isBusy() || m_wizard->toCluster()->readOnly)
        return;
    std::vector<std::pair<int, QString>> backups; // index in includedRuns, path
    const auto runs = m_wizard->includedRuns();
    for (size_t i = 0; i < runs.size(); ++i)
        if (runs[i]->applied() && !runs[i]->outcome->reset.backupPath.isEmpty())
            backups.push_back({int(i), runs[i]->outcome->reset.backupPath});
    m_undo->setEnabled(false);
    m_undoResult->setStyleSheet(QString());
    m_undoResult->setText(tr("Restoring the offsets from the backups…"));
    const ClusterConfig to = *m_wizard->toCluster();
    ResetApplyOptions options;
    options.cluster = to.name;
    options.readOnly = to.readOnly;
    options.dataDir = m_wizard->dataDir();
    const auto cancel = m_wizard->cancelFlag();
    const int timeoutMs = m_wizard->config().requestTimeoutMs;
    m_wizard->run([this, backups, to, options, cancel, timeoutMs]() -> std::function<void()> {
        std::vector<std::pair<int, Result<UndoOutcome>>> results;
        auto client = KafkaClient::create(to, ClientOptions{timeoutMs, 0, cancel});
        for (const auto &[index, path] : backups) {
            ResetApplyOptions one = options;
            one.specText = QStringLiteral("--undo ") + path;
            one.deadline = Deadline::inMs(kUndoDeadlineMs);
            results.emplace_back(index, client ? undoFromBackup(**client, path, one)
                                               : Result<UndoOutcome>::failure(client.errorMessage()));
        }
        return [this, results = std::move(results)] {
            const auto included = m_wizard->includedRuns();
            QStringList lines;
            bool allOk = true;
            for (const auto &[index, result] : results) {
                FailoverGroupRun *run = included[size_t(index)];
                if (!result) {
                    run->undoError = result.errorMessage();
                    lines << tr("%1: undo failed: %2").arg(run->plan.targetGroup, run->undoError);
                    allOk = false;
                    continue;
                }
                run->undo = *result;
                if (result->reset.refusal) {
                    lines << tr("%1: undo refused: %2").arg(run->plan.targetGroup, *result->reset.refusal);
                    allOk = false;
                    continue;
                }
                QStringList parts;
                for (const auto &o : result->reset.partitions)
                    parts << tr("%1 → %2").arg(o.tp.toString(), optionalOffset(o.after));
                lines << tr("%1: %2, restored %3").arg(run->plan.targetGroup, writeResultName(result->reset.result), parts.join(QStringLiteral(", ")));
                allOk = allOk && result->reset.result == WriteResult::Applied;
                for (const auto &tp : result->leftAsIs)
                    lines << tr("  %1 had no committed offset before: left at its new offset (a commit cannot be "
                                "removed)")
                                 .arg(tp.toString());
            }
            m_undoResult->setStyleSheet(allOk ? QStringLiteral("color: #1a7f37;") : QStringLiteral("color: #d02121;"));
            m_undoResult->setText(tr("Undo:") + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
            Q_EMIT m_wizard->applied(m_wizard->spec().to);
        };
    });
}

} // namespace lagscope
