#pragma once
// A whole named file as text (a model, a counterexample).
#include <string>

namespace formats {

// Throws FileError "PATH: error: cannot open the WHAT" when it cannot be read
// (and names a folder as such).
std::string file_text(const std::string& path, const char* what);

}  // namespace formats
