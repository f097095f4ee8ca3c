#include "fences/positions.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace fences {

namespace {

using frontend::Instr;
using frontend::Loc;
using frontend::RExpr;

// Whether storing to `lhs` writes shared memory (a shared variable or a node
// field, or an element or member of one), the only stores a buffer holds.
bool writes_memory(const RExpr& lhs) {
  switch (lhs.op) {
    case RExpr::Shared:
    case RExpr::Field: return true;
    case RExpr::Index:
    case RExpr::Proj: return writes_memory(*lhs.k[0]);
    case RExpr::TupleLit:
      return std::any_of(lhs.k.begin(), lhs.k.end(), [](const frontend::RExprP& e) { return writes_memory(*e); });
    default: return false;
  }
}

bool buffered_store(const Instr& in, int atomic_depth) {
  const bool stores = in.op == Instr::Assign || in.op == Instr::New || in.op == Instr::Choose;
  return stores && atomic_depth == 0 && !in.drains && in.lhs && writes_memory(*in.lhs);
}

// The statement that runs after code[i] falls through (through jumps).
const Instr& next_run(const frontend::Program& p, int i) {
  int at = i + 1;
  for (std::size_t guard = 0; p.code[at].op == Instr::Jump && guard < p.code.size(); ++guard) at = p.code[at].target;
  return p.code[at];
}

using Key = std::pair<std::uint32_t, std::uint32_t>;

// Per source position of a statement: whether some compiled copy of it (a
// procedure is inlined at each call) buffers a store whose next statement
// does not drain.
std::map<Key, bool> store_positions(const frontend::Program& p) {
  std::map<Key, bool> out;
  int depth = 0;
  for (int i = 0; i < static_cast<int>(p.code.size()); ++i) {
    const Instr& in = p.code[i];
    if (in.op == Instr::AtomicBegin) ++depth;
    if (in.op == Instr::AtomicEnd) --depth;
    if (!buffered_store(in, depth)) continue;
    bool& useful = out[{in.loc.line, in.loc.column}];
    useful = useful || !next_run(p, i).drains;
  }
  return out;
}

// The statement's text from its position to its ';' on that line.
std::string statement_text(const std::string& text, Loc loc) {
  std::size_t at = 0;
  for (std::uint32_t line = 1; line < loc.line && at != std::string::npos; ++line) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos) return "";
  const std::size_t end_of_line = std::min(text.find('\n', at), text.size());
  const std::string line = text.substr(at, end_of_line - at);
  const std::size_t from = std::min<std::size_t>(loc.column > 0 ? loc.column - 1 : 0, line.size());
  const std::size_t semi = line.find(';', from);
  return line.substr(from, semi == std::string::npos ? std::string::npos : semi + 1 - from);
}

void collect(const frontend::ast::Block& block, const std::string& method, const std::map<Key, bool>& stores,
             const std::string& text, std::vector<Position>& out) {
  using S = frontend::ast::Stmt;
  for (const frontend::ast::StmtPtr& s : block) {
    switch (s->kind) {
      case S::Atomic: break;  // its stores go to memory directly
      case S::If:
      case S::While:
      case S::Loop:
        collect(s->body, method, stores, text, out);
        collect(s->orelse, method, stores, text, out);
        break;
      default:
        if (const auto it = stores.find({s->loc.line, s->loc.column}); it != stores.end() && it->second)
          out.push_back({s->loc, method, statement_text(text, s->loc)});
    }
  }
}

}  // namespace

const frontend::ast::Object* find_object(const frontend::ast::File& file, const std::string& object) {
  for (const frontend::ast::Object& o : file.objects)
    if (object.empty() || o.name == object) return &o;
  return nullptr;
}

frontend::ast::Object* find_object(frontend::ast::File& file, const std::string& object) {
  return const_cast<frontend::ast::Object*>(find_object(std::as_const(file), object));
}

std::vector<Position> fence_positions(const frontend::ast::File& file, const std::string& object,
                                      const frontend::Program& program, const std::string& text) {
  std::vector<Position> out;
  const frontend::ast::Object* o = find_object(file, object);
  if (!o) return out;
  const std::map<Key, bool> stores = store_positions(program);
  for (const frontend::ast::Method& m : o->methods) collect(m.body, m.name, stores, text, out);
  std::sort(out.begin(), out.end(), [](const Position& a, const Position& b) {
    return std::pair(a.loc.line, a.loc.column) < std::pair(b.loc.line, b.loc.column);
  });
  return out;
}

}  // namespace fences
