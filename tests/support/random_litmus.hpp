#pragma once
// Random litmus tests in the modelling language (docs/language.md): short
// straight-line methods of single shared accesses to arrays, a pair and a
// variable, whose every read reaches the method's result. Their element
// indices are constants, the thread (`tid - 1`, `tid % threads`,
// `threads - tid`), the method's parameter or a value just read, so a
// footprint that names the wrong element or the wrong thread's element
// (frontend/analysis/footprint.hpp) loses an interleaving whose results differ, and
// the quotients of the reduced and the full exploration then differ. The
// models of random_model.hpp rarely show such an error: their indices are
// mostly locals that stay 0, and their reads mostly do not reach a result.
// The same seed always gives the same text; every model is accepted by the
// checker and never faults (every index stays in range at any thread count
// from 2 up).
#include <cstdint>
#include <string>

namespace testing_support {

// rotations: `tid` only in indices of T relative to the thread (`tid - 1`,
// `tid % threads`, `(tid - 1 + a) % threads`, `(tid + r0) % threads`), so
// that rotating the threads is a symmetry (frontend/analysis/ring_indices.hpp) and
// gen --symmetry accepts the model; values never name a thread.
struct LitmusOptions {
  bool rotations = false;
};

// The text of a model named L<seed>.
std::string random_litmus(std::uint64_t seed, const LitmusOptions& options = {});

}  // namespace testing_support
