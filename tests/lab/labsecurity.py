"""SASL and TLS for the lab's `secure` profile: a CA and a broker certificate made with
openssl (plus a second, unrelated CA for "wrong CA" tests), the broker's PKCS12 keystore,
the SCRAM user added at format time, and the listener properties.

The broker gets, next to its PLAINTEXT listener (inter-broker traffic, tools, readiness):
  SASL_PLAINTEXT://127.0.0.1:<sasl_port>   SCRAM-SHA-512
  SASL_SSL://127.0.0.1:<ssl_port>          SCRAM-SHA-512 over TLS, advertised as localhost:<ssl_port>
  KERBEROS://127.0.0.1:<kerberos_port>     SASL_PLAINTEXT with GSSAPI, advertised as localhost:<port>
                                           (service principal kafka/localhost, labkerberos.py)
  OAUTH://127.0.0.1:<oauth_port>           SASL_PLAINTEXT with OAUTHBEARER: JWTs from the lab's
                                           oidc-server, checked against its JWKS
The certificate names only DNS:localhost, so a client that bootstraps to 127.0.0.1:<ssl_port>
with hostname verification on is refused (the hostname-mismatch case), and one that uses
localhost:<ssl_port> is accepted.
"""
import os
import subprocess

import labkerberos
from labproc import LabError

USER = "lagscope"
PASSWORD = "lab-scram-Pw-7f3a"  # test-only credential of a loopback lab
KEYSTORE_PASSWORD = "lab-keystore-pw"
MECHANISM = "SCRAM-SHA-512"
# Clients of the lab's token endpoint (test-only credentials of a loopback lab). The short one's
# tokens live OIDC_SHORT_LIFETIME seconds, so that a test sees them refreshed; the broker asks
# for re-authentication when a session's token expires (connections.max.reauth.ms).
OIDC_CLIENT, OIDC_SECRET = "lagscope-monitor", "lab-oidc-secret-4b2d"
OIDC_SHORT_CLIENT, OIDC_SHORT_SECRET = "lagscope-short", "lab-oidc-short-9e1f"
OIDC_SHORT_LIFETIME = 6
OIDC_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oidc-server")


def _openssl(args, cwd):
    proc = subprocess.run(["openssl"] + args, cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise LabError(f"openssl {args[0]} failed:\n{proc.stdout[-2000:]}")


def make_tls(tls_dir):
    """CA, wrong CA, broker key + certificate (SAN DNS:localhost) and keystore in tls_dir.
    EC keys: generating them takes milliseconds, RSA keys can take a second on a busy host."""
    os.makedirs(tls_dir, exist_ok=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for name, cn in (("ca", "Lagscope Lab CA"), ("wrong-ca", "Some Other CA")):
        _openssl(["req", "-x509"] + ec + ["-keyout", f"{name}.key", "-out", f"{name}.pem",
                                         "-days", "7", "-subj", f"/CN={cn}",
                                         "-addext", "basicConstraints=critical,CA:TRUE",
                                         "-addext", "keyUsage=critical,keyCertSign,cRLSign"], tls_dir)
    _openssl(["req"] + ec + ["-keyout", "broker.key", "-out", "broker.csr", "-subj", "/CN=localhost"],
             tls_dir)
    with open(os.path.join(tls_dir, "broker.ext"), "w") as f:
        f.write("subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n")
    _openssl(["x509", "-req", "-in", "broker.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
              "-CAcreateserial", "-out", "broker.pem", "-days", "7", "-extfile", "broker.ext"], tls_dir)
    _openssl(["pkcs12", "-export", "-in", "broker.pem", "-inkey", "broker.key", "-certfile", "ca.pem",
              "-name", "broker", "-out", "broker.p12", "-passout", f"pass:{KEYSTORE_PASSWORD}"], tls_dir)
    for f in os.listdir(tls_dir):
        if f.endswith(".key"):
            os.chmod(os.path.join(tls_dir, f), 0o600)
    return {"ca": os.path.join(tls_dir, "ca.pem"), "wrong_ca": os.path.join(tls_dir, "wrong-ca.pem"),
            "keystore": os.path.join(tls_dir, "broker.p12")}


def format_args():
    return ["--add-scram", f"{MECHANISM}=[name={USER},password={PASSWORD}]"]


def oidc_clients():
    return {OIDC_CLIENT: {"secret": OIDC_SECRET, "lifetime": 3600},
            OIDC_SHORT_CLIENT: {"secret": OIDC_SHORT_SECRET, "lifetime": OIDC_SHORT_LIFETIME}}


def listeners(node):
    """(listeners, advertised, protocol-map entries) to add for one broker."""
    return ([f"SASL_PLAINTEXT://127.0.0.1:{node['sasl_port']}", f"SASL_SSL://127.0.0.1:{node['ssl_port']}",
             f"KERBEROS://127.0.0.1:{node['kerberos_port']}", f"OAUTH://127.0.0.1:{node['oauth_port']}"],
            [f"SASL_PLAINTEXT://127.0.0.1:{node['sasl_port']}", f"SASL_SSL://localhost:{node['ssl_port']}",
             f"KERBEROS://localhost:{node['kerberos_port']}", f"OAUTH://127.0.0.1:{node['oauth_port']}"],
            ["SASL_PLAINTEXT:SASL_PLAINTEXT", "SASL_SSL:SASL_SSL", "KERBEROS:SASL_PLAINTEXT",
             "OAUTH:SASL_PLAINTEXT"])


def broker_props(tls):
    """tls: make_tls(), plus "kerberos" (labkerberos.paths()) and "jwks_url" (the oidc-server's
    JWKS) for the GSSAPI and OAUTHBEARER listeners."""
    kerberos, jwks_url = tls.get("kerberos"), tls.get("jwks_url")
    jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required;"
    more = {}
    if kerberos:
        more.update({
            "listener.name.kerberos.sasl.enabled.mechanisms": "GSSAPI",
            "listener.name.kerberos.gssapi.sasl.jaas.config": labkerberos.broker_jaas(kerberos),
            "sasl.kerberos.service.name": labkerberos.SERVICE,
        })
    if jwks_url:
        more.update({
            "listener.name.oauth.sasl.enabled.mechanisms": "OAUTHBEARER",
            "listener.name.oauth.oauthbearer.sasl.jaas.config":
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;",
            "listener.name.oauth.oauthbearer.sasl.server.callback.handler.class":
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
            "sasl.oauthbearer.jwks.endpoint.url": jwks_url,
            "sasl.oauthbearer.expected.audience": "kafka",
            "sasl.oauthbearer.expected.issuer": jwks_url.rsplit("/", 1)[0],
            # A session ends when its token expires (or after a minute): the client must sign
            # in again with a fresh token, which is what the refresh test checks.
            "listener.name.oauth.oauthbearer.connections.max.reauth.ms": 60000,
        })
    return more | {
        "sasl.enabled.mechanisms": MECHANISM,
        f"listener.name.sasl_plaintext.{MECHANISM.lower()}.sasl.jaas.config": jaas,
        f"listener.name.sasl_ssl.{MECHANISM.lower()}.sasl.jaas.config": jaas,
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": tls["keystore"],
        "ssl.keystore.password": KEYSTORE_PASSWORD,
        "ssl.key.password": KEYSTORE_PASSWORD,
    }
