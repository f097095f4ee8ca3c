#pragma once
// Shared arrays indexed relative to the running thread, as hazard pointers
// are: thread tid owns HP[tid - 1] and scans the others from its successor
// on, HP[(tid - 1 + j) % threads]. If every use of `tid` is such an index
// into an array of `threads` elements, and those arrays are used only so,
// then rotating the threads (t to t + r modulo K), and each such array's
// elements with them, maps the object system onto itself: the cyclic group
// C_K is a symmetry (Emerson and Sistla, "Symmetry and model checking",
// FMSD 9, 1996, Section 3, for any group of automorphisms; the check plays
// the part of Ip and Dill's scalarset typing, FMSD 9, 1996, Section 4).
// The full group S_K is not: a thread scanning from its successor on reads
// the others in an order that a permutation other than a rotation breaks.
#include <vector>

#include "frontend/language/program.hpp"

namespace frontend {

// The shared arrays of `p` indexed relative to the thread, in slot order;
// none when `p` names no thread (every `tid` it accepts indexes one).
// Refuses (a located error naming `--symmetry`) a model in which `tid`
// occurs other than as the first index of a shared array of `threads`
// elements in one of the forms `tid - 1` or `(tid + c + d) % threads`,
// where c >= -1 is a constant and d a sum of variables and constants that
// are never negative; or in which such an array is used otherwise: whole,
// at another index, or by ll/sc/vl (whose link names its element).
std::vector<ThreadArray> ring_indexed_arrays(const Program& p);

}  // namespace frontend
