#include "frontend/language/builtins.hpp"

#include <algorithm>
#include <array>

namespace frontend {

namespace {

using R = ContainerOp::Result;

constexpr std::array<Primitive, 5> primitive_table{{
    {"cas", RExpr::Cas, 3, 1, false, true, false, true,
     "cas(loc, expected, new): if loc holds expected, write new; true on success"},
    {"dcas", RExpr::Dcas, 6, 2, false, true, false, true,
     "dcas(l1, l2, o1, o2, n1, n2): if l1 holds o1 and l2 holds o2, write n1 and n2; true on success"},
    {"ll", RExpr::LL, 1, 1, true, true, true, false, "ll(loc): read loc and link it to this thread"},
    {"sc", RExpr::SC, 2, 1, false, true, true, true,
     "sc(loc, v): write v if no thread wrote loc since this thread's ll(loc); true on success"},
    {"vl", RExpr::VL, 1, 1, false, false, true, false,
     "vl(loc): whether no thread wrote loc since this thread's ll(loc)"},
}};

constexpr std::array<ContainerOp, 15> container_table{{
    {Type::Seq, "front", RExpr::SeqFront, false, R::Element, "s.front: the first element"},
    {Type::Seq, "back", RExpr::SeqBack, false, R::Element, "s.back: the last element"},
    {Type::Seq, "pop_front", RExpr::SeqPopFront, false, R::Same, "s.pop_front: s without its first element"},
    {Type::Seq, "pop_back", RExpr::SeqPopBack, false, R::Same, "s.pop_back: s without its last element"},
    {Type::Seq, "empty", RExpr::SeqIsEmpty, false, R::Bool, "s.empty: whether s has no element"},
    {Type::Seq, "size", RExpr::SeqSize, false, R::Int, "s.size: the number of elements"},
    {Type::Seq, "full", RExpr::SeqIsFull, false, R::Bool, "s.full: whether s holds its capacity"},
    {Type::Set, "empty", RExpr::SetIsEmpty, false, R::Bool, "s.empty: whether the set has no element"},
    {Type::Set, "size", RExpr::SetSize, false, R::Int, "s.size: the number of elements"},
    {Type::Seq, "push_front", RExpr::SeqPushFront, true, R::Same, "s.push_front(x): s with x in front"},
    {Type::Seq, "push_back", RExpr::SeqPushBack, true, R::Same, "s.push_back(x): s with x at the back"},
    {Type::Seq, "contains", RExpr::SeqContains, true, R::Bool, "s.contains(x): whether x is an element"},
    {Type::Set, "add", RExpr::SetAdd, true, R::Same, "s.add(x): the set with x"},
    {Type::Set, "remove", RExpr::SetRemove, true, R::Same, "s.remove(x): the set without x"},
    {Type::Set, "contains", RExpr::SetContains, true, R::Bool, "s.contains(x): whether x is in the set"},
}};

}  // namespace

std::span<const Primitive> primitives() { return primitive_table; }
std::span<const ContainerOp> container_ops() { return container_table; }

const Primitive* find_primitive(std::string_view name) {
  auto it =
      std::find_if(primitive_table.begin(), primitive_table.end(), [&](const Primitive& p) { return p.name == name; });
  return it == primitive_table.end() ? nullptr : &*it;
}

const Primitive* find_primitive(RExpr::Op op) {
  auto it =
      std::find_if(primitive_table.begin(), primitive_table.end(), [&](const Primitive& p) { return p.op == op; });
  return it == primitive_table.end() ? nullptr : &*it;
}

const ContainerOp* find_container_op(Type::Kind container, std::string_view name, bool takes_element) {
  auto it = std::find_if(container_table.begin(), container_table.end(), [&](const ContainerOp& c) {
    return c.container == container && c.name == name && c.takes_element == takes_element;
  });
  return it == container_table.end() ? nullptr : &*it;
}

}  // namespace frontend
