#include "tests/ltl/never_claim.hpp"

#include <cctype>
#include <deque>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace ltl_test {
namespace {

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool is_label(const std::string& line) {
  if (line.size() < 2 || line.back() != ':') return false;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    const char c = line[i];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return !std::isdigit(static_cast<unsigned char>(line[0]));
}

[[noreturn]] void refuse(const std::string& line) { throw std::runtime_error("never claim: unexpected line: " + line); }

// A transition line `:: (g) -> goto L` or `:: atomic { (g) -> assert(!(g)) }`
// (target "" for the assert: the violation); false for `:: false`.
bool transition(const std::string& line, std::string& guard, std::string& target) {
  if (line == ":: false") return false;
  const std::string atomic = ":: atomic { ", goto_ = " -> goto ";
  if (line.rfind(atomic, 0) == 0) {
    const std::size_t arrow = line.find(" -> assert(");
    if (arrow == std::string::npos || line.back() != '}') refuse(line);
    guard = line.substr(atomic.size(), arrow - atomic.size());
    target.clear();
    return true;
  }
  const std::size_t arrow = line.rfind(goto_);
  if (line.rfind(":: ", 0) != 0 || arrow == std::string::npos) refuse(line);
  guard = line.substr(3, arrow - 3);
  target = line.substr(arrow + goto_.size());
  return true;
}

}  // namespace

NeverClaim parse_never_claim(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line.rfind("never", 0) != 0 || line.find('{') == std::string::npos) refuse(line);
  NeverClaim c;
  std::map<std::string, int> by_label;
  std::vector<std::tuple<int, std::string, std::string>> edges;  // from, guard, target label ("": violated)
  bool fresh = false, closed = false;                            // fresh: the last line was a label
  int at = -1;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty()) continue;
    if (closed) refuse(line);
    if (line == "}") {
      closed = true;
    } else if (is_label(line)) {  // consecutive labels name one state
      const std::string label = line.substr(0, line.size() - 1);
      if (!fresh) {
        c.states.push_back({label, false, {}});
        at = static_cast<int>(c.states.size()) - 1;
      }
      if (!by_label.emplace(label, at).second) refuse(line);
      c.states[at].accepting = c.states[at].accepting || label.rfind("accept", 0) == 0;
      fresh = true;
    } else if (at < 0) {
      if (line != "0 /* false */;") refuse(line);  // no state: the claim never matches
    } else if (line == "do" || line == "if" || line == "od;" || line == "fi;") {
      fresh = false;
    } else if (line == "skip") {
      edges.emplace_back(at, "1", "");  // the claim ends after this step: a violation
      fresh = false;
    } else {
      std::string guard, target;
      if (transition(line, guard, target)) edges.emplace_back(at, guard, target);
      fresh = false;
    }
  }
  if (!closed) refuse("(end of text)");
  if (c.states.empty()) return NeverClaim{{{"false", false, {}}}};
  const int violated = static_cast<int>(c.states.size());  // accepting, loops on (1)
  c.states.push_back({"violated", true, {{"1", violated}}});
  for (const auto& [from, guard, target] : edges) {
    int to = violated;
    if (!target.empty()) {
      const auto it = by_label.find(target);
      if (it == by_label.end()) refuse("goto " + target);
      to = it->second;
    }
    c.states[from].edges.push_back({guard, to});
  }
  return c;
}

std::string product_claim(const NeverClaim& claim, const std::string& name, const std::string& often) {
  using Key = std::pair<int, int>;  // claim state, counter: 0 waits for an accepting state, 1 for `often`
  std::map<Key, std::string> labels;
  std::deque<Key> todo;
  auto label = [&](const Key& k) -> const std::string& {
    auto [it, fresh] = labels.try_emplace(k);
    if (fresh) {
      const bool accepting = k.second == 0 && claim.states[k.first].accepting;
      it->second = (accepting ? "accept_q" : "q") + std::to_string(k.first) + "_" + std::to_string(k.second);
      todo.push_back(k);
    }
    return it->second;
  };
  std::string out = "never " + name + " {\nstart:\n\tdo\n\t:: (1) -> goto " + label({0, 0}) + "\n\tod;\n";
  while (!todo.empty()) {
    const auto [q, c] = todo.front();
    todo.pop_front();
    std::string body;
    auto edge = [&](const std::string& guard, const Key& to) {
      body += "\t:: (" + guard + ") -> goto " + label(to) + "\n";
    };
    for (const auto& e : claim.states[q].edges) {
      if (often.empty()) {
        edge(e.guard, {e.to, 0});
      } else if (c == 0) {
        edge(e.guard, {e.to, claim.states[q].accepting ? 1 : 0});
      } else {
        edge(e.guard + " && " + often, {e.to, 0});
        edge(e.guard + " && !" + often, {e.to, 1});
      }
    }
    out += labels.at({q, c}) + ":\n\tdo\n" + (body.empty() ? "\t:: false\n" : body) + "\tod;\n";
  }
  return out + "}\n";
}

}  // namespace ltl_test
