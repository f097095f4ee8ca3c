#include "distributed/lts_gather.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "distributed/all_to_all.hpp"
#include "distributed/gather_on_root.hpp"
#include "distributed/transition_routing.hpp"
#include "lts/builder.hpp"

namespace distributed {

GlobalLabels global_labels(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<char> text;
  for (const std::string& n : names) text.insert(text.end(), n.c_str(), n.c_str() + n.size() + 1);
  std::vector<int> text_counts, key_counts;
  const std::vector<char> all_text = gather_on_root(comm, text, text_counts);
  const std::vector<LabelKey> all_keys = gather_on_root(comm, keys, key_counts);
  GlobalLabels result;
  if (rank != 0) return result;
  // Every name with its smallest key; (rank, local id) -> name.
  std::map<std::string, LabelKey> first;
  std::vector<std::vector<std::string>> local(text_counts.size());
  std::size_t at = 0, key = 0;
  for (std::size_t r = 0; r < text_counts.size(); ++r) {
    for (int k = 0; k < key_counts[r]; ++k, ++key) {
      std::string name(&all_text[at]);
      at += name.size() + 1;
      const auto [it, added] = first.emplace(name, all_keys[key]);
      if (!added && all_keys[key] < it->second) it->second = all_keys[key];
      local[r].push_back(std::move(name));
    }
  }
  std::vector<std::pair<LabelKey, std::string>> order;
  for (auto& [name, k] : first)
    if (name != local[0][0]) order.emplace_back(k, name);  // local label 0 is tau everywhere
  std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::map<std::string, lts::LabelId> id;
  for (const auto& [k, name] : order) id[name] = result.table.intern(name);
  result.of_rank.resize(local.size());
  for (std::size_t r = 0; r < local.size(); ++r) {
    result.of_rank[r].push_back(lts::tau);
    for (std::size_t l = 1; l < local[r].size(); ++l) result.of_rank[r].push_back(id.at(local[r][l]));
  }
  return result;
}

lts::Lts gather_lts(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys,
                    std::vector<Arrow>&& arrows, std::uint32_t num_states) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  GlobalLabels labels = global_labels(comm, names, keys);
  std::vector<int> arrow_counts;
  std::vector<Arrow> all = gather_on_root(comm, arrows, arrow_counts);
  arrows = {};
  if (rank != 0) return {};
  lts::LtsBuilder builder;
  for (lts::LabelId l = 1; l < labels.table.size(); ++l) builder.label(labels.table.name(l));
  for (Arrow& a : all) a.label = labels.of_rank[a.label >> 24][a.label & 0xffffff];
  std::sort(all.begin(), all.end(),
            [](const Arrow& x, const Arrow& y) { return std::tie(x.source, x.label, x.target) < std::tie(y.source, y.label, y.target); });
  all.erase(std::unique(all.begin(), all.end(),
                        [](const Arrow& x, const Arrow& y) {
                          return x.source == y.source && x.label == y.label && x.target == y.target;
                        }),
            all.end());
  builder.reserve(all.size());
  for (const Arrow& a : all) builder.add_transition(a.source, a.label, a.target);
  builder.set_initial(0);
  builder.ensure_states(num_states);
  return std::move(builder).finish();
}

SharedLts share_lts(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys,
                    std::vector<Arrow>&& arrows, std::uint32_t num_states) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  SharedLts shared;
  GlobalLabels labels = global_labels(comm, names, keys);
  // Every rank learns every rank's label ids: its arrows carry the senders'.
  Words flat;
  if (rank == 0)
    for (const auto& ids : labels.of_rank) {
      flat.push_back(static_cast<std::uint32_t>(ids.size()));
      flat.insert(flat.end(), ids.begin(), ids.end());
    }
  unsigned long long size = flat.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, comm);
  flat.resize(size);
  MPI_Bcast(flat.data(), static_cast<int>(size), MPI_UINT32_T, 0, comm);
  std::vector<Words> of_rank(ranks);
  for (std::size_t k = 0, r = 0; k < flat.size(); ++r) {
    const std::uint32_t n = flat[k++];
    of_rank[r].assign(flat.begin() + k, flat.begin() + k + n);
    k += n;
  }
  // Each transition to its source's owner (lts_part.hpp).
  std::vector<Words> out(ranks);
  for (const Arrow& a : arrows)
    out[a.source % static_cast<std::uint32_t>(ranks)].insert(
        out[a.source % static_cast<std::uint32_t>(ranks)].end(),
        {a.source, of_rank[a.label >> 24][a.label & 0xffffff], a.target});
  arrows = {};
  shared.part = receive_sorted_part(comm, std::move(out), num_states, 0);
  shared.labels = std::move(labels.table);
  return shared;
}

}  // namespace distributed
