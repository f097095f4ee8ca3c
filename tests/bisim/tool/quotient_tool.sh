# quotient: exit codes, -o without partial files, --map, -v, '-' as stdin,
# byte-identical output, and the quotient of a quotient.
. "$SRC/tests/tools/lib.sh"
q="$BIN/quotient"

# A small LTS: 0 -i-> 1 -a-> 2, 0 -a-> 2, 3 unreachable.
cat > "$work/small.aut" <<'AUT'
des (0,4,4)
(0,i,1)
(1,"a",2)
(0,"a",2)
(3,"b",0)
AUT

expect_status 0 "$q" --help
grep -q -- "--map" "$work/out" || fail "--help does not describe --map"
grep -q "STATE QSTATE" "$work/out" || fail "--help does not give the map format"
grep -q "Exit status" "$work/out" || fail "--help does not give the exit status"
expect_status 0 "$q" --version
expect_status 2 "$q" -e weak "$work/small.aut"
expect_status 2 "$q" "$work/no_such_file.aut"
grep -q "no_such_file.aut" "$work/err" || fail "missing file not named: $(cat "$work/err")"

# Branching is the default; the exact quotient.
expect_status 0 "$q" "$work/small.aut"
printf 'des (0,1,2)\n(0,"a",1)\n' | cmp -s - "$work/out" || fail "small quotient: $(cat "$work/out")"
[ ! -s "$work/err" ] || fail "stderr not empty without -v: $(cat "$work/err")"
expect_status 0 "$q" -e strong --tau-name=tau "$work/small.aut"
printf 'des (0,3,3)\n(0,tau,1)\n(0,"a",2)\n(1,"a",2)\n' | cmp -s - "$work/out" || fail "strong: $(cat "$work/out")"
expect_status 0 "$q" "$work/small.aut" --tau=a
printf 'des (0,0,1)\n' | cmp -s - "$work/out" || fail "--tau=a: $(cat "$work/out")"

# --map: one line per input state, '-' for the unreachable one.
expect_status 0 "$q" "$work/small.aut" -o "$work/small.q.aut" --map "$work/small.map"
[ ! -s "$work/out" ] || fail "-o still wrote to stdout"
printf '0 0\n1 0\n2 1\n3 -\n' | cmp -s - "$work/small.map" || fail "map: $(cat "$work/small.map")"
expect_status 0 "$q" -e none "$work/small.aut" --map "$work/none.map"
printf '0 0\n1 1\n2 2\n3 -\n' | cmp -s - "$work/none.map" || fail "none map: $(cat "$work/none.map")"

# Bad input with -o and --map: exit 2, a located message, no file at all.
mkdir "$work/o"
printf 'des (0,2,3)\n(0,"a",1)\n(1,"b",7)\n' > "$work/bad.aut"
expect_status 2 "$q" "$work/bad.aut" -o "$work/o/out.aut" --map "$work/o/out.map"
grep -q "bad.aut:3:" "$work/err" || fail "no FILE:LINE: in '$(cat "$work/err")'"
[ -z "$(ls -A "$work/o")" ] || fail "files left behind: $(ls -A "$work/o")"
# An unwritable map leaves no quotient behind either.
expect_status 2 "$q" "$work/small.aut" -o "$work/o/out.aut" --map "$work/o/missing_dir/out.map"
[ -z "$(ls -A "$work/o")" ] || fail "files left behind for a bad --map: $(ls -A "$work/o")"
# A map that names a directory is refused before any work; the quotient
# file that existed is left as it was.
mkdir "$work/o/dir"
echo OLD > "$work/o/old.aut"
expect_status 2 "$q" "$work/small.aut" -o "$work/o/old.aut" --map "$work/o/dir"
grep -q "dir: error: cannot write a result here: it is a directory" "$work/err" || fail "map dir: $(cat "$work/err")"
[ "$(cat "$work/o/old.aut")" = OLD ] || fail "a failed --map replaced the quotient file"
rm -r "$work/o/dir" "$work/o/old.aut"
# The quotient and the map cannot share a file, by any name, nor stdout.
expect_status 2 "$q" "$work/small.aut" -o "$work/o/same" --map "$work/o/./same"
grep -q "two results cannot both go to this file" "$work/err" || fail "same file: $(cat "$work/err")"
expect_status 2 "$q" "$work/small.aut" -o - --map -
grep -q "cannot both go to standard output" "$work/err" || fail "both stdout: $(cat "$work/err")"
[ -z "$(ls -A "$work/o")" ] || fail "files left behind for shared outputs: $(ls -A "$work/o")"
# An empty file name is a slip, not standard output.
expect_status 2 "$q" "$work/small.aut" -o ''
expect_status 2 "$q" "$work/small.aut" --map ''
# -o through a symbolic link writes the file it points to and keeps the
# link; a FIFO is written in place, never replaced (as a device would be:
# not tested on /dev/null, which a regression would replace).
ln -s real.aut "$work/o/link.aut"
expect_status 0 "$q" "$work/small.aut" -o "$work/o/link.aut"
[ -L "$work/o/link.aut" ] || fail "-o replaced the symbolic link"
head -1 "$work/o/real.aut" | grep -q '^des ' || fail "-o did not write the link's target"
mkfifo "$work/o/fifo"
timeout 10 cat "$work/o/fifo" > "$work/o/from_fifo" &  # no hang if -o misses the FIFO
reader=$!
expect_status 0 "$q" "$work/small.aut" -o "$work/o/fifo"
wait $reader
[ -p "$work/o/fifo" ] || fail "-o replaced the FIFO"
cmp -s "$work/o/from_fifo" "$work/o/real.aut" || fail "what came through the FIFO differs"
rm -r "$work/o"; mkdir "$work/o"

# Sparse numbering: one transition into state 4294967294 needs no array
# per state (lts/sparse_states.hpp), here not even 1 GB of address space.
printf 'des (0,1,4294967295)\n(0,"a",4294967294)\n' > "$work/sparse.aut"
# (AddressSanitizer's shadow memory needs terabytes of address space: no
# limit for its build, which checks the answer only.)
limit=1000000
grep -qa __asan_init "$q" && limit=unlimited
(ulimit -v $limit && "$q" -e divbranching "$work/sparse.aut" > "$work/sparse.q") 2> "$work/err" ||
  fail "a sparse LTS in 1 GB: $(cat "$work/err")"
[ "$(cat "$work/sparse.q")" = "$(printf 'des (0,1,2)\n(0,"a",1)')" ] || fail "sparse LTS: $(cat "$work/sparse.q")"
# ... and its map lists the states it mentions, by their ids.
(ulimit -v $limit && "$q" "$work/sparse.aut" --map "$work/sparse.map" > /dev/null) 2> "$work/err" ||
  fail "a sparse LTS's map in 1 GB: $(cat "$work/err")"
[ "$(cat "$work/sparse.map")" = "$(printf '0 0\n4294967294 1')" ] || fail "sparse map: $(cat "$work/sparse.map")"

# Every state the header declares is a state, reachable or not: -v counts
# them and the map gives each its line (as CADP and mCRL2 count them).
printf 'des (0,1,2000000)\n(0,"a",1)\n' > "$work/isolated.aut"
expect_status 0 "$q" -v "$work/isolated.aut" --map "$work/isolated.map"
grep -q "input   2000000 states, 1 transitions" "$work/err" || fail "declared states: $(head -3 "$work/err")"
[ "$(wc -l < "$work/isolated.map")" = 2000000 ] || fail "map lines: $(wc -l < "$work/isolated.map")"
[ "$(tail -1 "$work/isolated.map")" = "1999999 -" ] || fail "map end: $(tail -1 "$work/isolated.map")"

# '-' reads standard input, with the same result as the file.
data="$DATA/oracle/vasy_5_9.aut"
"$q" -e divbranching "$data" > "$work/file.q" || fail "vasy_5_9 failed"
"$q" -e divbranching - < "$data" > "$work/stdin.q" || fail "vasy_5_9 from stdin failed"
cmp -s "$work/file.q" "$work/stdin.q" || fail "stdin and file outputs differ"
# ... and from a pipe, whose size is unknown (its header is trusted for
# the room reserved, up to a bound; formats/aut_reader.cpp).
cat "$data" | "$q" -e divbranching - > "$work/pipe.q" || fail "vasy_5_9 from a pipe failed"
cmp -s "$work/file.q" "$work/pipe.q" || fail "pipe and file outputs differ"
# A pipe whose header declares far more transitions than it holds: the
# usual error, not a failed allocation.
printf 'des (0,4294967295,3)\n(0,"a",1)\n' | "$q" - > "$work/out" 2> "$work/err"
status=$?
[ "$status" -eq 2 ] || fail "a lying header on a pipe: exit status $status"
grep -q "<stdin>:3:1: error: the header declares 4294967295 transitions but the file has 1" "$work/err" ||
  fail "a lying header on a pipe: $(cat "$work/err")"
[ -s "$work/out" ] && fail "a lying header on a pipe: output written"
# Byte-identical across runs; the quotient of a quotient is itself.
for e in strong branching divbranching; do
  "$q" -e $e "$data" > "$work/a.q" && "$q" -e $e "$data" > "$work/b.q" || fail "$e run failed"
  cmp -s "$work/a.q" "$work/b.q" || fail "$e: two runs differ"
  "$q" -e $e "$work/a.q" > "$work/aa.q" || fail "$e: quotient of quotient failed"
  cmp -s "$work/a.q" "$work/aa.q" || fail "$e: quotient of the quotient differs"
done

# -v: sizes, reduction and every phase on stderr; stdout unchanged.
expect_status 0 "$q" -v "$data"
"$q" "$data" | cmp -s - "$work/out" || fail "-v changed the quotient"
for word in "input   5486 states, 9676 transitions" "output  112 states, 213 transitions" reduction \
            " read " " reach " " scc " " refine " " build " " write " " total "; do
  grep -q -- "$word" "$work/err" || fail "-v lacks '$word': $(cat "$work/err")"
done
# ... and the stages of refinement, the last one ending at the quotient's
# number of states (vasy_5_9: 112 under branching, 145 under strong).
grep -q "refinement, stage by stage" "$work/err" || fail "-v lacks the stages: $(cat "$work/err")"
grep -q "states merged: 5486 -> " "$work/err" || fail "-v lacks the tau-SCC stage: $(cat "$work/err")"
tail -n 1 "$work/err" | grep -q ": 112 classes" || fail "-v: the last stage is not at 112 classes: $(cat "$work/err")"
expect_status 0 "$q" -v -e strong "$data"
grep -q " scc " "$work/err" && fail "-e strong reports an scc phase"
tail -n 1 "$work/err" | grep -q ": 145 classes" || fail "-v -e strong: the last stage is not at 145 classes: $(cat "$work/err")"

# --dot: a Graphviz picture of the quotient of small.aut (0 -a-> 1, the
# initial state doubled), written with the quotient ...
rm -f "$work/q.aut" "$work/q.dot"
expect_status 0 "$q" "$work/small.aut" -o "$work/q.aut" --dot "$work/q.dot"
printf 'digraph lts {\n  rankdir=LR;\n  node [shape=circle];\n  0 [shape=doublecircle];\n  0 -> 1 [label="a"];\n}\n' |
  cmp -s - "$work/q.dot" || fail "--dot picture: $(cat "$work/q.dot")"
printf 'des (0,1,2)\n(0,"a",1)\n' | cmp -s - "$work/q.aut" || fail "--dot changed the quotient"
expect_status 2 "$q" "$work/small.aut" -o "$work/same" --dot "$work/same"
# ... and refused, with nothing written, for a quotient of more than 1000
# states: a line of 1001 a-steps ending in a b-loop, whose states all differ
# by their distance to b (1001 states), while 1000 states are drawn.
for n in 1000 1001; do
  { echo "des (0,$n,$n)"
    for ((s = 0; s + 1 < n; s++)); do echo "($s,\"a\",$((s + 1)))"; done
    echo "($((n - 1)),\"b\",$((n - 1)))"; } > "$work/line$n.aut"
done
rm -f "$work/q.aut" "$work/q.dot" "$work/q.map"
expect_status 0 "$q" "$work/line1000.aut" -o "$work/q.aut" --dot "$work/q.dot"
[ "$(grep -c -- '->' "$work/q.dot")" = 1000 ] || fail "--dot on 1000 states: not 1000 edges"
rm -f "$work/q.aut" "$work/q.dot"
expect_status 2 "$q" "$work/line1001.aut" -o "$work/q.aut" --dot "$work/q.dot" --map "$work/q.map"
grep -q "the quotient has 1001 states; --dot draws at most 1000" "$work/err" || fail "--dot guard: $(cat "$work/err")"
[ ! -e "$work/q.aut" ] && [ ! -e "$work/q.dot" ] && [ ! -e "$work/q.map" ] || fail "--dot guard left a file"
finish
