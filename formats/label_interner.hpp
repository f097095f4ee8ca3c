#pragma once
// Label texts to ids in one LabelTable, with the internal ones mapped to
// tau: what the `.aut` readers (formats/aut_reader.cpp) call once per
// transition. Internal to formats/.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "formats/aut_reader.hpp"
#include "lts/label_table.hpp"
#include "lts/lts.hpp"

namespace formats::detail {

// Thrown by LabelInterner::id for a label holding a NUL byte, at `offset`
// in the label: no writer puts one in a text file, and the .aut writer and
// every other tool would cut the name there.
struct NulInLabel {
  std::size_t offset;
};

class LabelInterner {
 public:
  LabelInterner(const AutReadOptions& options, lts::LabelTable& table);
  // Throws NulInLabel for a new text holding a NUL byte.
  lts::LabelId id(std::string_view text);
  // Distinct texts seen so far.
  std::size_t size() const { return keys_.size(); }
  // Per name of the options' `hidden`, whether it hid a text seen so far.
  const std::vector<bool>& hidden_matched() const { return hidden_matched_; }

 private:
  // A text seen before: where its bytes are in texts_, and its id.
  struct Key {
    std::uint64_t offset;
    std::uint32_t length;
    lts::LabelId id;
  };
  // An open-addressed slot: the text's full hash and 1 + its index in keys_
  // (0: empty). Most probes end at the first slot, whose hash tells a
  // match from a miss without touching the text.
  struct Slot {
    std::uint64_t hash;
    std::uint32_t key;
  };
  std::string_view text_of(const Key& k) const { return {texts_.data() + k.offset, k.length}; }
  lts::LabelId insert(std::string_view text, std::uint64_t hash, std::size_t slot);
  void grow();

  const AutReadOptions& options_;
  lts::LabelTable& table_;
  std::vector<bool> hidden_matched_;
  std::string texts_;  // the bytes of every text seen, one after the other
  std::vector<Key> keys_;
  std::vector<Slot> slots_;                 // a power of two in size, at most half full
  std::array<std::uint32_t, 256> cache_{};  // 1 + an index in keys_, by fingerprint
};

}  // namespace formats::detail
