#pragma once
// Paths and one-line helpers shared by the frontend's tests.
#include <fstream>
#include <sstream>
#include <string>

#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"
#include "frontend/compile.hpp"
#include "frontend/explore/explorer.hpp"

namespace frontend::test {

inline std::string here(const std::string& rel) { return std::string(BB_FRONTEND_TESTS) + "/" + rel; }
inline std::string model(const std::string& rel) { return std::string(BB_MODELS) + "/" + rel; }

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline lts::Lts generate(const std::string& path, int threads, long ops, bool spec = false,
                         const std::string& object = "") {
  CompileOptions o;
  o.threads = threads;
  o.ops = ops;
  o.spec = spec;
  o.object = object;
  const Program p = load_model(path, o);
  ExploreOptions e;
  return explore(p, e);
}

}  // namespace frontend::test
