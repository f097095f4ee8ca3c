#include "bisim/symmetry/symmetric_refinement.hpp"

#include <algorithm>
#include <span>
#include <unordered_set>

#include "bisim/signatures/mix.hpp"

namespace bisim::symmetry {

namespace {

// The signatures of one round: (old class, divergent, steps), each with an
// id, the new class, and the action of the permutations on the ids.
class SignatureTable {
 public:
  SignatureTable(const ThreadPermutations& group, const std::vector<std::uint32_t>& old_action,
                 const std::vector<std::vector<lts::LabelId>>& label_image)
      : group_(group), old_action_(old_action), label_image_(label_image), index_(16, Hash{this}, Equal{this}) {}

  std::uint32_t size() const { return static_cast<std::uint32_t>(old_class_.size()); }
  std::span<const ClassStep> steps(std::uint32_t id) const {
    return {pool_.data() + begin_[id], pool_.data() + begin_[id + 1]};
  }
  bool divergent(std::uint32_t id) const { return divergent_[id]; }
  // The id of g applied to class `id`.
  std::uint32_t image(std::uint32_t id, PermutationId g) const { return action_[id * group_.size() + g]; }
  std::vector<std::uint32_t>& action() { return action_; }

  // The id of the signature (old_class, divergent, steps), `steps` sorted
  // and without duplicates. A new one is added with all its images.
  std::uint32_t intern(std::uint32_t old_class, bool divergent, const std::vector<ClassStep>& steps) {
    const auto [id, fresh] = add(old_class, divergent, steps);
    if (!fresh) return id;
    const std::size_t n = group_.size();
    std::vector<std::uint32_t> ids(n, id);
    std::vector<ClassStep> moved(steps.size());
    for (std::size_t g = 1; g < n; ++g) {
      for (std::size_t i = 0; i < steps.size(); ++i)
        moved[i] = {label_image_[steps[i].label][g], old_action_[steps[i].to * n + g]};
      std::sort(moved.begin(), moved.end());
      ids[g] = add(old_action_[old_class * n + g], divergent, moved).first;
    }
    action_.resize(static_cast<std::size_t>(size()) * n);
    for (std::size_t g = 0; g < n; ++g)
      for (std::size_t rho = 0; rho < n; ++rho)
        action_[ids[g] * n + rho] = ids[group_.compose(static_cast<PermutationId>(rho), static_cast<PermutationId>(g))];
    return id;
  }

 private:
  std::pair<std::uint32_t, bool> add(std::uint32_t old_class, bool divergent, const std::vector<ClassStep>& steps) {
    const std::uint32_t id = size();
    old_class_.push_back(old_class);
    divergent_.push_back(divergent);
    if (begin_.empty()) begin_.push_back(0);
    pool_.insert(pool_.end(), steps.begin(), steps.end());
    begin_.push_back(pool_.size());
    std::uint64_t h = signatures::mix(old_class, divergent);
    for (const ClassStep& s : steps) h = signatures::mix(h, std::uint64_t{s.label} << 32 | s.to);
    hash_.push_back(h);
    const auto [at, fresh] = index_.insert(id);
    if (fresh) return {id, true};
    old_class_.pop_back();
    divergent_.pop_back();
    begin_.pop_back();
    pool_.resize(begin_.back());
    hash_.pop_back();
    return {*at, false};
  }

  struct Hash {
    const SignatureTable* table;
    std::size_t operator()(std::uint32_t id) const { return table->hash_[id]; }
  };
  struct Equal {
    const SignatureTable* table;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      const SignatureTable& t = *table;
      if (t.hash_[a] != t.hash_[b] || t.old_class_[a] != t.old_class_[b] || t.divergent_[a] != t.divergent_[b])
        return false;
      const auto sa = t.steps(a), sb = t.steps(b);
      return std::equal(sa.begin(), sa.end(), sb.begin(), sb.end());
    }
  };

  const ThreadPermutations& group_;
  const std::vector<std::uint32_t>& old_action_;
  const std::vector<std::vector<lts::LabelId>>& label_image_;
  std::vector<std::uint32_t> old_class_;
  std::vector<bool> divergent_;
  std::vector<std::uint64_t> begin_;
  std::vector<ClassStep> pool_;
  std::vector<std::uint64_t> hash_;
  std::vector<std::uint32_t> action_;
  std::unordered_set<std::uint32_t, Hash, Equal> index_;
};

struct Round {
  const ContractedOrbits& nodes;
  const std::vector<std::vector<lts::LabelId>>& label_image;
  const ThreadPermutations& group;
  bool inert_tau, divergence;
  const std::vector<std::uint32_t>& old_class;   // per node
  const std::vector<std::uint32_t>& old_action;  // per old class and permutation

  // The signature of node n into `steps` (sorted, no duplicates); returns
  // whether it diverges inertly. Nodes below n have their new ids in
  // new_class, which `table` holds.
  bool signature(std::uint32_t n, const SignatureTable& table, const std::vector<std::uint32_t>& new_class,
                 std::vector<ClassStep>& steps) const {
    const std::size_t g_count = group.size();
    const std::uint32_t own = old_class[n];
    bool diverges = divergence && nodes.divergent[n];
    steps.clear();
    for (std::uint64_t k = nodes.step_begin[n]; k < nodes.step_begin[n + 1]; ++k) {
      const NodeStep& s = nodes.steps[k];
      const std::uint32_t target = old_action[old_class[s.to] * g_count + s.permutation];
      if (inert_tau && s.label == lts::tau && target == own) {
        // Inert: everything the target reaches inertly, moved by s.permutation.
        const std::uint32_t moved = table.image(new_class[s.to], s.permutation);
        const auto reached = table.steps(moved);
        steps.insert(steps.end(), reached.begin(), reached.end());
        diverges = diverges || table.divergent(moved);
      } else {
        steps.push_back({s.label, target});
      }
    }
    // The root's M-SCC holds h.root for every h in H: its steps too.
    const std::vector<PermutationId>& h_group = nodes.stabiliser.of(n);
    const std::size_t own_steps = steps.size();
    for (std::size_t i = 1; i < h_group.size(); ++i)
      for (std::size_t j = 0; j < own_steps; ++j)
        steps.push_back({label_image[steps[j].label][h_group[i]], old_action[steps[j].to * g_count + h_group[i]]});
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    return diverges;
  }
};

// The stable partition, its steps renamed from the last round's old ids to
// its new ones (the same classes).
SymmetricPartition stable_partition(const ContractedOrbits& nodes, const ThreadPermutations& group,
                                    const std::vector<std::uint32_t>& old_class,
                                    const std::vector<std::uint32_t>& old_action, SignatureTable& table,
                                    std::vector<std::uint32_t>&& new_class, std::uint32_t rounds) {
  const std::size_t g_count = group.size();
  std::vector<std::uint32_t> renamed(table.size());
  for (std::uint32_t n = 0; n < nodes.num_nodes; ++n)
    for (std::size_t g = 0; g < g_count; ++g)
      renamed[old_action[old_class[n] * g_count + g]] = table.image(new_class[n], static_cast<PermutationId>(g));
  SymmetricPartition p;
  p.num_classes = table.size();
  p.rounds = rounds;
  p.step_begin.push_back(0);
  for (std::uint32_t c = 0; c < table.size(); ++c) {
    const std::size_t first = p.steps.size();
    for (const ClassStep& s : table.steps(c)) p.steps.push_back({s.label, renamed[s.to]});
    std::sort(p.steps.begin() + static_cast<std::ptrdiff_t>(first), p.steps.end());
    p.step_begin.push_back(p.steps.size());
    p.divergent.push_back(table.divergent(c));
  }
  p.class_of_node = std::move(new_class);
  p.action = std::move(table.action());
  return p;
}

}  // namespace

SymmetricPartition refine_modulo_symmetry(
    const ContractedOrbits& nodes, const std::vector<std::vector<lts::LabelId>>& label_image,
    const ThreadPermutations& group, Equivalence e,
    const std::function<void(std::uint32_t round, std::uint32_t classes)>& on_round) {
  std::vector<std::uint32_t> old_class(nodes.num_nodes, 0);
  std::vector<std::uint32_t> old_action(group.size(), 0);  // one class, which every permutation keeps
  std::uint32_t count = 1;
  std::vector<ClassStep> steps;
  for (std::uint32_t round = 1;; ++round) {
    const Round r{nodes, label_image, group, hides_inert_tau(e), divergence_sensitive(e), old_class, old_action};
    SignatureTable table(group, old_action, label_image);
    std::vector<std::uint32_t> new_class(nodes.num_nodes);
    for (std::uint32_t n = 0; n < nodes.num_nodes; ++n) {
      const bool diverges = r.signature(n, table, new_class, steps);
      new_class[n] = table.intern(old_class[n], diverges, steps);
    }
    if (on_round) on_round(round, table.size());
    if (table.size() == count)
      return stable_partition(nodes, group, old_class, old_action, table, std::move(new_class), round);
    count = table.size();
    old_class = std::move(new_class);
    old_action = std::move(table.action());
  }
}

}  // namespace bisim::symmetry
