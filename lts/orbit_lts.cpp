#include "lts/orbit_lts.hpp"

namespace lts {

std::vector<std::vector<LabelId>> label_images(
    LabelTable& labels, const ThreadPermutations& group,
    const std::function<std::string(const std::string& name, const std::vector<int>& image)>& rename) {
  std::vector<std::vector<LabelId>> image_of;
  // The table grows while it is read: a new name is an image of an earlier
  // one, and is given its own images when the loop reaches it.
  for (LabelId a = 0; a < labels.size(); ++a) {
    std::vector<LabelId> row(group.size(), a);
    if (a != tau)
      for (std::size_t g = 0; g < group.size(); ++g) {
        const std::string name = rename(labels.name(a), group.image(static_cast<PermutationId>(g)));
        row[g] = labels.intern(name);
      }
    image_of.push_back(std::move(row));
  }
  return image_of;
}

}  // namespace lts
