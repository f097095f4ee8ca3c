#include "formats/aut_reader.hpp"

#include <gtest/gtest.h>

#include <random>

#include "formats/aut_writer.hpp"
#include "formats/diagnostic.hpp"
#include "tests/support/random_lts.hpp"
#include "tests/support/test_data.hpp"

namespace {
std::vector<std::string> label_names(const lts::Lts& l) {
  std::vector<std::string> names;
  for (const auto& t : l.transitions) names.push_back(t.label == lts::tau ? "<tau>" : l.labels.name(t.label));
  return names;
}
}  // namespace

TEST(AutReader, QuotedAndUnquotedLabelsKeepCommasParenthesesAndBlanks) {
  const lts::Lts l =
      formats::read_aut_file(testing_support::test_data("aut_corpus/ok_labels_with_commas_parens_blanks.aut"));
  const std::vector<std::string> expected{"c2(d1, true)", "a b", "call(1,push,2)"};
  EXPECT_EQ(label_names(l), expected);
}

TEST(AutReader, IAndTauQuotedOrNotAreInternal) {
  const lts::Lts l = formats::read_aut_file(testing_support::test_data("aut_corpus/ok_tau_names.aut"));
  for (const auto& t : l.transitions) EXPECT_EQ(t.label, lts::tau);
}

TEST(AutReader, BlanksAroundTokensAreTrimmed) {
  const lts::Lts l = formats::read_aut_file(testing_support::test_data("aut_corpus/ok_blanks_everywhere.aut"));
  const std::vector<std::string> expected{"a", "b c"};
  EXPECT_EQ(label_names(l), expected);
}

TEST(AutReader, HidingMakesLabelsAndTheirParameterisedFormsInternal) {
  const std::string text = "des (0,4,2)\n(0,call(1,push,2),1)\n(1,ret(1,push),0)\n(0,callx,1)\n(0,call,1)\n";
  formats::AutReadOptions options;
  options.hidden = {"call"};
  const lts::Lts l = formats::read_aut_text(text, "t.aut", options);
  const std::vector<std::string> expected{"<tau>", "ret(1,push)", "callx", "<tau>"};
  EXPECT_EQ(label_names(l), expected);
}

// A --tau name that hides nothing is reported (the tools warn: a slip such
// as --tau=stpe), by the sequential reader and by the parallel one, whose
// shares each see a part of the labels.
TEST(AutReader, ReportsTheHiddenNamesThatHideNothing) {
  formats::AutReadOptions options;
  options.hidden = {"b", "zz", "c", "i"};
  formats::AutReadReport report;
  formats::read_aut_text("des (0,3,2)\n(0,a,1)\n(1,b,0)\n(0,\"c(1)\",1)\n", "t.aut", options, &report);
  EXPECT_EQ(report.hidden_matched, (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(formats::unused_hidden_names(options, {report}), (std::vector<std::string>{"zz", "i"}));
  // Two reads (IMPL and SPEC): a name is unused only when it hid nothing in either.
  formats::AutReadReport other;
  formats::read_aut_text("des (0,1,2)\n(0,zz,1)\n", "u.aut", options, &other);
  EXPECT_EQ(formats::unused_hidden_names(options, {report, other}), (std::vector<std::string>{"i"}));

  std::string text = "des (0,400,2)\n";
  for (int k = 0; k < 399; ++k) text += k % 2 ? "(0,a,1)\n" : "(1,b(2),0)\n";
  text += "(0,c,1)\n";  // only in the last share
  const std::string path = ::testing::TempDir() + "bb_hidden_report.aut";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  for (unsigned threads = 1; threads <= 4; ++threads) {
    options.parallel_from_bytes = 0;
    options.threads = threads;
    formats::AutReadReport parallel;
    formats::read_aut_file(path, options, &parallel);
    EXPECT_EQ(parallel.hidden_matched, (std::vector<bool>{true, false, true, false})) << threads << " threads";
  }
  std::remove(path.c_str());
}

TEST(AutReader, SameLabelIsInternedOnce) {
  const lts::Lts l = formats::read_aut_text("des (0,3,2)\n(0,a,1)\n(1,\"a\",0)\n(0, a ,0)\n", "t.aut");
  EXPECT_EQ(l.labels.size(), 2u);  // tau and a
  EXPECT_EQ(l.transitions[0].label, l.transitions[1].label);
  EXPECT_EQ(l.transitions[0].label, l.transitions[2].label);
}

TEST(AutReader, DiagnosticNamesTheFileAsGiven) {
  try {
    formats::read_aut_text("des (0,1,2)\n(0,a,2)\n", "models/x.aut");
    FAIL() << "expected an error";
  } catch (const formats::ParseError& e) {
    EXPECT_STREQ(e.what(),
                 "models/x.aut:2:6: error: the target state 2 is not below the number of states 2 declared "
                 "in the header");
  }
}

TEST(AutReader, MissingFileIsAFileError) {
  EXPECT_THROW(formats::read_aut_file("/nonexistent/x.aut"), formats::FileError);
}

// Random LTSs survive writing and reading: the same states, transitions
// and label names, with either tau name; isolated states included.
TEST(AutReader, RandomRoundTrips) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 200; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    for (const char* tau_name : {"i", "tau"}) {
      const std::string text = formats::write_aut_string(l, {tau_name});
      const lts::Lts back = formats::read_aut_text(text, "rt.aut");
      ASSERT_EQ(back.num_states, l.num_states);
      ASSERT_EQ(back.transitions.size(), l.transitions.size());
      ASSERT_EQ(label_names(back), label_names(l));
      for (std::size_t k = 0; k < l.transitions.size(); ++k) {
        ASSERT_EQ(back.transitions[k].from, l.transitions[k].from);
        ASSERT_EQ(back.transitions[k].to, l.transitions[k].to);
      }
      ASSERT_EQ(formats::write_aut_string(back, {tau_name}), text);
    }
  }
}

// A line longer than the reader's chunk is read whole.
TEST(AutReader, LabelsLongerThanAReadChunk) {
  const std::string label(3'000'000, 'x');
  const std::string text = "des (0,1,2)\n(0,\"" + label + "\",1)\n";
  const lts::Lts l = formats::read_aut_text(text, "long.aut");
  EXPECT_EQ(l.labels.name(l.transitions[0].label).size(), label.size());
}

TEST(AutReader, NumbersAtTheirLimits) {
  // 2^32-1 states is the most a 32-bit id allows; one more is an error.
  EXPECT_NO_THROW(formats::read_aut_text("des (0,0,4294967295)\n", "t.aut"));
  EXPECT_THROW(formats::read_aut_text("des (0,0,4294967296)\n", "t.aut"), formats::ParseError);
  // Transitions are indexed with 32 bits: 2^32-1 parses (and then
  // mismatches); one more, or a count beyond 64 bits, is refused where it
  // stands, not wrapped around.
  try {
    formats::read_aut_text("des (0,4294967295,1)\n", "t.aut");
    FAIL();
  } catch (const formats::ParseError& e) {
    EXPECT_EQ(e.diagnostic().message, "the header declares 4294967295 transitions but the file has 0");
  }
  for (const char* text : {"des (0,4294967296,1)\n", "des (0,18446744073709551616,1)\n"}) {
    try {
      formats::read_aut_text(text, "t.aut");
      FAIL() << text;
    } catch (const formats::ParseError& e) {
      EXPECT_EQ(e.diagnostic().message, "the number of transitions is too large (the maximum is 4294967295)");
      EXPECT_EQ(e.diagnostic().line, 1u);
      EXPECT_EQ(e.diagnostic().column, 8u);
    }
  }
  // Leading zeros are fine.
  EXPECT_EQ(formats::read_aut_text("des (000,1,0002)\n(0001,a,00)\n", "t.aut").transitions[0].from, 1u);
}

// The parallel reader gives exactly what the sequential one gives: the same
// transitions in the same order and the same label ids, on files written
// from random LTSs, split into up to 5 shares.
TEST(AutReader, ParallelEqualsSequentialOnRandomFiles) {
  std::mt19937_64 rng(5);
  const std::string path = ::testing::TempDir() + "bb_parallel_reader.aut";
  for (int round = 0; round < 60; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 200));
    std::string text = formats::write_aut_string(l);
    if (round % 3 == 1) text += "\n\n";  // blank lines at the end
    if (round % 3 == 2) text.insert(text.find('\n') + 1, "   \n");
    {
      std::FILE* f = std::fopen(path.c_str(), "w");
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
    formats::AutReadOptions sequential;
    sequential.threads = 1;
    const lts::Lts want = formats::read_aut_file(path, sequential);
    for (unsigned threads = 2; threads <= 5; ++threads) {
      formats::AutReadOptions parallel;
      parallel.parallel_from_bytes = 0;
      parallel.threads = threads;
      const lts::Lts got = formats::read_aut_file(path, parallel);
      ASSERT_EQ(got.transitions, want.transitions);
      ASSERT_EQ(got.num_states, want.num_states);
      ASSERT_EQ(got.initial, want.initial);
      ASSERT_EQ(got.labels.size(), want.labels.size());
      for (lts::LabelId k = 0; k < want.labels.size(); ++k) ASSERT_EQ(got.labels.name(k), want.labels.name(k));
    }
  }
  std::remove(path.c_str());
}
