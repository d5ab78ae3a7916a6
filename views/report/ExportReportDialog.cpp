#include "report/ExportReportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace lagscope {

namespace {

struct Preset {
    const char *label;
    qint64 seconds; // 0: custom
};

constexpr Preset kPresets[] = {
    {QT_TRANSLATE_NOOP("lagscope::ExportReportDialog", "Last hour"), 3600},
    {QT_TRANSLATE_NOOP("lagscope::ExportReportDialog", "Last 6 hours"), 6 * 3600},
    {QT_TRANSLATE_NOOP("lagscope::ExportReportDialog", "Last 24 hours"), 24 * 3600},
    {QT_TRANSLATE_NOOP("lagscope::ExportReportDialog", "Last 7 days"), 7 * 24 * 3600},
    {QT_TRANSLATE_NOOP("lagscope::ExportReportDialog", "Custom…"), 0},
};
constexpr int kDefaultPreset = 2;

const char *const kSuffixes[] = {".pdf", ".csv", ".json"};

} // namespace

ExportReportDialog::ExportReportDialog(QString historyPath, const QStringList &clusters, QWidget *parent)
    : QDialog(parent), m_historyPath(std::move(historyPath))
{
    setObjectName(QStringLiteral("exportReportDialog"));
    setWindowTitle(tr("Export lag report"));
    auto *layout = new QVBoxLayout(this);
    m_form = new QWidget(this);
    auto *form = new QFormLayout(m_form);
    form->setContentsMargins(0, 0, 0, 0);
    const QDateTime now = QDateTime::currentDateTime();
    buildRangeRows(form, now);
    buildSelectionRows(form, clusters);
    // Breaches in records, and on lag in seconds (the age of the oldest unconsumed record):
    // "was billing ever more than 5 minutes behind?"
    m_slaEnabled = new QCheckBox(tr("Count breaches above"), m_form);
    m_slaEnabled->setObjectName(QStringLiteral("slaEnabled"));
    m_sla = new QSpinBox(m_form);
    m_sla->setObjectName(QStringLiteral("slaLag"));
    form->addRow(tr("SLA:"), slaRow(m_slaEnabled, m_sla, 2'000'000'000, 1000, tr(" records")));
    m_slaSecondsEnabled = new QCheckBox(tr("Count breaches above"), m_form);
    m_slaSecondsEnabled->setObjectName(QStringLiteral("slaSecondsEnabled"));
    m_slaSeconds = new QSpinBox(m_form);
    m_slaSeconds->setObjectName(QStringLiteral("slaSeconds"));
    form->addRow(tr("SLA on time:"), slaRow(m_slaSecondsEnabled, m_slaSeconds, 7 * 86400, 300, tr(" s behind")));
    buildOutputRows(form, now);
    layout->addWidget(m_form);
    buildFooter(layout);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ExportReportDialog::updateRangeEditors);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportReportDialog::updateSuffix);
    updateRangeEditors();
    resize(560, sizeHint().height());
}

void ExportReportDialog::buildRangeRows(QFormLayout *form, const QDateTime &now)
{
    m_preset = new QComboBox(m_form);
    m_preset->setObjectName(QStringLiteral("rangePreset"));
    for (const Preset &p : kPresets)
        m_preset->addItem(tr(p.label), p.seconds);
    m_preset->setCurrentIndex(kDefaultPreset);
    form->addRow(tr("&Range:"), m_preset);
    auto *custom = new QHBoxLayout;
    m_from = new QDateTimeEdit(now.addDays(-1), m_form);
    m_from->setObjectName(QStringLiteral("fromEdit"));
    m_to = new QDateTimeEdit(now, m_form);
    m_to->setObjectName(QStringLiteral("toEdit"));
    for (QDateTimeEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    }
    custom->addWidget(m_from);
    custom->addWidget(new QLabel(QStringLiteral("–"), m_form));
    custom->addWidget(m_to);
    form->addRow(tr("From – to (local time):"), custom);
}

void ExportReportDialog::buildSelectionRows(QFormLayout *form, const QStringList &clusters)
{
    m_clusters = new QListWidget(m_form);
    m_clusters->setObjectName(QStringLiteral("clusterList"));
    m_clusters->setMaximumHeight(90);
    for (const QString &c : clusters) {
        auto *item = new QListWidgetItem(c, m_clusters);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    form->addRow(tr("C&lusters:"), m_clusters);
    m_groups = new QLineEdit(m_form);
    m_groups->setObjectName(QStringLiteral("groupPattern"));
    m_groups->setPlaceholderText(tr("all groups; or a regular expression for the whole name, e.g. billing-.*"));
    form->addRow(tr("&Groups:"), m_groups);
}

QHBoxLayout *ExportReportDialog::slaRow(QCheckBox *enabled, QSpinBox *threshold, int maximum, int value,
                                        const QString &suffix)
{
    auto *row = new QHBoxLayout;
    threshold->setRange(0, maximum);
    threshold->setValue(value);
    threshold->setGroupSeparatorShown(true);
    threshold->setSuffix(suffix);
    threshold->setEnabled(false);
    connect(enabled, &QCheckBox::toggled, threshold, &QWidget::setEnabled);
    row->addWidget(enabled);
    row->addWidget(threshold, 1);
    return row;
}

void ExportReportDialog::buildOutputRows(QFormLayout *form, const QDateTime &now)
{
    m_format = new QComboBox(m_form);
    m_format->setObjectName(QStringLiteral("format"));
    m_format->addItem(tr("PDF (charts, for people)"));
    m_format->addItem(tr("CSV (one file per table)"));
    m_format->addItem(tr("JSON (for scripts)"));
    form->addRow(tr("&Format:"), m_format);

    auto *dest = new QHBoxLayout;
    m_destination = new QLineEdit(m_form);
    m_destination->setObjectName(QStringLiteral("destination"));
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty())
        dir = QDir::homePath();
    m_destination->setText(dir + QStringLiteral("/lagscope-report-") + now.toString(QStringLiteral("yyyyMMdd-HHmm"))
                           + QStringLiteral(".pdf"));
    auto *browse = new QToolButton(m_form);
    browse->setObjectName(QStringLiteral("browse"));
    browse->setText(tr("Browse…"));
    connect(browse, &QToolButton::clicked, this, [this] {
        auto *dialog = new QFileDialog(this, tr("Save report as"), m_destination->text());
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, m_destination, &QLineEdit::setText);
        dialog->open();
    });
    dest->addWidget(m_destination, 1);
    dest->addWidget(browse);
    // A label made for a layout has no buddy and would show the '&'; give it the line edit.
    auto *saveTo = new QLabel(tr("&Save to:"), m_form);
    saveTo->setBuddy(m_destination);
    form->addRow(saveTo, dest);
    m_partitions = new QCheckBox(tr("Include per-partition detail"), m_form);
    m_partitions->setObjectName(QStringLiteral("partitionDetail"));
    form->addRow(QString(), m_partitions);
    m_everyGroup = new QCheckBox(tr("PDF: a page with its chart for every group"), m_form);
    m_everyGroup->setObjectName(QStringLiteral("everyGroup"));
    m_everyGroup->setToolTip(tr("Otherwise only the groups that breached an SLA or lagged most get a chart; the "
                                "others are rows of the ranked tables."));
    form->addRow(QString(), m_everyGroup);
}

void ExportReportDialog::buildFooter(QVBoxLayout *layout)
{
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    layout->addWidget(m_progress);
    m_status = new QLabel(tr("History: %1").arg(QDir::toNativeSeparators(m_historyPath)), this);
    m_status->setObjectName(QStringLiteral("statusLabel"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    auto *buttons = new QDialogButtonBox(this);
    m_open = buttons->addButton(tr("&Open report"), QDialogButtonBox::ActionRole);
    m_open->setObjectName(QStringLiteral("openButton"));
    m_open->setVisible(false);
    m_export = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("exportButton"));
    m_export->setDefault(true);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    layout->addWidget(buttons);
    connect(m_export, &QPushButton::clicked, this, &ExportReportDialog::startExport);
    connect(m_cancel, &QPushButton::clicked, this, &ExportReportDialog::reject);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_written.isEmpty())
            return;
        if (m_openHandler)
            m_openHandler(m_written.first());
        else
            QDesktopServices::openUrl(QUrl::fromLocalFile(m_written.first()));
    });
}

ExportReportDialog::~ExportReportDialog() = default;

ReportExportJob::Format ExportReportDialog::format() const
{
    switch (m_format->currentIndex()) {
    case 1: return ReportExportJob::Format::Csv;
    case 2: return ReportExportJob::Format::Json;
    default: return ReportExportJob::Format::Pdf;
    }
}

void ExportReportDialog::updateRangeEditors()
{
    const bool custom = m_preset->currentData().toLongLong() == 0;
    m_from->setEnabled(custom);
    m_to->setEnabled(custom);
}

void ExportReportDialog::updateSuffix()
{
    QString path = m_destination->text();
    for (const char *suffix : kSuffixes)
        if (path.endsWith(QLatin1String(suffix)))
            path.chop(qsizetype(qstrlen(suffix)));
    m_destination->setText(path + QLatin1String(kSuffixes[m_format->currentIndex()]));
    m_everyGroup->setEnabled(format() == ReportExportJob::Format::Pdf);
}

void ExportReportDialog::setEditable(bool editable)
{
    m_form->setEnabled(editable);
    m_export->setEnabled(editable);
}

void ExportReportDialog::startExport()
{
    if (isExporting())
        return;
    ReportExportJob::Spec spec;
    spec.historyPath = m_historyPath;
    spec.now = QDateTime::currentDateTimeUtc();
    const qint64 seconds = m_preset->currentData().toLongLong();
    if (seconds > 0) {
        spec.request.from = spec.now.addSecs(-seconds);
        spec.request.to = spec.now;
    } else {
        spec.request.from = m_from->dateTime().toUTC();
        spec.request.to = m_to->dateTime().toUTC();
    }
    QStringList clusters;
    for (int i = 0; i < m_clusters->count(); ++i)
        if (m_clusters->item(i)->checkState() == Qt::Checked)
            clusters << m_clusters->item(i)->text();
    if (m_clusters->count() > 0 && clusters.isEmpty()) {
        m_status->setText(tr("Choose at least one cluster."));
        return;
    }
    if (clusters.size() < m_clusters->count())
        spec.request.clusters = clusters; // all checked: every cluster in the history, configured or not
    spec.request.groupPattern = m_groups->text().trimmed();
    if (m_slaEnabled->isChecked())
        spec.request.slaLagRecords = m_sla->value();
    if (m_slaSecondsEnabled->isChecked())
        spec.request.slaLagSeconds = m_slaSeconds->value();
    spec.request.partitionDetail = m_partitions->isChecked();
    spec.format = format();
    spec.pdf.everyGroup = m_everyGroup->isChecked();
    spec.path = m_destination->text().trimmed();
    if (spec.path.isEmpty()) {
        m_status->setText(tr("Choose where to save the report."));
        return;
    }
    spec.path = QFileInfo(spec.path).absoluteFilePath();

    delete m_job;
    m_job = new ReportExportJob(spec, this);
    connect(m_job, &ReportExportJob::progress, this, [this](int percent, const QString &text) {
        m_progress->setValue(percent);
        m_status->setText(text);
    });
    connect(m_job, &ReportExportJob::finished, this, &ExportReportDialog::onFinished);
    m_written.clear();
    m_open->setVisible(false);
    m_progress->setValue(0);
    m_status->setText(tr("Reading the history…"));
    m_cancel->setText(tr("Cancel export"));
    setEditable(false);
    m_job->start();
}

void ExportReportDialog::onFinished(bool ok, const QString &message, const QStringList &files)
{
    setEditable(true);
    m_cancel->setText(tr("Close"));
    if (ok) {
        m_written = files;
        m_progress->setValue(100);
        m_status->setText(
            message + QStringLiteral(": ") + QDir::toNativeSeparators(files.value(0))
            + (files.size() > 1 ? tr(" and %n more file(s) next to it", nullptr, int(files.size() - 1)) : QString()));
        m_open->setVisible(true);
        m_open->setFocus();
    } else {
        m_progress->setValue(0);
        m_status->setText(message);
    }
    Q_EMIT exportFinished(ok, message);
}

void ExportReportDialog::reject()
{
    // While exporting, Cancel stops the export; the dialog stays to say so.
    if (isExporting()) {
        m_job->cancel();
        m_status->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}

} // namespace lagscope
