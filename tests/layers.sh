#!/bin/bash
# layers.sh LIBRARY LAYER...: the folders of LIBRARY (a folder of the
# repository) are layers in the order given, "." the library's own top
# folder: a file includes headers of its own layer and of the layers before
# it, never of one after it, so no include cycle can join two folders
# (docs/architecture.md). A folder in no layer fails the check.
set -u
lib=$1; shift
order=("$@")
rank() { local i; for i in "${!order[@]}"; do [ "${order[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo -1; }
bad=0 seen=0
cd "$SRC/$lib" || exit 1
for f in $(find . -name '*.[ch]pp' | sort); do
  dir=$(dirname "${f#./}"); [ "$dir" = "${f#./}" ] && dir=.
  mine=$(rank "$dir")
  [ "$mine" -ge 0 ] || { echo "FAIL: $lib/${f#./} is in a folder without a layer: $dir"; bad=1; continue; }
  while read -r inc; do
    target=${inc#"$lib"/}; tdir=$(dirname "$target")
    theirs=$(rank "$tdir"); seen=$((seen + 1))
    [ "$theirs" -ge 0 ] || { echo "FAIL: $lib/${f#./} includes $inc, in no layer"; bad=1; continue; }
    [ "$theirs" -le "$mine" ] || { echo "FAIL: $lib/${f#./} ($dir) includes $inc ($tdir), a later layer"; bad=1; }
  done < <(sed -n "s|^#include \"\($lib/[^\"]*\)\".*|\1|p" "$f")
done
[ "$seen" -gt 20 ] || { echo "FAIL: only $seen includes of $lib/ found"; exit 1; }
[ "$bad" = 0 ] && echo "layers of $lib/: $seen includes, each of its own or an earlier layer"
exit "$bad"
