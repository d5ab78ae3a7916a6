#include "kafka/TlsRejection.h"

#include <openssl/x509_vfy.h>

namespace lagscope {

namespace {

// The setting to check for the usual causes; empty when there is nothing better to say.
QString hintFor(int x509Error)
{
    switch (x509Error) {
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
        return QStringLiteral("the certificate does not name the host Lagscope connected to; use a name it lists, or "
                              "set verify_hostname: false");
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
        return QStringLiteral("its issuer is not in ca_file (or the system's CAs)");
    case X509_V_ERR_CERT_HAS_EXPIRED:
    case X509_V_ERR_CERT_NOT_YET_VALID: return QStringLiteral("check the certificate's dates and this machine's clock");
    default: return QString();
    }
}

} // namespace

QString describeCertificateRejection(const char *broker, int x509Error, int depth)
{
    QString text =
        QStringLiteral("TLS certificate of %1 rejected: %2 (chain depth %3)")
            .arg(QString::fromUtf8(broker ? broker : ""), QString::fromUtf8(X509_verify_cert_error_string(x509Error)))
            .arg(depth);
    if (const QString hint = hintFor(x509Error); !hint.isEmpty())
        text += QStringLiteral(": ") + hint;
    return text;
}

} // namespace lagscope
