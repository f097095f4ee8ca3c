// refines: placeholder until its issue lands; --help and --version work.
#include "tools/common/tool.hpp"

int main(int argc, char** argv) {
  CLI::App app("Check trace inclusion, bisimilarity or lock-freedom of LTSs (.aut).", "refines");
  tools::describe_tool(app, "Exit status: see --help once implemented; 2 on an error.");
  std::vector<std::string> args;
  app.add_option("args", args, "Arguments");
  return tools::run_tool(app, argc, argv, [] () -> int {
    throw tools::UsageError("not implemented yet");
  });
}
