#include "refine/progress/progress_quotients.hpp"

#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "bisim/quotient.hpp"
#include "lts/adjacency.hpp"
#include "refine/progress/lock_freedom.hpp"

namespace refine {

namespace {

// A quotient with its pending sets, when they are consistent.
struct Quotient {
  lts::Lts lts;
  ThreadedLts threads;  // the input's label classes (the quotient keeps its label table)
  bool consistent = true;
};

// The pending sets of a quotient, derived from the initial state (none
// pending) by its calls and returns as attribute_threads does; tau and
// step(T) keep them. False when a state is reached with two different sets
// or a call, return or step does not fit the set it leaves: the quotient
// then merges states with different pending sets (docs/progress.md).
bool derive_pending(const lts::Lts& q, ThreadedLts& t) {
  t.reachable.assign(q.num_states, true);  // a quotient holds the reachable classes only
  t.pending.assign(q.num_states, 0);
  std::vector<bool> seen(q.num_states, false);
  const lts::Adjacency out(q, lts::Direction::forward);
  std::vector<lts::StateId> queue{q.initial};
  seen[q.initial] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const ThreadMask p = t.pending[queue[head]];
    for (const std::uint32_t e : out.of(queue[head])) {
      const lts::Transition& x = q.transitions[e];
      const LabelClass c = t.label[x.label];
      const ThreadMask bit = ThreadMask{1} << c.bit;
      ThreadMask next = p;
      if (c.kind == LabelKind::call) {
        if (p & bit) return false;
        next = p | bit;
      } else if (c.kind == LabelKind::ret || c.kind == LabelKind::step) {
        if (!(p & bit)) return false;
        if (c.kind == LabelKind::ret) next = p & ~bit;
      }
      if (!seen[x.to]) {
        seen[x.to] = true;
        t.pending[x.to] = next;
        queue.push_back(x.to);
      } else if (t.pending[x.to] != next) {
        return false;
      }
    }
  }
  return true;
}

// The quotient under `e` of the input with the step labels `hidden`
// accepts (by thread bit) renamed tau.
template <typename Hidden>
Quotient quotient_of(const lts::Lts& in, const ThreadedLts& t, bisim::Equivalence e, Hidden hidden) {
  lts::Lts renamed;
  renamed.initial = in.initial;
  renamed.num_states = in.num_states;
  renamed.labels = in.labels;
  renamed.transitions.reserve(in.transitions.size());
  for (const lts::Transition& x : in.transitions) {
    const LabelClass c = t.label[x.label];
    renamed.transitions.push_back({x.from, c.kind == LabelKind::step && hidden(c.bit) ? lts::tau : x.label, x.to});
  }
  Quotient q{bisim::minimise(std::move(renamed), e, {}, false).quotient, {}, true};
  q.threads.label = t.label;
  q.threads.threads = t.threads;
  return q;
}

ProgressVerdict blank(Progress p) {
  ProgressVerdict v;
  v.property = p;
  return v;
}

bool reachable_tau_cycle(const lts::Lts& q) { return find_tau_lasso(q).found; }

std::string sizes(const lts::Lts& q) {
  return fmt::format("{} states, {} transitions", q.num_states, q.num_transitions());
}

// Decides properties on quotients, one at a time; the direct route on the
// input (for lassos and fallbacks) and the strong quotient are made once.
class QuotientRouter {
 public:
  QuotientRouter(const lts::Lts& lts, const ThreadedLts& t) : lts_(lts), t_(t) {}

  std::pair<ProgressVerdict, QuotientRoute> check(Progress p) {
    QuotientRoute route;
    ProgressVerdict v = p == Progress::lock_free          ? lock_free(route)
                        : p == Progress::obstruction_free ? obstruction_free(route)
                        : p == Progress::wait_free        ? wait_free(route)
                                                          : on_strong(p, route);
    if (v.holds) return {std::move(v), std::move(route)};
    // The lasso, on the input; the direct route must find the same threads failing.
    ProgressVerdict d = direct().check(p, per_thread(p) ? v.failing : ~ThreadMask{0});
    if (d.holds || d.failing != v.failing) {
      const auto who = [&](ThreadMask m) {
        return per_thread(p) ? fmt::format(" for threads {}", thread_list(t_, m)) : std::string();
      };
      throw std::logic_error(fmt::format(
          "internal error: the quotient route finds {} failing{}, the direct route on the input {}; please report "
          "this input",
          progress_name(p), who(v.failing), d.holds ? "finds it holding" : "finds it failing" + who(d.failing)));
    }
    v.lasso = std::move(d.lasso);
    v.checked_on += "; the lasso from the direct route on the input LTS";
    return {std::move(v), std::move(route)};
  }

 private:
  ProgressVerdict lock_free(QuotientRoute& route) {
    const Quotient q = quotient_of(lts_, t_, bisim::Equivalence::divbranching, [](std::uint8_t) { return true; });
    route.quotients.push_back(
        {"the divbranching quotient with every step hidden", 0, q.lts.num_states, q.lts.num_transitions(), true});
    ProgressVerdict v = blank(Progress::lock_free);
    v.holds = !reachable_tau_cycle(q.lts);
    v.failing = v.holds ? 0 : 1;
    v.checked_on = fmt::format(
        "lock-free: on the divbranching quotient with every step hidden ({}), reachable tau-cycles", sizes(q.lts));
    return v;
  }

  ProgressVerdict obstruction_free(QuotientRoute& route) {
    ProgressVerdict v = blank(Progress::obstruction_free);
    std::vector<std::string> per;
    for (std::uint8_t b = 0; b < t_.threads.size(); ++b) {
      const Quotient q =
          quotient_of(lts_, t_, bisim::Equivalence::divbranching, [b](std::uint8_t c) { return c == b; });
      route.quotients.push_back({fmt::format("the divbranching quotient with step({}) hidden", t_.threads[b]),
                                 t_.threads[b], q.lts.num_states, q.lts.num_transitions(), true});
      if (reachable_tau_cycle(q.lts)) v.failing |= ThreadMask{1} << b;
      per.push_back(fmt::format("thread {}: {}", t_.threads[b], sizes(q.lts)));
    }
    v.holds = v.failing == 0;
    v.checked_on = fmt::format(
        "obstruction-free: per thread T, on the divbranching quotient with step(T) hidden, reachable tau-cycles: {}",
        fmt::join(per, "; "));
    return v;
  }

  // Per thread T: T's check on its quotient when the pending sets there are
  // consistent, else T's check on the input.
  ProgressVerdict wait_free(QuotientRoute& route) {
    ProgressVerdict v = blank(Progress::wait_free);
    std::vector<std::string> per;
    for (std::uint8_t b = 0; b < t_.threads.size(); ++b) {
      const ThreadMask bit = ThreadMask{1} << b;
      Quotient q = quotient_of(lts_, t_, bisim::Equivalence::divbranching, [b](std::uint8_t c) { return c != b; });
      q.consistent = derive_pending(q.lts, q.threads);
      route.quotients.push_back({fmt::format("the divbranching quotient with only step({}) visible", t_.threads[b]),
                                 t_.threads[b], q.lts.num_states, q.lts.num_transitions(), q.consistent});
      std::string line = fmt::format("thread {}: {}", t_.threads[b], sizes(q.lts));
      if (q.consistent) {
        if (!ProgressChecker(q.lts, q.threads).check(Progress::wait_free, bit, false).holds) v.failing |= bit;
      } else {
        route.fell_back = true;
        const ProgressVerdict d = direct().check(Progress::wait_free, bit, false);
        v.failing |= d.failing;
        line += fmt::format(", merges states with different pending calls, so on the input LTS ({})", sizes(lts_));
      }
      per.push_back(std::move(line));
    }
    v.holds = v.failing == 0;
    v.checked_on = fmt::format(
        "wait-free: per thread T, on the divbranching quotient with only step(T) visible, SCCs of the states where T "
        "is pending: {}",
        fmt::join(per, "; "));
    return v;
  }

  // Deadlock- and starvation-freedom: the direct checks on the strong
  // quotient, or on the input when its pending sets are inconsistent.
  ProgressVerdict on_strong(Progress p, QuotientRoute& route) {
    if (!strong_) {
      strong_.emplace(quotient_of(lts_, t_, bisim::Equivalence::strong, [](std::uint8_t) { return false; }));
      strong_->consistent = derive_pending(strong_->lts, strong_->threads);
      if (strong_->consistent) strong_checker_.emplace(strong_->lts, strong_->threads, "the strong quotient");
    }
    route.quotients.push_back(
        {"the strong quotient", 0, strong_->lts.num_states, strong_->lts.num_transitions(), strong_->consistent});
    if (strong_->consistent) return strong_checker_->check(p, ~ThreadMask{0}, false);
    route.fell_back = true;
    ProgressVerdict v = direct().check(p, ~ThreadMask{0}, false);
    v.checked_on = fmt::format("{}: the strong quotient ({}) merges states with different pending calls, so {}",
                               progress_name(p), sizes(strong_->lts), v.checked_on.substr(progress_name(p).size() + 2));
    return v;
  }

  ProgressChecker& direct() {
    if (!direct_) direct_.emplace(lts_, t_);
    return *direct_;
  }

  const lts::Lts& lts_;
  const ThreadedLts& t_;
  std::optional<ProgressChecker> direct_;
  std::optional<Quotient> strong_;
  std::optional<ProgressChecker> strong_checker_;
};

}  // namespace

ProgressOnQuotients check_progress_on_quotients(const lts::Lts& lts, const std::vector<Progress>& properties,
                                                const std::vector<lts::StateId>& original) {
  ProgressOnQuotients out{{attribute_progress_input(lts, properties, original), {}}, {}};
  // Store buffers: hiding steps would hide the flushes that memory fairness
  // reads, and a quotient may merge states whose buffers differ; that this
  // route stays sound there is not established (docs/progress.md).
  if (out.result.threads.has_buffers)
    throw ProgressInputError(
        "the LTS has store-buffer labels (step(T,store), step(T,flush): gen --memory tso|pso), which --progress-on "
        "quotients does not handle: use the direct route, --progress-on input (the default)");
  QuotientRouter router(lts, out.result.threads);
  // Deadlock- and starvation-freedom share the strong quotient and its SCCs.
  std::map<Progress, std::pair<ProgressVerdict, QuotientRoute>> found;
  for (const Progress p : by_sub_graph(properties)) found.emplace(p, router.check(p));
  for (const Progress p : properties) {
    auto& [verdict, route] = found.at(p);
    out.result.verdicts.push_back(std::move(verdict));
    out.routes.push_back(std::move(route));
  }
  return out;
}

}  // namespace refine
