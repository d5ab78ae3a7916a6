// EventLogModel and EventFilterProxy: appending at the bottom, the row cap, formatting,
// sort role values, and filtering by severity, cluster and text.
#include "models/EventFilterProxy.h"
#include "models/EventLogModel.h"
#include "models/StatusColors.h"

#include <QSignalSpy>
#include <QTest>

#include "ModelChecks.h"
#include "ModelSpies.h"

using namespace lagscope;
using namespace lagscope::test;

namespace {

using Spies = ModelSpies;

const QDateTime kStart = QDateTime(QDate(2025, 3, 1), QTime(12, 0, 0), Qt::UTC);

ClusterEvent eventAt(int n, EventSeverity severity = EventSeverity::Info,
                     const QString &cluster = QStringLiteral("dc1"), EventKind kind = EventKind::GroupStateChanged)
{
    ClusterEvent e;
    e.time = kStart.addSecs(n);
    e.cluster = cluster;
    e.kind = kind;
    e.severity = severity;
    e.subject = QStringLiteral("subject-%1").arg(n);
    e.message = QStringLiteral("message %1").arg(n);
    return e;
}

std::vector<ClusterEvent> events(int from, int count)
{
    std::vector<ClusterEvent> out;
    for (int i = from; i < from + count; ++i)
        out.push_back(eventAt(i));
    return out;
}

QStringList subjects(const QAbstractItemModel &model) { return columnValues(model, EventLogModel::Subject); }

} // namespace

class TestEventLogModel final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void appendNewestLast()
    {
        EventLogModel model;
        ModelTester tester(&model);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

        model.append(events(0, 3));
        model.append({});
        model.append(events(3, 2));
        QCOMPARE(Spies::ranges(inserted), (QList<Range>{{0, 2}, {3, 4}}));
        QCOMPARE(removed.size(), 0);
        QCOMPARE(changed.size(), 0);
        QCOMPARE(subjects(model).last(), QStringLiteral("subject-4"));
        QCOMPARE(model.event(0), eventAt(0));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.clear();
        model.clear();
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 0);
    }

    // capacity, rows before, batch size → rowsRemoved and rowsInserted, and what is kept.
    void cap_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("before");
        QTest::addColumn<int>("batch");
        QTest::addColumn<QList<Range>>("removed");
        QTest::addColumn<QList<Range>>("inserted");
        QTest::addColumn<int>("firstKept");

        QTest::newRow("fits") << 10 << 3 << 4 << QList<Range>{} << QList<Range>{{3, 6}} << 0;
        QTest::newRow("exactly full") << 7 << 3 << 4 << QList<Range>{} << QList<Range>{{3, 6}} << 0;
        QTest::newRow("oldest go") << 5 << 3 << 4 << QList<Range>{{0, 1}} << QList<Range>{{1, 4}} << 2;
        QTest::newRow("batch over capacity") << 5 << 5 << 7 << QList<Range>{{0, 4}} << QList<Range>{{0, 4}} << 7;
        QTest::newRow("default capacity") << int(EventLogModel::kDefaultCapacity) << 9998 << 5 << QList<Range>{{0, 2}}
                                          << QList<Range>{{9995, 9999}} << 3;
    }
    void cap()
    {
        QFETCH(int, capacity);
        QFETCH(int, before);
        QFETCH(int, batch);
        QFETCH(QList<Range>, removed);
        QFETCH(QList<Range>, inserted);
        QFETCH(int, firstKept);

        EventLogModel model;
        if (capacity != EventLogModel::kDefaultCapacity)
            model.setCapacity(capacity);
        QCOMPARE(model.capacity(), capacity);
        model.append(events(0, before));
        ModelTester tester(&model);
        QSignalSpy insertedSpy(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removedSpy(&model, &QAbstractItemModel::rowsRemoved);
        model.append(events(before, batch));
        QCOMPARE(Spies::ranges(removedSpy), removed);
        QCOMPARE(Spies::ranges(insertedSpy), inserted);
        QCOMPARE(model.rowCount(), std::min(capacity, before + batch));
        QCOMPARE(model.index(0, EventLogModel::Subject).data().toString(), QStringLiteral("subject-%1").arg(firstKept));
        QCOMPARE(model.index(model.rowCount() - 1, EventLogModel::Subject).data().toString(),
                 QStringLiteral("subject-%1").arg(before + batch - 1));
    }

    void shrinkingCapacityTrims()
    {
        EventLogModel model;
        model.append(events(0, 10));
        ModelTester tester(&model);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.setCapacity(4);
        QCOMPARE(Spies::ranges(removed), (QList<Range>{{0, 5}}));
        QCOMPARE(subjects(model).first(), QStringLiteral("subject-6"));
        model.setCapacity(0); // clamped to one row
        QCOMPARE(model.rowCount(), 1);
    }

    void display_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sortValue");
        const ClusterEvent e = eventAt(61, EventSeverity::Warning, QStringLiteral("dc2"), EventKind::BrokerOffline);
        QTest::newRow("time") << int(EventLogModel::Time)
                              << e.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                              << QVariant(e.time.toMSecsSinceEpoch());
        QTest::newRow("cluster") << int(EventLogModel::Cluster) << QStringLiteral("dc2")
                                 << QVariant(QStringLiteral("dc2"));
        QTest::newRow("severity") << int(EventLogModel::Severity) << QStringLiteral("Warning")
                                  << QVariant(int(EventSeverity::Warning));
        QTest::newRow("kind") << int(EventLogModel::Kind) << QStringLiteral("broker-offline")
                              << QVariant(QStringLiteral("broker-offline"));
        QTest::newRow("subject") << int(EventLogModel::Subject) << QStringLiteral("subject-61")
                                 << QVariant(QStringLiteral("subject-61"));
        QTest::newRow("message") << int(EventLogModel::Message) << QStringLiteral("message 61")
                                 << QVariant(QStringLiteral("message 61"));
    }
    void display()
    {
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QVariant, sortValue);
        EventLogModel model;
        model.append({eventAt(61, EventSeverity::Warning, QStringLiteral("dc2"), EventKind::BrokerOffline)});
        const QModelIndex index = model.index(0, column);
        compareCell(index, EventLogModel::SortRole, text, sortValue);
    }

    void timeInUtcTooltipAndColours()
    {
        EventLogModel model;
        model.append(
            {eventAt(0, EventSeverity::Info), eventAt(1, EventSeverity::Warning), eventAt(2, EventSeverity::Error)});
        QCOMPARE(model.index(0, EventLogModel::Time).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("2025-03-01T12:00:00.000Z"));
        QCOMPARE(model.index(0, EventLogModel::Time).data(EventLogModel::SortRole).toLongLong(),
                 kStart.toMSecsSinceEpoch());
        QVERIFY(!model.index(0, EventLogModel::Severity).data(Qt::ForegroundRole).isValid());
        QCOMPARE(model.index(1, EventLogModel::Severity).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Warning));
        QCOMPARE(model.index(2, EventLogModel::Severity).data(Qt::ForegroundRole).value<QColor>(),
                 statusForeground(StatusTone::Error));
        QCOMPARE(model.headerData(EventLogModel::Kind, Qt::Horizontal).toString(), QStringLiteral("Kind"));
    }

    void proxyFilters_data()
    {
        QTest::addColumn<int>("minimum");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("subjects");
        const auto s = [](int n) { return QStringLiteral("subject-%1").arg(n); };
        // 0: info dc1, 1: warning dc1, 2: error dc2 broker-offline, 3: info dc2 (group "billing")
        QTest::newRow("everything") << int(EventSeverity::Info) << QString() << QString()
                                    << QStringList{s(0), s(1), s(2), s(3)};
        QTest::newRow("warnings and up") << int(EventSeverity::Warning) << QString() << QString()
                                         << QStringList{s(1), s(2)};
        QTest::newRow("errors") << int(EventSeverity::Error) << QString() << QString() << QStringList{s(2)};
        QTest::newRow("cluster") << int(EventSeverity::Info) << QStringLiteral("dc2") << QString()
                                 << QStringList{s(2), s(3)};
        QTest::newRow("cluster and severity")
            << int(EventSeverity::Warning) << QStringLiteral("dc1") << QString() << QStringList{s(1)};
        QTest::newRow("text in message") << int(EventSeverity::Info) << QString() << QStringLiteral("MESSAGE 1")
                                         << QStringList{s(1)};
        QTest::newRow("text in kind") << int(EventSeverity::Info) << QString() << QStringLiteral("broker-off")
                                      << QStringList{s(2)};
        QTest::newRow("text in group") << int(EventSeverity::Info) << QString() << QStringLiteral("Billing")
                                       << QStringList{s(3)};
        QTest::newRow("nothing") << int(EventSeverity::Info) << QStringLiteral("dc3") << QString() << QStringList{};
    }
    void proxyFilters()
    {
        QFETCH(int, minimum);
        QFETCH(QString, cluster);
        QFETCH(QString, text);
        QFETCH(QStringList, subjects);

        EventLogModel model;
        EventFilterProxy proxy;
        ModelTester tester(&proxy, &model);
        ClusterEvent grouped = eventAt(3, EventSeverity::Info, QStringLiteral("dc2"));
        grouped.group = QStringLiteral("billing");
        model.append({eventAt(0), eventAt(1, EventSeverity::Warning),
                      eventAt(2, EventSeverity::Error, QStringLiteral("dc2"), EventKind::BrokerOffline), grouped});
        proxy.setMinimumSeverity(EventSeverity(minimum));
        proxy.setCluster(cluster);
        proxy.setFilterText(text);
        QCOMPARE(::subjects(proxy), subjects);
    }

    void proxySortsByTimeAndKeepsUpWithAppends()
    {
        EventLogModel model;
        EventFilterProxy proxy;
        ModelTester tester(&proxy, &model);
        proxy.setMinimumSeverity(EventSeverity::Warning);
        proxy.sort(EventLogModel::Time, Qt::DescendingOrder);
        // Appended out of time order on purpose: the proxy orders by UTC milliseconds.
        model.append({eventAt(100, EventSeverity::Warning), eventAt(5, EventSeverity::Error), eventAt(7)});
        model.append({eventAt(50, EventSeverity::Error)});
        QCOMPARE(::subjects(proxy), (QStringList{QStringLiteral("subject-100"), QStringLiteral("subject-50"),
                                                 QStringLiteral("subject-5")}));
        model.setCapacity(2); // drops subject-100 and subject-5 (the oldest rows, not the oldest times)
        QCOMPARE(::subjects(proxy), (QStringList{QStringLiteral("subject-50")}));
    }
};

// QTEST_MAIN: colours come from the application palette, which needs a QGuiApplication.
QTEST_MAIN(TestEventLogModel)
#include "tst_eventlogmodel.moc"
