"""The soak's faults (tests/reliability/soak) and the events each must leave in the app's
history (table `event`, kinds as core/model/ClusterEvent.cpp names them).

The demo lab has one broker per cluster, so a broker fault makes its whole cluster
unreachable for the app: the expected events are the cluster's `cluster-unreachable` and,
after healing, `cluster-reachable`. MirrorMaker stopped for longer than the flow's 15 s
heartbeat threshold (mirror/FlowHealth.h) is `flow-stalled` (or `flow-broken`), then
`flow-recovered`. The slow disk has no event: what it must show is that the limit held and
that the polls taken while it did were recorded (late, from the recorder's queue) and
(checked for the whole run) none was lost.
"""
import sqlite3
import subprocess
import time

FAULTS = ["broker-kill", "broker-pause", "mm2-stop", "cluster-stop", "slow-disk"]

# A write rate far below what the history's pages and the ext4 journal need at 2-s polls:
# with the dirty pages queued behind it (apply()), a sync in the fault waits for seconds.
SLOW_WRITE_IOPS = 3
SLOW_WRITE_BPS = 256 * 1024
# A synced 16 KiB write needs a data and a journal write or more: at 3 I/O a second at least
# 0.3 s; unthrottled it takes about 10 ms.
SLOW_PROBE_MIN_S = 0.3
# MirrorMaker stopped for twice the flow's 15 s heartbeat threshold at least: the fault must
# outlast what the app may tolerate. soak_short's 15-s hold was the threshold itself, so the
# event depended on how fast a loaded machine stopped and restarted MirrorMaker (a CI run beside
# the fuzzers saw no flow-stalled).
MM2_MIN_HOLD_S = 30


def apply(soak, kind, hold):
    """Applies one fault, holds it, undoes it; returns its record (no waiting for recovery)."""
    fault = {"kind": kind, "at_s": time.monotonic() - soak.app_started, "start_ms": int(time.time() * 1000)}
    t0 = time.monotonic()
    if kind == "broker-kill":
        soak.lab("broker", "kill", "--cluster", "primary", "--node", "1")
        soak.wait(hold)
        soak.lab("broker", "start", "--cluster", "primary", "--node", "1")
        fault["expect"] = [["primary", "cluster-unreachable"], ["primary", "cluster-reachable"]]
        fault["note"] = "kill -9 primary's broker, start it again;"
    elif kind == "broker-pause":
        soak.lab("broker", "pause", "--cluster", "primary", "--node", "1")
        soak.wait(hold)
        soak.lab("broker", "resume", "--cluster", "primary", "--node", "1")
        fault["expect"] = [["primary", "cluster-unreachable"], ["primary", "cluster-reachable"]]
        fault["note"] = "SIGSTOP primary's broker, SIGCONT;"
    elif kind == "mm2-stop":
        soak.lab("mm2", "stop")
        soak.wait(max(hold, MM2_MIN_HOLD_S))
        soak.lab("mm2", "start")
        fault["expect"] = [["*", "flow-stalled|flow-broken"], ["*", "flow-recovered"]]
        fault["note"] = "MirrorMaker 2 stopped, started;"
    elif kind == "cluster-stop":
        soak.lab("cluster", "stop", "--cluster", "dr")
        soak.wait(hold)
        soak.lab("cluster", "start", "--cluster", "dr")
        fault["expect"] = [["dr", "cluster-unreachable"], ["dr", "cluster-reachable"]]
        fault["note"] = "cluster dr stopped, started;"
    elif kind == "slow-disk":
        before = soak.disk.writes()
        soak.disk.slow(SLOW_WRITE_IOPS, SLOW_WRITE_BPS)
        # Proof that the limit holds: a synced 16 KiB write takes about 10 ms unthrottled.
        probe_s = soak.disk.probe_sync_s()
        # The history does not sync its commits (WAL, synchronous=NORMAL): its pages would reach
        # the disk only after the kernel's 30 s dirty expiry or at a checkpoint, and a short fault
        # would pass unseen. A sync of the file system in the background queues them all behind
        # the limit now, so the journal and the app's next writes wait as on a disk that is slow.
        flush = subprocess.Popen(["sync", "-f", soak.data])
        behind_s = 0.0  # how far the newest recorded poll fell behind the clock
        end = t0 + hold
        while time.monotonic() < end:
            soak.wait(min(5, end - time.monotonic()))
            newest = soak.newest_poll_ms()
            if newest:
                behind_s = max(behind_s, time.time() - newest / 1000)
        during = soak.disk.writes()
        soak.disk.fast()
        flush.wait()
        fault["expect"] = []
        fault["slow_end_ms"] = int(time.time() * 1000)
        fault["probe_sync_s"] = probe_s
        fault["recorder_behind_s"] = behind_s
        secs = max(1e-3, time.monotonic() - t0)
        fault["note"] = (f"history disk limited to {SLOW_WRITE_IOPS} IO/s, {SLOW_WRITE_BPS // 1024} KiB/s "
                         f"({(during[0] - before[0]) / secs:.1f} IO/s done, a synced 16 KiB write took "
                         f"{probe_s:.1f} s, the newest recorded poll up to {behind_s:.0f} s old);")
    else:
        raise ValueError(kind)
    fault["held_s"] = time.monotonic() - t0
    return fault


def _events(history, start_ms, until_ms):
    con = sqlite3.connect(f"file:{history}?mode=ro", uri=True, timeout=10)
    try:
        return con.execute("SELECT c.name, e.kind FROM event e JOIN cluster c ON c.id = e.cluster_id"
                           " WHERE e.t >= ? AND e.t < ? ORDER BY e.t", (start_ms, until_ms)).fetchall()
    finally:
        con.close()


def check_events(history, fault):
    """(expected events found, expected events missing) between the fault's start and the
    next fault's start (fault["until_ms"]); for the slow disk, that the limit held (the probe
    write was slow) and that the polls taken while it was slow were recorded (the whole run's
    polls check says none was lost)."""
    until = fault.get("until_ms", 2**62)
    if fault["kind"] == "slow-disk":
        if "slow_end_ms" not in fault:
            return [], ["the fault itself"]
        if fault["probe_sync_s"] < SLOW_PROBE_MIN_S:
            return [], [f"a slow disk (a synced write took {fault['probe_sync_s']:.2f} s)"]
        con = sqlite3.connect(f"file:{history}?mode=ro", uri=True, timeout=10)
        try:
            n = con.execute("SELECT count(*) FROM poll WHERE tier = 0 AND t >= ? AND t < ?",
                            (fault["start_ms"], fault["slow_end_ms"])).fetchone()[0]
        finally:
            con.close()
        return ([f"{n} polls recorded while slow"], []) if n else ([], ["polls recorded while slow"])
    seen = _events(history, fault["start_ms"], until)
    found, missing = [], []
    for cluster, kinds in fault["expect"]:
        match = [f"{c}:{k}" for c, k in seen if (cluster == "*" or c == cluster) and k in kinds.split("|")]
        (found if match else missing).append(match[0] if match else f"{cluster}:{kinds}")
    return found, missing
