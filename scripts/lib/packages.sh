# Debian packages Lagscope needs; installs only the missing ones. Sourced by bootstrap.

LAGSCOPE_DEBIAN_PACKAGES=(
    build-essential cmake ninja-build pkg-config git python3
    patch           # applies packaging/librdkafka/*.patch to the pinned librdkafka tree
    qt6-base-dev libqt6sql6-sqlite libgl1-mesa-dev fonts-dejavu-core
    libqcustomplot-dev libqcustomplot2.1-qt6
    libyaml-cpp-dev
    qtkeychain-qt6-dev
    libssl-dev libsasl2-dev libzstd-dev liblz4-dev zlib1g-dev
    libcurl4-openssl-dev   # OAUTHBEARER/OIDC: Lagscope asks the token endpoint itself (kafka/OidcTokenSource)
    # GSSAPI: the Cyrus SASL plugin and kinit at run time; the secure lab's MIT KDC (tests/lab/labkerberos.py)
    libsasl2-modules-gssapi-mit krb5-user krb5-kdc krb5-admin-server
    python3-cryptography   # the secure lab's OIDC token endpoint signs RS256 tokens (tests/lab/oidc-server)
    openjdk-17-jdk-headless maven npm
    # clang + its runtime: the bounded libFuzzer runs of the parsers (tests/fuzz)
    clang libclang-rt-14-dev
    clang-format-14   # the 'format' test: scripts/format --check against .clang-format
    qt6-l10n-tools    # lupdate: the lagscope_lupdate target writes resources/translations/*.ts
    procps
    iptables        # lab broker block/unblock: a broker alive for its controller, cut off from clients
    # a private D-Bus session with gnome-keyring: the desktop keyring test (tests/gui/with-keyring)
    dbus-daemon dbus-bin gnome-keyring
    poppler-utils   # pdftotext, pdftoppm: the report tests read and render PDFs
    prometheus      # the /metrics test: a real Prometheus scrapes lagscopectl collect (tests/prometheus)
    # the shared history on PostgreSQL: Qt's QPSQL driver, and a real PostgreSQL 15 server for its
    # tests (tests/postgresql/postgresql-fixture runs initdb/pg_ctl in the build folder)
    libqt6sql6-psql postgresql-15
    openssl         # certificates of the test labs: the secure Kafka lab, the PostgreSQL fixture's TLS
    # the Debian package (packaging/, test package.deb): icons rendered from the SVG, CPack's
    # tools (file, dpkg-shlibdeps), the checks (lintian, appstreamcli, desktop-file-validate,
    # man), zsh to parse the zsh completion, and the package's run-time plugins
    librsvg2-bin file dpkg-dev lintian appstream desktop-file-utils man-db zsh libqt6svg6
)

install_missing_packages() {
    local missing=() pkg
    for pkg in "${LAGSCOPE_DEBIAN_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    # Java (the JDK: the lab compiles a small Java helper), Maven and npm may come from
    # elsewhere on a developer machine; accept them on PATH.
    local filtered=()
    for pkg in "${missing[@]}"; do
        case "$pkg" in
            openjdk-17-jdk-headless) command -v javac >/dev/null || filtered+=("$pkg") ;;
            maven) command -v mvn >/dev/null || filtered+=("$pkg") ;;
            npm) command -v npm >/dev/null || [ -n "$LAGSCOPE_RDKAFKA_SOURCE" ] || filtered+=("$pkg") ;;
            *) filtered+=("$pkg") ;;
        esac
    done
    [ ${#filtered[@]} -eq 0 ] && return 0
    log "installing Debian packages: ${filtered[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${filtered[@]}" >/dev/null
}
