#pragma once
// Writing Aldebaran `.aut` that both CADP and mCRL2 read unchanged: tau as
// the unquoted name `i` (CADP) or `tau` (mCRL2), every other label quoted.
// Output is deterministic: transitions in the order the Lts holds them.
#include <cstdio>
#include <string>

#include "lts/lts.hpp"

namespace formats {

struct AutWriteOptions {
  std::string tau_name = "i";
};

void write_aut(const lts::Lts& lts, std::FILE* out, const AutWriteOptions& options = {});
std::string write_aut_string(const lts::Lts& lts, const AutWriteOptions& options = {});

}  // namespace formats
