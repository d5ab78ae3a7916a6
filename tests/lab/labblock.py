"""Cutting one broker off from its clients while its controller still hears it (stdlib only).

`lab broker block` makes the broker's client listener answer every TCP segment with a reset
(an iptables REJECT rule on its port): connections from clients, including the other
brokers' replica fetchers, fail at once, while its heartbeats to the controller (which leave
from the broker and go to the controller listener) go on. The controller keeps it registered
and unfenced: the case a monitor must show as Unreachable, not Offline. `unblock` deletes the
rule; `down` and `heal` unblock every broker they find blocked. Needs root and iptables.
"""
import shutil
import subprocess

from labproc import LabError


def _rule(b):
    return ["INPUT", "-p", "tcp", "-d", b["host"], "--dport", str(b["port"]),
            "-j", "REJECT", "--reject-with", "tcp-reset"]


def _iptables(*args):
    exe = shutil.which("iptables")
    if not exe:
        raise LabError("`lab broker block` needs iptables (scripts/bootstrap installs it)")
    return subprocess.run([exe, "-w", *args], capture_output=True, text=True)


def block(b):
    """Adds the rule once (a second block is a no-op) and records it in the broker entry."""
    if _iptables("-C", *_rule(b)).returncode != 0:
        r = _iptables("-I", *_rule(b))
        if r.returncode != 0:
            raise LabError(f"iptables refused to block port {b['port']}: {r.stderr.strip()}")
    b["blocked"] = True


def unblock(b):
    """Deletes every copy of the rule; True when there was one."""
    had = False
    while _iptables("-C", *_rule(b)).returncode == 0:
        r = _iptables("-D", *_rule(b))
        if r.returncode != 0:
            raise LabError(f"iptables refused to unblock port {b['port']}: {r.stderr.strip()}")
        had = True
    b.pop("blocked", None)
    return had
