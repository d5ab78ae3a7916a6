# LAGSCOPE_SANITIZE: build every target with these sanitizers, e.g. "address,undefined"
# (docs/RELIABILITY.md, "Sanitizers"). Any report fails: UBSan does not recover, ASan and
# LSan stop the process with an error exit. The run-time defaults (which reports, the
# suppressions of leaks that are not ours) are compiled into every executable that links
# lagscope_core (core/util/SanitizerDefaults.cpp), so a test, the app and lagscopectl
# behave the same under ctest, a script or by hand.
set(LAGSCOPE_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined (empty: none)")
if(LAGSCOPE_SANITIZE)
  message(STATUS "Lagscope: building with -fsanitize=${LAGSCOPE_SANITIZE}")
  add_compile_options(-fsanitize=${LAGSCOPE_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${LAGSCOPE_SANITIZE})
  add_compile_definitions(LAGSCOPE_SANITIZED="${LAGSCOPE_SANITIZE}")
endif()

# Called by core/CMakeLists.txt once lagscope_core exists. Only executables get the file: a
# static library that links lagscope_core got it too, and with unity builds it sat in an object
# the linker pulls for other symbols, so every sanitized executable linking lagscope_views or
# lagscope_reportpdf failed with "multiple definition of __asan_default_options".
function(lagscope_sanitizer_defaults target)
  if(LAGSCOPE_SANITIZE)
    target_sources(${target} INTERFACE
      "$<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:${CMAKE_SOURCE_DIR}/core/util/SanitizerDefaults.cpp>")
  endif()
endfunction()
