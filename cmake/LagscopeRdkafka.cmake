# Finds librdkafka and defines the imported target Lagscope::rdkafka.
#
# Order: the pinned static build in LAGSCOPE_RDKAFKA_PREFIX (scripts/bootstrap builds it),
# else a system librdkafka of at least 2.11 — older ones disable consumer-group features
# against Kafka 4.x brokers (librdkafka issues #4948/#4956).
find_package(PkgConfig REQUIRED)

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
