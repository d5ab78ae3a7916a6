#pragma once
// What OpenSSL said about a broker certificate it rejected, in words an SRE can act on —
// librdkafka's own "certificate verify failed" leaves out which name or CA was wrong.
// Shared by every librdkafka handle Lagscope makes (admin client, partition reader).

#include <QString>

namespace lagscope {

// "TLS certificate of <broker> rejected: <OpenSSL's reason> (chain depth N): <hint>".
// `x509Error` is OpenSSL's X509_V_ERR_* code (never X509_V_OK here).
QString describeCertificateRejection(const char *broker, int x509Error, int depth);

} // namespace lagscope
