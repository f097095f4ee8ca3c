# Replays a counterexample on a concrete LTS (.aut), independently of the
# tools that found it: a breadth-first walk over sets of states.
#   awk -v mode=trace -f replay.awk TRACE LTS.aut
#       prints "yes" if TRACE (one visible label per line) is a weak trace
#       of LTS (tau = i or tau), "no" otherwise
#   awk -v mode=lasso -f replay.awk TRACE LTS.aut
#       prints "yes" if, after the weak trace TRACE, LTS can reach a cycle of
#       tau steps (it can run internal steps for ever), "no" otherwise
FNR == NR { trace[n++] = $0; next }
FNR == 1 { next }                                  # des (I, T, S)
{
  line = $0
  sub(/^[ \t]*\(/, "", line); sub(/\)[ \t\r]*$/, "", line)
  from = line; sub(/,.*/, "", from)
  to = line; sub(/.*,/, "", to)
  label = line; sub(/^[^,]*,[ \t]*/, "", label); sub(/[ \t]*,[^,]*$/, "", label)
  gsub(/^"|"$/, "", label)
  from += 0; to += 0
  m++
  if (label == "i" || label == "tau") { tsucc[from] = tsucc[from] " " to; tau[from, to] = 1 }
  else { vsucc[from] = vsucc[from] SUBSEP label SUBSEP to }
}
# closure: adds to cur every state reachable by tau steps
function closure(   changed, s, k, parts, j) {
  do {
    changed = 0
    for (s in cur) {
      k = split(tsucc[s], parts, " ")
      for (j = 1; j <= k; j++) if (!(parts[j] in cur)) { cur[parts[j]] = 1; changed = 1 }
    }
  } while (changed)
}
END {
  cur[0] = 1; closure()
  for (i = 0; i < n; i++) {
    split("", next_)
    for (s in cur) {
      k = split(vsucc[s], parts, SUBSEP)
      for (j = 2; j + 1 <= k; j += 2) if (parts[j] == trace[i]) next_[parts[j + 1]] = 1
    }
    split("", cur)
    for (s in next_) cur[s] = 1
    closure()
    if (length(cur) == 0) { print "no"; exit }
  }
  if (mode == "trace") { print "yes"; exit }
  # lasso: peel states without a tau successor inside the set; a cycle stays
  do {
    changed = 0
    for (s in cur) {
      k = split(tsucc[s], parts, " "); alive = 0
      for (j = 1; j <= k; j++) if (parts[j] in cur) { alive = 1; break }
      if (!alive) { delete cur[s]; changed = 1 }
    }
  } while (changed)
  print (length(cur) > 0 ? "yes" : "no")
}
