#include "ltl/formula.hpp"

namespace ltl {
namespace {

// Builds the normal form of node `n` of `in` (negated when `neg`) in `out`.
int nnf(const Formula& in, int n, bool neg, Formula& out) {
  const Node& x = in.nodes[n];
  auto bin = [&](Op op, int l, int r) { return out.add({op, l, r, {}}); };
  switch (x.op) {
    case Op::tt: return out.add({neg ? Op::ff : Op::tt});
    case Op::ff: return out.add({neg ? Op::tt : Op::ff});
    case Op::atom: return out.add({neg ? Op::natom : Op::atom, -1, -1, x.pattern});
    case Op::natom: return out.add({neg ? Op::atom : Op::natom, -1, -1, x.pattern});
    case Op::not_: return nnf(in, x.left, !neg, out);
    case Op::and_:
      return bin(neg ? Op::or_ : Op::and_, nnf(in, x.left, neg, out), nnf(in, x.right, neg, out));
    case Op::or_:
      return bin(neg ? Op::and_ : Op::or_, nnf(in, x.left, neg, out), nnf(in, x.right, neg, out));
    case Op::implies:  // a -> b = !a | b
      return bin(neg ? Op::and_ : Op::or_, nnf(in, x.left, !neg, out), nnf(in, x.right, neg, out));
    case Op::iff: {  // (a & b) | (!a & !b); negated: (a & !b) | (!a & b)
      const int ab = bin(Op::and_, nnf(in, x.left, false, out), nnf(in, x.right, neg, out));
      const int nab = bin(Op::and_, nnf(in, x.left, true, out), nnf(in, x.right, !neg, out));
      return bin(Op::or_, ab, nab);
    }
    case Op::until:  // !(a U b) = !a R !b
      return bin(neg ? Op::release : Op::until, nnf(in, x.left, neg, out), nnf(in, x.right, neg, out));
    case Op::release:
      return bin(neg ? Op::until : Op::release, nnf(in, x.left, neg, out), nnf(in, x.right, neg, out));
    case Op::weak_until: {  // a W b = b R (a | b); !(a W b) = !b U (!a & !b)
      const int b = nnf(in, x.right, neg, out);
      const int a = nnf(in, x.left, neg, out);
      const int ab = bin(neg ? Op::and_ : Op::or_, a, nnf(in, x.right, neg, out));
      return bin(neg ? Op::until : Op::release, b, ab);
    }
    case Op::eventually: {  // F a = tt U a; !F a = ff R !a
      const int c = out.add({neg ? Op::ff : Op::tt});
      return bin(neg ? Op::release : Op::until, c, nnf(in, x.left, neg, out));
    }
    case Op::always: {  // G a = ff R a; !G a = tt U !a
      const int c = out.add({neg ? Op::tt : Op::ff});
      return bin(neg ? Op::until : Op::release, c, nnf(in, x.left, neg, out));
    }
  }
  return -1;
}

}  // namespace

Formula normal_form(const Formula& f, bool negate) {
  Formula out;
  out.root = nnf(f, f.root, negate, out);
  return out;
}

std::string to_text(const Formula& f, int n) {
  const Node& x = f.nodes[n];
  auto bin = [&](const char* op) { return "(" + to_text(f, x.left) + " " + op + " " + to_text(f, x.right) + ")"; };
  switch (x.op) {
    case Op::tt: return "true";
    case Op::ff: return "false";
    case Op::atom: return "\"" + x.pattern + "\"";
    case Op::natom: return "!\"" + x.pattern + "\"";
    case Op::not_: return "!" + to_text(f, x.left);
    case Op::and_: return bin("&&");
    case Op::or_: return bin("||");
    case Op::implies: return bin("->");
    case Op::iff: return bin("<->");
    case Op::until: return bin("U");
    case Op::release: return bin("R");
    case Op::weak_until: return bin("W");
    case Op::eventually: return "F " + to_text(f, x.left);
    case Op::always: return "G " + to_text(f, x.left);
  }
  return "?";
}

}  // namespace ltl
