# Shared settings for Lagscope's scripts. Sourced, never run.
# Everything a script downloads or builds goes into one cache so a second run is fast.

LAGSCOPE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
LAGSCOPE_BUILD_DIR=${LAGSCOPE_BUILD_DIR:-$LAGSCOPE_ROOT/build}
LAGSCOPE_CACHE_DIR=${LAGSCOPE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lagscope}
# The Kafka version of the lab is pinned in tests/lab/lab; LAGSCOPE_KAFKA_VERSION overrides it.

# librdkafka 2.15.1 comes from Confluent's JavaScript client, which carries the unmodified
# upstream tree; the tarball is checked against this pinned integrity before use.
LAGSCOPE_RDKAFKA_VERSION=2.15.1
LAGSCOPE_RDKAFKA_NPM_PACKAGE=${LAGSCOPE_RDKAFKA_NPM_PACKAGE:-@confluentinc/kafka-javascript@1.10.1}
LAGSCOPE_RDKAFKA_NPM_SHA1=${LAGSCOPE_RDKAFKA_NPM_SHA1:-8a6fdeb9e1b225f020299a313f9aebc7502e57bf}
# A packager may point this at the upstream release archive (librdkafka-2.15.1.tar.gz)
# instead; it is then used as is, with LAGSCOPE_RDKAFKA_SOURCE_SHA256 if set.
LAGSCOPE_RDKAFKA_SOURCE=${LAGSCOPE_RDKAFKA_SOURCE:-}
# Lagscope's patch series on that tree (packaging/librdkafka/README.md), applied in order;
# LAGSCOPE_RDKAFKA_PATCHES=0 builds it unpatched. The cache directory names the series, so a
# changed series is a new build.
LAGSCOPE_RDKAFKA_PATCH_DIR=$LAGSCOPE_ROOT/packaging/librdkafka
LAGSCOPE_RDKAFKA_PATCHES=${LAGSCOPE_RDKAFKA_PATCHES:-1}
if [ "$LAGSCOPE_RDKAFKA_PATCHES" = 0 ]; then
    LAGSCOPE_RDKAFKA_FLAVOUR=unpatched
else
    LAGSCOPE_RDKAFKA_FLAVOUR=p$(cat "$LAGSCOPE_RDKAFKA_PATCH_DIR"/*.patch | sha256sum | cut -c1-12)
fi
LAGSCOPE_RDKAFKA_PREFIX=${LAGSCOPE_RDKAFKA_PREFIX:-$LAGSCOPE_CACHE_DIR/librdkafka-$LAGSCOPE_RDKAFKA_VERSION-$LAGSCOPE_RDKAFKA_FLAVOUR}

log() { printf '[lagscope] %s\n' "$*" >&2; }
die() { printf '[lagscope] error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}
