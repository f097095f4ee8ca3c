#include "frontend/compile.hpp"

#include <iostream>
#include <iterator>

#include <fmt/format.h>

#include "formats/input_file.hpp"
#include "frontend/analysis/liveness.hpp"
#include "frontend/language/limits.hpp"
#include "frontend/language/memory_model.hpp"
#include "frontend/language/parser.hpp"
#include "frontend/reduce/symmetry.hpp"

namespace frontend {

namespace {

// Options out of their bounds, or ones under which no call could happen.
void check_options(const CompileOptions& options) {
  if (options.threads < 1 || options.threads > 16) throw OptionError("--threads must be between 1 and 16");
  if (options.ops == 0)
    throw OptionError(
        "--ops 0: no thread may call a method, so the LTS would have no visible action; "
        "give at least 1 operation per thread");
  if (options.ops < -1 || options.ops > limits::max_ops)
    throw OptionError(fmt::format("--ops is 1 to {}, or unbounded", limits::max_ops));
  if (options.values)
    if (const std::string why = value_domain_problem(options.values->first, options.values->second); !why.empty())
      throw OptionError(fmt::format("--values: {}", why));
  if (options.memory != Memory::sc && (options.buffer < 1 || options.buffer > limits::max_buffer))
    throw OptionError(fmt::format("--buffer {}: a store buffer holds 1 to {} stores", options.buffer, limits::max_buffer));
  if (options.memory != Memory::sc && options.symmetry)
    throw OptionError(fmt::format("--symmetry is not available with --memory {}: its soundness with store buffers "
                                  "is not established (docs/memory-models.md)",
                                  memory_name(options.memory)));
  if (options.pool && (*options.pool < 0 || *options.pool > limits::max_pool))
    throw OptionError(fmt::format("--pool {}: a pool holds 0 to {} nodes", *options.pool, limits::max_pool));
}

}  // namespace

Program compile(const ast::File& file, const CompileOptions& options) {
  check_options(options);
  Program p = check(file, options);
  if (p.weak()) {
    mark_draining(p);
    lay_out_buffers(p, options.buffer);
    if (p.state_size > limits::max_state_slots)
      throw formats::FileError(fmt::format("{}: error: with store buffers of {} entries the state needs more than {} "
                                           "slots; give a smaller --buffer",
                                           file.name, options.buffer, limits::max_state_slots));
  }
  if (options.reset_dead_locals) p.dead_locals = dead_locals(p);
  if (options.symmetry) {
    require_symmetric(p);
    p.symmetric = true;
  }
  return p;
}

Program load_model_text(const std::string& name, const std::string& text, const CompileOptions& options) {
  const ast::File f = parse(name, text);
  return compile(f, options);
}

Program load_model(const std::string& path, const CompileOptions& options) {
  const std::string text =
      path == "-" ? std::string(std::istreambuf_iterator<char>(std::cin), {}) : formats::file_text(path, "model file");
  return load_model_text(formats::display_name(path), text, options);
}

}  // namespace frontend
