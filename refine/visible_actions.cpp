#include "refine/visible_actions.hpp"

#include <algorithm>
#include <unordered_set>

#include "lts/reachability.hpp"

namespace refine {

std::vector<std::string> reachable_visible_labels(const lts::Lts& lts) {
  const std::vector<bool> reachable = lts::reachable_states(lts);
  std::vector<bool> seen(lts.labels.size(), false);
  for (const lts::Transition& t : lts.transitions)
    if (t.label != lts::tau && reachable[t.from]) seen[t.label] = true;
  std::vector<std::string> names;
  for (lts::LabelId l = 1; l < seen.size(); ++l)
    if (seen[l]) names.push_back(lts.labels.name(l));
  return names;
}

std::vector<std::string> shared_labels(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const std::unordered_set<std::string> in_b(b.begin(), b.end());
  std::vector<std::string> both;
  std::copy_if(a.begin(), a.end(), std::back_inserter(both), [&](const std::string& s) { return in_b.count(s) != 0; });
  return both;
}

}  // namespace refine
