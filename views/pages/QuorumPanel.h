#pragma once
// The brokers page's "Controller quorum" panel: one line with the leader, its epoch and the
// high watermark (or, when the quorum could not be read, why, in plain words), and the table
// of voters and observers (QuorumTableModel). docs/BROKER-STATES.md has the rules.
// Thread: GUI. Ownership: owned by its parent (the brokers page's splitter); owns its model.

#include "model/ClusterSnapshot.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace lagscope {

class QuorumTableModel;

class QuorumPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QuorumPanel)

public:
    explicit QuorumPanel(QWidget *parent = nullptr);

    // A new poll of the shown cluster (null: none yet).
    void apply(const SnapshotPtr &snapshot);

    QLabel *summary() const { return m_summary; }
    QTableView *view() const { return m_view; }
    QuorumTableModel *model() const { return m_model; }
    // Tall enough for every replica's row (the brokers page fits its panels to this).
    QSize sizeHint() const override;

    // What the summary line says of a quorum that could not be read, from quorumError: the
    // reason in plain words first (ZooKeeper or old Kafka, a librdkafka without the patch),
    // then the error itself.
    static QString unavailableText(const QString &quorumError);

private:
    QLabel *m_title = nullptr;
    QLabel *m_summary = nullptr;
    QTableView *m_view = nullptr;
    QuorumTableModel *m_model = nullptr;
};

} // namespace lagscope
