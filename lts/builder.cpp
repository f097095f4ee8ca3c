#include "lts/builder.hpp"

#include <algorithm>

namespace lts {

namespace {

// Appends to the last chunk, or to a new one twice as large as the last, up
// to `largest` elements: a small LTS takes a small allocation.
template <typename T>
void append(std::vector<std::vector<T>>& chunks, const T& value, std::size_t largest) {
  if (chunks.empty() || chunks.back().size() == chunks.back().capacity()) {
    const std::size_t last = chunks.empty() ? 0 : chunks.back().capacity();
    chunks.emplace_back();
    chunks.back().reserve(std::min(largest, std::max<std::size_t>(1024, 2 * last)));
  }
  chunks.back().push_back(value);
}

// The bytes in use: a chunk's unused tail is reserved but not touched.
template <typename T>
std::size_t bytes(const std::vector<std::vector<T>>& chunks) {
  std::size_t total = 0;
  for (const std::vector<T>& c : chunks) total += c.size() * sizeof(T);
  return total;
}

}  // namespace

void LtsBuilder::reserve(std::size_t transitions) {
  if (count_ == 0) {
    in_order_ = false;
    chunks_.assign(1, {});
    chunks_.back().reserve(transitions);
  }
}

void LtsBuilder::add_transition(StateId from, LabelId label, StateId to) {
  if (in_order_ && !arcs_of_.empty() && from + 1 < arcs_of_.size()) switch_to_transitions();
  if (in_order_) {
    // An Arc is smaller than a Transition; chunks of the same bytes.
    append(arcs_, Arc{label, to}, chunk_size_ * sizeof(Transition) / sizeof(Arc));
    count_source(from);
  } else {
    append(chunks_, Transition{from, label, to}, chunk_size_);
  }
  ++count_;
  ensure_states(std::max(from, to) + 1);
}

// arcs_of_ ends at the last source so far.
void LtsBuilder::count_source(StateId from) {
  if (from >= arcs_of_.size()) arcs_of_.resize(std::size_t{from} + 1, 0);
  if (arcs_of_[from] < 255) {
    ++arcs_of_[from];
    return;
  }
  if (more_arcs_.empty() || more_arcs_.back().first != from) more_arcs_.emplace_back(from, 0);
  ++more_arcs_.back().second;
}

// Calls emit(Transition) for every arc in order, freeing each chunk once
// read, and leaves the arcs empty.
template <typename Emit>
void LtsBuilder::drain_arcs(Emit emit) {
  std::size_t chunk = 0, at = 0, more = 0;
  for (StateId s = 0; s < arcs_of_.size(); ++s) {
    std::size_t n = arcs_of_[s];
    if (more < more_arcs_.size() && more_arcs_[more].first == s) n += more_arcs_[more++].second;
    for (; n > 0; --n) {
      while (at == arcs_[chunk].size()) {
        std::vector<Arc>().swap(arcs_[chunk++]);
        at = 0;
      }
      const Arc a = arcs_[chunk][at++];
      emit(Transition{s, a.label, a.to});
    }
  }
  arcs_.clear();
  std::vector<std::uint8_t>().swap(arcs_of_);
  more_arcs_.clear();
}

void LtsBuilder::switch_to_transitions() {
  drain_arcs([&](const Transition& t) { append(chunks_, t, chunk_size_); });
  in_order_ = false;
}

void LtsBuilder::set_initial(StateId s) {
  lts_.initial = s;
  ensure_states(s + 1);
}

void LtsBuilder::ensure_states(StateId n) { lts_.num_states = std::max(lts_.num_states, n); }

std::size_t LtsBuilder::memory() const {
  return bytes(arcs_) + arcs_of_.size() + more_arcs_.size() * sizeof(more_arcs_[0]) + bytes(chunks_);
}

Lts LtsBuilder::finish() && {
  if (in_order_) {
    // reserve() only claims address space: pages become resident as the
    // arcs are copied in and their chunks freed, so the peak is one copy
    // and a chunk.
    lts_.transitions.reserve(count_);
    drain_arcs([&](const Transition& t) { lts_.transitions.push_back(t); });
  } else if (chunks_.size() == 1) {
    lts_.transitions = std::move(chunks_.front());
    lts_.transitions.shrink_to_fit();
  } else {
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
