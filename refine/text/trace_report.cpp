#include "refine/text/trace_report.hpp"

#include <map>

#include <fmt/format.h>

#include "refine/text/text_table.hpp"
#include "refine/text/thread_action.hpp"

namespace refine {

std::vector<std::string> visible_labels(const lts::Lts& lts, const std::vector<lts::Transition>& path) {
  std::vector<std::string> labels;
  for (const lts::Transition& t : path)
    if (t.label != lts::tau) labels.push_back(lts.labels.name(t.label));
  return labels;
}

namespace {

// Column of each visible label under --explain: 0..k-1 for the threads in
// increasing order, k for labels of no thread.
struct ThreadColumns {
  std::map<std::uint32_t, std::size_t> of_thread;
  bool has_other = false;

  explicit ThreadColumns(const std::vector<std::string>& labels) {
    for (const std::string& l : labels) {
      if (const auto a = parse_thread_action(l)) of_thread.emplace(a->thread, 0);
      else has_other = true;
    }
    std::size_t c = 0;
    for (auto& [thread, column] : of_thread) column = c++;
  }
  std::size_t count() const { return of_thread.size() + (has_other ? 1 : 0); }
  std::size_t column(const std::string& label) const {
    const auto a = parse_thread_action(label);
    return a ? of_thread.at(a->thread) : of_thread.size();
  }
};

}  // namespace

namespace {

// The table for `labels`, with "FROM -> TO" per line when `states` is given.
std::string render(const std::vector<std::string>& labels, const std::vector<std::string>* states,
                   const TraceStyle& style, const std::string& last_note) {
  const ThreadColumns columns(labels);
  std::vector<TextRow> rows;
  if (style.explain || states) {
    TextRow header{"#"};
    if (states) header.push_back("states");
    if (style.explain) {
      for (const auto& [thread, column] : columns.of_thread) header.push_back(fmt::format("thread {}", thread));
      if (columns.has_other) header.push_back("other");
    } else {
      header.push_back("action");
    }
    rows.push_back(header);
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    TextRow row{std::to_string(i + 1)};
    if (states) row.push_back((*states)[i]);
    if (style.explain) {
      const std::size_t first = row.size();
      row.resize(first + columns.count());
      row[first + columns.column(labels[i])] = labels[i];
    } else {
      row.push_back(labels[i]);
    }
    if (i + 1 == labels.size() && !last_note.empty()) row.push_back(last_note);
    rows.push_back(std::move(row));
  }
  return render_table(rows);
}

}  // namespace

std::string render_trace(const lts::Lts& lts, const std::vector<lts::Transition>& path, const TraceStyle& style,
                         const std::string& last_note) {
  std::vector<std::string> states;
  for (const lts::Transition& t : path)
    if (t.label != lts::tau) states.push_back(fmt::format("{} -> {}", t.from, t.to));
  return render(visible_labels(lts, path), style.states ? &states : nullptr, style, last_note);
}

std::string render_labels(const std::vector<std::string>& labels, const TraceStyle& style,
                          const std::string& last_note) {
  return render(labels, nullptr, style, last_note);
}

std::string trace_file_text(const std::vector<std::string>& labels) {
  std::string text;
  for (const std::string& l : labels) text += l + '\n';
  return text;
}

}  // namespace refine
