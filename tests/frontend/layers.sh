#!/bin/bash
# frontend/'s folders are layers in the order a model travels
# (docs/architecture.md, "frontend/"): a file includes headers of its own
# folder and of the folders before it, never of one after it, so no include
# cycle can join two folders. compile.hpp (the front of the pipeline) sits
# above the five; replay/ above all of them.
set -u
order=(language analysis run reduce explore . replay)
rank() { local i; for i in "${!order[@]}"; do [ "${order[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo -1; }
bad=0 seen=0
cd "$SRC/frontend" || exit 1
for f in $(find . -name '*.[ch]pp' | sort); do
  dir=$(dirname "${f#./}"); [ "$dir" = "${f#./}" ] && dir=.
  mine=$(rank "$dir")
  [ "$mine" -ge 0 ] || { echo "FAIL: $f is in a folder without a layer: $dir"; bad=1; continue; }
  while read -r inc; do
    target=${inc#frontend/}; tdir=$(dirname "$target")
    theirs=$(rank "$tdir"); seen=$((seen + 1))
    [ "$theirs" -ge 0 ] || { echo "FAIL: $f includes $inc, in no layer"; bad=1; continue; }
    [ "$theirs" -le "$mine" ] || { echo "FAIL: $f ($dir) includes $inc ($tdir), a later layer"; bad=1; }
  done < <(sed -n 's|^#include "\(frontend/[^"]*\)".*|\1|p' "$f")
done
[ "$seen" -gt 100 ] || { echo "FAIL: only $seen includes of frontend/ found"; exit 1; }
[ "$bad" = 0 ] && echo "layers: $seen includes, each of its own or an earlier layer"
exit "$bad"
