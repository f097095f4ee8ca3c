#pragma once
// Strong bisimulation by signature refinement, when it can prove its answer
// (strong_signatures.cpp).
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// Signature refinement of `l` into `result`: true when it reached the
// coarsest strong bisimulation (exact signatures, within its budget);
// otherwise false, and `result` holds the classes reached, coarser than
// bisimilarity or equal, a sound start for Paige & Tarjan.
// `plan`: by_class_count picks the rounds from the classes that two hashed
// rounds tell apart (exact, Bloom or worklist rounds, or none); worklist
// takes worklist rounds whatever those classes, without budget (tests).
enum class SignaturePlan { by_class_count, worklist };
bool strong_partition_by_signatures(const lts::Lts& l, Partition& result,
                                    SignaturePlan plan = SignaturePlan::by_class_count);

}  // namespace bisim
