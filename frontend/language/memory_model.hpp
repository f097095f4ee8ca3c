#pragma once
// The compile-time side of the weak memory models (docs/memory-models.md):
// which statements drain the store buffer first, and where the buffers lie
// in the state vector. Under sequential consistency nothing changes: no
// statement drains and the state has no buffer.
#include <cstdint>
#include <string>

#include "frontend/language/program.hpp"

namespace frontend {

// "sc", "tso", "pso"; std::invalid_argument for anything else.
Memory parse_memory(const std::string& name);
const char* memory_name(Memory m);

// Marks the statements that run only on an empty store buffer (Instr::drains):
// those holding cas, dcas, ll, sc or vl, and lock, unlock, the start of an
// atomic block and fence. Like x86's locked instructions, which drain the
// buffer before they run (Owens, Sarkar, Sewell, TPHOLs 2009, Sec. 3).
void mark_draining(Program& p);

// Appends the store buffers to the state under tso and pso: `capacity`
// entries per thread, each wide enough for the widest plain store, with
// their ranges for packing; unused entries are all zero.
void lay_out_buffers(Program& p, int capacity);

}  // namespace frontend
