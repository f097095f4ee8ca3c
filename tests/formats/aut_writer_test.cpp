#include "formats/aut_writer.hpp"

#include <gtest/gtest.h>

#include "formats/dot_writer.hpp"

namespace {
lts::Lts small() {
  lts::Lts l;
  l.num_states = 3;
  l.initial = 0;
  const auto push = l.labels.intern("call(1,push,2)");
  l.transitions = {{0, push, 1}, {1, lts::tau, 2}, {2, push, 0}};
  return l;
}
}  // namespace

TEST(AutWriter, WritesCadpStyleByDefault) {
  EXPECT_EQ(formats::write_aut_string(small()),
            "des (0,3,3)\n(0,\"call(1,push,2)\",1)\n(1,i,2)\n(2,\"call(1,push,2)\",0)\n");
}

TEST(AutWriter, WritesTauForMcrl2OnRequest) {
  EXPECT_EQ(formats::write_aut_string(small(), {"tau"}),
            "des (0,3,3)\n(0,\"call(1,push,2)\",1)\n(1,tau,2)\n(2,\"call(1,push,2)\",0)\n");
}

TEST(DotWriter, MarksInitialStateAndTau) {
  const std::string dot = formats::write_dot_string(small());
  EXPECT_NE(dot.find("0 [shape=doublecircle];"), std::string::npos);
  EXPECT_NE(dot.find("1 -> 2 [label=\"\u03c4\"];"), std::string::npos);
  EXPECT_NE(dot.find("0 -> 1 [label=\"call(1,push,2)\"];"), std::string::npos);
}
