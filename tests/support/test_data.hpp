#pragma once
// Where the test data is: tests/data in the source tree.
#include <string>

namespace testing_support {

inline std::string test_data(const std::string& relative) { return std::string(BB_TEST_DATA) + "/" + relative; }

}  // namespace testing_support
