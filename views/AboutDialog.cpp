#include "AboutDialog.h"

#include "AppIcons.h"
#include "kafka/KafkaClient.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace lagscope {

namespace {

QString lagscopeVersion()
{
    const QString set = QCoreApplication::applicationVersion();
    return set.isEmpty() ? QStringLiteral(LAGSCOPE_VERSION) : set;
}

} // namespace

QString AboutDialog::versions()
{
    const QStringList patches = KafkaClient::librdkafkaPatches();
    // A build against a system librdkafka has none of the patches: say so rather than claim them.
    const QString rdkafka = patches.isEmpty()
                                ? tr("librdkafka %1").arg(KafkaClient::librdkafkaVersion())
                                : tr("librdkafka %1 with Lagscope patches").arg(KafkaClient::librdkafkaVersion());
    return tr("Lagscope %1").arg(lagscopeVersion()) + QLatin1Char('\n')
           + tr("Qt %1 (built against %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))
           + QLatin1Char('\n') + rdkafka;
}

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Lagscope"));
    auto *icon = new QLabel(this);
    icon->setObjectName(QStringLiteral("aboutIcon"));
    icon->setPixmap(applicationIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
    auto *text = new QLabel(this);
    text->setObjectName(QStringLiteral("aboutText"));
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    text->setOpenExternalLinks(true);
    // The version is in the lines below, which Copy versions puts on the clipboard.
    QString html = tr("<h2>Lagscope</h2><p>Desktop operations console for Apache Kafka.</p>");
    html += QStringLiteral("<p>") + versions().toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"))
            + QStringLiteral("</p>");
    html += tr("<p>Copyright © the Lagscope authors.</p>"
               "<p>Lagscope is free software: you can redistribute it and/or modify it under the terms of the "
               "GNU General Public License as published by the Free Software Foundation, either version 3 of the "
               "License, or (at your option) any later version (GPL-3.0-or-later). It comes with ABSOLUTELY NO "
               "WARRANTY. See the GNU General Public License for details: "
               "<a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">gnu.org/licenses/gpl-3.0.html</a>.</p>");
    text->setText(html);
    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(text, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *copy = buttons->addButton(tr("&Copy versions"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyVersions"));
    connect(copy, &QPushButton::clicked, this, [] { QApplication::clipboard()->setText(versions()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    buttons->button(QDialogButtonBox::Close)->setFocus();
    resize(560, sizeHint().height());
}

} // namespace lagscope
