# Builds the pinned librdkafka once into the cache as a static library. Sourced by bootstrap.

rdkafka_source_tree() {
    # Prints the path of an extracted librdkafka source tree in $1 (a scratch directory).
    local work=$1
    if [ -n "$LAGSCOPE_RDKAFKA_SOURCE" ]; then
        [ -f "$LAGSCOPE_RDKAFKA_SOURCE" ] || die "LAGSCOPE_RDKAFKA_SOURCE=$LAGSCOPE_RDKAFKA_SOURCE does not exist"
        if [ -n "${LAGSCOPE_RDKAFKA_SOURCE_SHA256:-}" ]; then
            echo "$LAGSCOPE_RDKAFKA_SOURCE_SHA256  $LAGSCOPE_RDKAFKA_SOURCE" | sha256sum -c --quiet - \
                || die "librdkafka source archive does not match LAGSCOPE_RDKAFKA_SOURCE_SHA256"
        fi
        tar -xzf "$LAGSCOPE_RDKAFKA_SOURCE" -C "$work"
        find "$work" -maxdepth 2 -name configure -path '*librdkafka*' -printf '%h\n' | head -n 1
        return
    fi
    (cd "$work" && npm pack --silent "$LAGSCOPE_RDKAFKA_NPM_PACKAGE" >/dev/null) \
        || die "npm pack $LAGSCOPE_RDKAFKA_NPM_PACKAGE failed"
    local tgz
    tgz=$(ls "$work"/*.tgz | head -n 1)
    echo "$LAGSCOPE_RDKAFKA_NPM_SHA1  $tgz" | sha1sum -c --quiet - \
        || die "$tgz does not match the pinned hash $LAGSCOPE_RDKAFKA_NPM_SHA1"
    tar -xzf "$tgz" -C "$work" package/deps/librdkafka
    echo "$work/package/deps/librdkafka"
}

ensure_librdkafka() {
    local stamp=$LAGSCOPE_RDKAFKA_PREFIX/.lagscope-built
    [ -f "$stamp" ] && return 0
    log "building librdkafka $LAGSCOPE_RDKAFKA_VERSION into $LAGSCOPE_RDKAFKA_PREFIX (about a minute)"
    local work
    work=$(mktemp -d)
    local src
    src=$(rdkafka_source_tree "$work")
    [ -n "$src" ] && [ -x "$src/configure" ] || die "no librdkafka source tree found"
    (
        cd "$src"
        ./configure --prefix="$LAGSCOPE_RDKAFKA_PREFIX" --disable-curl \
            --enable-ssl --enable-sasl --enable-zstd --enable-lz4-ext >"$work/configure.log" 2>&1 \
            || { tail -n 40 "$work/configure.log"; exit 1; }
        make -j"$(nproc)" libs >"$work/make.log" 2>&1 || { tail -n 40 "$work/make.log"; exit 1; }
        make -C src install >>"$work/make.log" 2>&1 || { tail -n 40 "$work/make.log"; exit 1; }
    ) || die "librdkafka build failed"
    touch "$stamp"
    rm -rf "$work"
}
