#!/usr/bin/env bash
# Rewrites the blocks of docs/ that are outputs of bench/ scripts. Each such
# block (a Markdown table or a fenced block) follows a marker line
#
#   <!-- bench: NAME: COMMAND -->
#
# (blank lines between are allowed). COMMAND runs from the repository root;
# several commands are separated by " ; ". The block is replaced by what
# they print on standard output; the prose around it is left alone.
#
#   bash bench/results.sh [--list] [--page FILE] [NAME...]
#
#   NAME     only these blocks (default: every marked block)
#   --list   print each marker (page:line NAME: COMMAND) and run nothing
#   --page   only this page (default: every docs/*.md with a marker)
#   BIN=DIR  where the tools are, for the scripts (default build/tools)
#
# Some commands take hours (docs/results.md says so beside them), so this
# runs on demand, not in the test suite; tests/docs/bench_blocks.py checks
# that every marker names a script and options that exist.
# How the output becomes the block:
#   fenced block: the output as it is;
#   table: the Markdown table the script prints (lines starting with "|"),
#     except for two scripts: bench/table1.sh (CSV) gives Table 1 with the
#     names and bounds of models/cases.csv, and bench/figure4.sh (columns)
#     one row per configuration, or, under a NAME ending in "-largest", the
#     last configuration of each series and why the next one stopped;
#   several commands: a row of a later one replaces the rows of the earlier
#     ones with the same first two cells (a row id and its name, or a model
#     and its bounds), in place.
# A command that exits 2 or more, or prints nothing (for a table: no row),
# leaves its block as it was. Exit status: 0 when every selected block was
# rewritten, 1 when one was kept, 2 on a usage error.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export BIN=${BIN:-$root/build/tools}
list=0 pages=() names=()
while [ $# -gt 0 ]; do
  case $1 in
    --list) list=1 ;;
    --page) pages+=("$2"); shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "results.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) names+=("$1") ;;
  esac
  shift
done
[ ${#pages[@]} -gt 0 ] || mapfile -t pages < <(grep -l '^<!-- bench: ' "$root"/docs/*.md)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# markers PAGE: "LINE<TAB>NAME<TAB>COMMAND" for each marker of PAGE.
markers() {
  sed -n '/^<!-- bench: /=; s/^<!-- bench: \([A-Za-z0-9._-]*\): \(.*[^ ]\) *-->$/\1\t\2/p' "$1" |
    awk -F'\t' 'NF == 1 { line = $1; next } { print line "\t" $0 }'
}

# block_kind PAGE LINE: "table" or "fenced" for the block after the marker
# on LINE, or nothing when there is none.
block_kind() {
  awk -v m="$2" 'NR > m && NF { if (/^\|/) print "table"; else if (/^```/) print "fenced"; exit }' "$1"
}

# Commands run once per call of this script, however many blocks show them.
declare -A ran=()
# run COMMAND: sets $out to the file of its standard output; fails when it
# exits 2 or more or prints nothing.
run() {
  if [ -z "${ran[$1]+x}" ]; then
    local file=$tmp/out.${#ran[@]} rc
    echo "results.sh: running $1" >&2
    (cd "$root" && bash -c "$1") >"$file"
    rc=$?
    if [ $rc -ge 2 ] || [ ! -s "$file" ]; then
      echo "results.sh: '$1' failed (status $rc)" >&2
      rm -f "$file"
    fi
    ran[$1]=$file
  fi
  out=${ran[$1]}
  [ -f "$out" ]
}

# option WORD COMMAND: the value after WORD in COMMAND, if any.
option() { awk -v w="$1" '{ for (i = 1; i < NF; i++) if ($i == w) { print $(i + 1); exit } }' <<<"$2"; }

# table1 COMMAND OUT: Table 1 from table1.sh's CSV, with the case names,
# bounds (as table1.sh derives them from --quick, --threads, --ops) and
# progress operations of models/cases.csv.
table1() {
  local quick=0; [[ " $1 " == *" --quick "* ]] && quick=1
  awk -F, -v quick=$quick -v threads="$(option --threads "$1")" -v ops="$(option --ops "$1")" '
    function group(n,   s) {  # 12345 -> 12 345
      if (n !~ /^[0-9]+$/) return n
      s = ""; while (length(n) > 3) { s = " " substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
      return n s
    }
    function verdict(v) { return v == "false" ? "**false**" : v }
    function mark(v) { return v == "true" ? "✓" : v == "false" ? "✗" : v == "" ? "–" : v }
    FNR == NR { if ($1 != "id") { name[$1] = $2; k[$1] = $7; n[$1] = $8; pops[$1] = $11 }; next }
    $1 == "id" {
      print "| id | case | K×N | states | transitions | quotient states | lin. | lock-free | progress (lock, wait, obstr., deadl., starv.) at ops | refuted for ever | s |"
      print "|---|---|---|---:|---:|---:|---|---|---|---|---:|"
      next
    }
    {
      id = $1; kk = threads != "" ? threads : k[id]; nn = n[id] + (quick ? 0 : 1)
      if (ops != "") nn = ops
      p = pops[id] != "" ? pops[id] : nn
      forever = $13; gsub(/-free/, "", forever); gsub(/;/, ", ", forever)
      sub(/obstruction/, "obstr.", forever); sub(/deadlock/, "deadl.", forever); sub(/starvation/, "starv.", forever)
      printf "| %s | %s | %s×%s | %s | %s | %s | %s | %s | %s %s %s %s %s at %s | %s | %s |\n", id, name[id], kk, nn,
        group($2), group($3), group($4), verdict($6), verdict($7), mark($8), mark($9), mark($10), mark($11), mark($12),
        p, forever, $14
    }' "$root/models/cases.csv" "$2"
}

# figure4 NAME COMMAND OUT: figure4.sh's columns as a table, one row per
# configuration, or the last configuration of each series (NAME *-largest).
figure4() {
  local largest=0; [[ $1 == *-largest ]] && largest=1
  local threads; threads=$(option --threads "$2"); threads=${threads:-2}
  awk -F, -v largest=$largest -v threads="$threads" '
    FNR == NR { if ($1 != "id") name[$1] = $2; next }
    /^# .* at [0-9]+ operations: stopped/ {  # "# ID at N operations: stopped (REASON)"
      r = $0; sub(/^[^(]*\(/, "", r); sub(/\)$/, "", r); split($0, w, " "); stop[w[2]] = r; next
    }
    /^#/ || $0 ~ /^id / { next }
    {
      id = substr($0, 1, 6); gsub(/ /, "", id)
      split(substr($0, 43), f, " ")  # ops states transitions q_states reduction lin seconds peak_MB
      if (!(id in seen)) { seen[id] = 1; order[++ids] = id }
      if (!largest) {
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", id, name[id], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]
      } else if (f[6] == "true" || f[6] == "false") {
        last[id] = sprintf("| %s | %s | %s ops | %s | %s | %s | %s | %s |", id, name[id], f[1], f[2], f[4], f[5], f[7], f[8])
      } else stop[id] = "time (refines)"
    }
    END {
      if (!largest) exit
      for (i = 1; i <= ids; i++) if (order[i] in last)
        printf "%s %s |\n", last[order[i]], order[i] in stop ? stop[order[i]] : "largest size tried"
    }' "$root/models/cases.csv" "$3" |
  if [ $largest = 1 ]; then
    echo "| id | algorithm | largest verified ($threads threads) | states | quotient | reduction | seconds | peak MB | next size stopped by |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
    cat
  else
    echo "| id | algorithm | ops | states | transitions | quotient states | reduction | linearizable | seconds | peak MB |"
    echo "|---|---|---:|---:|---:|---:|---:|---|---:|---:|"
    cat
  fi
}

# merge A B: table A with B's rows in place of A's rows of the same first two cells.
merge() {
  awk 'function key(l) { split(l, c, "|"); gsub(/^ +| +$/, "", c[2]); gsub(/^ +| +$/, "", c[3]); return c[2] "|" c[3] }
    FNR == NR { if (FNR > 2) { k = key($0); rows[k] = rows[k] $0 "\n"; if (!(k in seen)) { seen[k] = 1; order[++n] = k } }; next }
    FNR <= 2 { print; next }
    { k = key($0); if (k in rows) { if (!(k in done)) printf "%s", rows[k]; done[k] = 1 } else print }
    END { for (i = 1; i <= n; i++) if (!(order[i] in done)) printf "%s", rows[order[i]] }' "$2" "$1"
}

# render NAME KIND COMMAND...: the new block's lines (without the fences).
render() {
  local name=$1 kind=$2 cmd table=""
  shift 2
  for cmd in "$@"; do
    run "$cmd" || return 1
    if [ "$kind" = fenced ]; then cat "$out"; continue; fi
    case $cmd in
      *bench/table1.sh*) table1 "$cmd" "$out" ;;
      *bench/figure4.sh*) figure4 "$name" "$cmd" "$out" ;;
      *) grep '^|' "$out" ;;
    esac >"$tmp/table.new"
    [ "$(wc -l <"$tmp/table.new")" -gt 2 ] || { echo "results.sh: '$cmd' printed no table rows" >&2; return 1; }
    if [ -z "$table" ]; then table=$tmp/table; mv "$tmp/table.new" "$table"
    else merge "$table" "$tmp/table.new" >"$tmp/table.merged"; mv "$tmp/table.merged" "$table"; fi
  done
  [ -z "$table" ] || cat "$table"
}

# replace PAGE LINE KIND FILE: the block after the marker on LINE becomes FILE.
replace() {
  awk -v m="$2" -v kind="$3" -v file="$4" '
    NR <= m || state == "done" { print; next }
    state == "" && !NF { print; next }
    state == "" && kind == "fenced" { print; state = "in"; next }
    state == "in" && /^```/ { while ((getline l < file) > 0) print l; print; state = "done"; next }
    state == "in" { next }
    state == "" { state = "table" }
    state == "table" && /^\|/ { next }
    state == "table" { while ((getline l < file) > 0) print l; print; state = "done" }
    END { if (state == "table") while ((getline l < file) > 0) print l }' "$1" >"$tmp/page" && cat "$tmp/page" >"$1"
}

for page in "${pages[@]}"; do
  [ -f "$page" ] || { echo "results.sh: no page $page" >&2; exit 2; }
done
known=" $(for page in "${pages[@]}"; do markers "$page" | cut -f2; done | tr '\n' ' ')"
for name in "${names[@]}"; do
  [[ $known == *" $name "* ]] || { echo "results.sh: no block named $name" >&2; exit 2; }
done
failed=0
for page in "${pages[@]}"; do
  if [ $list = 1 ]; then markers "$page" | sed "s|^|${page#"$root"/}:|; s|\t| |; s|\t|: |"; continue; fi
  # Bottom up, so that a rewritten block does not move the markers still to do.
  while IFS=$'\t' read -r line name command; do
    if [ ${#names[@]} -gt 0 ] && [[ " ${names[*]} " != *" $name "* ]]; then continue; fi
    where=${page#"$root"/}:$line
    kind=$(block_kind "$page" "$line")
    [ -n "$kind" ] || { echo "results.sh: $where: no table or fenced block after the marker" >&2; failed=1; continue; }
    mapfile -t commands < <(awk '{ n = split($0, c, / ; /); for (i = 1; i <= n; i++) print c[i] }' <<<"$command")
    if render "$name" "$kind" "${commands[@]}" >"$tmp/block" && [ -s "$tmp/block" ]; then
      replace "$page" "$line" "$kind" "$tmp/block"
      echo "results.sh: $where: $name rewritten" >&2
    else
      echo "results.sh: $where: $name kept as it was" >&2
      failed=1
    fi
  done < <(markers "$page" | sort -t$'\t' -k1,1nr)
done
exit $failed
