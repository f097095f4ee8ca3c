#include "distributed/inert_closure.hpp"

#include <algorithm>
#include <utility>

namespace distributed {

namespace {

bool any_on_rank(MPI_Comm comm, bool value) {
  int in = value ? 1 : 0, out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, comm);
  return out != 0;
}

// A stack of local states, each on it at most once. Pushed from the
// highest index down, so the first pops come from the end of the
// breadth-first order, where inert paths end.
class Worklist {
 public:
  explicit Worklist(std::uint32_t n) : queued_(n, 0) {}
  void push(std::uint32_t i) {
    if (!queued_[i]) queued_[i] = 1, stack_.push_back(i);
  }
  void push_all() {
    for (std::uint32_t i = 0; i < queued_.size(); ++i) push(i);
  }
  bool pop(std::uint32_t& i) {
    if (stack_.empty()) return false;
    i = stack_.back();
    stack_.pop_back();
    queued_[i] = 0;
    return true;
  }

 private:
  std::vector<std::uint8_t> queued_;
  std::vector<std::uint32_t> stack_;
};

template <typename Visit>
void for_each_predecessor(const InertSteps& steps, std::uint32_t slot, Visit visit) {
  for (std::uint64_t k = steps.pred_first[slot]; k < steps.pred_first[slot + 1]; ++k) visit(steps.pred[k]);
}

}  // namespace

void InertSteps::link_predecessors(std::uint32_t slots) {
  pred_first.assign(slots + 1, 0);
  for (std::uint32_t t : succ) ++pred_first[t + 1];
  for (std::uint32_t s = 0; s < slots; ++s) pred_first[s + 1] += pred_first[s];
  pred.resize(succ.size());
  std::vector<std::uint64_t> next(pred_first.begin(), pred_first.end() - 1);
  for (std::uint32_t i = 0; i + 1 < first.size(); ++i)
    for (std::uint64_t k = first[i]; k < first[i + 1]; ++k) pred[next[succ[k]]++] = i;
}

void normalise_pairs(Words& pairs) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> p(pairs.size() / 2);
  for (std::size_t k = 0; k < p.size(); ++k) p[k] = {pairs[2 * k], pairs[2 * k + 1]};
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  pairs.clear();
  for (const auto& [a, b] : p) pairs.insert(pairs.end(), {a, b});
}

void close_over_inert_steps(MPI_Comm comm, const Ghosts& ghosts, const InertSteps& steps, std::vector<Words>& sigs) {
  const auto n = static_cast<std::uint32_t>(steps.first.size() - 1);
  Worklist work(n);
  work.push_all();
  ghosts.exchange(sigs);
  Words merged;
  std::vector<std::uint8_t> changed(n, 0);
  for (;;) {
    bool any = false;
    for (std::uint32_t i; work.pop(i);) {
      merged = sigs[i];
      for (std::uint64_t k = steps.first[i]; k < steps.first[i + 1]; ++k) {
        const Words& t = sigs[steps.succ[k]];
        merged.insert(merged.end(), t.begin(), t.end());
      }
      normalise_pairs(merged);
      if (merged == sigs[i]) continue;
      std::swap(sigs[i], merged);
      changed[i] = 1, any = true;
      for_each_predecessor(steps, i, [&](std::uint32_t p) { work.push(p); });
    }
    // Nothing changed anywhere: every rank's ghosts hold the values they
    // had at the last exchange, which are current, so this is the fixpoint.
    if (!any_on_rank(comm, any)) break;
    for (std::uint32_t slot : ghosts.exchange_changed(sigs, changed))
      for_each_predecessor(steps, slot, [&](std::uint32_t p) { work.push(p); });
    std::fill(changed.begin(), changed.end(), 0);
  }
  sigs.resize(n);
}

std::vector<std::uint8_t> inert_divergence(MPI_Comm comm, const Ghosts& ghosts, const InertSteps& steps,
                                           std::uint32_t local_count) {
  const std::uint32_t n = local_count;
  // bit: may still diverge; live: inert steps into a slot whose bit is set.
  std::vector<std::uint32_t> bit(n), live(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) bit[i] = steps.first[i + 1] > steps.first[i] ? 1 : 0;
  ghosts.exchange(bit);
  Worklist work(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    for (std::uint64_t k = steps.first[i]; k < steps.first[i + 1]; ++k) live[i] += bit[steps.succ[k]];
    if (bit[i] && live[i] == 0) work.push(i);
  }
  const auto lost = [&](std::uint32_t slot) {
    for_each_predecessor(steps, slot, [&](std::uint32_t p) {
      if (bit[p] && --live[p] == 0) work.push(p);
    });
  };
  std::vector<std::uint8_t> dropped(n, 0);
  for (;;) {
    bool any = false;
    for (std::uint32_t i; work.pop(i);) {
      bit[i] = 0;
      dropped[i] = 1, any = true;
      lost(i);
    }
    if (!any_on_rank(comm, any)) break;
    // A bit only ever drops, once: each arriving value is a drop.
    for (std::uint32_t slot : ghosts.exchange_changed(bit, dropped)) lost(slot);
    std::fill(dropped.begin(), dropped.end(), 0);
  }
  return std::vector<std::uint8_t>(bit.begin(), bit.begin() + n);
}

}  // namespace distributed
