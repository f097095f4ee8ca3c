#!/usr/bin/env bash
# Table 1 under each memory model: for every row of models/cases.csv, the
# object's states and its linearizability under sc, tso and pso
# (bench/table1.sh --memory M; docs/memory-models.md), the specification
# always sequentially consistent. A Markdown table on stdout.
#
#   bash bench/table1_memory.sh [--quick] [--only ID,ID...] [--threads K] [--ops N]
#
# The options are table1.sh's. A row whose store buffer fills at gen's
# default --buffer 2 is run again at 4, 8, then 16: the cell then names the
# bound, "true (buffer 4)". A run that never fills its buffers explores
# every run of the unbounded buffers (docs/memory-models.md), so its verdict
# holds for any larger bound too. A verdict is true, false, `full` (filled
# at 16 as well: no verdict), or error (a tool failed or ran out of time:
# table1.sh's stderr says why).
# Exit status: 0 when every run of table1.sh computed its verdicts, 1
# otherwise, 2 on a usage error.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: bash bench/table1_memory.sh [--quick] [--only ID,ID...] [--threads K] [--ops N]" >&2; exit 2; }
quick=0 only= threads= ops=
base_args=()  # table1.sh's arguments less --only
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; base_args+=(--quick); shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --threads) [ $# -ge 2 ] || usage; threads=$2; base_args+=(--threads "$2"); shift 2 ;;
    --ops) [ $# -ge 2 ] || usage; ops=$2; base_args+=(--ops "$2"); shift 2 ;;
    *) echo "table1_memory.sh: $1 is not an option here" >&2; usage ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
# table1 OUT ARGS...: table1.sh's CSV into OUT; stops on a usage error.
table1() {
  local out=$1 rc; shift
  bash "$root/bench/table1.sh" "$@" >"$out"
  rc=$?
  [ $rc -le 1 ] || exit $rc
  [ $rc = 0 ] || status=1
}
table1 "$tmp/sc.csv" "${base_args[@]}" ${only:+--only "$only"} --memory sc
for m in tso pso; do
  table1 "$tmp/$m.csv" "${base_args[@]}" ${only:+--only "$only"} --memory "$m"
  for b in 4 8 16; do  # the rows that filled a buffer, at the next bound
    full=$(awk -F, '$6 == "full" { printf "%s%s", n++ ? "," : "", $1 }' "$tmp/$m.csv")
    [ -n "$full" ] || break
    table1 "$tmp/$m.$b.csv" "${base_args[@]}" --only "$full" --memory "$m" --buffer "$b"
    awk -F, -v OFS=, -v b=$b 'FNR == NR { if ($6 != "full") { $6 = $6 " (buffer " b ")"; row[$1] = $0 }; next }
      $1 in row { print row[$1]; next } { print }' "$tmp/$m.$b.csv" "$tmp/$m.csv" >"$tmp/$m.merged"
    mv "$tmp/$m.merged" "$tmp/$m.csv"
  done
done
# One line per row: the case's name and bounds (models/cases.csv, as
# table1.sh derives the bounds), then states and verdict per model.
awk -F, -v quick=$quick -v threads="$threads" -v ops="$ops" '
  function group(n,   s) {  # 12345 -> 12 345
    if (n !~ /^[0-9]+$/) return n
    s = ""; while (length(n) > 3) { s = " " substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
    return n s
  }
  function verdict(v) { return v ~ /^false/ ? "**" v "**" : v }
  FILENAME ~ /cases.csv$/ { if ($1 != "id") { name[$1] = $2; k[$1] = $7; n[$1] = $8 }; next }
  $1 == "id" { next }
  { m = FILENAME; sub(/.*\//, "", m); sub(/\.csv$/, "", m)
    if (!($1 in seen)) { seen[$1] = 1; order[++rows] = $1 }
    states[$1, m] = $2; lin[$1, m] = $6 }
  END {
    print "| id | case | K×N | states sc | lin. sc | states tso | lin. tso | states pso | lin. pso |"
    print "|---|---|---|---:|---|---:|---|---:|---|"
    for (i = 1; i <= rows; i++) {
      id = order[i]; kk = threads != "" ? threads : k[id]; nn = ops != "" ? ops : n[id] + (quick ? 0 : 1)
      printf "| %s | %s | %s×%s | %s | %s | %s | %s | %s | %s |\n", id, name[id], kk, nn,
        group(states[id, "sc"]), verdict(lin[id, "sc"]), group(states[id, "tso"]), verdict(lin[id, "tso"]),
        group(states[id, "pso"]), verdict(lin[id, "pso"])
    }
  }' "$root/models/cases.csv" "$tmp/sc.csv" "$tmp/tso.csv" "$tmp/pso.csv"
exit $status
