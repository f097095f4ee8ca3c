#include "lts/thread_permutations.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace lts {

namespace {

// The rank of a permutation among all of its length in lexicographic order
// (the Lehmer code read as a factorial-base number).
std::size_t rank(const std::vector<int>& image) {
  std::size_t r = 0;
  const std::size_t k = image.size();
  for (std::size_t i = 0; i < k; ++i) {
    std::size_t smaller_later = 0;
    for (std::size_t j = i + 1; j < k; ++j) smaller_later += image[j] < image[i];
    r = r * (k - i) + smaller_later;
  }
  return r;
}

}  // namespace

ThreadPermutations::ThreadPermutations(int threads) : threads_(threads) {
  if (threads < 1 || threads > max_threads)
    throw std::invalid_argument("thread symmetry needs 1 to " + std::to_string(max_threads) + " threads, not " +
                                std::to_string(threads));
  std::vector<int> image(static_cast<std::size_t>(threads));
  std::iota(image.begin(), image.end(), 0);
  do images_.push_back(image);
  while (std::next_permutation(image.begin(), image.end()));
  const std::size_t n = images_.size();
  product_.resize(n * n);
  inverse_.resize(n);
  std::vector<int> composed(image.size()), inverted(image.size());
  for (std::size_t g = 0; g < n; ++g) {
    for (std::size_t t = 0; t < image.size(); ++t)
      inverted[static_cast<std::size_t>(images_[g][t])] = static_cast<int>(t);
    inverse_[g] = static_cast<PermutationId>(rank(inverted));
    for (std::size_t h = 0; h < n; ++h) {
      for (std::size_t t = 0; t < image.size(); ++t) composed[t] = images_[g][static_cast<std::size_t>(images_[h][t])];
      product_[g * n + h] = static_cast<PermutationId>(rank(composed));
    }
  }
}

// Called once per explored transition: no allocation.
PermutationId ThreadPermutations::find(const std::vector<int>& image) const {
  bool permutation = image.size() == static_cast<std::size_t>(threads_);
  unsigned seen = 0;
  for (std::size_t t = 0; permutation && t < image.size(); ++t) {
    permutation = image[t] >= 0 && image[t] < threads_ && !(seen >> image[t] & 1);
    if (permutation) seen |= 1u << image[t];
  }
  if (!permutation) throw std::invalid_argument("not a permutation of the threads");
  return static_cast<PermutationId>(rank(image));
}

std::vector<PermutationId> ThreadPermutations::generated(const std::vector<PermutationId>& generators) const {
  std::vector<PermutationId> members{identity};
  std::vector<bool> in(size(), false);
  in[identity] = true;
  for (std::size_t next = 0; next < members.size(); ++next)
    for (PermutationId g : generators) {
      const PermutationId m = compose(g, members[next]);
      if (!in[m]) {
        in[m] = true;
        members.push_back(m);
      }
    }
  return members;
}

}  // namespace lts
