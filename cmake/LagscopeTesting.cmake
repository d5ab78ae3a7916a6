# lagscope_add_test(NAME n SOURCES s... LABELS unit|integration|gui [LIBS l...] [FIXTURES f...]
#                   [WRAPPER cmd...])  — WRAPPER runs the test through a command (e.g. with-keyring)
# One executable per test class (docs/STYLE.md, Tests). Integration and GUI tests require the shared
# lab fixture, so ctest starts one real Kafka lab per run, however many tests need it.
set(LAGSCOPE_LAB_DIR "${CMAKE_BINARY_DIR}/lab" CACHE PATH "Where the test lab keeps its state")
set(LAGSCOPE_LAB_SCRIPT "${CMAKE_SOURCE_DIR}/tests/lab/lab")
set(LAGSCOPE_SECURE_LAB_DIR "${CMAKE_BINARY_DIR}/lab-secure" CACHE PATH "Where the SASL/TLS test lab keeps its state")

function(lagscope_add_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LABELS;LIBS;FIXTURES;WRAPPER" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test Qt6::Network lagscope_core ${T_LIBS})
  target_include_directories(${T_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/tests/common)
  target_compile_definitions(${T_NAME} PRIVATE
    LAGSCOPE_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    LAGSCOPE_BINARY_DIR="${CMAKE_BINARY_DIR}")
  lagscope_strict(${T_NAME})
  # Every test is told where lagscopectl and the traffic tool are (below): building a test
  # builds them too, so a test never runs a stale binary of either.
  add_dependencies(${T_NAME} lagscopectl lagscope-traffic)
  add_test(NAME ${T_NAME} COMMAND ${T_WRAPPER} $<TARGET_FILE:${T_NAME}>)
  set(env
    "QT_QPA_PLATFORM=offscreen"
    "LAGSCOPE_LAB_DIR=${LAGSCOPE_LAB_DIR}"
    "LAGSCOPE_LAB=${LAGSCOPE_LAB_SCRIPT}"
    "LAGSCOPE_SECURE_LAB_DIR=${LAGSCOPE_SECURE_LAB_DIR}"
    "LAGSCOPE_TEST_OUTPUT=${CMAKE_BINARY_DIR}/test-output"
    "LAGSCOPECTL=$<TARGET_FILE:lagscopectl>"
    "LAGSCOPE_TRAFFIC=$<TARGET_FILE:lagscope-traffic>")
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" ENVIRONMENT "${env}" TIMEOUT ${T_TIMEOUT})
  if(T_FIXTURES)
    set_tests_properties(${T_NAME} PROPERTIES FIXTURES_REQUIRED "${T_FIXTURES}")
  endif()
endfunction()

# lagscope_lab_test(name [LABEL integration|gui] [SOURCES extra...] [LIBS l...] [TIMEOUT s]
#                   [FIXTURE lab|labsecure] [SERIAL] [LOCK resource])
# A test against a shared lab, built from <name>.cpp with the test support library. SERIAL:
# the test stops lab brokers or MirrorMaker, so nothing else may run meanwhile. LOCK: it uses
# fixed names that another test uses too (the demo traffic), so the two never overlap.
function(lagscope_lab_test name)
  cmake_parse_arguments(L "SERIAL" "LABEL;TIMEOUT;FIXTURE;LOCK" "SOURCES;LIBS" ${ARGN})
  if(NOT L_LABEL)
    set(L_LABEL integration)
  endif()
  if(NOT L_FIXTURE)
    set(L_FIXTURE lab)
  endif()
  lagscope_add_test(NAME ${name} SOURCES ${name}.cpp ${L_SOURCES} LABELS ${L_LABEL}
    LIBS lagscope_testsupport ${L_LIBS} FIXTURES ${L_FIXTURE} TIMEOUT ${L_TIMEOUT})
  if(L_SERIAL)
    set_tests_properties(${name} PROPERTIES RUN_SERIAL TRUE)
  endif()
  if(L_LOCK)
    set_tests_properties(${name} PROPERTIES RESOURCE_LOCK ${L_LOCK})
  endif()
endfunction()
