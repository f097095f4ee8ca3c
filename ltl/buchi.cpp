#include "ltl/buchi.hpp"

#include <algorithm>
#include <set>

#include "ltl/pattern.hpp"

namespace ltl {
namespace {

constexpr int init_id = -1;

struct Tableau {
  std::set<int> incoming, fresh, old, next;  // fresh is GPVW's New
};

class Expander {
 public:
  explicit Expander(const Formula& f) : f_(f) {}

  // GPVW, Fig. 1: expand(node, nodes_set).
  void expand(Tableau n) {
    while (!n.fresh.empty()) {
      const int eta = *n.fresh.begin();
      n.fresh.erase(n.fresh.begin());
      if (n.old.count(eta)) continue;
      const Node& x = f_.nodes[eta];
      n.old.insert(eta);
      switch (x.op) {
        case Op::ff: return;  // a contradiction: the node is dropped
        case Op::tt:
        case Op::atom:
        case Op::natom: break;
        case Op::and_:
          n.fresh.insert(x.left);
          n.fresh.insert(x.right);
          break;
        case Op::or_:
        case Op::until:
        case Op::release: {
          Tableau second = n;
          if (x.op == Op::or_) {
            n.fresh.insert(x.left);
            second.fresh.insert(x.right);
          } else if (x.op == Op::until) {  // mu U psi = psi | (mu & X(mu U psi))
            n.fresh.insert(x.left);
            n.next.insert(eta);
            second.fresh.insert(x.right);
          } else {  // mu R psi = (psi & mu) | (psi & X(mu R psi))
            n.fresh.insert(x.right);
            n.next.insert(eta);
            second.fresh.insert(x.left);
            second.fresh.insert(x.right);
          }
          expand(std::move(second));
          break;
        }
        default: break;
      }
    }
    for (std::size_t i = 0; i < done_.size(); ++i)
      if (done_[i].old == n.old && done_[i].next == n.next) {
        done_[i].incoming.insert(n.incoming.begin(), n.incoming.end());
        return;
      }
    done_.push_back(n);
    Tableau succ;
    succ.incoming = {static_cast<int>(done_.size()) - 1};
    succ.fresh = n.next;
    expand(std::move(succ));
  }
  std::vector<Tableau> done_;

 private:
  const Formula& f_;
};

}  // namespace

bool Buchi::admits(int n, const std::string& letter) const {
  const BuchiNode& b = nodes[n];
  for (const auto& p : b.positive)
    if (!matches(p, letter)) return false;
  for (const auto& p : b.negative)
    if (matches(p, letter)) return false;
  return true;
}

Buchi translate(const Formula& f) {
  Expander e(f);
  Tableau start;
  start.incoming = {init_id};
  start.fresh = {f.root};
  e.expand(start);
  std::vector<int> untils;
  for (std::size_t i = 0; i < f.nodes.size(); ++i)
    if (f.nodes[i].op == Op::until) untils.push_back(static_cast<int>(i));
  Buchi b;
  b.acceptance_sets = untils.size();
  b.nodes.resize(e.done_.size());
  for (std::size_t i = 0; i < e.done_.size(); ++i) {
    const Tableau& t = e.done_[i];
    BuchiNode& n = b.nodes[i];
    for (int o : t.old) {
      if (f.nodes[o].op == Op::atom) n.positive.push_back(f.nodes[o].pattern);
      if (f.nodes[o].op == Op::natom) n.negative.push_back(f.nodes[o].pattern);
    }
    for (int in : t.incoming) {
      if (in == init_id)
        n.initial = true;
      else
        b.nodes[in].successors.push_back(static_cast<int>(i));
    }
    // Section 4: F_u = nodes where u's right side holds or u is not owed.
    for (int u : untils) n.accepting.push_back(t.old.count(f.nodes[u].right) || !t.old.count(u));
  }
  return b;
}

}  // namespace ltl
