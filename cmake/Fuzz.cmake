# The fuzz build (scripts/fuzz.sh, tests/fuzz/README.md): clang, libFuzzer,
# ASan and UBSan on every library, tests/fuzz's harnesses as libFuzzer
# executables beside the test suite, which scripts/full-check.sh runs here
# under the sanitizers (one instrumented build for both).
#   CXX=clang++ cmake -B build-fuzz -DBBTOOLS_FUZZ=ON -DCMAKE_BUILD_TYPE=Fuzz
option(BBTOOLS_FUZZ "Build the libFuzzer harnesses of tests/fuzz (clang only)" OFF)
if(BBTOOLS_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "BBTOOLS_FUZZ needs clang (libFuzzer): configure with CXX=clang++")
  endif()
  # Instrumented for coverage and the sanitizers; libFuzzer's main is linked
  # into the harnesses only (tests/fuzz/CMakeLists.txt).
  set(CMAKE_CXX_FLAGS_FUZZ
      "-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
      CACHE STRING "Flags for the Fuzz build type" FORCE)
  set(CMAKE_EXE_LINKER_FLAGS_FUZZ "-fsanitize=address,undefined" CACHE STRING "" FORCE)
  mark_as_advanced(CMAKE_CXX_FLAGS_FUZZ CMAKE_EXE_LINKER_FLAGS_FUZZ)
  # The sanitizers' runtimes are shared libraries.
  set(BBTOOLS_STATIC OFF CACHE BOOL "Link gen, quotient and refines statically" FORCE)
endif()
