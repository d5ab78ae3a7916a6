"""SASL and TLS for the lab's `secure` profile: a CA and a broker certificate made with
openssl (plus a second, unrelated CA for "wrong CA" tests), the broker's PKCS12 keystore,
the SCRAM user added at format time, and the listener properties.

The broker gets, next to its PLAINTEXT listener (inter-broker traffic, tools, readiness):
  SASL_PLAINTEXT://127.0.0.1:<sasl_port>   SCRAM-SHA-512
  SASL_SSL://127.0.0.1:<ssl_port>          SCRAM-SHA-512 over TLS, advertised as localhost:<ssl_port>
The certificate names only DNS:localhost, so a client that bootstraps to 127.0.0.1:<ssl_port>
with hostname verification on is refused (the hostname-mismatch case), and one that uses
localhost:<ssl_port> is accepted.
"""
import os
import subprocess

from labproc import LabError

USER = "lagscope"
PASSWORD = "lab-scram-Pw-7f3a"  # test-only credential of a loopback lab
KEYSTORE_PASSWORD = "lab-keystore-pw"
MECHANISM = "SCRAM-SHA-512"


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


def listeners(node):
    """(listeners, advertised, protocol-map entries) to add for one broker."""
    return ([f"SASL_PLAINTEXT://127.0.0.1:{node['sasl_port']}", f"SASL_SSL://127.0.0.1:{node['ssl_port']}"],
            [f"SASL_PLAINTEXT://127.0.0.1:{node['sasl_port']}", f"SASL_SSL://localhost:{node['ssl_port']}"],
            ["SASL_PLAINTEXT:SASL_PLAINTEXT", "SASL_SSL:SASL_SSL"])


def broker_props(tls):
    jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required;"
    return {
        "sasl.enabled.mechanisms": MECHANISM,
        f"listener.name.sasl_plaintext.{MECHANISM.lower()}.sasl.jaas.config": jaas,
        f"listener.name.sasl_ssl.{MECHANISM.lower()}.sasl.jaas.config": jaas,
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": tls["keystore"],
        "ssl.keystore.password": KEYSTORE_PASSWORD,
        "ssl.key.password": KEYSTORE_PASSWORD,
    }
