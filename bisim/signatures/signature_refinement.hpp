#pragma once
// Signature refinement (Blom & Orzan, "Distributed branching bisimulation
// reduction of state spaces", PDMC 2003, Sect. 3), for strong and for
// branching bisimulation: the start of both partitioners.
//
// Under a partition P, the signature of s is the set of steps (a, P-class of
// the target) that s can take; for branching bisimulation, the steps it
// reaches by tau-steps inside its own class, leaving out tau-steps inside
// the class. If P is coarser than bisimilarity (or equal), bisimilar states
// have equal signatures, so splitting every class by signature keeps it so;
// from the one-class partition the rounds reach bisimilarity itself as
// their fixpoint.
//
// Three cheap hashed rounds come first (64-bit Bloom masks: collisions can
// only merge). Then rounds with exact class ids: signatures are compared
// only inside a class, so each class numbers its own steps and a signature
// is a 128-bit set over those numbers, exact while the class has at most
// 128 distinct steps; a class with more hashes its steps instead (may
// merge, never splits equal states), and a class with a state that has
// more writes its signatures relative to that state's
// (wide_signatures.hpp). Only classes that may split (one of
// their states has a step into a state that changed class, or they split
// themselves) are recomputed, one class at a time (ClassSteps). On deep
// LTSs (few classes after the hashed rounds: many rounds to go, over few
// large classes) the steps are hashed into the 128 bits from the start
// (Bloom rounds: the states in order and no table of steps), and the
// stability check proves their fixpoint; if it does not, a collision hid
// a split, and numbered rounds go on from there.
// Large LTSs take two threads for the passes that allow it (the signatures
// of Bloom and hashed rounds, the stability check: lts/two_threads.hpp).
// States are handled in increasing number; for branching bisimulation the
// graph must be numbered so that every tau-step goes to a smaller number
// (contract_tau_sccs does so), so that a state's inert successors are done
// before it, and every pass reads the steps in sequence (a near-descending
// order computed per pass, with jumps at 80% of the states, made each round
// 2.6x slower on a 9*10^6-transition LTS of gen).
//
// A budget of a few passes over the transitions bounds the work, keeping
// this O(n + m); when it runs out, or when a costly round splits little
// (long chains of dependent splits, one class per round), the classes
// reached are handed to partition refinement, which finishes in O(m log n):
// they are never finer than the answer. When the exact rounds reach their
// fixpoint, the classes are the answer; if some class had to hash on the
// way, only once an exact stability check (signature_stability.hpp) agrees.
//
// A Graph provides: num_states(), num_transitions(), out_degree(s),
// steps(s, f) calling f(label, target) for each step of s, predecessors(s, f)
// calling f(source) for each step into s and returning their number, and
// the constant tau_can_be_inert (true for branching bisimulation; then every
// tau-step s -> t has t < s, and tau_steps(s, f) calls f(target) for each
// tau-step of s).
//
// This header declares the rounds; their bodies are in
// signature_refinement_impl.hpp, which only the files that instantiate
// them for a graph view include (strong/strong_signatures.cpp,
// branching/signature_refinement.cpp, and the tests with graphs of their own).
#include <cstdint>
#include <string>
#include <vector>

namespace bisim::signatures {

// The outcome of signature refinement.
struct SignatureClasses {
  std::vector<std::uint32_t> class_of;  // per state, dense ids
  std::uint32_t count = 1;
  bool exact = true;      // no class hashed its steps, or the stability check proved them
  bool fixpoint = false;  // the last round split nothing
  bool final() const { return exact && fixpoint; }
  std::vector<std::string> log;  // the stages so far, as Partition::log
};

// "1 round", "3 rounds" of a kind.
inline std::string rounds_text(std::uint64_t count, const char* kind) {
  return std::to_string(count) + " " + kind + (count == 1 ? " round" : " rounds");
}

// How the rounds below write a signature as a 128-bit set.
enum class StepSets {
  // Each class numbers its distinct steps (ClassSteps); exact while a class
  // has at most 128 of them.
  numbered,
  // Every step sets two bits chosen by its hash (a Bloom filter): no table
  // to look steps up in, but two different signatures may look equal, so
  // only a passed stability check makes the fixpoint the answer.
  bloom,
};

// The first rounds, where most states change class: cheaper hashed
// signatures. A state's signature is a 64-bit Bloom mask of its steps (a,
// hash of the target's class), h' = hash(h, mask); collisions can only
// merge, so the classes stay unions of bisimulation classes, and the exact
// rounds that follow split what they merged. The class hashes h have 32
// bits: a collision too only merges, and the array read at random per step
// is half the size (a seventh off the refinement of a random LTS).
// Three rounds; two more when the three left fewer classes than a quarter
// of the states (a deep LTS, where exact rounds over few, large classes
// are dear: a fifth off the register with 5 threads forever and off
// RDCSS), not when nearly every state is apart already (on random LTSs two
// more rounds cost time and gain nothing). Returns the classes (never
// final: their hashes may
// have merged). Given `before`, it receives every state's class hash
// before the last round when there are five (a deep answer; is_deep below
// holds only then).
template <typename Graph>
SignatureClasses hashed_rounds(const Graph& g, std::vector<std::uint32_t>* before = nullptr);

// Rounds with exact class ids, from classes coarser than bisimilarity (or
// equal): those of hashed_rounds, or any other such partition. Each round
// writes the signatures of the dirty classes by one of two strategies,
// numbered (class by class, each numbering its own steps) or Bloom (in
// state order, each step setting hashed bits), then splits the classes by
// signature in one step both share.
template <typename Graph>
SignatureClasses exact_rounds(const Graph& g, SignatureClasses start, std::uint64_t budget,
                              StepSets sets = StepSets::numbered);

// Bloom rounds within bloom_budget; when the stability check refutes their
// fixpoint (a collision hid a split or two), numbered rounds go on from the
// classes reached, within numbered_budget.
template <typename Graph>
SignatureClasses bloom_then_numbered_rounds(const Graph& g, SignatureClasses start, std::uint64_t bloom_budget,
                                            std::uint64_t numbered_budget);

// Whether the hashed rounds left a deep answer: few classes, many rounds to go.
inline bool is_deep(const SignatureClasses& hashed, std::uint64_t num_states) {
  return 4 * std::uint64_t{hashed.count} < num_states;
}

// The rounds after the hashed ones, from their classes: on a deep answer
// (few classes), Bloom rounds first (a quarter off the register, 5 threads
// forever); else exact rounds.
template <typename Graph>
SignatureClasses rounds_after_hashed(const Graph& g, SignatureClasses hashed, std::uint64_t budget);

// The classes. budget 0: one class, nothing done.
template <typename Graph>
SignatureClasses signature_classes(const Graph& g, std::uint64_t budget);

}  // namespace bisim::signatures
