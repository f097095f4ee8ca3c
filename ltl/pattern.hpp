#pragma once
// Label patterns, the atoms of a formula (docs/ltl.md, "Atoms"): a pattern
// matches a label when they are equal after blanks are dropped, where `*`
// in the pattern matches any run of characters (call(1,*) matches every
// call of thread 1) and `_` matches one argument: a run of characters
// without `,`, `(` or `)` (call(_,push,_)). Two names are special: `tau`
// matches no position (internal steps are invisible to a formula) and
// `end` matches the final stutter of a finite run (a deadlock or a
// divergence, docs/ltl.md "Runs").
#include <string>
#include <string_view>

namespace ltl {

bool matches(std::string_view pattern, std::string_view label);

// The label of the final stutter position of a finite run; no .aut label
// can be it (it holds a NUL).
inline const std::string& end_letter() {
  static const std::string e = std::string("\0end", 4);
  return e;
}

}  // namespace ltl
