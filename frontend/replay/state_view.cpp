#include "frontend/replay/state_view.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/run/labels.hpp"

namespace frontend::replay {

std::string show_value(const Program& p, const Type& t, const std::int32_t* v) {
  if (t.kind == Type::Lock) return v[0] == 0 ? "free" : fmt::format("held({})", v[0]);
  return format_value(p, t, v);
}

namespace {

std::string node_name(const NodeType& nt, int r) { return fmt::format("{}.{}", nt.name, r); }

std::string node_fields(const Program& p, const NodeType& nt, const std::int32_t* node) {
  std::vector<std::string> parts;
  for (std::size_t f = 0; f < nt.field_names.size(); ++f)
    parts.push_back(
        fmt::format("{}={}", nt.field_names[f], show_value(p, *nt.field_types[f], node + 1 + nt.field_offsets[f])));
  return fmt::format("({})", fmt::join(parts, ", "));
}

bool same(const std::int32_t* a, const std::int32_t* b, int n) { return std::equal(a, a + n, b); }

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t\r");
  return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

}  // namespace

std::string statement_text(std::string line, std::uint64_t column) {
  if (const auto comment = line.find("//"); comment != std::string::npos) line.erase(comment);
  if (column == 0 || column > line.size()) return trimmed(line);
  // A statement starts the line or follows the end of another (`;`, `{`, `}`);
  // a column anywhere else is inside one, and the whole line is shown.
  const std::size_t start = column - 1;
  const auto before = line.find_last_not_of(" \t", start == 0 ? std::string::npos : start - 1);
  if (start > 0 && before != std::string::npos && std::string_view(";{}").find(line[before]) == std::string::npos)
    return trimmed(line);
  int depth = 0;  // of ( and [
  for (std::size_t at = start; at < line.size(); ++at) {
    const char c = line[at];
    if (c == '(' || c == '[') ++depth;
    else if ((c == ')' || c == ']') && depth > 0) --depth;
    if (depth > 0 || (c != ';' && c != '{')) continue;
    const std::size_t next = line.find_first_not_of(" \t", at + 1);
    if (c == '{' && next != std::string::npos && line[next] == '}') at = next;  // `{}`, the empty set
    else return trimmed(line.substr(start, at - start + 1));
  }
  return trimmed(line.substr(start));  // the statement goes on past this line
}

namespace {

// The fields of node r that differ between two live copies of it.
void field_changes(const Program& p, const NodeType& nt, int r, const std::int32_t* b, const std::int32_t* a,
                   std::vector<Change>& out) {
  for (std::size_t f = 0; f < nt.field_names.size(); ++f) {
    const int off = 1 + nt.field_offsets[f];
    const Type& t = *nt.field_types[f];
    if (!same(b + off, a + off, t.size))
      out.push_back({fmt::format("{}.{}", node_name(nt, r), nt.field_names[f]), show_value(p, t, b + off),
                     show_value(p, t, a + off)});
  }
}

// The part of a variable or field that a slot range names: the whole, an
// element or member of it (`a[1]`, `t.2`), with its type; `name` and `t`
// are the variable or field at slot `base`, `at` and `n` the range.
struct Part {
  std::string name;
  const Type* type;
};

Part part_at(std::string name, const Type& t, int base, int at, int n) {
  if (at == base && n == t.size) return {std::move(name), &t};
  if (t.kind == Type::Array) {
    const Type& e = *t.elems[0];
    const int i = (at - base) / e.size;
    return part_at(fmt::format("{}[{}]", name, i), e, base + i * e.size, at, n);
  }
  if (t.kind == Type::Tuple) {
    int member_base = base;
    for (std::size_t k = 0; k < t.elems.size(); ++k) {
      const Type& m = *t.elems[k];
      if (at < member_base + m.size) return part_at(fmt::format("{}.{}", name, k + 1), m, member_base, at, n);
      member_base += m.size;
    }
  }
  return {std::move(name), &t};
}

std::string store_text(const Program& p, const Part& part, const std::int32_t* v) {
  return fmt::format("{} := {}", part.name, show_value(p, *part.type, v));
}

// One pending store, `x := 1`.
std::string pending_store(const Program& p, const std::int32_t* entry) {
  const int at = entry[0] - 1, n = entry[1];
  const std::int32_t* v = entry + 2;
  for (const NamedSlot& s : p.shared_names)
    if (at >= s.offset && at < s.offset + s.type->size)
      return store_text(p, part_at(s.name, *s.type, s.offset, at, n), v);
  for (const NodeType& nt : p.nodes) {
    if (at < nt.base || at >= nt.base + nt.pool * nt.stride) continue;
    const int r = (at - nt.base) / nt.stride + 1;
    const int node = nt.base + (r - 1) * nt.stride;
    for (std::size_t f = 0; f < nt.field_names.size(); ++f) {
      const int field = node + 1 + nt.field_offsets[f];
      const Type& t = *nt.field_types[f];
      if (at >= field && at < field + t.size)
        return store_text(p, part_at(fmt::format("{}.{}", node_name(nt, r), nt.field_names[f]), t, field, at, n), v);
    }
  }
  return fmt::format("slot {} := {}", at, v[0]);
}

}  // namespace

std::string buffer_text(const Program& p, const std::vector<std::int32_t>& state, int thread) {
  const BufferLayout& b = p.buffers;
  std::vector<std::string> entries;
  for (int i = 0; i < b.capacity; ++i) {
    const std::int32_t* e = &state[b.at(thread) + i * b.entry()];
    if (e[0] == 0) break;
    entries.push_back(pending_store(p, e));
  }
  return fmt::format("[{}]", fmt::join(entries, ", "));
}

std::vector<Change> changes(const Program& p, const std::vector<std::int32_t>& before,
                            const std::vector<std::int32_t>& after, const std::vector<std::int32_t>& written) {
  std::vector<Change> out;
  for (const NamedSlot& v : p.shared_names)
    if (!same(&before[v.offset], &after[v.offset], v.type->size))
      out.push_back({v.name, show_value(p, *v.type, &before[v.offset]), show_value(p, *v.type, &after[v.offset])});
  for (const NodeType& nt : p.nodes)
    for (int r = 1; r <= nt.pool; ++r) {
      const std::size_t at = nt.base + (r - 1) * nt.stride;
      const std::int32_t* b = &before[at];
      const std::int32_t* a = &after[at];
      if (!b[0] && !a[0]) continue;
      if (b[0] && a[0]) {
        field_changes(p, nt, r, b, a, out);
        continue;
      }
      // A node the step made garbage: first what the step wrote into it.
      const std::int32_t* w = b[0] && !written.empty() && written[at] ? &written[at] : b;
      field_changes(p, nt, r, b, w, out);
      out.push_back({node_name(nt, r), b[0] ? node_fields(p, nt, w) : "free", a[0] ? node_fields(p, nt, a) : "free"});
    }
  if (p.weak())
    for (int t = 0; t < p.threads; ++t) {
      const int at = p.buffers.at(t);
      if (!same(&before[at], &after[at], p.buffers.stride()))
        out.push_back({fmt::format("buffer {}", t + 1), buffer_text(p, before, t), buffer_text(p, after, t)});
    }
  return out;
}

std::vector<std::string> source_lines(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // the lexer skips it too
  std::string code(text);
  // Comments become blanks, as the lexer (lexer.cpp) reads them: `//` to the
  // end of the line, `/* */` across lines, not nested.
  for (std::size_t at = 0; at < code.size(); ++at) {
    if (code.compare(at, 2, "//") == 0) {
      for (; at < code.size() && code[at] != '\n'; ++at) code[at] = ' ';
    } else if (code.compare(at, 2, "/*") == 0) {
      const std::size_t end = std::min(code.find("*/", at + 2), code.size() - 2) + 2;
      for (; at < end; ++at)
        if (code[at] != '\n') code[at] = ' ';
      --at;
    }
  }
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at <= code.size()) {
    std::size_t end = code.find('\n', at);
    if (end == std::string::npos) end = code.size();
    lines.push_back(code.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

Place place(const Program& p, const Run& run, std::size_t step, const std::vector<std::string>& source) {
  Place out;
  const RunStep& s = run.steps[step];
  if (run.fault && step + 1 == run.steps.size()) {
    out.line = run.fault->line;
    out.column = run.fault->column;
  } else if (s.code >= 0) {
    out.line = p.code[s.code].loc.line;
    out.column = p.code[s.code].loc.column;
  }
  if (out.line >= 1 && out.line <= source.size()) {
    const bool fault = run.fault && step + 1 == run.steps.size();  // its column may lie inside an expression
    out.statement = statement_text(source[out.line - 1], fault ? 0 : out.column);
  }
  return out;
}

int current_method(const Program& p, const std::vector<std::int32_t>& state, int thread) {
  const int pc = state[p.thread_at(thread) + Program::pc_slot];
  if (pc == 0) return -1;
  int best = -1;
  for (std::size_t m = 0; m < p.methods.size(); ++m)
    if (p.methods[m].entry <= pc - 1 && (best < 0 || p.methods[m].entry > p.methods[best].entry))
      best = static_cast<int>(m);
  return best;
}

}  // namespace frontend::replay
