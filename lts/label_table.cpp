#include "lts/label_table.hpp"

namespace lts {

LabelTable::LabelTable() { names_.emplace_back("tau"); }

LabelId LabelTable::intern(std::string_view name) {
  if (auto it = ids_.find(name); it != ids_.end()) return it->second;
  const auto id = static_cast<LabelId>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(std::string(name), id);
  return id;
}

bool LabelTable::find(std::string_view name, LabelId& id) const {
  auto it = ids_.find(name);
  if (it == ids_.end()) return false;
  id = it->second;
  return true;
}

}  // namespace lts
