#include "lts/builder.hpp"

#include <algorithm>

namespace lts {

void LtsBuilder::reserve(std::size_t transitions) {
  if (count_ == 0) {
    chunks_.assign(1, {});
    chunks_.back().reserve(transitions);
  }
}

void LtsBuilder::add_transition(StateId from, LabelId label, StateId to) {
  if (chunks_.empty() || chunks_.back().size() == chunks_.back().capacity()) {
    // Each chunk twice the last, up to the largest: a small LTS takes a
    // small allocation.
    const std::size_t last = chunks_.empty() ? 0 : chunks_.back().capacity();
    chunks_.emplace_back();
    chunks_.back().reserve(std::min(chunk_size_, std::max<std::size_t>(1024, 2 * last)));
  }
  chunks_.back().push_back({from, label, to});
  ++count_;
  ensure_states(std::max(from, to) + 1);
}

void LtsBuilder::set_initial(StateId s) {
  lts_.initial = s;
  ensure_states(s + 1);
}

void LtsBuilder::ensure_states(StateId n) { lts_.num_states = std::max(lts_.num_states, n); }

Lts LtsBuilder::finish() && {
  if (chunks_.size() == 1) {
    lts_.transitions = std::move(chunks_.front());
    lts_.transitions.shrink_to_fit();
  } else {
    // reserve() only claims address space: pages become resident as the
    // chunks are copied in and freed, so the peak is one copy and a chunk.
    lts_.transitions.reserve(count_);
    for (std::vector<Transition>& c : chunks_) {
      lts_.transitions.insert(lts_.transitions.end(), c.begin(), c.end());
      std::vector<Transition>().swap(c);
    }
  }
  chunks_.clear();
  count_ = 0;
  return std::move(lts_);
}

}  // namespace lts
