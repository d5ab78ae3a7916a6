#pragma once
// The triage list as a table: severity, since when, cluster, what, details — one row per
// TriageItem, worst first (the order buildTriage() gives). Severity cells are tinted;
// split-brain rows wholly red.
// Thread: GUI thread only. Ownership: owned by its parent (the triage page).

#include "triage/Triage.h"

#include <QAbstractTableModel>

namespace lagscope {

class TriageModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TriageModel)

public:
    enum Column {
        SeverityColumn,
        SinceColumn,
        ClusterColumn,
        SubjectColumn,
        MessageColumn,
        ColumnCount
    };

    explicit TriageModel(QObject *parent = nullptr);

    // `now` is what the Since column counts from.
    void setItems(std::vector<TriageItem> items, const QDateTime &now);
    const TriageItem *item(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<TriageItem> m_items;
    QDateTime m_now;
};

// "12m 05s", "≥ 3h 10m" (already so when Lagscope started), "—" when unknown.
QString triageSinceText(const TriageItem &item, const QDateTime &now);

} // namespace lagscope
