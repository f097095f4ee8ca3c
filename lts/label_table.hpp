#pragma once
// Interned action labels. Id 0 is always the internal action tau, whatever
// name a file used for it ("i" in CADP, "tau" in mCRL2, or a hidden label).
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lts {

using LabelId = std::uint32_t;
inline constexpr LabelId tau = 0;

class LabelTable {
 public:
  LabelTable();

  // The id of `name`, adding it if new. Tau is never interned by name here:
  // deciding which names are internal is the reader's job.
  LabelId intern(std::string_view name);
  // The id of `name` if present.
  bool find(std::string_view name, LabelId& id) const;

  const std::string& name(LabelId id) const { return names_[id]; }
  std::size_t size() const { return names_.size(); }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<std::string> names_;
  std::unordered_map<std::string, LabelId, Hash, std::equal_to<>> ids_;
};

}  // namespace lts
