#include "distributed/lts_part.hpp"

#include <algorithm>

namespace distributed {

namespace {

template <typename Transitions>
LtsPart make_part(const Transitions& transitions, int rank, int ranks, lts::StateId num_states, lts::StateId initial) {
  LtsPart part;
  part.rank = rank;
  part.ranks = ranks;
  part.num_states = num_states;
  part.initial = initial;
  const std::uint32_t r = static_cast<std::uint32_t>(ranks);
  const std::uint32_t n = num_states > static_cast<std::uint32_t>(rank) ? (num_states - rank + r - 1) / r : 0;
  part.first.assign(n + 1, 0);
  for (const lts::Transition& t : transitions)
    if (part.owner(t.from) == rank) ++part.first[part.local(t.from) + 1];
  for (std::uint32_t i = 0; i < n; ++i) part.first[i + 1] += part.first[i];
  part.label.resize(part.first[n]);
  part.target.resize(part.first[n]);
  std::vector<std::uint64_t> next(part.first.begin(), part.first.end() - 1);
  for (const lts::Transition& t : transitions) {
    if (part.owner(t.from) != rank) continue;
    const std::uint64_t k = next[part.local(t.from)]++;
    part.label[k] = t.label;
    part.target[k] = t.to;
  }
  return part;
}

}  // namespace

LtsPart part_of(const lts::Lts& lts, int rank, int ranks) {
  return make_part(lts.transitions, rank, ranks, lts.num_states, lts.initial);
}

LtsPart part_from_transitions(const std::vector<lts::Transition>& transitions, int rank, int ranks,
                              lts::StateId num_states, lts::StateId initial) {
  return make_part(transitions, rank, ranks, num_states, initial);
}

void Ghosts::set_up(std::vector<Words> requests) {
  const LtsPart& part = *part_;
  from_.assign(part.ranks + 1, 0);
  for (int r = 0; r < part.ranks; ++r) {
    Words& q = requests[r];
    std::sort(q.begin(), q.end());
    q.erase(std::unique(q.begin(), q.end()), q.end());
    from_[r + 1] = from_[r] + static_cast<std::uint32_t>(q.size());
    ghost_ids_.insert(ghost_ids_.end(), q.begin(), q.end());
  }
  serve_ = all_to_all(comm_, requests);
  for (Words& w : serve_)
    for (std::uint32_t& s : w) s = part.local(s);
}

std::uint32_t Ghosts::slot(lts::StateId s) const {
  const LtsPart& part = *part_;
  const int o = part.owner(s);
  if (o == part.rank) return part.local(s);
  const auto begin = ghost_ids_.begin() + from_[o], end = ghost_ids_.begin() + from_[o + 1];
  return part.local_count() + static_cast<std::uint32_t>(std::lower_bound(begin, end, s) - ghost_ids_.begin());
}

void Ghosts::exchange(std::vector<std::uint32_t>& values) const {
  const LtsPart& part = *part_;
  std::vector<Words> out(part.ranks);
  for (int r = 0; r < part.ranks; ++r)
    for (std::uint32_t i : serve_[r]) out[r].push_back(values[i]);
  const std::vector<Words> in = all_to_all(comm_, out);
  values.resize(part.local_count() + ghost_count());
  for (int r = 0; r < part.ranks; ++r)
    std::copy(in[r].begin(), in[r].end(), values.begin() + part.local_count() + from_[r]);
}

void Ghosts::exchange(std::vector<Words>& sets) const {
  const LtsPart& part = *part_;
  std::vector<Words> out(part.ranks);
  for (int r = 0; r < part.ranks; ++r)
    for (std::uint32_t i : serve_[r]) {
      out[r].push_back(static_cast<std::uint32_t>(sets[i].size()));
      out[r].insert(out[r].end(), sets[i].begin(), sets[i].end());
    }
  const std::vector<Words> in = all_to_all(comm_, out);
  sets.resize(part.local_count() + ghost_count());
  for (int r = 0; r < part.ranks; ++r) {
    std::size_t k = 0;
    for (std::uint32_t g = from_[r]; g < from_[r + 1]; ++g) {
      const std::uint32_t len = in[r][k++];
      sets[part.local_count() + g].assign(in[r].begin() + k, in[r].begin() + k + len);
      k += len;
    }
  }
}

// Each record is (position in the serve list, value); the receiver maps
// the position to its ghost, as exchange() does by order.
template <typename Value, typename Append, typename Read>
std::vector<std::uint32_t> Ghosts::send_changed(std::vector<Value>& values, const std::vector<std::uint8_t>& changed,
                                                Append append, Read read) const {
  const LtsPart& part = *part_;
  std::vector<Words> out(part.ranks);
  for (int r = 0; r < part.ranks; ++r)
    for (std::uint32_t j = 0; j < serve_[r].size(); ++j)
      if (changed[serve_[r][j]]) {
        out[r].push_back(j);
        append(out[r], values[serve_[r][j]]);
      }
  const std::vector<Words> in = all_to_all(comm_, out);
  values.resize(part.local_count() + ghost_count());
  std::vector<std::uint32_t> arrived;
  for (int r = 0; r < part.ranks; ++r)
    for (std::size_t k = 0; k < in[r].size();) {
      const std::uint32_t slot = part.local_count() + from_[r] + in[r][k++];
      k = read(in[r], k, values[slot]);
      arrived.push_back(slot);
    }
  return arrived;
}

std::vector<std::uint32_t> Ghosts::exchange_changed(std::vector<std::uint32_t>& values,
                                                    const std::vector<std::uint8_t>& changed) const {
  return send_changed(
      values, changed, [](Words& out, std::uint32_t v) { out.push_back(v); },
      [](const Words& in, std::size_t k, std::uint32_t& v) {
        v = in[k];
        return k + 1;
      });
}

std::vector<std::uint32_t> Ghosts::exchange_changed(std::vector<Words>& sets,
                                                    const std::vector<std::uint8_t>& changed) const {
  return send_changed(
      sets, changed,
      [](Words& out, const Words& set) {
        out.push_back(static_cast<std::uint32_t>(set.size()));
        out.insert(out.end(), set.begin(), set.end());
      },
      [](const Words& in, std::size_t k, Words& set) {
        const std::uint32_t len = in[k++];
        set.assign(in.begin() + static_cast<std::ptrdiff_t>(k), in.begin() + static_cast<std::ptrdiff_t>(k + len));
        return k + len;
      });
}

}  // namespace distributed
