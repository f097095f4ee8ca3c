#pragma once
// A fence statement placed after given statements of a parsed model, in
// memory: the model's source is never edited. The fence takes the position
// of the statement it follows, so a message about it points there.
#include <vector>

#include "frontend/language/ast.hpp"

namespace fences {

// Inserts `fence;` after each statement of `object`'s methods whose position
// is in `after`; std::logic_error when one of them is not a statement there.
void insert_fences(frontend::ast::Object& object, const std::vector<frontend::Loc>& after);

}  // namespace fences
