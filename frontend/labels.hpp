#pragma once
// The visible labels of the most general client (docs/architecture.md,
// "Labels"): call(T,METHOD,ARG...) and ret(T,METHOD[,VALUE]), T from 1. Each
// distinct label is formatted once and then found in a cache.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/program.hpp"
#include "lts/builder.hpp"

namespace frontend {

// A value of type t, as written in labels: 2, true, empty, (1,true), [1,2], {1}, null, Node.1.
std::string format_value(const Program& p, const Type& t, const std::int32_t* v);

class Labels {
 public:
  Labels(const Program& p, lts::LtsBuilder& builder) : p_(p), builder_(builder) {}
  lts::LabelId call(int thread, int method, const std::int32_t* args);
  // Whether call() was ever asked for a label: some call can happen.
  bool any_call() const { return any_call_; }
  // `pc` identifies the return statement (and so the static type of its value).
  lts::LabelId ret(int thread, int pc, const std::int32_t* value);

 private:
  struct Hash {
    std::size_t operator()(const std::vector<std::int32_t>& v) const;
  };
  const Program& p_;
  lts::LtsBuilder& builder_;
  bool any_call_ = false;
  std::vector<std::int32_t> key_;
  std::unordered_map<std::vector<std::int32_t>, lts::LabelId, Hash> cache_;
};

}  // namespace frontend
