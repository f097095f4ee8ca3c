#include "frontend/analysis/lock_slots.hpp"

namespace frontend {

namespace {

// Appends the slots of the locks in a value of type t stored from `at`.
void add_locks(const Type& t, int at, std::vector<int>& out, bool& in_set) {
  switch (t.kind) {
    case Type::Lock: out.push_back(at); break;
    case Type::Tuple:
      for (const TypeP& m : t.elems) {
        add_locks(*m, at, out, in_set);
        at += m->size;
      }
      break;
    case Type::Array:
      for (int i = 0; i < t.length; ++i) add_locks(*t.elems[0], at + i * t.elems[0]->size, out, in_set);
      break;
    case Type::Seq:  // the length, then the elements
      for (int i = 0; i < t.length; ++i) add_locks(*t.elems[0], at + 1 + i * t.elems[0]->size, out, in_set);
      break;
    case Type::Set: {
      std::vector<int> ignored;
      add_locks(*t.elems[0], 0, ignored, in_set);
      in_set = in_set || !ignored.empty();
      break;
    }
    default: break;
  }
}

}  // namespace

LockSlots lock_slots(const Program& p) {
  LockSlots l;
  for (const NamedSlot& v : p.shared_names) add_locks(*v.type, v.offset, l.shared, l.in_set);
  for (const NodeType& n : p.nodes)
    for (int k = 0; k < n.pool; ++k)
      for (std::size_t f = 0; f < n.field_types.size(); ++f)
        add_locks(*n.field_types[f], n.base + k * n.stride + 1 + n.field_offsets[f], l.shared, l.in_set);
  for (const NamedSlot& v : p.thread_var_names) add_locks(*v.type, v.offset, l.thread, l.in_set);
  for (const MethodInfo& m : p.methods) {
    l.locals.emplace_back();
    for (const NamedSlot& v : m.local_names) add_locks(*v.type, p.locals + v.offset, l.locals.back(), l.in_set);
    l.has_locals = l.has_locals || !l.locals.back().empty();
  }
  return l;
}

}  // namespace frontend
