# The standard and fmt headers our files include most, precompiled once per
# build: parsing them takes about 1.8 s of the 3 to 6 s a library file takes
# to compile here at -O3, and the libraries are over 100 files.
# bb_library targets reuse bb_library_pch (REUSE_FROM needs their flags);
# the tests add gtest.h to the same list (tests/CMakeLists.txt).
set(BB_PRECOMPILED_HEADERS
    <algorithm> <array> <cstddef> <cstdint> <cstdio> <cstring> <functional>
    <limits> <map> <memory> <numeric> <optional> <span> <stdexcept> <string>
    <string_view> <unordered_map> <utility> <vector> <fmt/format.h>)
file(WRITE ${CMAKE_BINARY_DIR}/bb_library_pch.cpp "")
add_library(bb_library_pch OBJECT ${CMAKE_BINARY_DIR}/bb_library_pch.cpp)
target_link_libraries(bb_library_pch PRIVATE bb_fmt)
target_compile_options(bb_library_pch PRIVATE ${BB_LIBRARY_WARNINGS})
target_precompile_headers(bb_library_pch PRIVATE ${BB_PRECOMPILED_HEADERS})
