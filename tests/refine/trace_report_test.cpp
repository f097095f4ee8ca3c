// How traces are shown: the call/ret parser and the exact report layout.
#include <gtest/gtest.h>

#include "formats/aut_reader.hpp"
#include "refine/text/thread_action.hpp"
#include "refine/text/trace_report.hpp"

namespace {

TEST(ThreadAction, ParsesCallsAndReturns) {
  const auto call = refine::parse_thread_action("call(12,push,3)");
  ASSERT_TRUE(call);
  EXPECT_EQ(call->kind, refine::ThreadAction::Kind::call);
  EXPECT_EQ(call->thread, 12u);
  const auto ret = refine::parse_thread_action("ret(2,pop)");
  ASSERT_TRUE(ret);
  EXPECT_EQ(ret->kind, refine::ThreadAction::Kind::ret);
  EXPECT_EQ(ret->thread, 2u);
  for (const char* other :
       {"call", "call()", "call(x,push)", "call(0,push)", "ret(1", "retx(1,a)", "a(1,b)", "call(1x,p)"})
    EXPECT_FALSE(refine::parse_thread_action(other)) << other;
}

TEST(TraceReport, PlainExplainedAndVerbose) {
  const lts::Lts l = formats::read_aut_text(
      "des (0, 5, 5)\n(0, \"call(1,push,1)\", 1)\n(1, i, 2)\n(2, \"call(2,pop)\", 3)\n(3, \"ret(2,pop,1)\", 4)\n"
      "(4, done, 4)\n",
      "t.aut");
  const std::vector<lts::Transition> path(l.transitions.begin(), l.transitions.end());
  EXPECT_EQ(refine::visible_labels(l, path),
            (std::vector<std::string>{"call(1,push,1)", "call(2,pop)", "ret(2,pop,1)", "done"}));
  EXPECT_EQ(refine::render_trace(l, path, {}, "<- no"),
            "  1  call(1,push,1)\n"
            "  2  call(2,pop)\n"
            "  3  ret(2,pop,1)\n"
            "  4  done            <- no\n");
  EXPECT_EQ(refine::render_trace(l, path, {true, true}),
            "  #  states  thread 1        thread 2      other\n"
            "  1  0 -> 1  call(1,push,1)\n"
            "  2  2 -> 3                  call(2,pop)\n"
            "  3  3 -> 4                  ret(2,pop,1)\n"
            "  4  4 -> 4                                done\n");
  EXPECT_EQ(refine::trace_file_text({"a", "call(1,b)"}), "a\ncall(1,b)\n");
}

}  // namespace
