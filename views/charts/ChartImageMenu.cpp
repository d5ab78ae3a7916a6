#include "charts/ChartImageMenu.h"

#include "charts/QCustomPlotInclude.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>

namespace lagscope {

namespace {

std::function<QString(const QString &)> &pathProvider()
{
    static std::function<QString(const QString &)> provider;
    return provider;
}

// The translation context of this file's strings (lupdate reads it from here).
struct ChartImageMenuText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ChartImageMenu)
};

void reportResult(QCustomPlot *plot, const Status &saved)
{
    if (!saved)
        QMessageBox::warning(plot, ChartImageMenuText::tr("Save image"), saved.errorMessage());
}

void askAndSave(QCustomPlot *plot, const QString &suggested)
{
    if (pathProvider()) {
        const QString path = pathProvider()(suggested);
        if (!path.isEmpty())
            reportResult(plot, saveChartImage(plot, path));
        return;
    }
    auto *dialog = new QFileDialog(plot->window(), ChartImageMenuText::tr("Save chart image"), suggested,
                                   ChartImageMenuText::tr("PNG images (*.png)"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("png"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(dialog, &QFileDialog::fileSelected, plot,
                     [plot](const QString &path) { reportResult(plot, saveChartImage(plot, path)); });
    dialog->open();
}

} // namespace

void installSaveImageMenu(QCustomPlot *plot, std::function<QString()> baseName)
{
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, plot, [plot, baseName](const QPoint &pos) {
        auto *menu = new QMenu(plot);
        menu->setObjectName(QStringLiteral("chartMenu"));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        QAction *save = menu->addAction(ChartImageMenuText::tr("Save image…"));
        save->setObjectName(QStringLiteral("actionSaveImage"));
        QObject::connect(save, &QAction::triggered, plot, [plot, baseName] {
            QString name = baseName ? baseName() : QString();
            if (name.isEmpty())
                name = QStringLiteral("chart");
            name.replace(QLatin1Char('/'), QLatin1Char('-'));
            const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
            askAndSave(plot, dir + QLatin1Char('/') + name + QStringLiteral(".png"));
        });
        menu->popup(plot->mapToGlobal(pos));
    });
}

Status saveChartImage(QCustomPlot *plot, const QString &path)
{
    // scale 0 would mean 1; the device pixel ratio keeps a HiDPI screen's sharpness.
    const double ratio = std::max(1.0, plot->devicePixelRatioF());
    if (!plot->savePng(path, plot->width(), plot->height(), ratio))
        return Status::failure(ChartImageMenuText::tr("Cannot write the image %1").arg(path));
    return success();
}

void setSaveImagePathProviderForTests(std::function<QString(const QString &)> provider)
{
    pathProvider() = std::move(provider);
}

} // namespace lagscope
