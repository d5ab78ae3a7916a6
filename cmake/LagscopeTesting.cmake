# lagscope_add_test(NAME n SOURCES s... LABELS unit|integration|gui [LIBS l...] [FIXTURES f...]
#                   [WRAPPER cmd...])  — WRAPPER runs the test through a command (e.g. with-keyring)
# One executable per test class (docs/STYLE.md, Tests). Integration and GUI tests require the shared
# lab fixture, so ctest starts one real Kafka lab per run, however many tests need it.
set(LAGSCOPE_LAB_DIR "${CMAKE_BINARY_DIR}/lab" CACHE PATH "Where the test lab keeps its state")
set(LAGSCOPE_LAB_SCRIPT "${CMAKE_SOURCE_DIR}/tests/lab/lab")
set(LAGSCOPE_SECURE_LAB_DIR "${CMAKE_BINARY_DIR}/lab-secure" CACHE PATH "Where the SASL/TLS test lab keeps its state")

# The labs are a CTest resource (tests/lab/ctest-resources.json, 8 slots). A test on the
# shared lab or the secure lab takes one slot, and so does a long CPU-bound test
# (lagscope_heavy_test); a test that stops the shared lab's brokers or MirrorMaker (SERIAL
# below) takes all 8. So such a test runs with no other lab test and no heavy one, but beside
# the unit tests: RUN_SERIAL left the second core idle meanwhile. (Beside the soak and the
# fuzzers, the exclusive tests' timing checks failed: a GUI thread's stall of 284 ms against
# 100.) Plain `ctest` reads the file too (CTEST_RESOURCE_SPEC_FILE, written into the top-level
# CTestTestfile).
set(CTEST_RESOURCE_SPEC_FILE "${CMAKE_SOURCE_DIR}/tests/lab/ctest-resources.json")
set(LAGSCOPE_LAB_SLOTS 8)

# lagscope_heavy_test(test...): a long test that keeps a core busy and does not use the shared
# lab (the soak on a lab of its own, the fuzzers, the package): a lab slot keeps it from running
# beside the lab's exclusive tests, and COST starts it early (CTest starts the costliest first
# in a build without timings of its own), beside the shared lab's tests.
#
# COST alone did not start them early: CTest orders tests by dependency depth first, and every
# test of a fixture is a dependency of the fixture's cleanup (lab.down), so all the lab's tests
# came before any test of no fixture, whatever its COST, and the heavy tests ran last, alone
# (the fuzzers' 15 minutes were the tail of the run). A fixture of their own, with a no-op
# cleanup, puts them at the lab tests' depth, where COST orders them after the exclusive tests.
add_test(NAME heavy.done COMMAND ${CMAKE_COMMAND} -E true)
set_tests_properties(heavy.done PROPERTIES FIXTURES_CLEANUP heavy LABELS lab)
function(lagscope_heavy_test)
  set_tests_properties(${ARGN} PROPERTIES COST 1000 RESOURCE_GROUPS "lab:1" FIXTURES_REQUIRED heavy)
endfunction()

function(lagscope_add_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LABELS;LIBS;FIXTURES;WRAPPER" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test Qt6::Network lagscope_core ${T_LIBS})
  target_include_directories(${T_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/tests/common)
  target_compile_definitions(${T_NAME} PRIVATE
    LAGSCOPE_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    LAGSCOPE_BINARY_DIR="${CMAKE_BINARY_DIR}")
  lagscope_strict(${T_NAME})
  lagscope_test_build_speed(${T_NAME})
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
  if("lab" IN_LIST T_FIXTURES OR "labsecure" IN_LIST T_FIXTURES)
    set_tests_properties(${T_NAME} PROPERTIES RESOURCE_GROUPS "lab:1")
  endif()
endfunction()

# lagscope_lab_test(name [LABEL integration|gui] [SOURCES extra...] [LIBS l...] [TIMEOUT s]
#                   [FIXTURE lab|labsecure] [SERIAL] [LOCK resource])
# A test against a shared lab, built from <name>.cpp with the test support library. SERIAL:
# the test stops lab brokers or MirrorMaker, so no other lab test may run meanwhile (it takes
# every slot of the lab resource, above, and starts early). LOCK: it uses
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
    set_tests_properties(${name} PROPERTIES RESOURCE_GROUPS "lab:${LAGSCOPE_LAB_SLOTS}" COST 2000)
  endif()
  if(L_LOCK)
    set_tests_properties(${name} PROPERTIES RESOURCE_LOCK ${L_LOCK})
  endif()
endfunction()
