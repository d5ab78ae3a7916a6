"""A real MIT Kerberos KDC for the lab's `secure` profile (Debian's krb5-kdc), run in the
lab's own folder with its own krb5.conf and kdc.conf, so that it never touches /etc/krb5.conf,
/var/lib/krb5kdc or the user's ticket cache.

Realm LAGSCOPE.TEST, KDC on 127.0.0.1:<kdc_port> (TCP and UDP; clients are told to use TCP).
Principals, each with a keytab made by kadmin.local in DIR/conf/kerberos:
  kafka/localhost        the broker's service principal (broker.keytab)
  lagscope-client        what Lagscope signs in as (client.keytab)
  stale.keytab           lagscope-client's keys of an earlier version: a keytab that kinit
                         refuses (the "wrong keytab" case)
krb5.conf turns off DNS canonicalisation and reverse lookups: the broker is advertised as
localhost and its service principal is kafka/localhost whatever the resolver says.
"""
import os
import shutil
import subprocess

from labproc import LabError

REALM = "LAGSCOPE.TEST"
SERVICE = "kafka"
SERVICE_HOST = "localhost"
CLIENT = "lagscope-client"
MASTER_PASSWORD = "lab-kdc-master-7c1e"  # test-only: the stash of a throwaway loopback KDC


def kerberos_dir(lab_dir):
    return os.path.join(lab_dir, "conf", "kerberos")


def kdc_log(lab_dir):
    return os.path.join(lab_dir, "logs", "services", "kdc-server.log")  # kept after `down`


def paths(lab_dir):
    d = kerberos_dir(lab_dir)
    return {
        "dir": d,
        "krb5_conf": os.path.join(d, "krb5.conf"),
        "kdc_conf": os.path.join(d, "kdc.conf"),
        "broker_keytab": os.path.join(d, "broker.keytab"),
        "client_keytab": os.path.join(d, "client.keytab"),
        "stale_keytab": os.path.join(d, "stale.keytab"),
        "broker_jaas_principal": f"{SERVICE}/{SERVICE_HOST}@{REALM}",
        "client_principal": f"{CLIENT}@{REALM}",
        "realm": REALM,
        "service_name": SERVICE,
    }


def _env(p):
    env = dict(os.environ)
    env["KRB5_CONFIG"] = p["krb5_conf"]
    env["KRB5_KDC_PROFILE"] = p["kdc_conf"]
    env["KRB5CCNAME"] = "FILE:" + os.path.join(p["dir"], "lab-admin.ccache")
    return env


def _run(cmd, p):
    proc = subprocess.run(cmd, env=_env(p), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=60)
    if proc.returncode != 0:
        raise LabError(f"{' '.join(cmd[:3])} ... failed:\n{proc.stdout[-2000:]}")
    return proc.stdout


def _kadmin(p, query):
    return _run(["kadmin.local", "-r", REALM, "-q", query], p)


def check_installed():
    missing = [t for t in ("krb5kdc", "kdb5_util", "kadmin.local", "kinit") if not shutil.which(t)]
    if missing:
        raise LabError("the secure profile needs MIT Kerberos (Debian packages krb5-kdc, "
                       f"krb5-admin-server, krb5-user); not found: {', '.join(missing)}")


def setup(lab_dir, kdc_port):
    """Writes krb5.conf/kdc.conf, creates the realm's database and the keytabs. Fast
    (about a second): kdb5_util and kadmin.local work on local files."""
    check_installed()
    p = paths(lab_dir)
    os.makedirs(p["dir"], exist_ok=True)
    with open(p["krb5_conf"], "w") as f:
        f.write(f"""[libdefaults]
    default_realm = {REALM}
    dns_lookup_kdc = false
    dns_lookup_realm = false
    dns_canonicalize_hostname = false
    rdns = false
    udp_preference_limit = 1
    ticket_lifetime = 1h
    forwardable = false
[realms]
    {REALM} = {{
        kdc = 127.0.0.1:{kdc_port}
    }}
[domain_realm]
    localhost = {REALM}
""")
    d = p["dir"]
    with open(p["kdc_conf"], "w") as f:
        f.write(f"""[kdcdefaults]
    kdc_listen = 127.0.0.1:{kdc_port}
    kdc_tcp_listen = 127.0.0.1:{kdc_port}
[realms]
    {REALM} = {{
        database_name = {d}/principal
        key_stash_file = {d}/stash
        acl_file = {d}/kadm5.acl
        max_life = 1h
        max_renewable_life = 0
        supported_enctypes = aes256-cts-hmac-sha1-96:normal aes128-cts-hmac-sha1-96:normal
    }}
[logging]
    kdc = FILE:{kdc_log(lab_dir)}
""")
    os.makedirs(os.path.dirname(kdc_log(lab_dir)), exist_ok=True)
    open(os.path.join(d, "kadm5.acl"), "w").close()
    _run(["kdb5_util", "create", "-s", "-r", REALM, "-P", MASTER_PASSWORD], p)
    _kadmin(p, f"addprinc -randkey {SERVICE}/{SERVICE_HOST}")
    _kadmin(p, f"ktadd -k {p['broker_keytab']} {SERVICE}/{SERVICE_HOST}")
    _kadmin(p, f"addprinc -randkey {CLIENT}")
    # ktadd randomizes the key each time: the first keytab is stale once the second is made.
    _kadmin(p, f"ktadd -k {p['stale_keytab']} {CLIENT}")
    _kadmin(p, f"ktadd -k {p['client_keytab']} {CLIENT}")
    for k in ("broker_keytab", "client_keytab", "stale_keytab"):
        os.chmod(p[k], 0o600)
    return p


def kdc_cmd(p):
    return ["krb5kdc", "-n", "-r", REALM]


def kdc_env(p):
    return _env(p)


def jvm_flags(p):
    """System properties the broker JVM needs for its GSSAPI listener."""
    return [f"-Djava.security.krb5.conf={p['krb5_conf']}"]


def broker_jaas(p):
    return ("com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true storeKey=true "
            f"keyTab=\"{p['broker_keytab']}\" principal=\"{p['broker_jaas_principal']}\";")
