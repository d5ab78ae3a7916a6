#include "pages/QuorumPanel.h"

#include "WidgetBuild.h"
#include "models/ModelFormat.h"
#include "models/QuorumTableModel.h"
#include "models/StatusColors.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace lagscope {

QuorumPanel::QuorumPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("quorumPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_title = new QLabel(tr("<b>Controller quorum</b>"), this);
    m_title->setObjectName(QStringLiteral("quorumTitle"));
    m_summary = newMessageLabel(this, QStringLiteral("quorumSummary"), LabelText::Selectable);
    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 0, Qt::AlignTop);
    header->addWidget(m_summary, 1);
    layout->addLayout(header);

    m_model = new QuorumTableModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(QuorumTableModel::SortRole);
    m_view = new QTableView(this);
    setUpListTable(m_view, QStringLiteral("quorumTable"));
    m_view->setModel(proxy);
    m_view->setSortingEnabled(true);
    // The model's order (voters, then observers, each by id) until the user sorts.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setDefaultSectionSize(110);
    m_view->setColumnWidth(QuorumTableModel::Id, 60);
    m_view->setColumnWidth(QuorumTableModel::Role, 90);
    m_view->setColumnWidth(QuorumTableModel::Health, 90);
    layout->addWidget(m_view, 1);
    apply(nullptr);
}

QSize QuorumPanel::sizeHint() const
{
    // The summary row, and the table as tall as its rows (a table's own hint is a fixed 192 px).
    const QLayout *l = layout();
    const QMargins m = l->contentsMargins();
    // The summary wraps: as many lines as its width needs, asked of the label itself (a
    // wrapping label's plain hint guesses a narrower width, and its row caches old heights).
    const int lines =
        m_summary->width() > 0 ? m_summary->heightForWidth(m_summary->width()) : m_summary->sizeHint().height();
    int height = m.top() + m.bottom() + std::max(lines, m_title->sizeHint().height());
    if (!m_view->isHidden())
        height += l->spacing() + tableContentHeight(m_view);
    return QSize(QWidget::sizeHint().width(), height);
}

QString QuorumPanel::unavailableText(const QString &quorumError)
{
    if (quorumError.isEmpty())
        return tr("Not read yet.");
    // librdkafka's answer when the broker has no DescribeQuorum (patch 0012 words it so).
    if (quorumError.contains(QLatin1String("not supported"), Qt::CaseInsensitive)
        || quorumError.contains(QLatin1String("unsupported"), Qt::CaseInsensitive))
        return tr("None to show: the cluster runs on ZooKeeper, or on Kafka older than 3.3, which cannot describe "
                  "its controller quorum (%1).")
            .arg(quorumError);
    return tr("Could not be read: %1").arg(quorumError);
}

void QuorumPanel::apply(const SnapshotPtr &snapshot)
{
    m_model->apply(snapshot);
    if (!snapshot || !snapshot->quorum) {
        m_summary->setText(unavailableText(snapshot ? snapshot->quorumError : QString()));
        setToneText(m_summary, StatusTone::Muted);
        m_view->setVisible(false);
        updateGeometry();
        return;
    }
    const QuorumInfo &q = *snapshot->quorum;
    const QLocale locale;
    const QString epoch = q.leaderEpoch < 0 ? unknownText() : locale.toString(q.leaderEpoch);
    const QString watermark = q.highWatermark < 0 ? unknownText() : locale.toString(q.highWatermark);
    if (q.leaderId < 0) {
        m_summary->setText(tr("No leader · epoch %1 · high watermark %2 — the metadata log cannot change until a "
                              "voter wins an election")
                               .arg(epoch, watermark));
        setToneText(m_summary, StatusTone::Error, true);
    } else {
        m_summary->setText(tr("Leader %1 · epoch %2 · high watermark %3").arg(q.leaderId).arg(epoch, watermark));
        clearToneText(m_summary);
    }
    m_summary->setToolTip(tr("%n voter(s)", nullptr, int(q.voters.size())) + QStringLiteral(", ")
                          + tr("%n observer(s)", nullptr, int(q.observers.size())));
    m_view->setVisible(true);
    updateGeometry();
}

} // namespace lagscope
