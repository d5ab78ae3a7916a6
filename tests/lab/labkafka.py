"""Kafka-specific parts of the lab: the jar cache, main classes, JVM command lines and the
broker / MirrorMaker 2 configuration files (tests/lab/README.md says how the lab is laid out)."""
import base64
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import time
import uuid
import xml.etree.ElementTree as ET
import zipfile

from labproc import LabError
import labsecurity

HERE = os.path.dirname(os.path.abspath(__file__))
POM = os.path.join(HERE, "pom.xml")
DEP_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.6.1"

# Candidate main classes per tool, newest location first. `fetch` records which one the
# cached jars really contain, so 3.9 (kafka.tools.ConsoleProducer, ...) and 4.x both work.
CLASS_CANDIDATES = {
    "broker": ["kafka.Kafka"],
    "storage": ["kafka.tools.StorageTool", "org.apache.kafka.tools.StorageTool"],
    "mirrormaker": ["org.apache.kafka.connect.mirror.MirrorMaker"],
    "consumer-groups": ["org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                        "kafka.admin.ConsumerGroupCommand"],
    "topics": ["org.apache.kafka.tools.TopicCommand", "kafka.admin.TopicCommand"],
    "console-producer": ["org.apache.kafka.tools.ConsoleProducer", "kafka.tools.ConsoleProducer"],
    "console-consumer": ["org.apache.kafka.tools.consumer.ConsoleConsumer",
                         "kafka.tools.ConsoleConsumer"],
    "configs": ["kafka.admin.ConfigCommand", "org.apache.kafka.tools.ConfigCommand"],
    "broker-api-versions": ["org.apache.kafka.tools.BrokerApiVersionsCommand",
                            "kafka.admin.BrokerApiVersionsCommand"],
    "producer-perf": ["org.apache.kafka.tools.ProducerPerformance"],
    "metadata-quorum": ["org.apache.kafka.tools.MetadataQuorumCommand",
                        "kafka.admin.MetadataQuorumCommand"],
}


def major(version):
    return int(version.split(".")[0])


def cache_root():
    if os.environ.get("LAGSCOPE_CACHE_DIR"):
        return os.path.abspath(os.environ["LAGSCOPE_CACHE_DIR"])
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(xdg, "lagscope")


def _pom_hash():
    with open(POM, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def _mvn(args, cwd):
    mvn = shutil.which("mvn")
    if not mvn:
        raise LabError("mvn not found on PATH (needed once to fetch the Kafka jars)")
    proc = subprocess.run([mvn, "-B", "-q"] + args, cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        out = "\n".join(proc.stdout.splitlines()[-25:])
        raise LabError(f"maven failed ({' '.join(args[:1])} ...):\n{out}")


def _kafka_pom_versions(version, workdir):
    """scala-library and jackson-databind versions named by kafka_2.13's published POM:
    pinning exactly those mirrors what Kafka's Gradle build ships."""
    meta = os.path.join(workdir, "meta")
    _mvn([f"{DEP_PLUGIN}:copy", f"-Dartifact=org.apache.kafka:kafka_2.13:{version}:pom",
          f"-DoutputDirectory={meta}"], workdir)
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    root = ET.parse(os.path.join(meta, f"kafka_2.13-{version}.pom")).getroot()
    found = {}
    for dep in root.iterfind("m:dependencies/m:dependency", ns):
        v = dep.find("m:version", ns)
        if v is not None:
            found[dep.find("m:artifactId", ns).text] = v.text
    try:
        return found["scala-library"], found["jackson-databind"]
    except KeyError as e:
        raise LabError(f"kafka_2.13 {version} POM names no {e}")


def _scan_classes(libs):
    wanted = {c.replace(".", "/") + ".class" for cs in CLASS_CANDIDATES.values() for c in cs}
    present = set()
    for jar in os.listdir(libs):
        if jar.startswith(("kafka", "connect-mirror")) and jar.endswith(".jar"):
            with zipfile.ZipFile(os.path.join(libs, jar)) as z:
                present |= wanted.intersection(z.namelist())
    classes = {}
    for tool, cands in CLASS_CANDIDATES.items():
        hit = [c for c in cands if c.replace(".", "/") + ".class" in present]
        if hit:
            classes[tool] = hit[0]
    for need in ("broker", "storage", "mirrormaker"):
        if need not in classes:
            raise LabError(f"no {need} main class in {libs}")
    return classes


def _install_libs(new, libs):
    """Move the jars of new into libs one file at a time (rename is atomic) rather than
    swapping the directory: a lab already running from libs keeps finding its jars."""
    os.makedirs(libs, exist_ok=True)
    names = set(os.listdir(new))
    for name in names:
        os.replace(os.path.join(new, name), os.path.join(libs, name))
    for name in set(os.listdir(libs)) - names:
        os.remove(os.path.join(libs, name))  # e.g. a dependency whose version changed
    os.rmdir(new)


def fetch(version, log=print):
    """Ensure cache/kafka-VERSION/libs is complete; return the stamp dict
    {'version', 'libs', 'classes', 'pom'}. A stamp written last marks completion, and it
    carries pom.xml's hash so that editing the pom rebuilds the cache."""
    kdir = os.path.join(cache_root(), f"kafka-{version}")
    stamp_path = os.path.join(kdir, "lab-stamp.json")
    os.makedirs(kdir, exist_ok=True)
    with open(os.path.join(kdir, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two concurrent fetches: the second one waits
        try:
            with open(stamp_path) as f:
                stamp = json.load(f)
            if stamp.get("pom") == _pom_hash() and os.path.isdir(stamp["libs"]):
                if CLASS_CANDIDATES.keys() - stamp["classes"].keys():
                    # A tool added to CLASS_CANDIDATES since the jars were fetched (or one this
                    # version lacks): look again, the listing of the jars takes a moment.
                    stamp["classes"] = _scan_classes(stamp["libs"])
                    with open(stamp_path + ".tmp", "w") as f:
                        json.dump(stamp, f, indent=2)
                    os.rename(stamp_path + ".tmp", stamp_path)
                return stamp
        except (OSError, ValueError, KeyError):
            pass
        t0 = time.monotonic()
        log(f"fetching Kafka {version} jars with maven into {kdir} ...")
        scala, jackson = _kafka_pom_versions(version, kdir)
        libs, tmp = os.path.join(kdir, "libs"), os.path.join(kdir, "libs.tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copyfile(POM, os.path.join(kdir, "pom.xml"))
        _mvn(["-f", "pom.xml", "-P", "log4j2" if major(version) >= 4 else "reload4j",
              f"-Dkafka.version={version}", f"-Dscala.version={scala}",
              f"-Djackson.version={jackson}",
              f"{DEP_PLUGIN}:copy-dependencies", "-DincludeScope=runtime",
              f"-DoutputDirectory={tmp}"], kdir)
        classes = _scan_classes(tmp)
        _install_libs(tmp, libs)
        stamp = {"version": version, "libs": libs, "classes": classes, "pom": _pom_hash(),
                 "scala": scala, "jackson": jackson}
        with open(stamp_path + ".tmp", "w") as f:
            json.dump(stamp, f, indent=2)
        os.rename(stamp_path + ".tmp", stamp_path)
        log(f"fetched {len(os.listdir(libs))} jars in {time.monotonic() - t0:.1f} s")
        return stamp


def java_bin():
    if os.environ.get("JAVA"):
        return os.environ["JAVA"]
    if os.environ.get("JAVA_HOME"):
        return os.path.join(os.environ["JAVA_HOME"], "bin", "java")
    java = shutil.which("java")
    if not java:
        raise LabError("java not found (set JAVA or JAVA_HOME)")
    return java


def _log_flags(version, tool):
    if major(version) >= 4:
        name = "tools-log4j2.properties" if tool else "log4j2.properties"
        return [f"-Dlog4j2.configurationFile={os.path.join(HERE, name)}"]
    name = "tools-log4j.properties" if tool else "log4j.properties"
    return [f"-Dlog4j.configuration=file:{os.path.join(HERE, name)}"]


def server_cmd(lab, main_class, args, logs_dir, log_name, jvm_flags=()):
    """A long-running JVM (broker or MirrorMaker): the heap of bin/kafka-server-start.sh
    scaled down for the lab, log file ${kafka.logs.dir}/${lagscope.log.name}. jvm_flags: system
    properties of the secure profile's broker (krb5.conf, allowed JWKS URLs)."""
    return ([lab["java"], "-Xms256m", f"-Xmx{lab.get('broker_heap', '512m')}", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20",
             "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true",
             f"-Dkafka.logs.dir={logs_dir}", f"-Dlagscope.log.name={log_name}"]
            + list(jvm_flags)
            + _log_flags(lab["kafka_version"], tool=False)
            + ["-cp", os.path.join(lab["libs"], "*"), main_class] + args)


def tool_cmd(lab, main_class, args, quick=True):
    """A short-lived tool JVM. quick: C1 only and serial GC start a JVM noticeably faster on
    2 cores; not used for producer-perf, whose throughput would suffer."""
    flags = ["-Xmx256m", "-Djava.awt.headless=true"]
    if quick:
        flags += ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
    archive = lab.get("tools_archive")
    if archive and os.path.exists(archive):
        # The classes a tool loads, already parsed and verified (AppCDS): a tool starts in
        # half the time (0.6 s instead of 1.2). An archive that does not fit this JVM is
        # ignored silently; its warning would otherwise land in the tool's stdout.
        flags += [f"-XX:SharedArchiveFile={archive}", "-Xlog:cds=off", "-Xlog:cds+dynamic=off"]
    return ([lab["java"]] + flags + _log_flags(lab["kafka_version"], tool=True)
            + ["-cp", os.path.join(lab["libs"], "*"), main_class] + args)


def tools_archive_cmd(lab, bootstrap, archive):
    """A consumer-groups run that writes, at its exit, the archive of the classes it loaded
    (tool_cmd uses it): the admin client, the network layer and the tools' own classes that
    every tool of the lab shares."""
    cmd = tool_cmd(dict(lab, tools_archive=None), lab["classes"]["consumer-groups"],
                   ["--bootstrap-server", bootstrap, "--describe", "--all-groups"])
    return cmd[:1] + [f"-XX:ArchiveClassesAtExit={archive}"] + cmd[1:]


def new_cluster_id():
    """What `StorageTool random-uuid` prints (16 random bytes, URL-safe base64 without
    padding), without paying a JVM start. Kafka avoids ids starting with '-'."""
    while True:
        cid = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not cid.startswith("-"):
            return cid


def broker_properties(version, node, voters, nbrokers, data_dir, tls=None):
    """server.properties for one node. node: {'node_id', 'port', 'roles', 'controller_port'};
    voters: the controller quorum, [{'node_id', 'host', 'port'}]. Small-footprint
    settings (docs/LAB.md, Broker settings). A cluster with 3 brokers keeps its offsets and transaction
    topics at RF 3 (min ISR 1) so that a test may kill -9 any one broker and groups still
    find their coordinator. tls (from labsecurity.make_tls): add the SASL listeners."""
    rf = 3 if nbrokers >= 3 else 1
    combined = "controller" in node["roles"]
    listeners = [f"PLAINTEXT://127.0.0.1:{node['port']}"]
    if combined:
        listeners.append(f"CONTROLLER://127.0.0.1:{node.get('controller_port') or voters[0]['port']}")
    advertised = [f"PLAINTEXT://127.0.0.1:{node['port']}"]
    protocols = ["PLAINTEXT:PLAINTEXT", "CONTROLLER:PLAINTEXT"]
    if tls:
        more, more_adv, more_map = labsecurity.listeners(node)
        listeners += more
        advertised += more_adv
        protocols += more_map
    props = {
        "process.roles": ",".join(node["roles"]),
        "node.id": node["node_id"],
        "controller.quorum.voters": ",".join(f"{v['node_id']}@{v['host']}:{v['port']}" for v in voters),
        "listeners": ",".join(listeners),
        "advertised.listeners": ",".join(advertised),
        "controller.listener.names": "CONTROLLER",
        "inter.broker.listener.name": "PLAINTEXT",
        "listener.security.protocol.map": ",".join(protocols),
        "log.dirs": data_dir,
        "num.partitions": 1,
        "default.replication.factor": rf,
        "min.insync.replicas": 1,
        "offsets.topic.replication.factor": rf,
        "offsets.topic.num.partitions": 3,
        "transaction.state.log.replication.factor": rf,
        "transaction.state.log.min.isr": 1,
        "transaction.state.log.num.partitions": 3,
        "group.initial.rebalance.delay.ms": 0,
        "num.network.threads": 2,
        "num.io.threads": 2,
        "num.recovery.threads.per.data.dir": 1,
        "log.cleaner.dedupe.buffer.size": 33554432,
        # The cleaner looks for compactable logs every second instead of every 15 s, so that
        # tests of compacted topics (tst_failoverrealworld) see their gaps within seconds.
        "log.cleaner.backoff.ms": 1000,
        # Retention is enforced every 2 s instead of every 5 minutes, so that a topic with a
        # short retention.ms and small segments loses its oldest records within seconds
        # (the retention-breach forecast's lab test); topics without such settings keep theirs.
        "log.retention.check.interval.ms": 2000,
        "auto.create.topics.enable": "true",
    }
    if tls:
        props.update(labsecurity.broker_props(tls))
    if major(version) >= 4:  # share groups (KIP-932) exist from 4.0 on
        props.update({"share.coordinator.state.topic.replication.factor": rf,
                      "share.coordinator.state.topic.min.isr": 1,
                      "share.coordinator.state.topic.num.partitions": 3})
    return "".join(f"{k}={v}\n" for k, v in props.items())


def mm2_properties(source, target, source_bootstrap, target_bootstrap, sync_offsets, offset_lag_max=0):
    """MirrorMaker 2 in dedicated mode, one direction, intervals shortened for tests."""
    lines = [
        f"clusters = {source}, {target}",
        f"{source}.bootstrap.servers = {source_bootstrap}",
        f"{target}.bootstrap.servers = {target_bootstrap}",
        f"{source}->{target}.enabled = true",
        f"{target}->{source}.enabled = false",
        f"{target}->{source}.emit.heartbeats.enabled = false",
        "topics = .*",
        "groups = .*",
        "refresh.topics.interval.seconds = 2",
        "refresh.groups.interval.seconds = 2",
        "emit.checkpoints.interval.seconds = 1",
        "emit.heartbeats.interval.seconds = 1",
        f"sync.group.offsets.enabled = {'true' if sync_offsets else 'false'}",
        "sync.group.offsets.interval.seconds = 1",
        f"offset.lag.max = {offset_lag_max}",
        "replication.factor = 1",
        "checkpoints.topic.replication.factor = 1",
        "heartbeats.topic.replication.factor = 1",
        "offset-syncs.topic.replication.factor = 1",
        "offset.storage.replication.factor = 1",
        "status.storage.replication.factor = 1",
        "config.storage.replication.factor = 1",
        f"{target}.offset.flush.interval.ms = 1000",
        # Connect's default plugin discovery scans the whole classpath (8-13 s on 2 cores);
        # all plugins MirrorMaker needs carry ServiceLoader manifests (KIP-898, 3.6+).
        # MirrorMaker scans once for its own config providers (top-level setting) and once
        # per herder (worker settings come from the target cluster's prefix).
        "plugin.discovery = service_load",
        f"{target}.plugin.discovery = service_load",
    ]
    return "\n".join(lines) + "\n"
