#pragma once
// The shortest run of the model that matches a lasso (its stem, then its
// cycle for ever), for find_run (frontend/replay/search.hpp).
#include "frontend/replay/product_search.hpp"

namespace frontend::replay::detail {

SearchResult find_lasso(Space& space, const Counterexample& cex, const SearchLimits& limits);

}  // namespace frontend::replay::detail
