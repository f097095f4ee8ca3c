#include "frontend/language/program.hpp"

#include <fmt/format.h>

namespace frontend {

std::string range_name(const Type& t) {
  if (t.kind != Type::Int) return t.name;
  const std::string bounds = fmt::format("{}..{}", t.lo, t.hi);
  return t.name == bounds ? bounds : fmt::format("{} ({})", t.name, bounds);
}

const RExpr* find_tid(const RExpr* e) {
  if (!e) return nullptr;
  if (e->op == RExpr::Tid) return e;
  for (const auto& k : e->k)
    if (const RExpr* found = find_tid(k.get())) return found;
  return nullptr;
}

std::vector<int> methods_of_code(const Program& p) {
  std::vector<int> method(p.code.size(), -1);
  for (std::size_t m = 0; m < p.methods.size(); ++m) {
    const std::size_t end = m + 1 < p.methods.size() ? p.methods[m + 1].entry : p.code.size();
    for (std::size_t i = p.methods[m].entry; i < end; ++i) method[i] = static_cast<int>(m);
  }
  return method;
}

}  // namespace frontend
