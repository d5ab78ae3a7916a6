# Run by cpack once the packages are written (CPACK_POST_BUILD_SCRIPTS): mends the md5sums of
# the dbgsym .ddeb, which CMake 3.25 lists by absolute staging paths (fix-dbgsym-md5sums).
set(mended 0)
foreach(file IN LISTS CPACK_PACKAGE_FILES)
  if(file MATCHES "-dbgsym_[^/]*\\.ddeb$")
    execute_process(COMMAND ${CPACK_LAGSCOPE_FIX_DBGSYM} ${file} RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "fix-dbgsym-md5sums ${file} failed (${result})")
    endif()
    math(EXPR mended "${mended} + 1")
  endif()
endforeach()
message(STATUS "Lagscope: mended the md5sums of ${mended} dbgsym package(s) in: ${CPACK_PACKAGE_FILES}")
