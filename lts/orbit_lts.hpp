#pragma once
// An LTS given by one representative state per orbit of the thread
// permutations (thread_permutations.hpp), as an explorer with symmetry
// reduction produces it: the orbit LTS of Emerson and Sistla (FMSD 9, 1996,
// Section 3) with, on every transition, the permutation that takes the
// representative of the target back to the real target, so that labels
// naming threads survive the reduction.
//
// The LTS it stands for is its free expansion M~: a state (g, r) for every
// permutation g and representative r, and (g, r) -g.a-> (g h, r') for every
// transition (r, a, h, r'). Permutations act on it by g'.(g, r) = (g' g, r).
// When the transitions of each representative r are exactly those of r in
// a symmetric LTS M (s -a-> t iff g.s -g.a-> g.t), M~ is strongly bisimilar
// to M through (g, r) -> g.r, whatever permutations fix r. An explorer that
// lists only an ample set of r's steps (docs/reduction.md) makes M~ the
// reduced LTS those conditions speak of.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "lts/thread_permutations.hpp"

namespace lts {

struct OrbitTransition {
  StateId from;
  LabelId label;
  StateId to;
  PermutationId permutation;
};

struct OrbitLts {
  StateId initial = 0;
  StateId num_states = 1;
  LabelTable labels;
  PermutationId initial_permutation = ThreadPermutations::identity;  // the initial state is (this, initial)
  std::vector<OrbitTransition> transitions;
  // label_image[a][g]: the id of g.a, for every label a of `labels` and every
  // permutation g; every image is itself in `labels`, tau is its own image.
  std::vector<std::vector<LabelId>> label_image;
};

// Interns in `labels` the images of its names under every permutation and
// returns the table OrbitLts::label_image: rename(name, image) is the name
// with each thread t renamed image[t]. Names interned on the way get their
// images too, so the table is closed.
std::vector<std::vector<LabelId>> label_images(
    LabelTable& labels, const ThreadPermutations& group,
    const std::function<std::string(const std::string& name, const std::vector<int>& image)>& rename);

}  // namespace lts
