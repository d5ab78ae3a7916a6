"""Process, port and file helpers for the Lagscope Kafka lab (stdlib only, Linux /proc).

Every process the lab starts is recorded as (pid, start_time). start_time is field 22 of
/proc/PID/stat; checking it before sending a signal means a PID that the kernel has reused
for someone else's process is never touched. Nothing here finds processes by name.
"""
import os
import signal
import socket
import subprocess
import time

POLL = 0.2  # seconds between condition checks in every wait below


class LabError(Exception):
    """A failure that `lab` reports as one clear message and a non-zero exit."""


def _stat_fields(pid):
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read().decode("ascii", "replace")
    except OSError:
        return None
    # The command name (field 2) may contain spaces and parentheses: split after the last ')'.
    return data[data.rindex(")") + 2:].split()


def start_time(pid):
    fields = _stat_fields(pid)
    return int(fields[19]) if fields else None  # field 22 overall


def state(pid):
    """'R', 'S', 'T' (stopped), 'Z' (zombie), ... or None when there is no such process."""
    fields = _stat_fields(pid)
    return fields[0] if fields else None


def reap(pid):
    """Collect a child of this very process so that it does not stay a zombie."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def alive(entry):
    """True while the process recorded in entry ({'pid', 'start_time'}) still runs."""
    pid = entry.get("pid")
    if not pid:
        return False
    reap(pid)
    st = state(pid)
    return st is not None and st != "Z" and start_time(pid) == entry.get("start_time")


def status_word(entry):
    if not entry.get("pid"):
        return "stopped"
    if not alive(entry):
        return "dead"
    return "paused" if state(entry["pid"]) == "T" else "running"


def rss_mb(entry):
    try:
        with open(f"/proc/{entry['pid']}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
    except (OSError, KeyError, TypeError):
        pass
    return None


def spawn(cmd, out_path, cwd=None, env=None):
    """Start a long-running child in its own session (so a Ctrl-C or CTest's process-group
    kill of `lab` does not take it down) with stdout/stderr appended to out_path.
    Returns {'pid', 'start_time'} and keeps the Popen so that we can reap it."""
    with open(out_path, "ab") as out:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, cwd=cwd, env=env,
                                start_new_session=True)
    st = start_time(proc.pid)
    return {"pid": proc.pid, "start_time": st}


def signal_entry(entry, sig):
    if alive(entry):
        try:
            os.kill(entry["pid"], sig)
            return True
        except ProcessLookupError:
            pass
    return False


def wait_until(cond, timeout):
    """Poll cond() until it is true or timeout seconds passed; returns the last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = cond()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(POLL)


def terminate(entries, timeout):
    """SIGTERM every live entry (plus SIGCONT so that a paused one can act on it), wait
    up to timeout seconds for all to exit, SIGKILL what is left. Returns the killed ones."""
    live = [e for e in entries if alive(e)]
    for e in live:
        signal_entry(e, signal.SIGTERM)
        signal_entry(e, signal.SIGCONT)
    wait_until(lambda: not any(alive(e) for e in live), timeout)
    killed = [e for e in live if alive(e)]
    for e in killed:
        signal_entry(e, signal.SIGKILL)
    if not wait_until(lambda: not any(alive(e) for e in killed), 10):
        raise LabError("processes survive SIGKILL: %s" % [e["pid"] for e in killed if alive(e)])
    return killed


def port_open(host, port, timeout=0.5):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def free_ports(count, host="127.0.0.1"):
    """Ask the kernel for count distinct free ports: bind them all to port 0 at once, note
    the numbers, release them. A tiny race with other programs remains; Kafka then fails
    to bind and `up` reports it with the broker's log."""
    socks = []
    try:
        for _ in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((host, 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def check_ports_free(ports, host="127.0.0.1"):
    for p in ports:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind((host, p))
            except OSError:
                raise LabError(f"port {p} on {host} is in use (from --port-base)")


def tail(path, lines=50):
    """Last lines of a text file, reading only its end."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 256 * 1024))
            data = f.read().decode("utf-8", "replace")
    except OSError as e:
        return f"(cannot read {path}: {e.strerror})"
    return "\n".join(data.splitlines()[-lines:])
