#include "frontend/explore/state_store.hpp"

#include <algorithm>
#include <bit>

namespace frontend {

StateStore::StateStore(const Program& p) {
  std::vector<unsigned> bits_before{0};  // bits of fields_[0, i)
  for (std::size_t i = 0; i < p.slot_lo.size(); ++i) {
    // In unsigned arithmetic: a slot may span all 32 bits.
    const std::uint32_t range = static_cast<std::uint32_t>(p.slot_hi[i]) - static_cast<std::uint32_t>(p.slot_lo[i]);
    const auto width = static_cast<unsigned>(std::bit_width(range));
    if (width == 0) {
      constants_.emplace_back(static_cast<std::uint32_t>(i), p.slot_lo[i]);
      continue;
    }
    fields_.push_back({static_cast<std::uint32_t>(i), width, 0, p.slot_lo[i]});
    bits_before.push_back(bits_before.back() + width);
  }
  record_bytes_ = std::max<std::size_t>(1, (bits_before.back() + 7) / 8);
  const auto n = static_cast<std::uint32_t>(fields_.size());
  if (bits_before.back() > 32) {
    build(0, n, bits_before);
  } else {  // the root is an inner node even when one leaf holds the state
    const std::uint32_t all = add_leaf(0, n), none = add_leaf(n, n);
    parts_.push_back({false, 0, 0, all, none, 0});
    tables_.push_back(std::make_unique<PairTable>());
  }
  recent_.resize(tables_.size() << recent_bits);
  for (Part& part : parts_) {
    if (!part.leaf) continue;
    unsigned shift = 0;
    for (std::uint32_t f = part.first; f < part.end; ++f) {
      fields_[f].shift = shift;
      shift += fields_[f].width;
    }
  }
}

std::uint32_t StateStore::add_leaf(std::uint32_t first, std::uint32_t end) {
  parts_.push_back({true, first, end, 0, 0, 0});
  return static_cast<std::uint32_t>(parts_.size() - 1);
}

// Fields [first, end) of more than 32 bits: split where the two sides' bits
// are most even (each side keeps at least one field), recursively.
std::uint32_t StateStore::build(std::uint32_t first, std::uint32_t end, const std::vector<unsigned>& bits_before) {
  if (bits_before[end] - bits_before[first] <= 32) return add_leaf(first, end);
  std::uint32_t split = first + 1;
  unsigned best = ~0u;
  for (std::uint32_t m = first + 1; m < end; ++m) {
    const unsigned larger = std::max(bits_before[m] - bits_before[first], bits_before[end] - bits_before[m]);
    if (larger < best) best = larger, split = m;
  }
  const std::uint32_t left = build(first, split, bits_before);
  const std::uint32_t right = build(split, end, bits_before);
  parts_.push_back({false, 0, 0, left, right, static_cast<std::uint32_t>(tables_.size())});
  tables_.push_back(std::make_unique<PairTable>());
  return static_cast<std::uint32_t>(parts_.size() - 1);
}

std::uint32_t StateStore::pack(const Part& leaf, const std::int32_t* s) const {
  std::uint32_t value = 0;
  for (std::uint32_t i = leaf.first; i < leaf.end; ++i) {
    const Field& f = fields_[i];
    value |= (static_cast<std::uint32_t>(s[f.slot]) - static_cast<std::uint32_t>(f.lo)) << f.shift;
  }
  return value;
}

void StateStore::unpack(const Part& leaf, std::uint32_t value, std::int32_t* s) const {
  for (std::uint32_t i = leaf.first; i < leaf.end; ++i) {
    const Field& f = fields_[i];
    const std::uint32_t mask = f.width >= 32 ? ~0u : (1u << f.width) - 1;
    s[f.slot] = static_cast<std::int32_t>(static_cast<std::uint32_t>(f.lo) + ((value >> f.shift) & mask));
  }
}

void StateStore::pack(const std::int32_t* state, std::uint32_t* row) const {
  for (std::size_t k = 0; k < parts_.size(); ++k)
    if (parts_[k].leaf) row[k] = pack(parts_[k], state);
}

std::pair<std::uint32_t, bool> StateStore::insert(const std::int32_t* s) {
  values_.resize(parts_.size());
  pack(s, values_.data());
  return insert_packed(values_.data());
}

std::pair<std::uint32_t, bool> StateStore::insert_packed(std::uint32_t* row) {
  std::pair<std::uint32_t, bool> result{0, false};
  for (std::size_t k = 0; k < parts_.size(); ++k) {
    const Part& part = parts_[k];
    if (part.leaf) continue;
    const std::uint64_t pair = pair_of(part, row);
    const std::uint64_t h = PairTable::hash(pair);
    Recent& recent = recent_of(part.table, h);
    if (recent.id_plus_one != 0 && recent.pair == pair && k + 1 < parts_.size()) {
      row[k] = recent.id_plus_one - 1;
      continue;
    }
    result = tables_[part.table]->insert(pair, h);
    recent = {pair, result.first + 1};
    row[k] = result.first;
  }
  return result;  // the root's, which comes last
}

std::uint32_t StateStore::find_packed(std::uint32_t* row) const {
  std::uint32_t id = PairTable::absent;
  for (std::size_t k = 0; k < parts_.size(); ++k) {
    const Part& part = parts_[k];
    if (part.leaf) continue;
    const std::uint64_t pair = pair_of(part, row);
    id = tables_[part.table]->find(pair, PairTable::hash(pair));
    if (id == PairTable::absent) return id;
    row[k] = id;
  }
  return id;  // the root's, which comes last
}

void StateStore::insert_many(const std::int32_t* states, std::size_t n, std::size_t stride,
                             std::vector<std::pair<std::uint32_t, bool>>& out) {
  const std::size_t parts = parts_.size();
  values_.resize(n * parts);
  for (std::size_t i = 0; i < n; ++i) pack(states + i * stride, values_.data() + i * parts);
  insert_many_packed(values_.data(), n, out);
}

void StateStore::insert_many_packed(std::uint32_t* rows, std::size_t n,
                                    std::vector<std::pair<std::uint32_t, bool>>& out) {
  const std::size_t parts = parts_.size();
  pairs_.resize(n);
  hashes_.resize(n);
  slots_.resize(n);
  out.resize(n);
  for (std::size_t k = 0; k < parts; ++k) {
    const Part& part = parts_[k];
    if (part.leaf) continue;
    PairTable& table = *tables_[part.table];
    if (k + 1 == parts) {  // the root: every state is looked up
      for (std::size_t i = 0; i < n; ++i) {
        pairs_[i] = pair_of(part, rows + i * parts);
        hashes_[i] = PairTable::hash(pairs_[i]);
        table.prefetch(hashes_[i]);
      }
      for (std::size_t i = 0; i < n; ++i) table.prefetch_match(hashes_[i]);
      for (std::size_t i = 0; i < n; ++i) out[i] = table.insert(pairs_[i], hashes_[i]);
      break;
    }
    // Successors share most sub-vectors with each other and with recent
    // states: a pair found among the node's recent ones has its id already
    // (a pair's id never changes).
    std::size_t misses = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t pair = pair_of(part, rows + i * parts);
      const std::uint64_t h = PairTable::hash(pair);
      const Recent& recent = recent_of(part.table, h);
      if (recent.id_plus_one != 0 && recent.pair == pair) {
        rows[i * parts + k] = recent.id_plus_one - 1;
        continue;
      }
      pairs_[misses] = pair;
      hashes_[misses] = h;
      table.prefetch(h);
      slots_[misses++] = i;
    }
    for (std::size_t j = 0; j < misses; ++j) {
      const std::uint32_t id = table.insert(pairs_[j], hashes_[j]).first;
      rows[slots_[j] * parts + k] = id;
      recent_of(part.table, hashes_[j]) = {pairs_[j], id + 1};
    }
  }
}

void StateStore::get_node(const Part& node, std::uint32_t id, std::int32_t* s) const {
  const std::uint64_t pair = tables_[node.table]->pair(id);
  for (const auto& [child, value] : {std::pair{node.left, static_cast<std::uint32_t>(pair)},
                                     std::pair{node.right, static_cast<std::uint32_t>(pair >> 32)}}) {
    const Part& part = parts_[child];
    if (part.leaf) {
      unpack(part, value, s);
    } else {
      get_node(part, value, s);
    }
  }
}

void StateStore::get(std::uint32_t id, std::int32_t* s) const {
  get_node(parts_.back(), id, s);
  for (const auto& [slot, value] : constants_) s[slot] = value;
}

std::size_t StateStore::memory() const {
  std::size_t bytes = 0;
  for (const auto& table : tables_) bytes += table->memory();
  return bytes;
}

}  // namespace frontend
