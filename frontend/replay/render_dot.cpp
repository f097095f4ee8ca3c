// The heap as Graphviz: one record per allocated node with its fields, an
// arrow per non-null reference, and boxes for the shared variables and the
// threads' reference variables that point into it.
#include <fmt/format.h>

#include "frontend/replay/render.hpp"
#include "frontend/replay/state_view.hpp"

namespace frontend::replay {

namespace {

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\' || c == '{' || c == '}' || c == '|' || c == '<' || c == '>') out += '\\';
    out += c;
  }
  return out;
}

// An arrow from `from` to the node `v` refers to (none for null).
void arrow(const Program& p, const Type& t, std::int32_t v, const std::string& from, std::string& out) {
  if (t.kind == Type::Ref && v != 0) out += fmt::format("  {} -> \"{}.{}\";\n", from, p.nodes[t.id].name, v);
}

void variable(const Program& p, const NamedSlot& v, const std::int32_t* value, const std::string& id,
              const std::string& label, std::string& out) {
  const std::string shown =
      v.type->kind == Type::Ref ? label : fmt::format("{} = {}", label, show_value(p, *v.type, value));
  out += fmt::format("  \"{}\" [shape=box, label=\"{}\"];\n", id, escaped(shown));
  arrow(p, *v.type, *value, fmt::format("\"{}\"", id), out);
}

}  // namespace

std::string render_dot(const Program& p, const Run& run) {
  const std::vector<std::int32_t>& s = run.focus();
  std::string out = "digraph heap {\n  rankdir=LR;\n  node [fontname=\"monospace\"];\n";
  for (const NodeType& nt : p.nodes)
    for (int r = 1; r <= nt.pool; ++r) {
      const std::int32_t* node = &s[nt.base + (r - 1) * nt.stride];
      if (!node[0]) continue;
      const std::string name = fmt::format("{}.{}", nt.name, r);
      std::string label = escaped(name);
      for (std::size_t f = 0; f < nt.field_names.size(); ++f) {
        const Type& t = *nt.field_types[f];
        const std::int32_t* v = node + 1 + nt.field_offsets[f];
        label +=
            fmt::format("|<{}> {}", nt.field_names[f],
                        escaped(t.kind == Type::Ref ? nt.field_names[f]
                                                    : fmt::format("{} = {}", nt.field_names[f], show_value(p, t, v))));
      }
      out += fmt::format("  \"{}\" [shape=record, label=\"{}\"];\n", name, label);
      for (std::size_t f = 0; f < nt.field_names.size(); ++f)
        arrow(p, *nt.field_types[f], node[1 + nt.field_offsets[f]], fmt::format("\"{}\":{}", name, nt.field_names[f]),
              out);
    }
  for (const NamedSlot& v : p.shared_names) variable(p, v, &s[v.offset], v.name, v.name, out);
  for (int t = 0; t < p.threads; ++t) {
    const int base = p.thread_at(t);
    for (const NamedSlot& v : p.thread_var_names)
      if (v.type->kind == Type::Ref && s[base + v.offset] != 0)
        variable(p, v, &s[base + v.offset], fmt::format("t{}.{}", t + 1, v.name),
                 fmt::format("thread {}: {}", t + 1, v.name), out);
    const int m = current_method(p, s, t);
    if (m < 0) continue;
    for (const NamedSlot& v : p.methods[m].local_names)
      if (v.type->kind == Type::Ref && s[base + p.locals + v.offset] != 0)
        variable(p, v, &s[base + p.locals + v.offset], fmt::format("t{}.{}", t + 1, v.name),
                 fmt::format("thread {}: {}", t + 1, v.name), out);
  }
  return out + "}\n";
}

}  // namespace frontend::replay
