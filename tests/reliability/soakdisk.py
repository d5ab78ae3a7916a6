"""The soak's slow disk (tests/reliability/soak): the app's data directory (history and state
files) on a small ext4 in a loop device, and the app in a blkio cgroup whose write limits on
that device are raised and lifted during the `slow-disk` fault.

Why this way: the machines this runs on have no device-mapper (no `delay` target) and no
cgroup v2 io controller, but cgroup v1 blkio throttling and loop devices. The throttle
applies to the writes the app's own threads submit, which with SQLite's fsync on every
commit are the history's data pages; the ext4 journal (jbd2) is not throttled, so a commit
waits for its data at the throttled rate. Limiting the loop device only leaves the rest of
the machine (the lab's brokers, other work) at full speed. Needs root.
"""
import os
import subprocess

CGROUP_ROOT = "/sys/fs/cgroup/blkio"


def run(*cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {out.stderr.strip() or out.stdout.strip()}")
    return out.stdout.strip()


class SlowDisk:
    def __init__(self, work_dir, mount_point, size_mib=512):
        self.image = os.path.join(work_dir, "disk.img")
        self.mount_point = mount_point
        self.size = size_mib * 1024 * 1024
        self.device = None
        self.mounted = False
        self.cgroup = os.path.join(CGROUP_ROOT, f"lagscope-soak-{os.getpid()}")
        self.limits = None

    def set_up(self):
        if os.geteuid() != 0:
            raise RuntimeError("the slow disk needs root (loop device, mount, blkio cgroup); use --slow-disk off")
        if not os.path.exists(os.path.join(CGROUP_ROOT, "blkio.throttle.write_iops_device")):
            raise RuntimeError(f"no cgroup v1 blkio throttling at {CGROUP_ROOT}; use --slow-disk off")
        with open(self.image, "wb") as f:
            f.truncate(self.size)
        self.device = run("losetup", "--find", "--show", self.image)
        run("mkfs.ext4", "-q", "-F", self.device)
        os.makedirs(self.mount_point, exist_ok=True)
        run("mount", self.device, self.mount_point)
        self.mounted = True
        rdev = os.stat(self.device).st_rdev
        self.dev = f"{os.major(rdev)}:{os.minor(rdev)}"
        os.makedirs(self.cgroup, exist_ok=True)

    def enter(self):
        """Moves the calling process into the cgroup (the app, between fork and exec)."""
        with open(os.path.join(self.cgroup, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))

    def _write(self, name, value):
        with open(os.path.join(self.cgroup, name), "w") as f:
            f.write(f"{self.dev} {value}")

    def slow(self, iops, bps):
        self._write("blkio.throttle.write_iops_device", iops)
        self._write("blkio.throttle.write_bps_device", bps)
        self.limits = (iops, bps)

    def fast(self):
        if self.limits:
            self._write("blkio.throttle.write_iops_device", 0)  # 0: no limit
            self._write("blkio.throttle.write_bps_device", 0)
            self.limits = None

    def writes(self):
        """(write requests, bytes) the cgroup submitted to the device so far."""
        ios = bts = 0
        for name in ("blkio.throttle.io_serviced", "blkio.throttle.io_service_bytes"):
            try:
                with open(os.path.join(self.cgroup, name)) as f:
                    for line in f:
                        parts = line.split()
                        if len(parts) == 3 and parts[0] == self.dev and parts[1] == "Write":
                            if name.endswith("serviced"):
                                ios = int(parts[2])
                            else:
                                bts = int(parts[2])
            except OSError:
                pass
        return ios, bts

    def tear_down(self):
        try:
            self.fast()
        except OSError:
            pass
        if self.mounted:
            subprocess.run(["umount", self.mount_point])
            self.mounted = False
        if self.device:
            subprocess.run(["losetup", "-d", self.device])
            self.device = None
        try:
            os.rmdir(self.cgroup)
        except OSError:
            pass
        if os.path.exists(self.image):
            os.remove(self.image)
