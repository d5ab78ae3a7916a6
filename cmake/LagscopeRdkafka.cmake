# Finds librdkafka and defines the imported target Lagscope::rdkafka.
#
# Order: the pinned static build in LAGSCOPE_RDKAFKA_PREFIX (scripts/bootstrap builds it),
# else a system librdkafka of at least 2.11 — older ones disable consumer-group features
# against Kafka 4.x brokers (librdkafka issues #4948/#4956).
find_package(PkgConfig REQUIRED)
# pkg_check_modules keeps its first answer in the cache; the bootstrap moves the prefix when the
# patch series changes, so ask again on every configure (it is cheap).
unset(__pkg_config_checked_RDKAFKA CACHE)

if(LAGSCOPE_RDKAFKA_PREFIX)
  set(ENV{PKG_CONFIG_PATH} "${LAGSCOPE_RDKAFKA_PREFIX}/lib/pkgconfig:$ENV{PKG_CONFIG_PATH}")
  pkg_check_modules(RDKAFKA REQUIRED IMPORTED_TARGET GLOBAL rdkafka-static>=2.11)
  # pkg_check_modules puts only the non-static flags on the target; the static archive
  # needs its private dependencies (ssl, sasl2, zstd, lz4, z) as well.
  set_property(TARGET PkgConfig::RDKAFKA PROPERTY INTERFACE_LINK_LIBRARIES ${RDKAFKA_STATIC_LDFLAGS})
else()
  pkg_check_modules(RDKAFKA REQUIRED IMPORTED_TARGET GLOBAL rdkafka>=2.11)
endif()
add_library(Lagscope::rdkafka ALIAS PkgConfig::RDKAFKA)
message(STATUS "librdkafka ${RDKAFKA_VERSION} (${RDKAFKA_PREFIX})")

# Lagscope's librdkafka patches (packaging/librdkafka) in the pinned build, as the bootstrap
# listed them: shown by `lagscopectl --version`, and the batched paths are used only when
# their patch is in. A system librdkafka has none: one request per group.
set(LAGSCOPE_RDKAFKA_PATCH_LIST "")
set(LAGSCOPE_RDKAFKA_TREE "")
if(LAGSCOPE_RDKAFKA_PREFIX AND EXISTS "${LAGSCOPE_RDKAFKA_PREFIX}/share/lagscope/rdkafka-patches")
  file(STRINGS "${LAGSCOPE_RDKAFKA_PREFIX}/share/lagscope/rdkafka-patches" LAGSCOPE_RDKAFKA_PATCH_LIST)
  if(EXISTS "${LAGSCOPE_RDKAFKA_PREFIX}/tree/tests/test-runner")
    set(LAGSCOPE_RDKAFKA_TREE "${LAGSCOPE_RDKAFKA_PREFIX}/tree")
  endif()
endif()
list(JOIN LAGSCOPE_RDKAFKA_PATCH_LIST "," LAGSCOPE_RDKAFKA_PATCHES_TEXT)
set(LAGSCOPE_RDKAFKA_BATCHED_GROUP_OFFSETS 0)
set(LAGSCOPE_RDKAFKA_BATCHED_GROUP_DESCRIBE 0)
set(LAGSCOPE_RDKAFKA_GROUP_EPOCHS 0)
set(LAGSCOPE_RDKAFKA_METADATA_QUORUM 0)
set(LAGSCOPE_RDKAFKA_FENCED_BROKERS 0)
foreach(patch IN LISTS LAGSCOPE_RDKAFKA_PATCH_LIST)
  if(patch MATCHES "^0001-admin-ListConsumerGroupOffsets-with-many-groups")
    set(LAGSCOPE_RDKAFKA_BATCHED_GROUP_OFFSETS 1)
  endif()
  if(patch MATCHES "^0004-admin-DescribeConsumerGroups-with-many-groups")
    set(LAGSCOPE_RDKAFKA_BATCHED_GROUP_DESCRIBE 1)
  endif()
  if(patch MATCHES "^0009-admin-DescribeConsumerGroups-reports-group-")
    set(LAGSCOPE_RDKAFKA_GROUP_EPOCHS 1)
  endif()
  if(patch MATCHES "^0011-admin-DescribeCluster-lists-the-fenced-brokers")
    set(LAGSCOPE_RDKAFKA_FENCED_BROKERS 1)
  endif()
  if(patch MATCHES "^0012-admin-DescribeMetadataQuorum-")
    set(LAGSCOPE_RDKAFKA_METADATA_QUORUM 1)
  endif()
endforeach()
message(STATUS "librdkafka patches: ${LAGSCOPE_RDKAFKA_PATCHES_TEXT}")
