#include "fences/insert.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace fences {

namespace {

bool same(frontend::Loc a, frontend::Loc b) { return a.line == b.line && a.column == b.column; }

// Inserts the fences into `block` and the blocks nested in it; returns how
// many were placed.
std::size_t place(frontend::ast::Block& block, const std::vector<frontend::Loc>& after) {
  std::size_t placed = 0;
  for (std::size_t i = 0; i < block.size(); ++i) {
    frontend::ast::Stmt& s = *block[i];
    placed += place(s.body, after) + place(s.orelse, after);
    for (frontend::Loc at : after) {
      if (!same(at, s.loc)) continue;
      auto fence = std::make_unique<frontend::ast::Stmt>();
      fence->kind = frontend::ast::Stmt::Fence;
      fence->loc = s.loc;
      block.insert(block.begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(fence));
      ++i;  // past the fence
      ++placed;
      break;
    }
  }
  return placed;
}

}  // namespace

void insert_fences(frontend::ast::Object& object, const std::vector<frontend::Loc>& after) {
  std::size_t placed = 0;
  for (frontend::ast::Method& m : object.methods) placed += place(m.body, after);
  if (placed != after.size())
    throw std::logic_error(
        fmt::format("insert_fences: {} of {} positions are statements of {}", placed, after.size(), object.name));
}

}  // namespace fences
