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

# Applies the patch series to the tree in $1 and lists what was applied, one name a line, in
# $LAGSCOPE_RDKAFKA_PREFIX/share/lagscope/rdkafka-patches (the build reads it for --version).
apply_rdkafka_patches() {
    local src=$1 list=$LAGSCOPE_RDKAFKA_PREFIX/share/lagscope/rdkafka-patches
    mkdir -p "$(dirname "$list")"
    : >"$list"
    [ "$LAGSCOPE_RDKAFKA_PATCHES" = 0 ] && return 0
    local patch
    for patch in "$LAGSCOPE_RDKAFKA_PATCH_DIR"/*.patch; do
        (cd "$src" && patch -p1 --forward --batch --quiet <"$patch") \
            || die "librdkafka patch $(basename "$patch") does not apply to the pinned tree"
        basename "$patch" .patch >>"$list"
    done
}

ensure_librdkafka() {
    local stamp=$LAGSCOPE_RDKAFKA_PREFIX/.lagscope-built
    [ -f "$stamp" ] && return 0
    log "building librdkafka $LAGSCOPE_RDKAFKA_VERSION ($LAGSCOPE_RDKAFKA_FLAVOUR) into $LAGSCOPE_RDKAFKA_PREFIX (about two minutes)"
    local work
    work=$(mktemp -d)
    local src
    src=$(rdkafka_source_tree "$work")
    [ -n "$src" ] && [ -x "$src/configure" ] || die "no librdkafka source tree found"
    apply_rdkafka_patches "$src"
    (
        cd "$src"
        ./configure --prefix="$LAGSCOPE_RDKAFKA_PREFIX" --disable-curl \
            --enable-ssl --enable-sasl --enable-zstd --enable-lz4-ext >"$work/configure.log" 2>&1 \
            || { tail -n 40 "$work/configure.log"; exit 1; }
        make -j"$(nproc)" libs >"$work/make.log" 2>&1 || { tail -n 40 "$work/make.log"; exit 1; }
        make -C src install >>"$work/make.log" 2>&1 || { tail -n 40 "$work/make.log"; exit 1; }
        # The patches' own tests run on librdkafka's mock cluster from its test runner, which
        # CTest starts (tests/CMakeLists.txt): the built tree is kept for it.
        if [ "$LAGSCOPE_RDKAFKA_PATCHES" != 0 ]; then
            make -C tests -j"$(nproc)" test-runner >>"$work/make.log" 2>&1 || { tail -n 40 "$work/make.log"; exit 1; }
        fi
    ) || die "librdkafka build failed"
    if [ "$LAGSCOPE_RDKAFKA_PATCHES" != 0 ]; then
        rm -rf "$LAGSCOPE_RDKAFKA_PREFIX/tree"
        mv "$src" "$LAGSCOPE_RDKAFKA_PREFIX/tree"
    fi
    touch "$stamp"
    rm -rf "$work"
}
