# The Debian package (CPack's DEB generator): `cpack -G DEB` in the build tree writes
# lagscope_<version>-<revision>_amd64.deb and lagscope-dbgsym_<version>-<revision>_amd64.ddeb.
# The test package.deb (tests/packaging) builds, checks, installs and removes it.

set(CPACK_PACKAGE_NAME lagscope)
set(CPACK_PACKAGE_VENDOR "Lagscope")
# No public mailing address exists yet: .invalid is reserved (RFC 2606) and can never be delivered
# to someone else by mistake.
set(CPACK_PACKAGE_CONTACT "Lagscope maintainers <maintainers@lagscope.invalid>")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop operations console for Apache Kafka")
# The extended description (after the summary line); CPack indents it as Debian's control
# format wants.
set(CPACK_PACKAGE_DESCRIPTION_FILE ${CMAKE_CURRENT_SOURCE_DIR}/debian/description)
# A non-native version (upstream-revision): the package's own changes are counted by the
# revision, and its changelog is changelog.Debian.gz. debian/changelog's first entry must
# name this version (package.deb checks it).
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

# Depends: the shared libraries the binaries link (dpkg-shlibdeps), plus what Qt loads as
# plugins at run time, which no linker records: the SQLite driver of the history store and the
# SVG icon engine that draws the window icon.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, libqt6svg6")
# The desktop keyring stores the cluster dialog's passwords; without one they last a session.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gnome-keyring")

# Stripped binaries in the package, their debug information in lagscope-dbgsym (by build id
# under /usr/lib/debug/.build-id, as Debian's own dbgsym packages). It needs the unstripped
# RelWithDebInfo binaries: CPACK_STRIP_FILES would strip them first and lose the symbols.
set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
# CMake 3.25 writes the dbgsym's md5sums with absolute build paths; this mends them afterwards.
set(CPACK_LAGSCOPE_FIX_DBGSYM ${CMAKE_CURRENT_SOURCE_DIR}/fix-dbgsym-md5sums)
set(CPACK_POST_BUILD_SCRIPTS ${CMAKE_CURRENT_SOURCE_DIR}/DbgsymPostBuild.cmake)
# gzip: the debug symbols are some 260 MB before compression, which xz -6 took over two minutes
# of CPU to pack and gzip about ten seconds; zstd is faster still, but lintian refuses a
# data.tar.zst (docs/PACKAGING.md). `cpack -D CPACK_DEBIAN_COMPRESSION_TYPE=xz` for the
# smallest files.
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_THREADS 0)
# Directories in the package 0755 whatever the packager's umask (lintian non-standard-dir-perm).
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
