// quotient: the branching-bisimulation quotient of an LTS (bisim/).
#include <fmt/format.h>

#include "bisim/equivalence.hpp"
#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"
#include "formats/output_file.hpp"
#include "lts/reachability.hpp"
#include "tools/common/tool.hpp"

int main(int argc, char** argv) {
  CLI::App app("Minimise an LTS (.aut) modulo an equivalence and write its quotient (.aut).", "quotient");
  tools::describe_tool(app, "Examples:\n"
      "  quotient impl.aut -o impl.q.aut          branching bisimulation quotient\n"
      "  gen model.conc | quotient -e none -      the reachable part, unchanged\n"
      "Exit status: 0 on success, 2 on an error.");
  std::string input, equivalence = "branching";
  formats::AutReadOptions read;
  tools::OutputOptions output;
  app.add_option("input", input, "Input .aut file, or '-' for standard input")->type_name("IN");
  app.add_option("-e,--equivalence", equivalence, "Equivalence: none (reachable part)")
      ->check(CLI::IsMember({"none"}));
  tools::add_tau_option(app, read);
  tools::add_output_options(app, output);
  return tools::run_tool(app, argc, argv, [&] {
    const lts::Lts in = formats::read_aut_file(tools::resolve_input(input), read);
    const lts::Lts result = lts::reachable_part(in);
    formats::OutputFile out(output.path);
    formats::write_aut(result, out.stream(), output.aut);
    out.commit();
    return 0;
  });
}
