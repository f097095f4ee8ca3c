#pragma once
// How gen --replay names the parts of a state and the place of a step: the
// changed shared variables and heap cells (old -> new), the source text of
// the statement that ended a step, and the references in a heap.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/language/program.hpp"
#include "frontend/replay/run.hpp"

namespace frontend::replay {

struct Change {
  std::string cell;  // Top, Node.2.next, Node.3 (allocated or freed)
  std::string old_value, new_value;
};

// Shared variables and heap cells that differ between the states, then,
// under --memory tso|pso, each store buffer that differs (`buffer 1`).
std::vector<Change> changes(const Program& p, const std::vector<std::int32_t>& before,
                            const std::vector<std::int32_t>& after, const std::vector<std::int32_t>& written = {});

// The store buffer of `thread` (from 0) under --memory tso|pso, oldest
// store first: `[x := 1, Node.2.next := Node.1]`.
std::string buffer_text(const Program& p, const std::vector<std::int32_t>& state, int thread);

struct Place {
  std::uint64_t line = 0, column = 0;  // 0: no statement (a call)
  std::string statement;               // its text (statement_text); empty when unknown
};

// The statement that starts at `column` (from 1) of a source line: up to its
// `;`, or its `{` for a compound one, without comments. The whole line,
// trimmed, when `column` is 0 or lies inside a statement, and the rest of the
// line when the statement goes on past it.
std::string statement_text(std::string line, std::uint64_t column);

// `source` holds the model's lines, from source_lines (empty when not available).
Place place(const Program& p, const Run& run, std::size_t step, const std::vector<std::string>& source);

// A variable, field or element value as labels write it; a lock is `free`
// or `held(T)`.
std::string show_value(const Program& p, const Type& t, const std::int32_t* v);

// The method a thread runs in `state`, or -1 between operations.
int current_method(const Program& p, const std::vector<std::int32_t>& state, int thread);

// A model's text as lines whose columns are the lexer's: without a leading
// byte-order mark, and with every comment turned into blanks, so that a
// statement after a `/* ... */` on its line is shown alone.
std::vector<std::string> source_lines(std::string_view text);

}  // namespace frontend::replay
