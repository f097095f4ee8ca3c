#pragma once
// Graphviz pictures of small LTSs: `dot -Tpng`. The initial state is drawn
// with a double circle; tau is shown as the Greek letter.
#include <cstdio>
#include <string>

#include "lts/lts.hpp"

namespace formats {

std::string write_dot_string(const lts::Lts& lts);
void write_dot(const lts::Lts& lts, std::FILE* out);

}  // namespace formats
