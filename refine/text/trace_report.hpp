#pragma once
// How `refines` shows a path of an LTS to a reader: its visible actions one
// per numbered line; with `explain`, call/ret labels (refine/text/thread_action.hpp)
// in one column per thread so the interleaving shows; with `states`, the
// source and target state of each visible step (a jump between one line's
// target and the next line's source is a run of tau steps).
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace refine {

struct TraceStyle {
  bool explain = false;
  bool states = false;
};

// The visible labels along `path`, in order.
std::vector<std::string> visible_labels(const lts::Lts& lts, const std::vector<lts::Transition>& path);

// The table of visible steps; `last_note` is written beside the last one.
std::string render_trace(const lts::Lts& lts, const std::vector<lts::Transition>& path, const TraceStyle& style,
                         const std::string& last_note = "");

// The same for a bare list of labels (no states to show).
std::string render_labels(const std::vector<std::string>& labels, const TraceStyle& style,
                          const std::string& last_note = "");

// The --cex file: each label on a line of its own.
std::string trace_file_text(const std::vector<std::string>& labels);

}  // namespace refine
