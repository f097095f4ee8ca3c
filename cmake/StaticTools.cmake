# gen, quotient and refines are linked statically: a process then maps no
# shared libraries, which matters on the small LTSs users quotient most
# (our peak there is the process itself). Quotienting the oracle's abp.aut
# takes 3.4 MB and 2 ms, about two thirds of the memory and time of a
# dynamically linked build; mCRL2's ltsconvert takes 12 MB on the same file.
#
# Debian's libfmt-dev ships no static archive of fmt, so we then build
# fmt's compiled part ourselves, once (fmt_library.cpp). The Sanitize build
# type stays dynamic: the sanitizers' runtimes are shared libraries. Switch
# off with -DBBTOOLS_STATIC=OFF.
get_target_property(fmt_include_dirs fmt::fmt INTERFACE_INCLUDE_DIRECTORIES)
if(NOT fmt_include_dirs)
  set(fmt_include_dirs "")
endif()
option(BBTOOLS_STATIC "Link gen, quotient and refines statically" ON)

set(BB_LINK_STATIC OFF)
if(BBTOOLS_STATIC AND NOT CMAKE_BUILD_TYPE STREQUAL "Sanitize")
  # One check for both: fmt_library.cpp compiles against this fmt, and a
  # threaded program links with -static (libc6-dev and libstdc++ archives).
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_LINK_OPTIONS -static)
  set(CMAKE_REQUIRED_INCLUDES ${fmt_include_dirs})
  check_cxx_source_compiles("
#include \"${CMAKE_CURRENT_LIST_DIR}/fmt_library.cpp\"
#include <thread>
int main() { std::thread t([] { fmt::print(\"{}\", 1.5); }); t.join(); }"
    BB_STATIC_LINK_WORKS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  unset(CMAKE_REQUIRED_INCLUDES)
  if(BB_STATIC_LINK_WORKS)
    set(BB_LINK_STATIC ON)
  else()
    message(WARNING "static linking fails here (libc6-dev missing, or a fmt other than 9?): the tools are linked dynamically")
  endif()
endif()

# bb_fmt: fmt as every target of ours links it.
if(BB_LINK_STATIC)
  add_library(bb_fmt STATIC ${CMAKE_CURRENT_LIST_DIR}/fmt_library.cpp)
  target_include_directories(bb_fmt SYSTEM PUBLIC ${fmt_include_dirs})
else()
  add_library(bb_fmt INTERFACE)
  target_link_libraries(bb_fmt INTERFACE fmt::fmt)
endif()

# bb_static_executable(TARGET): links TARGET statically when we can.
function(bb_static_executable target)
  if(BB_LINK_STATIC)
    target_link_options(${target} PRIVATE -static)
  endif()
endfunction()
