#pragma once
// An LTS M given by one representative state per orbit of the thread
// permutations (thread_permutations.hpp), as an explorer with symmetry
// reduction produces it: the orbit LTS of Emerson and Sistla (FMSD 9, 1996)
// with, on every transition, the permutation that takes the
// representative of the target back to the real target, so that M, labels
// included, can be rebuilt from it (Ip and Dill, FMSD 9, 1996, keep the
// same information implicitly).
//
// The contract, for M symmetric (s -a-> t in M iff g.s -g.a-> g.t):
//   - the states 0..num_states-1 are representatives of distinct orbits;
//   - every transition (r, a, g, r') says r -a-> g.r' in M, and every
//     transition of M that leaves a representative r is listed this way;
//   - the initial state of M is the representative `initial` itself.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bisim/symmetry/thread_permutations.hpp"
#include "lts/lts.hpp"

namespace bisim::symmetry {

struct OrbitTransition {
  lts::StateId from;
  lts::LabelId label;
  lts::StateId to;
  PermutationId permutation;
};

struct OrbitLts {
  lts::StateId initial = 0;
  lts::StateId num_states = 1;
  lts::LabelTable labels;
  std::vector<OrbitTransition> transitions;
  // label_image[a][g]: the id of g.a, for every label a of `labels` and every
  // permutation g; every image is itself in `labels`, tau is its own image.
  std::vector<std::vector<lts::LabelId>> label_image;
};

// Interns in `labels` the images of its names under every permutation and
// returns the table OrbitLts::label_image: rename(name, image) is the name
// with each thread t renamed image[t]. Names interned on the way get their
// images too, so the table is closed.
std::vector<std::vector<lts::LabelId>> label_images(
    lts::LabelTable& labels, const ThreadPermutations& group,
    const std::function<std::string(const std::string& name, const std::vector<int>& image)>& rename);

}  // namespace bisim::symmetry
