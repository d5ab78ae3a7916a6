#pragma once
// "Add cluster" / "Edit cluster": name, bootstrap servers, read-only, and the connection
// profile (protocol, SASL mechanism, user, password, CA file, verification switches).
// GSSAPI reuses the user row for the Kerberos principal and adds the keytab and service
// name; OAUTHBEARER reuses the user and password rows for the OpenID Connect client id and
// secret (stored like a password) and adds the token endpoint and scope.
// The password is never written to the configuration: the dialog stores it in the desktop
// keyring (or, without one, for this session) and the cluster gets a ${keyring:…}
// reference — or the user types a ${env:…}/${file:…}/${cmd:…} reference instead.
// "Test connection" tries the settings as typed (ConnectionTester), before anything is saved.
// Thread: GUI. Ownership: a normal QDialog.

#include "config/Config.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;

namespace lagscope {

class ConnectionTester;

class ClusterDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterDialog)

public:
    // existing: the cluster to edit, or null to add one.
    explicit ClusterDialog(const ClusterConfig *existing, QWidget *parent = nullptr);

    // The cluster as entered; its password is the reference to store in the file.
    ClusterConfig cluster() const;
    QString previousName() const { return m_previousName; }
    // Empty when the form can be accepted, else what is missing.
    QString problem() const;

    void accept() override; // stores the secret (keyring or session), then closes
    // The test's deadline: the configuration's request timeout (10 s by default).
    void setTimeoutMs(int ms);
    ConnectionTester *tester() const { return m_tester; }

private:
    enum Storage {
        StoreInKeyring,
        StoreForSession,
        StoreAsReference
    };
    // The form, built in the order of its rows (which is also the tab order).
    void buildEdits();
    void buildSecurityChoices();
    QHBoxLayout *buildTlsRow();
    QFormLayout *buildForm(QHBoxLayout *caRow);
    void load(const ClusterConfig &existing); // an existing cluster's settings, secret aside
    void updateState();
    void growToFit();
    ClusterConfig clusterToTest() const;
    void setTabOrder(QHBoxLayout *caRow);

    QString m_previousName;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_bootstrap = nullptr;
    QCheckBox *m_readOnly = nullptr;
    QComboBox *m_protocol = nullptr;
    QComboBox *m_mechanism = nullptr;
    QLineEdit *m_username = nullptr;
    QComboBox *m_storage = nullptr;
    QLineEdit *m_password = nullptr;
    QLineEdit *m_reference = nullptr;
    QLabel *m_keyringNote = nullptr;
    QLineEdit *m_keytab = nullptr;
    QLineEdit *m_serviceName = nullptr;
    QLineEdit *m_tokenEndpoint = nullptr;
    QLineEdit *m_scope = nullptr;
    QFormLayout *m_form = nullptr;
    QLineEdit *m_caFile = nullptr;
    QCheckBox *m_verifyCertificates = nullptr;
    QCheckBox *m_verifyHostname = nullptr;
    QLabel *m_tlsWarning = nullptr;
    QLabel *m_problem = nullptr;
    ConnectionTester *m_tester = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace lagscope
