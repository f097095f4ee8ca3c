#pragma once
// CLI11's classes declared, not defined: CLI/CLI.hpp is header-only and
// costs about 13 s of compilation in every file that includes it, so only
// the files that build or parse options do (the tools' mains and
// tools/common/*_options.cpp).
namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI
