// refines: weak trace inclusion (linearizability, seed paper Theorem 3.5),
// lock-freedom (Section 4) and bisimilarity of LTSs; the logic is in refine/,
// the options in tools/common/refines_options.*, the run in tools/common/refines_job.*.
#include <CLI/CLI.hpp>

#include "tools/common/refines_job.hpp"
#include "tools/common/refines_options.hpp"
#include "tools/common/tool.hpp"

int main(int argc, char** argv) {
  CLI::App app("Check weak trace inclusion (linearizability), bisimilarity or lock-freedom of LTSs (.aut).", "refines");
  tools::describe_tool(app,
                       "Examples:\n"
                       "  refines impl.q.aut spec.q.aut            traces(impl) included in traces(spec)?\n"
                       "  gen treiber_stack.conc -t 2 | quotient - | refines - spec.q.aut --cex trace.txt\n"
                       "  refines --equiv divbranching impl.aut abstract.aut\n"
                       "  refines --lockfree impl.dq.aut           a reachable cycle of internal steps?\n"
                       "  gen m.conc --thread-steps | refines --progress all    the five progress properties\n"
                       "Exit status: 0 the relation holds, 1 it does not (a counterexample is printed),\n"
                       "2 an error (bad input, bad usage), like cmp and diff.");
  tools::RefinesSettings settings;
  tools::add_refines_options(app, settings);
  return tools::run_tool(app, argc, argv, [&] {
    tools::prepare_refines_settings(settings);
    return tools::run_refines(settings);
  });
}
