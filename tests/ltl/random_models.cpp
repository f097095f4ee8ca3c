#include "tests/ltl/random_models.hpp"

namespace ltl_test {

lts::Lts random_lts(std::mt19937_64& rng) {
  lts::Lts l;
  l.num_states = 1 + rng() % 4;
  const char* names[] = {"a", "b", "c"};
  for (auto n : names) l.labels.intern(n);
  const int m = rng() % 7;
  for (int i = 0; i < m; ++i)
    l.transitions.push_back({static_cast<lts::StateId>(rng() % l.num_states), static_cast<lts::LabelId>(rng() % 4),
                             static_cast<lts::StateId>(rng() % l.num_states)});
  return l;
}

lts::Lts random_threaded_lts(std::mt19937_64& rng) {
  lts::Lts l;
  l.num_states = 1 + rng() % 4;
  for (auto n : {"step(1)", "step(2)", "call(1,a)", "ret(2,b)"}) l.labels.intern(n);
  const int m = rng() % 8;
  for (int i = 0; i < m; ++i)
    l.transitions.push_back({static_cast<lts::StateId>(rng() % l.num_states), static_cast<lts::LabelId>(1 + rng() % 4),
                             static_cast<lts::StateId>(rng() % l.num_states)});
  return l;
}

lts::Lts random_object_lts(std::mt19937_64& rng) {
  lts::Lts l;
  l.num_states = 1 + rng() % 4;
  const lts::LabelId step[] = {l.labels.intern("step(1)"), l.labels.intern("step(2)")};
  const lts::LabelId ret[] = {l.labels.intern("ret(1,a)"), l.labels.intern("ret(2,b)")};
  // Per state and thread, a step two times in three (and then another one
  // time in three), a return one time in four: both threads are often
  // enabled together, which is where weak fairness decides.
  for (lts::StateId s = 0; s < l.num_states; ++s)
    for (int t = 0; t < 2; ++t)
      for (int k = 0; k < 2 && rng() % 3 < (k == 0 ? 2u : 1u); ++k)
        l.transitions.push_back(
            {s, rng() % 4 == 0 ? ret[t] : step[t], static_cast<lts::StateId>(rng() % l.num_states)});
  return l;
}

const std::vector<std::string>& plain_atoms() {
  static const std::vector<std::string> atoms = {"a", "b", "c", "end", "true", "false"};
  return atoms;
}

const std::vector<std::string>& thread_atoms() {
  static const std::vector<std::string> atoms = {"step(1)", "step(2)", "call(*)", "ret(*)", "end", "true", "false"};
  return atoms;
}

const std::vector<std::string>& object_atoms() {
  static const std::vector<std::string> atoms = {"step(1)", "step(2)", "ret(1,*)", "ret(*)", "end", "true", "false"};
  return atoms;
}

std::string random_formula(std::mt19937_64& rng, int depth, const std::vector<std::string>& atoms) {
  const std::size_t k = atoms.size();
  if (depth == 0 || rng() % 4 == 0) return atoms[rng() % (rng() % 3 == 0 ? k : k - 2)];
  const char* un[] = {"!", "F ", "G "};
  const char* bin[] = {" && ", " || ", " -> ", " U ", " R ", " W ", " <-> "};
  if (rng() % 3 == 0) return std::string(un[rng() % 3]) + "(" + random_formula(rng, depth - 1, atoms) + ")";
  return "(" + random_formula(rng, depth - 1, atoms) + ")" + bin[rng() % 7] + "(" +
         random_formula(rng, depth - 1, atoms) + ")";
}

}  // namespace ltl_test
