# How the build keeps its time down on a 2-core machine (docs/PERFORMANCE.md, "Build time").
# Most of a Lagscope object's compile time is spent parsing Qt's headers, not on our code: one
# source of the views parses all of Qt Widgets and Print Support for QCustomPlot. Two remedies:
#
# - Unity build of the libraries and tools (lagscope_unity): their sources are compiled in
#   batches of 16 (LAGSCOPE_UNITY_BATCH), so each batch parses the headers once. A name at
#   file scope (an anonymous namespace, a static function) must therefore be unique within its
#   target: two files with the same helper name share it through a header instead.
# - Precompiled headers for the tests (lagscope_test_pch): about 150 test programs of one
#   source each, which all parse the same Qt and standard headers. Two holder targets
#   precompile them once (one for Qt Core tests, one for Qt Widgets tests) and every test
#   reuses theirs. QtTest stays out of the holders, headers and target alike: Qt Test gives each
#   test its own QT_TESTCASE_BUILDDIR, and GCC refuses a precompiled header made with another
#   value (-Winvalid-pch, which CMake adds, is an error under LAGSCOPE_WERROR).
#
# Tests are also compiled with less optimisation and line-table debug information
# (LAGSCOPE_TEST_FLAGS): their code is the harness, the code under test is lagscope_core and
# lagscope_views, built as everything else.
option(LAGSCOPE_UNITY_BUILD "Compile the libraries and tools in batches of sources" ON)
option(LAGSCOPE_TEST_PCH "Precompile the Qt and standard headers the tests share" ON)
# 0 puts a whole target in one batch: slow, but it finds every clash of file-scope names.
set(LAGSCOPE_UNITY_BATCH 16 CACHE STRING "Sources per unity batch (0: one batch per target)")
if(CMAKE_BUILD_TYPE MATCHES "^(RelWithDebInfo|Release)$")
  set(lagscope_test_flags_default "-O1;-g1")
else()
  set(lagscope_test_flags_default "")
endif()
set(LAGSCOPE_TEST_FLAGS "${lagscope_test_flags_default}" CACHE STRING
    "Compiler options of the test programs, after the build type's (e.g. -O1;-g1)")

function(lagscope_unity target)
  if(LAGSCOPE_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH UNITY_BUILD_BATCH_SIZE ${LAGSCOPE_UNITY_BATCH})
  endif()
endfunction()

# The headers almost every test includes (counted over tests/: Qt Core, JSON, files,
# processes; the standard containers).
set(LAGSCOPE_TEST_PCH_CORE
  <QByteArray> <QCoreApplication> <QDateTime> <QDir> <QElapsedTimer> <QFile> <QFileInfo> <QHash>
  <QJsonArray> <QJsonDocument> <QJsonObject> <QList> <QLocale> <QMap> <QObject> <QProcess>
  <QRegularExpression> <QSet> <QSqlDatabase> <QSqlQuery> <QStandardPaths> <QString> <QStringList>
  <QTemporaryDir> <QTextStream> <QThread> <QTimer> <QUrl> <QVariant>
  <algorithm> <atomic> <chrono> <cmath> <cstdio> <functional> <limits> <map> <memory> <optional>
  <set> <string> <utility> <vector>)
set(LAGSCOPE_TEST_PCH_GUI
  <QAction> <QApplication> <QCheckBox> <QComboBox> <QDialog> <QDialogButtonBox> <QHBoxLayout>
  <QHeaderView> <QImage> <QLabel> <QLineEdit> <QMainWindow> <QMenu> <QPainter> <QPixmap>
  <QPushButton> <QSortFilterProxyModel> <QStyle> <QTableView> <QToolButton> <QTreeWidget>
  <QVBoxLayout> <QWidget>)

# The two holders: object libraries of one empty source, with the same flags as a test but
# without Qt Test (above).
function(lagscope_add_test_pch_holders)
  if(NOT LAGSCOPE_TEST_PCH)
    return()
  endif()
  set(anchor ${CMAKE_CURRENT_BINARY_DIR}/lagscope_test_pch.cpp)
  file(WRITE ${anchor} "// The precompiled headers of the tests are built with this (cmake/LagscopeBuildSpeed.cmake).\n")
  add_library(lagscope_test_pch OBJECT ${anchor})
  target_link_libraries(lagscope_test_pch PRIVATE Qt6::Network lagscope_core)
  target_precompile_headers(lagscope_test_pch PRIVATE ${LAGSCOPE_TEST_PCH_CORE})
  if(LAGSCOPE_BUILD_GUI)
    add_library(lagscope_test_pch_gui OBJECT ${anchor})
    target_link_libraries(lagscope_test_pch_gui PRIVATE Qt6::Network lagscope_core lagscope_views)
    target_precompile_headers(lagscope_test_pch_gui PRIVATE ${LAGSCOPE_TEST_PCH_CORE} ${LAGSCOPE_TEST_PCH_GUI})
  endif()
  foreach(holder lagscope_test_pch lagscope_test_pch_gui)
    if(TARGET ${holder})
      lagscope_strict(${holder})
      target_compile_options(${holder} PRIVATE ${LAGSCOPE_TEST_FLAGS})
    endif()
  endforeach()
endfunction()

# A test program: its flags, and the holder whose headers it reuses (the Widgets one when it
# links the views).
function(lagscope_test_build_speed target)
  target_compile_options(${target} PRIVATE ${LAGSCOPE_TEST_FLAGS})
  if(NOT LAGSCOPE_TEST_PCH)
    return()
  endif()
  # Automoc's file is empty for most tests: loading the precompiled headers would cost it more
  # than it saves.
  set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
                              PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  get_target_property(libs ${target} LINK_LIBRARIES)
  if(TARGET lagscope_test_pch_gui AND ("lagscope_views" IN_LIST libs OR "lagscope_reportpdf" IN_LIST libs))
    target_precompile_headers(${target} REUSE_FROM lagscope_test_pch_gui)
  else()
    target_precompile_headers(${target} REUSE_FROM lagscope_test_pch)
  endif()
endfunction()
