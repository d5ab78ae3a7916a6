#include "settings/ClusterDialog.h"
#include "models/StatusColors.h"

#include "config/SecretReference.h"
#include "settings/ConnectionTester.h"
#include "settings/Keyring.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace lagscope {

ClusterDialog::ClusterDialog(const ClusterConfig *existing, QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("clusterDialog"));
    setWindowTitle(existing ? tr("Edit cluster %1").arg(existing->name) : tr("Add cluster"));
    buildEdits();
    buildSecurityChoices();
    QHBoxLayout *caRow = buildTlsRow();
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_tester = new ConnectionTester([this] { return clusterToTest(); }, this);
    connect(m_tester, &ConnectionTester::finished, this, &ClusterDialog::growToFit);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ClusterDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buildForm(caRow));
    layout->addWidget(m_tester);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    setTabOrder(caRow);
    // The wrapped notes appear and disappear with the choices; a form layout does not grow
    // a wrapped label's row on its own, so each keeps room for three lines.
    for (QLabel *note : {m_keyringNote, m_tlsWarning})
        note->setMinimumHeight(note->fontMetrics().lineSpacing() * 3 + 4);

    m_verifyCertificates->setChecked(true);
    m_verifyHostname->setChecked(true);
    if (existing)
        load(*existing);
    for (QComboBox *combo : {m_protocol, m_mechanism, m_storage})
        connect(combo, &QComboBox::currentIndexChanged, this, &ClusterDialog::updateState);
    for (QCheckBox *check : {m_verifyCertificates, m_verifyHostname})
        connect(check, &QCheckBox::toggled, this, &ClusterDialog::updateState);
    updateState();
    resize(620, sizeHint().height());
}

void ClusterDialog::buildEdits()
{
    auto make = [this](QLineEdit *&edit, const char *name, const QString &placeholder) {
        edit = new QLineEdit(this);
        edit->setObjectName(QString::fromLatin1(name));
        edit->setPlaceholderText(placeholder);
        connect(edit, &QLineEdit::textChanged, this, &ClusterDialog::updateState);
    };
    make(m_name, "nameEdit", tr("prod-eu"));
    make(m_bootstrap, "bootstrapEdit", tr("broker1:9093,broker2:9093"));
    make(m_username, "usernameEdit", QString());
    make(m_password, "passwordEdit", tr("stored in the keyring, never in the file"));
    m_password->setEchoMode(QLineEdit::Password);
    make(m_reference, "referenceEdit", tr("${env:KAFKA_PASSWORD}, ${file:/path} or ${cmd:pass show kafka/prod}"));
    make(m_caFile, "caFileEdit", tr("CA certificate (PEM); empty: the system's CAs"));
    make(m_keytab, "keytabEdit", tr("empty: the ticket cache of kinit"));
    make(m_serviceName, "serviceNameEdit", QStringLiteral("kafka"));
    make(m_tokenEndpoint, "tokenEndpointEdit", tr("https://idp.example.com/oauth2/token"));
    make(m_scope, "scopeEdit", tr("optional"));
    m_readOnly = new QCheckBox(tr("Read-only: refuse offset resets, failover and every other write"), this);
    m_readOnly->setObjectName(QStringLiteral("readOnlyCheck"));
}

void ClusterDialog::buildSecurityChoices()
{
    m_protocol = new QComboBox(this);
    m_protocol->setObjectName(QStringLiteral("protocolCombo"));
    m_protocol->addItems({QStringLiteral("PLAINTEXT"), QStringLiteral("SSL"), QStringLiteral("SASL_PLAINTEXT"),
                          QStringLiteral("SASL_SSL")});
    m_mechanism = new QComboBox(this);
    m_mechanism->setObjectName(QStringLiteral("mechanismCombo"));
    m_mechanism->addItems({QStringLiteral("SCRAM-SHA-512"), QStringLiteral("SCRAM-SHA-256"), QStringLiteral("PLAIN"),
                           QStringLiteral("GSSAPI"), QStringLiteral("OAUTHBEARER")});
    m_storage = new QComboBox(this);
    m_storage->setObjectName(QStringLiteral("storageCombo"));
    m_storage->addItem(tr("Desktop keyring"), StoreInKeyring);
    m_storage->addItem(tr("Ask each session (kept in memory)"), StoreForSession);
    m_storage->addItem(tr("Reference: environment, file or command"), StoreAsReference);
    m_keyringNote = new QLabel(this);
    m_keyringNote->setObjectName(QStringLiteral("keyringNote"));
    m_keyringNote->setWordWrap(true);
    const QString unavailable = Keyring::instance().unavailableReason();
    if (!unavailable.isEmpty()) {
        // Degrade to "ask per session", and say why, rather than fail or write the password.
        if (auto *model = qobject_cast<QStandardItemModel *>(m_storage->model()))
            model->item(0)->setEnabled(false);
        m_storage->setCurrentIndex(1);
        m_keyringNote->setText(unavailable);
    }
}

// The CA file with its Browse button, and the verification switches with their warning.
QHBoxLayout *ClusterDialog::buildTlsRow()
{
    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setObjectName(QStringLiteral("browseCaButton"));
    browse->setAutoDefault(false);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("CA certificate"), m_caFile->text());
        if (!f.isEmpty())
            m_caFile->setText(f);
    });
    auto *caRow = new QHBoxLayout;
    caRow->addWidget(m_caFile, 1);
    caRow->addWidget(browse);
    m_verifyCertificates = new QCheckBox(tr("Verify the broker certificates"), this);
    m_verifyCertificates->setObjectName(QStringLiteral("verifyCertificatesCheck"));
    m_verifyHostname = new QCheckBox(tr("Verify the broker host names"), this);
    m_verifyHostname->setObjectName(QStringLiteral("verifyHostnameCheck"));
    m_tlsWarning = new QLabel(tr("⚠ TLS verification is off: anyone on the network path can impersonate this cluster. "
                                 "The cluster is marked with a warning badge."),
                              this);
    m_tlsWarning->setObjectName(QStringLiteral("tlsWarning"));
    m_tlsWarning->setWordWrap(true);
    setToneText(m_tlsWarning, StatusTone::Error, true);

    return caRow;
}

QFormLayout *ClusterDialog::buildForm(QHBoxLayout *caRow)
{
    auto *form = new QFormLayout;
    form->addRow(tr("&Name"), m_name);
    form->addRow(tr("B&ootstrap servers"), m_bootstrap);
    form->addRow(QString(), m_readOnly);
    form->addRow(tr("Security &protocol"), m_protocol);
    form->addRow(tr("SASL &mechanism"), m_mechanism);
    form->addRow(tr("&User name"), m_username);
    form->addRow(tr("&Keytab"), m_keytab);
    form->addRow(tr("Service na&me"), m_serviceName);
    form->addRow(tr("Token &endpoint"), m_tokenEndpoint);
    form->addRow(tr("Sco&pe"), m_scope);
    form->addRow(tr("Password &storage"), m_storage);
    form->addRow(QString(), m_keyringNote);
    form->addRow(tr("Pass&word"), m_password);
    form->addRow(tr("Password &reference"), m_reference);
    form->addRow(tr("&CA file"), caRow);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(caRow)))
        label->setBuddy(m_caFile);
    form->addRow(QString(), m_verifyCertificates);
    form->addRow(QString(), m_verifyHostname);
    form->addRow(QString(), m_tlsWarning);
    m_form = form;
    return form;
}

void ClusterDialog::load(const ClusterConfig &existing)
{
    m_previousName = existing.name;
    m_name->setText(existing.name);
    m_bootstrap->setText(existing.bootstrapServers);
    m_readOnly->setChecked(existing.readOnly && existing.readOnlyReason.isEmpty());
    const SecurityConfig &s = existing.security;
    m_protocol->setCurrentText(s.protocol.isEmpty() ? QStringLiteral("PLAINTEXT") : s.protocol);
    if (!s.saslMechanism.isEmpty())
        m_mechanism->setCurrentText(s.saslMechanism);
    m_username->setText(s.usesKerberos() ? s.kerberosPrincipal : s.usesOidc() ? s.oauthClientId : s.username);
    m_keytab->setText(s.kerberosKeytab);
    m_serviceName->setText(s.kerberosServiceName);
    m_tokenEndpoint->setText(s.oauthTokenEndpoint);
    m_scope->setText(s.oauthScope);
    // The secret itself is never shown: a keyring reference keeps the stored one unless
    // a new password is typed; other references are shown as written.
    const QString secret = s.usesOidc() ? s.oauthClientSecret : s.password;
    if (!secret.isEmpty() && Keyring::nameOf(secret).isEmpty()) {
        m_storage->setCurrentIndex(StoreAsReference);
        m_reference->setText(secret);
    }
    m_caFile->setText(s.caFile);
    m_verifyCertificates->setChecked(s.verifyCertificates);
    m_verifyHostname->setChecked(s.verifyHostname);
}

ClusterConfig ClusterDialog::cluster() const
{
    ClusterConfig c;
    c.name = m_name->text().trimmed();
    c.bootstrapServers = m_bootstrap->text().remove(QLatin1Char(' '));
    c.readOnly = m_readOnly->isChecked();
    SecurityConfig &s = c.security;
    s.protocol = m_protocol->currentText();
    if (s.usesSasl()) {
        s.saslMechanism = m_mechanism->currentText();
        const QString user = m_username->text().trimmed();
        const QString secret = m_storage->currentData().toInt() == StoreAsReference ? m_reference->text().trimmed()
                                                                                    : Keyring::referenceFor(c.name);
        if (s.saslMechanism == u"GSSAPI") {
            s.kerberosPrincipal = user;
            s.kerberosKeytab = m_keytab->text().trimmed();
            s.kerberosServiceName = m_serviceName->text().trimmed();
        } else if (s.saslMechanism == u"OAUTHBEARER") {
            s.oauthTokenEndpoint = m_tokenEndpoint->text().trimmed();
            s.oauthClientId = user;
            s.oauthClientSecret = secret;
            s.oauthScope = m_scope->text().trimmed();
        } else {
            s.username = user;
            s.password = secret;
        }
    }
    if (s.usesTls()) {
        s.caFile = m_caFile->text().trimmed();
        s.verifyCertificates = m_verifyCertificates->isChecked();
        s.verifyHostname = m_verifyHostname->isChecked();
    }
    return c;
}

QString ClusterDialog::problem() const
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9._-]+$"));
    const ClusterConfig c = cluster();
    if (!name.match(c.name).hasMatch())
        return tr("Name: letters, digits, \".\", \"_\" and \"-\" only.");
    if (c.bootstrapServers.isEmpty())
        return tr("Bootstrap servers: at least one host:port.");
    if (!c.security.usesSasl())
        return QString();
    const SecurityConfig &s = c.security;
    if (s.saslMechanism == u"GSSAPI") {
        if (!s.kerberosKeytab.isEmpty() && s.kerberosPrincipal.isEmpty())
            return tr("GSSAPI with a keytab needs the principal to sign in as.");
        return QString(); // without a keytab: the ticket cache
    }
    const bool oauth = s.saslMechanism == u"OAUTHBEARER";
    if (oauth && !s.oauthTokenEndpoint.startsWith(u"https://") && !s.oauthTokenEndpoint.startsWith(u"http://"))
        return tr("OAUTHBEARER needs the token endpoint's URL (https://…).");
    if (oauth ? s.oauthClientId.isEmpty() : s.username.isEmpty())
        return oauth ? tr("OAUTHBEARER needs a client ID.") : tr("%1 needs a user name.").arg(s.saslMechanism);
    const QString secret = oauth ? s.oauthClientSecret : s.password;
    const int storage = m_storage->currentData().toInt();
    if (storage == StoreAsReference) {
        auto ref = parseSecretReference(secret);
        if (secret.isEmpty() || !ref || ref->kind == SecretReference::Clear)
            return tr("Password reference: ${env:NAME}, ${file:/path} or ${cmd:…}; never the password itself.");
    } else if (m_password->text().isEmpty() && !Keyring::instance().knows(Keyring::nameOf(secret))) {
        return oauth ? tr("OAUTHBEARER needs the client secret.") : tr("%1 needs a password.").arg(s.saslMechanism);
    }
    return QString();
}

void ClusterDialog::updateState()
{
    const QString protocol = m_protocol->currentText();
    const bool sasl = protocol.startsWith(QStringLiteral("SASL"));
    const bool tls = protocol.endsWith(QStringLiteral("SSL"));
    const bool reference = m_storage->currentData().toInt() == StoreAsReference;
    for (QWidget *w :
         {static_cast<QWidget *>(m_mechanism), static_cast<QWidget *>(m_username), static_cast<QWidget *>(m_storage)})
        w->setEnabled(sasl);
    m_password->setEnabled(sasl && !reference);
    m_reference->setEnabled(sasl && reference);
    // Each mechanism shows its own rows; the user and password rows change their labels.
    const QString mechanism = m_mechanism->currentText();
    const bool gssapi = sasl && mechanism == u"GSSAPI";
    const bool oauth = sasl && mechanism == u"OAUTHBEARER";
    for (QWidget *w : {m_keytab, m_serviceName})
        m_form->setRowVisible(w, gssapi);
    for (QWidget *w : {m_tokenEndpoint, m_scope})
        m_form->setRowVisible(w, oauth);
    for (QWidget *w :
         {static_cast<QWidget *>(m_storage), static_cast<QWidget *>(m_password), static_cast<QWidget *>(m_reference)})
        m_form->setRowVisible(w, !gssapi);
    if (auto *label = qobject_cast<QLabel *>(m_form->labelForField(m_username)))
        label->setText(gssapi ? tr("&Principal") : oauth ? tr("Client &ID") : tr("&User name"));
    if (auto *label = qobject_cast<QLabel *>(m_form->labelForField(m_password)))
        label->setText(oauth ? tr("Client secre&t") : tr("Pass&word"));
    m_keyringNote->setVisible(sasl && !gssapi && !m_keyringNote->text().isEmpty());
    for (QWidget *w : {static_cast<QWidget *>(m_caFile), static_cast<QWidget *>(m_verifyCertificates),
                       static_cast<QWidget *>(m_verifyHostname)})
        w->setEnabled(tls);
    m_tlsWarning->setVisible(tls && (!m_verifyCertificates->isChecked() || !m_verifyHostname->isChecked()));
    const QString why = problem();
    m_problem->setText(why);
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(why.isEmpty());
    m_tester->button()->setEnabled(why.isEmpty());
    m_tester->clear(); // a result of other settings would mislead
    growToFit();
}

// Rows appear with the mechanism and a test result can take several lines: a dialog that
// kept its first height would squeeze the wrapped notes over their neighbours. It grows to
// its size hint, never shrinks under the user.
void ClusterDialog::growToFit()
{
    if (QLayout *l = layout())
        l->activate();
    if (const int needed = sizeHint().height(); height() < needed)
        resize(width(), needed);
}

ClusterConfig ClusterDialog::clusterToTest() const
{
    ClusterConfig c = cluster();
    // The typed password is not stored anywhere before Save: test with it as it is.
    if (c.security.usesSasl() && m_storage->currentData().toInt() != StoreAsReference
        && !m_password->text().isEmpty()) {
        if (c.security.usesOidc())
            c.security.oauthClientSecret = m_password->text();
        else if (!c.security.usesKerberos())
            c.security.password = m_password->text();
    }
    return c;
}

void ClusterDialog::setTimeoutMs(int ms) { m_tester->setTimeoutMs(ms); }

// The rows top to bottom, then the test, then the buttons: the widgets were created in
// another order (edits, then choices), which would be Qt's default tab order.
void ClusterDialog::setTabOrder(QHBoxLayout *caRow)
{
    QList<QWidget *> chain{m_name,        m_bootstrap,     m_readOnly, m_protocol, m_mechanism, m_username,  m_keytab,
                           m_serviceName, m_tokenEndpoint, m_scope,    m_storage,  m_password,  m_reference, m_caFile};
    if (QLayoutItem *browse = caRow->itemAt(1); browse && browse->widget())
        chain << browse->widget();
    chain << m_verifyCertificates << m_verifyHostname << m_tester->button();
    for (QAbstractButton *b : m_buttons->buttons())
        chain << b;
    for (qsizetype i = 1; i < chain.size(); ++i)
        QWidget::setTabOrder(chain[i - 1], chain[i]);
}

void ClusterDialog::accept()
{
    if (!problem().isEmpty())
        return;
    const ClusterConfig c = cluster();
    const QString name = Keyring::nameOf(c.security.usesOidc() ? c.security.oauthClientSecret : c.security.password);
    if (!name.isEmpty() && !m_password->text().isEmpty())
        Keyring::instance().store(name, m_password->text());
    m_password->clear(); // no copy left in the widget
    QDialog::accept();
}

} // namespace lagscope
