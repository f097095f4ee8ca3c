#pragma once
// The visited-state set of the explorer, tree-compressed (Blom, Lisser, van
// de Pol, Weber 2009, sec. 4; Laarman, van de Pol, Weber, SPIN 2011, sec. 3).
// Every slot has a known range (program.hpp), so it packs into a fixed
// number of bits; constant slots are not stored. The slots are split
// recursively into halves of about equal bits until a part fits 32 bits:
// such a part is a leaf, and its packed bits are its own value. Every inner
// node of the tree is a PairTable that interns the pair of its children's
// values and gives the pair's id as the node's value; the root's table
// numbers the states. Successive states share most sub-vectors, so a new
// state usually costs one root pair (8 bytes) and its index entry (4.7-6.6
// bytes); measured figures are in docs/state-storage.md.
//
// Ids are given in insertion order, 0..size()-1. Thread safety: insert() and
// insert_many() run on one thread; get(id) may run on any thread at the same
// time, for every id they returned before (nothing get() reads is ever moved
// or changed: see pair_table.hpp).
#include <cstdint>
#include <memory>
#include <vector>

#include "frontend/explore/pair_table.hpp"
#include "frontend/language/program.hpp"

namespace frontend {

class StateStore {
 public:
  explicit StateStore(const Program& p);
  // The id of `state` and whether it was new.
  std::pair<std::uint32_t, bool> insert(const std::int32_t* state);
  // The same for n states of `stride` slots at once, one tree node at a time
  // for all n: the index slots of a node are prefetched before the first
  // probe, which hides most cache misses.
  void insert_many(const std::int32_t* states, std::size_t n, std::size_t stride,
                   std::vector<std::pair<std::uint32_t, bool>>& out);
  // The same split in two, so that any thread can do the first half: pack()
  // writes a state's leaf values into a row of row_size() values (pure: it
  // reads only the layout); the inserts below take such rows and fill in
  // the rest of each row (the ids of its inner nodes) as they go.
  std::size_t row_size() const { return parts_.size(); }
  void pack(const std::int32_t* state, std::uint32_t* row) const;
  std::pair<std::uint32_t, bool> insert_packed(std::uint32_t* row);
  void insert_many_packed(std::uint32_t* rows, std::size_t n, std::vector<std::pair<std::uint32_t, bool>>& out);
  // The id of the state of a packed row if it is stored, else
  // PairTable::absent; fills in the row's inner nodes it finds, adds nothing.
  std::uint32_t find_packed(std::uint32_t* row) const;
  void get(std::uint32_t id, std::int32_t* state) const;
  std::uint32_t size() const { return tables_.back()->size(); }
  // The bytes of one state packed into bits (before tree compression).
  std::size_t record_bytes() const { return record_bytes_; }
  // All bytes the store holds (pairs and indexes of every node).
  std::size_t memory() const;

 private:
  struct Field {
    std::uint32_t slot;
    unsigned width, shift;  // bits, and position inside its leaf
    std::int32_t lo;
  };
  // A node of the tree. Parts are listed children first; the last is the root.
  // A leaf packs fields_[first, end); an inner node interns (value of part
  // `left`, value of part `right`) in tables_[table].
  struct Part {
    bool leaf;
    std::uint32_t first, end;   // leaf
    std::uint32_t left, right;  // inner node
    std::uint32_t table;
  };
  std::uint32_t build(std::uint32_t first, std::uint32_t end, const std::vector<unsigned>& bits_before);
  std::uint32_t add_leaf(std::uint32_t first, std::uint32_t end);
  std::uint32_t pack(const Part& leaf, const std::int32_t* state) const;
  void unpack(const Part& leaf, std::uint32_t value, std::int32_t* state) const;
  void get_node(const Part& node, std::uint32_t id, std::int32_t* state) const;
  std::uint64_t pair_of(const Part& node, const std::uint32_t* values) const {
    return values[node.left] | static_cast<std::uint64_t>(values[node.right]) << 32;
  }

  std::vector<Field> fields_;                                      // slots with more than one value
  std::vector<std::pair<std::uint32_t, std::int32_t>> constants_;  // slot, value: not stored
  std::vector<Part> parts_;
  std::vector<std::unique_ptr<PairTable>> tables_;  // one per inner node; the root's is last
  std::size_t record_bytes_ = 0;
  // A direct-mapped cache of the pairs an inner node interned lately, by
  // their hash: most sub-vectors of a successor are found here.
  struct Recent {
    std::uint64_t pair = 0;
    std::uint64_t id_plus_one = 0;  // 0: empty
  };
  static constexpr unsigned recent_bits = 8;
  Recent& recent_of(std::uint32_t table, std::uint64_t h) {
    return recent_[(static_cast<std::size_t>(table) << recent_bits) | (h & ((1u << recent_bits) - 1))];
  }
  std::vector<Recent> recent_;         // 2^recent_bits a table
  std::vector<std::uint32_t> values_;  // scratch: n x parts_.size() values
  std::vector<std::uint64_t> pairs_, hashes_;
  std::vector<std::size_t> slots_;
};

}  // namespace frontend
