#pragma once
// The permutations of K threads (the symmetric group S_K), numbered, with
// their products as tables: the group under which an object system whose
// steps never name a thread maps onto itself (Emerson and Sistla,
// "Symmetry and model checking", FMSD 9, 1996, Section 3).
//
// Convention: permutation g sends thread t to image(g)[t]; applied to a
// state it moves thread t's part to position image(g)[t], and applied to a
// label it renames thread t to image(g)[t]. compose(g, h) applies h first.
#include <cstdint>
#include <vector>

namespace lts {

using PermutationId = std::uint16_t;

class ThreadPermutations {
 public:
  // The largest K: 6! = 720 elements keep the product table at 1 MB.
  static constexpr int max_threads = 6;

  // All K! permutations of threads 0..K-1, in lexicographic order of their
  // images, so the identity is 0. Throws std::invalid_argument unless
  // 1 <= K <= max_threads.
  explicit ThreadPermutations(int threads);

  int threads() const { return threads_; }
  std::size_t size() const { return images_.size(); }
  static constexpr PermutationId identity = 0;

  const std::vector<int>& image(PermutationId g) const { return images_[g]; }
  PermutationId compose(PermutationId g, PermutationId h) const { return product_[g * size() + h]; }
  PermutationId inverse(PermutationId g) const { return inverse_[g]; }
  // The id of the permutation with these images; throws std::invalid_argument
  // if `image` is not a permutation of 0..K-1.
  PermutationId find(const std::vector<int>& image) const;
  // The subgroup the `generators` generate, the identity first, in the
  // order a breadth-first closure meets its elements.
  std::vector<PermutationId> generated(const std::vector<PermutationId>& generators) const;

 private:
  int threads_;
  std::vector<std::vector<int>> images_;
  std::vector<PermutationId> product_;  // size() x size()
  std::vector<PermutationId> inverse_;
};

}  // namespace lts
