#pragma once
// The equivalence options of `quotient -e` and `refines --equiv`, their
// lists and help made from the table in bisim/equivalence.hpp.
#include <string>

#include "tools/common/cli_fwd.hpp"

namespace tools {

// quotient's -e,--equivalence: every equivalence of the table, the first the
// default, each with its help: "branching (default), ..., or none (...)".
CLI::Option* add_quotient_equivalence_option(CLI::App& app, std::string& name);

// refines' --equiv: the bisimilarities of the table.
CLI::Option* add_refines_equivalence_option(CLI::App& app, std::string& name);

}  // namespace tools
