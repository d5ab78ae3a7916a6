#include "actions/ResetOffsetsDialog.h"

#include "actions/ResetParsers.h"
#include "actions/ResetPlanner.h"
#include "actions/ResetPreviewModel.h"
#include "actions/WriteGuard.h"

#include <QButtonGroup>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFile>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpressionValidator>
#include <QStandardPaths>
#include <QTableView>
#include <QThread>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace lagscope {

namespace {

constexpr int kStepTimeoutMs = 30000;

QString dataDir() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

QString optionalOffset(const std::optional<qint64> &v) { return v ? QString::number(*v) : QStringLiteral("-"); }

} // namespace

ResetOffsetsDialog::ResetOffsetsDialog(const ClusterConfig &cluster, const QString &group, QWidget *parent)
    : QDialog(parent), m_cluster(cluster), m_group(group)
{
    setObjectName(QStringLiteral("resetOffsetsDialog"));
    setWindowTitle(tr("Reset offsets of %1 on %2").arg(group, cluster.name));
    buildUi();
    updateButtons();
    loadScope();
}

ResetOffsetsDialog::~ResetOffsetsDialog()
{
    m_cancel->store(true);
    if (m_thread)
        m_thread->wait(); // bounded by the step's deadline, cut short by the cancel flag
}

void ResetOffsetsDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *specBox = new QGroupBox(tr("Reset to"), this);
    auto *specGrid = new QGridLayout(specBox);
    m_specs = new QButtonGroup(this);
    auto addSpec = [&](ResetSpec::Kind kind, const QString &name, const QString &text, QWidget *value) {
        auto *button = new QRadioButton(text, specBox);
        button->setObjectName(name);
        m_specs->addButton(button, int(kind));
        const int row = specGrid->rowCount();
        specGrid->addWidget(button, row, 0);
        if (value) {
            specGrid->addWidget(value, row, 1);
            value->setEnabled(false);
            connect(button, &QAbstractButton::toggled, value, &QWidget::setEnabled);
        }
    };
    const auto *integer = new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[+-]?[0-9]{1,18}")), this);
    auto lineEdit = [&](const QString &name, const QString &placeholder) {
        auto *edit = new QLineEdit(specBox);
        edit->setObjectName(name);
        edit->setPlaceholderText(placeholder);
        connect(edit, &QLineEdit::textChanged, this, [this] { m_planned.reset(); m_model->clear(); updateButtons(); });
        return edit;
    };
    m_offsetValue = lineEdit(QStringLiteral("offsetValue"), tr("offset, e.g. 1000"));
    m_offsetValue->setValidator(integer);
    m_shiftValue = lineEdit(QStringLiteral("shiftValue"), tr("records, e.g. -500 or +100"));
    m_shiftValue->setValidator(integer);
    m_datetimeValue = new QDateTimeEdit(QDateTime::currentDateTimeUtc().addSecs(-3600), specBox);
    m_datetimeValue->setObjectName(QStringLiteral("datetimeValue"));
    m_datetimeValue->setTimeSpec(Qt::UTC);
    m_datetimeValue->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz 'UTC'"));
    m_datetimeValue->setCalendarPopup(true);
    m_durationValue = lineEdit(QStringLiteral("durationValue"), tr("ISO-8601 duration, e.g. PT1H or P1DT2H"));
    m_copyGroupValue = lineEdit(QStringLiteral("copyGroupValue"), tr("source consumer group"));
    addSpec(ResetSpec::ToEarliest, QStringLiteral("specToEarliest"), tr("Earliest offset (log start)"), nullptr);
    addSpec(ResetSpec::ToLatest, QStringLiteral("specToLatest"), tr("Latest offset (log end)"), nullptr);
    addSpec(ResetSpec::ToCurrent, QStringLiteral("specToCurrent"), tr("Current committed offset"), nullptr);
    addSpec(ResetSpec::ToOffset, QStringLiteral("specToOffset"), tr("Offset"), m_offsetValue);
    addSpec(ResetSpec::ShiftBy, QStringLiteral("specShiftBy"), tr("Shift by"), m_shiftValue);
    addSpec(ResetSpec::ToDatetime, QStringLiteral("specToDatetime"), tr("Date and time (UTC)"), m_datetimeValue);
    addSpec(ResetSpec::ByDuration, QStringLiteral("specByDuration"), tr("Duration ago"), m_durationValue);
    addSpec(ResetSpec::CopyFromGroup, QStringLiteral("specCopyFromGroup"), tr("Copy from group"), m_copyGroupValue);
    specGrid->setColumnStretch(1, 1);
    layout->addWidget(specBox);

    auto *scopeBox = new QGroupBox(tr("Partitions"), this);
    auto *scopeLayout = new QVBoxLayout(scopeBox);
    auto *scopeRow = new QHBoxLayout;
    m_scopes = new QButtonGroup(this);
    auto *all = new QRadioButton(tr("All topics with a committed offset"), scopeBox);
    all->setObjectName(QStringLiteral("scopeAllTopics"));
    auto *selected = new QRadioButton(tr("Selected topics and partitions"), scopeBox);
    selected->setObjectName(QStringLiteral("scopeSelected"));
    m_scopes->addButton(all, 0);
    m_scopes->addButton(selected, 1);
    scopeRow->addWidget(all);
    scopeRow->addWidget(selected);
    scopeRow->addStretch();
    scopeLayout->addLayout(scopeRow);
    m_scopeTree = new QTreeWidget(scopeBox);
    m_scopeTree->setObjectName(QStringLiteral("scopeTree"));
    m_scopeTree->setHeaderLabels({tr("Topic / partition"), tr("Committed"), tr("Log end"), tr("Lag")});
    m_scopeTree->setEnabled(false);
    m_scopeTree->setMinimumHeight(90);
    m_scopeTree->header()->setDefaultSectionSize(100);
    m_scopeTree->setColumnWidth(0, 260);
    connect(selected, &QAbstractButton::toggled, m_scopeTree, &QWidget::setEnabled);
    connect(m_scopeTree, &QTreeWidget::itemChanged, this, [this] {
        m_planned.reset();
        m_model->clear();
        updateButtons();
    });
    scopeLayout->addWidget(m_scopeTree);
    layout->addWidget(scopeBox);

    for (QButtonGroup *g : {m_specs, m_scopes})
        connect(g, &QButtonGroup::idToggled, this, [this] {
            m_planned.reset();
            m_model->clear();
            updateButtons();
        });

    auto *previewRow = new QHBoxLayout;
    m_previewButton = new QPushButton(tr("Preview"), this);
    m_previewButton->setObjectName(QStringLiteral("previewButton"));
    connect(m_previewButton, &QPushButton::clicked, this, &ResetOffsetsDialog::preview);
    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("busyIndicator"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("statusLabel"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    previewRow->addWidget(m_previewButton);
    previewRow->addWidget(m_busy);
    previewRow->addWidget(m_status, 1);
    layout->addLayout(previewRow);

    m_model = new ResetPreviewModel(this);
    m_previewTable = new QTableView(this);
    m_previewTable->setObjectName(QStringLiteral("previewTable"));
    m_previewTable->setModel(m_model);
    m_previewTable->verticalHeader()->hide();
    m_previewTable->setAlternatingRowColors(true);
    m_previewTable->setWordWrap(false);
    m_previewTable->horizontalHeader()->setStretchLastSection(true);
    m_previewTable->setColumnWidth(ResetPreviewModel::Topic, 220);
    m_previewTable->setMinimumHeight(120);
    layout->addWidget(m_previewTable, 1);

    auto *confirmRow = new QHBoxLayout;
    auto *confirmLabel = new QLabel(tr("Type the group name to confirm:"), this);
    m_confirmGroup = new QLineEdit(this);
    m_confirmGroup->setObjectName(QStringLiteral("confirmGroup"));
    m_confirmGroup->setPlaceholderText(m_group);
    confirmLabel->setBuddy(m_confirmGroup);
    connect(m_confirmGroup, &QLineEdit::textChanged, this, &ResetOffsetsDialog::updateButtons);
    m_executeButton = new QPushButton(tr("Execute reset"), this);
    m_executeButton->setObjectName(QStringLiteral("executeButton"));
    m_executeButton->setAutoDefault(false);
    connect(m_executeButton, &QPushButton::clicked, this, &ResetOffsetsDialog::execute);
    confirmRow->addWidget(confirmLabel);
    confirmRow->addWidget(m_confirmGroup, 1);
    confirmRow->addWidget(m_executeButton);
    layout->addLayout(confirmRow);
    m_executeHint = new QLabel(this);
    m_executeHint->setObjectName(QStringLiteral("executeHint"));
    m_executeHint->setWordWrap(true);
    layout->addWidget(m_executeHint);

    m_resultLabel = new QLabel(this);
    m_resultLabel->setObjectName(QStringLiteral("resultLabel"));
    m_resultLabel->setWordWrap(true);
    m_resultLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_resultLabel);

    auto *undoRow = new QHBoxLayout;
    m_undoButton = new QPushButton(tr("Undo…"), this);
    m_undoButton->setObjectName(QStringLiteral("undoButton"));
    m_undoButton->setAutoDefault(false);
    m_undoButton->setEnabled(false);
    m_undoButton->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    connect(m_undoButton, &QPushButton::clicked, this, &ResetOffsetsDialog::confirmUndo);
    // The undo's own confirmation, inline rather than a nested modal loop.
    m_undoConfirm = new QWidget(this);
    m_undoConfirm->setObjectName(QStringLiteral("undoConfirm"));
    auto *undoConfirmLayout = new QHBoxLayout(m_undoConfirm);
    undoConfirmLayout->setContentsMargins(0, 0, 0, 0);
    m_undoConfirmLabel = new QLabel(m_undoConfirm);
    m_undoConfirmLabel->setWordWrap(true);
    auto *yes = new QPushButton(tr("Restore"), m_undoConfirm);
    yes->setObjectName(QStringLiteral("confirmUndoButton"));
    yes->setAutoDefault(false);
    auto *no = new QPushButton(tr("Cancel"), m_undoConfirm);
    no->setObjectName(QStringLiteral("cancelUndoButton"));
    no->setAutoDefault(false);
    connect(yes, &QPushButton::clicked, this, &ResetOffsetsDialog::undo);
    connect(no, &QPushButton::clicked, m_undoConfirm, &QWidget::hide);
    undoConfirmLayout->addWidget(m_undoConfirmLabel, 1);
    undoConfirmLayout->addWidget(yes);
    undoConfirmLayout->addWidget(no);
    m_undoConfirm->hide();
    undoRow->addWidget(m_undoButton);
    undoRow->addWidget(m_undoConfirm, 1);
    undoRow->addStretch(0); // keeps the button at the left while the confirmation is hidden
    layout->addLayout(undoRow);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(860, 820);
}

void ResetOffsetsDialog::setBusy(const QString &what)
{
    m_status->setStyleSheet(QString());
    m_status->setText(what);
    m_busy->show();
}

void ResetOffsetsDialog::run(std::function<std::function<void()>(KafkaClient *, const QString &)> job)
{
    Q_ASSERT(!m_thread);
    const ClusterConfig cluster = m_cluster;
    const ClientOptions options{kStepTimeoutMs, 0, m_cancel};
    m_thread = QThread::create([this, cluster, options, job = std::move(job)] {
        auto client = KafkaClient::create(cluster, options);
        std::function<void()> done = client ? job(client->get(), QString()) : job(nullptr, client.errorMessage());
        // Queued to this dialog; the destructor waits for this thread, so `this` is alive.
        QMetaObject::invokeMethod(this, std::move(done), Qt::QueuedConnection);
    });
    m_thread->setParent(this);
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->deleteLater();
        m_thread = nullptr;
        m_busy->hide();
        updateButtons();
    });
    updateButtons();
    m_thread->start();
}

void ResetOffsetsDialog::loadScope()
{
    setBusy(tr("Reading the group's committed offsets…"));
    const QString group = m_group;
    run([this, group](KafkaClient *client, const QString &connectError) -> std::function<void()> {
        if (!client)
            return [this, connectError] { m_status->setText(connectError); };
        ResetSpec spec;
        spec.kind = ResetSpec::ToLatest;
        ResetScope scope;
        scope.allTopics = true;
        auto gathered = gatherResetInputs(*client, group, spec, scope, Deadline::inMs(kStepTimeoutMs));
        return [this, gathered = std::move(gathered)] {
            if (!gathered) {
                m_status->setText(tr("Could not read the group: %1").arg(gathered.errorMessage()));
                return;
            }
            const ResetInputs &in = gathered->inputs;
            const QSignalBlocker blocker(m_scopeTree);
            m_scopeTree->clear();
            for (const auto &[topic, partitions] : in.topicPartitions) {
                // The group's topics: those it has a committed offset in.
                const auto first = in.committed.lower_bound(TopicPartition{topic, -1});
                if (first == in.committed.end() || first->first.topic != topic)
                    continue;
                auto *topicItem = new QTreeWidgetItem(m_scopeTree, {topic});
                topicItem->setFlags(topicItem->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
                topicItem->setCheckState(0, Qt::Unchecked);
                qint64 topicLag = 0;
                for (int p : partitions) {
                    const TopicPartition tp{topic, p};
                    const auto c = in.committed.find(tp);
                    const auto e = in.logEnd.find(tp);
                    auto *item = new QTreeWidgetItem(topicItem);
                    item->setText(0, tr("partition %1").arg(p));
                    item->setData(0, Qt::UserRole, p);
                    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
                    item->setCheckState(0, Qt::Unchecked);
                    item->setText(1, c != in.committed.end() ? QString::number(c->second) : QStringLiteral("-"));
                    item->setText(2, e != in.logEnd.end() ? QString::number(e->second) : QStringLiteral("-"));
                    if (c != in.committed.end() && e != in.logEnd.end()) {
                        item->setText(3, QString::number(e->second - c->second));
                        topicLag += e->second - c->second;
                    }
                }
                topicItem->setText(3, QString::number(topicLag));
            }
            m_scopeTree->expandAll();
            m_status->setText(tr("Group state: %1").arg(gathered->description.state));
        };
    });
}

std::optional<ResetOffsetsDialog::Request> ResetOffsetsDialog::request(QString *why) const
{
    Request r;
    const int id = m_specs->checkedId();
    if (id < 0) {
        *why = tr("Choose how to reset.");
        return std::nullopt;
    }
    r.spec.kind = ResetSpec::Kind(id);
    auto number = [&](QLineEdit *edit, const QString &option) -> bool {
        bool ok = false;
        r.spec.value = edit->text().toLongLong(&ok);
        if (!ok)
            *why = tr("Enter a whole number.");
        r.specText = option + QLatin1Char(' ') + edit->text();
        return ok;
    };
    switch (r.spec.kind) {
    case ResetSpec::ToEarliest: r.specText = QStringLiteral("--to-earliest"); break;
    case ResetSpec::ToLatest: r.specText = QStringLiteral("--to-latest"); break;
    case ResetSpec::ToCurrent: r.specText = QStringLiteral("--to-current"); break;
    case ResetSpec::ToOffset:
        if (!number(m_offsetValue, QStringLiteral("--to-offset")))
            return std::nullopt;
        break;
    case ResetSpec::ShiftBy:
        if (!number(m_shiftValue, QStringLiteral("--shift-by")))
            return std::nullopt;
        break;
    case ResetSpec::ToDatetime: {
        const QDateTime t = m_datetimeValue->dateTime().toUTC();
        r.spec.value = t.toMSecsSinceEpoch();
        r.specText = QStringLiteral("--to-datetime ") + t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) +
                     QLatin1Char('Z');
        break;
    }
    case ResetSpec::ByDuration: {
        auto ms = parseIsoDuration(m_durationValue->text().trimmed());
        if (!ms) {
            *why = m_durationValue->text().isEmpty() ? tr("Enter a duration.") : ms.errorMessage();
            return std::nullopt;
        }
        // The timestamp is taken again when the preview runs (now − D at that moment).
        r.spec.value = *ms;
        r.specText = QStringLiteral("--by-duration ") + m_durationValue->text().trimmed();
        break;
    }
    case ResetSpec::CopyFromGroup:
        r.spec.sourceGroup = m_copyGroupValue->text().trimmed();
        if (r.spec.sourceGroup.isEmpty()) {
            *why = tr("Enter the group to copy from.");
            return std::nullopt;
        }
        r.specText = QStringLiteral("copy-from-group ") + r.spec.sourceGroup;
        break;
    default: break;
    }

    const int scopeId = m_scopes->checkedId();
    if (scopeId < 0) {
        *why = tr("Choose the partitions.");
        return std::nullopt;
    }
    if (scopeId == 0) {
        r.scope.allTopics = true;
        r.scopeText = QStringLiteral("--all-topics");
        return r;
    }
    QStringList parts;
    for (int t = 0; t < m_scopeTree->topLevelItemCount(); ++t) {
        const QTreeWidgetItem *topic = m_scopeTree->topLevelItem(t);
        if (topic->checkState(0) == Qt::Unchecked)
            continue;
        std::vector<int> partitions;
        QStringList numbers;
        for (int c = 0; c < topic->childCount(); ++c)
            if (topic->child(c)->checkState(0) == Qt::Checked) {
                partitions.push_back(topic->child(c)->data(0, Qt::UserRole).toInt());
                numbers << QString::number(partitions.back());
            }
        parts << QStringLiteral("--topic ") + topic->text(0) + QLatin1Char(':') + numbers.join(QLatin1Char(','));
        r.scope.topics.emplace_back(topic->text(0), std::move(partitions));
    }
    if (r.scope.topics.empty()) {
        *why = tr("Check at least one partition.");
        return std::nullopt;
    }
    r.scopeText = parts.join(QLatin1Char(' '));
    return r;
}

void ResetOffsetsDialog::updateButtons()
{
    QString why;
    const bool complete = request(&why).has_value();
    m_previewButton->setEnabled(complete && !isBusy());
    m_previewButton->setToolTip(complete ? QString() : why);

    QString hint;
    bool canExecute = !isBusy();
    if (const auto refusal = writeRefusal(m_cluster, tr("offset reset"))) {
        canExecute = false;
        hint = *refusal;
    } else if (!m_planned) {
        canExecute = false;
        hint = tr("Preview the reset first.");
    } else if (m_model->plan().partitions.empty()) {
        canExecute = false;
        hint = tr("The plan is empty: nothing to reset.");
    } else if (m_confirmGroup->text() != m_group) {
        canExecute = false;
        hint = tr("Type '%1' to enable Execute.").arg(m_group);
    }
    m_executeButton->setEnabled(canExecute);
    m_executeButton->setToolTip(hint);
    m_executeHint->setText(hint);
    m_undoButton->setEnabled(!m_backupPath.isEmpty() && !m_cluster.readOnly && !isBusy());
    m_undoButton->setToolTip(writeRefusal(m_cluster, tr("undo")).value_or(QString()));
}

void ResetOffsetsDialog::preview()
{
    QString why;
    auto req = request(&why);
    if (!req || isBusy())
        return;
    m_model->clear();
    m_planned.reset();
    setBusy(tr("Computing the new offsets…"));
    const QString group = m_group;
    Request r = *req;
    if (r.spec.kind == ResetSpec::ByDuration)
        r.spec.value = resetTimestampForDuration(QDateTime::currentMSecsSinceEpoch(), r.spec.value);
    run([this, group, r](KafkaClient *client, const QString &connectError) -> std::function<void()> {
        PlanAnswer answer;
        Request planned = r;
        auto compute = [&]() -> QString {
            if (!client)
                return connectError;
            const Deadline deadline = Deadline::inMs(kStepTimeoutMs);
            if (planned.spec.kind == ResetSpec::CopyFromGroup) {
                auto source = client->committedOffsets({planned.spec.sourceGroup}, deadline);
                if (!source)
                    return source.errorMessage();
                for (const auto &[tp, offset] : (*source)[planned.spec.sourceGroup])
                    planned.spec.fileOffsets[tp] = offset;
            }
            auto gathered = gatherResetInputs(*client, group, planned.spec, planned.scope, deadline);
            if (!gathered)
                return gathered.errorMessage();
            answer.inactiveRefusal = checkInactive(gathered->description);
            auto plan = planReset(planned.spec, planned.scope, gathered->inputs);
            if (!plan)
                return plan.errorMessage();
            answer.plan = std::move(*plan);
            return {};
        };
        answer.error = compute();
        return [this, answer, planned] {
            if (!answer.error.isEmpty()) {
                m_status->setStyleSheet(QStringLiteral("color: #d02121;"));
                m_status->setText(answer.error);
                return;
            }
            m_model->setPlan(answer.plan);
            m_planned = planned;
            QStringList lines;
            lines << tr("%n partition(s) in the plan.", nullptr, int(answer.plan.partitions.size()));
            lines += answer.plan.warnings;
            if (answer.inactiveRefusal) {
                // The executor checks again when applying and refuses while members are active.
                lines << *answer.inactiveRefusal;
                m_status->setStyleSheet(QStringLiteral("color: #c77c02;"));
            }
            m_status->setText(lines.join(QLatin1Char('\n')));
            m_resultLabel->clear();
            updateButtons();
        };
    });
}

ResetApplyOptions ResetOffsetsDialog::applyOptions(const QString &specText, const QString &scopeText) const
{
    ResetApplyOptions options;
    options.cluster = m_cluster.name;
    options.readOnly = m_cluster.readOnly;
    options.readOnlyReason = m_cluster.readOnlyReason;
    options.dataDir = dataDir();
    options.specText = specText;
    options.scopeText = scopeText;
    options.deadline = Deadline::inMs(kStepTimeoutMs);
    return options;
}

void ResetOffsetsDialog::execute()
{
    if (!m_planned || isBusy() || m_cluster.readOnly || m_confirmGroup->text() != m_group)
        return;
    setBusy(tr("Applying the new offsets…"));
    m_resultLabel->clear();
    const ResetPlan plan = m_model->plan();
    ResetApplyOptions options = applyOptions(m_planned->specText, m_planned->scopeText);
    // Progress per committed topic (the destructor waits for the worker, so `this` lives).
    options.afterBatch = [this, hook = m_afterBatchForTesting](const QString &topic, int committed, int total) {
        QMetaObject::invokeMethod(
            this,
            [this, committed, total] {
                setBusy(tr("Applying the new offsets… %1 of %2 topics committed").arg(committed).arg(total));
            },
            Qt::QueuedConnection);
        if (hook)
            hook(topic, committed, total);
    };
    run([this, plan, options](KafkaClient *client, const QString &connectError) -> std::function<void()> {
        Result<ResetOutcome> outcome =
            client ? applyReset(*client, plan, options) : Result<ResetOutcome>::failure(connectError);
        return [this, outcome = std::move(outcome)] {
            m_confirmGroup->clear();
            // The previewed offsets are stale now: another reset needs a new preview.
            m_planned.reset();
            m_status->setText(tr("Finished. Preview again before another reset."));
            showOutcome(tr("Reset"), outcome);
            if (outcome && !outcome->refusal) {
                m_backupPath = outcome->backupPath;
                Q_EMIT applied(m_cluster.name, m_group);
            }
        };
    });
}

void ResetOffsetsDialog::confirmUndo()
{
    m_undoConfirmLabel->setText(tr("Restore the offsets of %1 from %2?").arg(m_group, m_backupPath));
    m_undoConfirm->show();
}

void ResetOffsetsDialog::undo()
{
    m_undoConfirm->hide();
    if (m_backupPath.isEmpty() || isBusy() || m_cluster.readOnly)
        return;
    setBusy(tr("Restoring the offsets from the backup…"));
    const QString path = m_backupPath;
    const ResetApplyOptions options = applyOptions(QStringLiteral("--undo ") + path, QString());
    run([this, path, options](KafkaClient *client, const QString &connectError) -> std::function<void()> {
        auto restore = [&]() -> Result<ResetOutcome> {
            if (!client)
                return Result<ResetOutcome>::failure(connectError);
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                return Result<ResetOutcome>::failure(tr("cannot read %1: %2").arg(path, file.errorString()));
            auto backup = parseResetBackup(file.readAll());
            if (!backup)
                return Result<ResetOutcome>::failure(backup.errorMessage());
            if (backup->offsets.empty())
                return Result<ResetOutcome>::failure(tr("%1 holds no committed offsets to restore").arg(path));
            ResetSpec spec;
            spec.kind = ResetSpec::Manual;
            for (const auto &[tp, offset] : backup->offsets)
                spec.fileOffsets[tp] = offset;
            auto gathered = gatherResetInputs(*client, backup->group, spec, {}, options.deadline);
            if (!gathered)
                return Result<ResetOutcome>::failure(gathered.errorMessage());
            auto plan = planReset(spec, {}, gathered->inputs);
            if (!plan)
                return Result<ResetOutcome>::failure(plan.errorMessage());
            return applyReset(*client, *plan, options); // refuses an active group itself
        };
        Result<ResetOutcome> outcome = restore();
        return [this, outcome = std::move(outcome)] {
            m_planned.reset();
            m_status->setText(tr("Finished. Preview again before another reset."));
            showOutcome(tr("Undo"), outcome);
            if (outcome && !outcome->refusal) {
                m_backupPath.clear(); // the undo's own backup stays on disk for lagscopectl undo
                Q_EMIT applied(m_cluster.name, m_group);
            }
        };
    });
}

void ResetOffsetsDialog::showOutcome(const QString &title, const Result<ResetOutcome> &outcome)
{
    m_outcome.clear();
    if (!outcome) {
        m_resultLabel->setStyleSheet(QStringLiteral("color: #d02121;"));
        m_resultLabel->setText(tr("%1 failed: %2").arg(title, outcome.errorMessage()));
        return;
    }
    if (outcome->refusal) {
        m_resultLabel->setStyleSheet(QStringLiteral("color: #d02121;"));
        m_resultLabel->setText(tr("%1 refused, nothing was changed:\n%2").arg(title, *outcome->refusal));
        return;
    }
    m_outcome = outcome->partitions;
    QStringList lines;
    std::map<PartitionOutcome::Result, int> counts;
    for (const auto &o : m_outcome)
        ++counts[o.result];
    QStringList tally;
    for (const auto &[result, count] : counts)
        tally << QStringLiteral("%1 %2").arg(count).arg(outcomeName(result));
    // "Reset partial: 2 applied, 2 not-applied, 2 unknown (6 partitions)."
    lines << tr("%1 %2: %3 (%n partition(s)).", nullptr, int(m_outcome.size()))
                 .arg(title, writeResultName(outcome->result), tally.join(QStringLiteral(", ")));
    // Reasons are long (they carry the cluster's error) and shared by whole topics: each is
    // listed once and referred to by number.
    QStringList reasons;
    for (const auto &o : m_outcome) {
        QString line = tr("%1: %2 → %3, committed now %4 — %5")
                           .arg(o.tp.toString(), optionalOffset(o.before), QString::number(o.planned),
                                optionalOffset(o.after), outcomeName(o.result));
        if (!o.reason.isEmpty()) {
            if (!reasons.contains(o.reason))
                reasons << o.reason;
            line += QStringLiteral(" [%1]").arg(reasons.indexOf(o.reason) + 1);
        }
        lines << line;
    }
    for (qsizetype i = 0; i < reasons.size(); ++i)
        lines << QStringLiteral("[%1] %2").arg(i + 1).arg(reasons[i]);
    lines << tr("Backup of the previous offsets: %1").arg(outcome->backupPath);
    m_resultLabel->setStyleSheet(outcome->result == WriteResult::Applied ? QStringLiteral("color: #1a7f37;")
                                                                             : QStringLiteral("color: #d02121;"));
    m_resultLabel->setText(lines.join(QLatin1Char('\n')));
}

} // namespace lagscope
