# Warnings and the strict Qt flags of docs/STYLE.md (Qt), applied per target with lagscope_strict().
# LAGSCOPE_WERROR turns every warning into an error; scripts/test (and so CI) builds with it.
option(LAGSCOPE_WERROR "Treat compiler warnings as errors" OFF)
function(lagscope_strict target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor)
  if(LAGSCOPE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  target_compile_definitions(${target} PRIVATE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_NO_KEYWORDS)
endfunction()
