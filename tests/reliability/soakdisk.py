"""The soak's slow disk (tests/reliability/soak): the app's data directory (history and state
files) on a small ext4 in a loop device whose writes a blkio throttle slows down during the
`slow-disk` fault.

Why this way: the machines this runs on have no device-mapper (no `delay` target) and no
cgroup v2 io controller, but cgroup v1 blkio throttling and loop devices. The limits are set
in the root blkio cgroup for the loop device alone: the history runs SQLite in WAL mode with
synchronous=NORMAL, so a commit does not sync and most of its pages reach the disk through
the kernel's writeback threads and the ext4 journal (jbd2), which are in the root cgroup.
A limit on a cgroup of the app alone throttled almost nothing (0.1 I/O a second reached the
device during the first shakedown). Only the app writes to this device, so limiting it for
everyone slows the app's disk and nothing else: the lab's brokers and other work keep full
speed. Needs root.
"""
import os
import subprocess
import time

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

    def _write(self, name, value):
        with open(os.path.join(CGROUP_ROOT, name), "w") as f:
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

    def probe_sync_s(self):
        """Seconds a 16 KiB write and fsync into the disk takes: shows whether the limit holds."""
        path = os.path.join(self.mount_point, ".soak-probe")
        t0 = time.monotonic()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, os.urandom(16 * 1024))
            os.fsync(fd)
        finally:
            os.close(fd)
            os.remove(path)
        return time.monotonic() - t0

    def writes(self):
        """(write requests, bytes) submitted to the device so far, by every cgroup."""
        ios = bts = 0
        for name in ("blkio.throttle.io_serviced_recursive", "blkio.throttle.io_service_bytes_recursive"):
            try:
                with open(os.path.join(CGROUP_ROOT, name)) as f:
                    for line in f:
                        parts = line.split()
                        if len(parts) == 3 and parts[0] == self.dev and parts[1] == "Write":
                            if "io_serviced" in name:
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
        if os.path.exists(self.image):
            os.remove(self.image)
