# Warnings for our own code, and an ASan+UBSan build type that the test
# suite also passes:  cmake -B build-asan -DCMAKE_BUILD_TYPE=Sanitize
set(CMAKE_CXX_FLAGS_SANITIZE
    "-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
    CACHE STRING "Flags for the Sanitize build type" FORCE)
set(CMAKE_EXE_LINKER_FLAGS_SANITIZE "-fsanitize=address,undefined" CACHE STRING "" FORCE)
set(CMAKE_SHARED_LINKER_FLAGS_SANITIZE "-fsanitize=address,undefined" CACHE STRING "" FORCE)
mark_as_advanced(CMAKE_CXX_FLAGS_SANITIZE CMAKE_EXE_LINKER_FLAGS_SANITIZE
                 CMAKE_SHARED_LINKER_FLAGS_SANITIZE)

# A helper so each part declares its library in one line; its files start
# from the precompiled headers of cmake/Precompiled.cmake.
set(BB_LIBRARY_WARNINGS -Wall -Wextra -Wpedantic -Wshadow)
function(bb_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_compile_options(${name} PRIVATE ${BB_LIBRARY_WARNINGS})
  target_precompile_headers(${name} REUSE_FROM bb_library_pch)
endfunction()
