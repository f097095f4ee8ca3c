# gen-mpi --no-reduce -o FILE, written in parts by every rank with MPI-IO
# (distributed/aut_part_writer.hpp), against gen: its own cases. The route
# is seen in -v's lines "rank K: N bytes of the output written at offset
# O", one per rank, which must tile the file. Outputs that cannot be
# written at offsets (-o -, /dev/stdout) take the gather route: the same
# bytes, no such line. A write refused on one rank (a file size limit)
# must end the run with exit 2, the reason said once, and leave neither the
# output nor a temporary file. (Pieces of more than one collective step
# per rank are distributed_aut_part_writer's: 64 MiB of text per rank is
# too much for a test.)
. "$SRC/tests/distributed/lib.sh"
cat > "$work/tiny.conc" <<'MODEL'
object O {
  shared x: 0..1 = 0;
  method set() { x := 1; }
}
MODEL
ms=$SRC/models/ms_queue.conc
out=$work/out/o.aut
mkdir -p "$work/out"

# no_temporary WHAT: nothing but the names given left in $work/out.
no_temporary() {
  local what=$1 f; shift
  for f in "$work"/out/* "$work"/out/.[!.]*; do
    [ -e "$f" ] || [ -L "$f" ] || continue
    case " $* " in *" $(basename "$f") "*) ;; *) fail "$what: $(basename "$f") left in the output folder" ;; esac
  done
}
# in_parts WHAT NP FILE: -v's lines of $work/err say that each of NP ranks
# wrote its part, the parts one after the other over FILE's bytes.
in_parts() {
  local what=$1 np=$2 file=$3 at=0 r line bytes offset
  for r in $(seq 0 $((np - 1))); do
    line=$(grep "^gen-mpi: rank $r: .* bytes of the output written at offset" "$work/err")
    [ "$(printf '%s\n' "$line" | grep -c .)" = 1 ] || { fail "$what: rank $r did not say once what it wrote"; return; }
    bytes=$(echo "$line" | sed 's/.*rank [0-9]*: \([0-9]*\) bytes.*/\1/')
    offset=$(echo "$line" | sed 's/.*offset \([0-9]*\)$/\1/')
    [ "$offset" = "$at" ] || fail "$what: rank $r wrote at $offset, expected $at"
    at=$((at + bytes))
  done
  [ "$at" = "$(stat -c %s "$file")" ] || fail "$what: the parts hold $at bytes, the file $(stat -c %s "$file")"
}
# same WHAT NP GEN-ARGS...: gen-mpi -o $out in parts, gen's bytes.
same() {
  local what=$1 np=$2; shift 2
  "$BIN/gen" "$@" --no-reduce -o "$work/ref.aut" || { fail "$what: gen failed"; return; }
  rm -f "$out"
  mpi "$np" "$BIN/gen-mpi" "$@" --no-reduce -v -o "$out" 2>"$work/err" || {
    fail "$what -np $np: exit $?: $(grep -v 'level' "$work/err" | head -3)"; return; }
  cmp -s "$work/ref.aut" "$out" || fail "$what -np $np: output differs from gen"
  in_parts "$what -np $np" "$np" "$out"
  no_temporary "$what -np $np" o.aut
}

# 4 states: at R = 5 and 6 some ranks' blocks are empty. The MS queue at
# 2 x 2: 889 KB of text, over 64 KiB per rank at every R.
for np in 1 2 3 4 5 6; do same "tiny" "$np" "$work/tiny.conc" -t 1 -n 1; done
for np in 1 2 3 4 5; do same "ms_queue 2x2" "$np" "$ms" -t 2 -n 2; done
same "ms_queue 2x1 --tau-name tau" 3 "$ms" -t 2 -n 1 --tau-name tau
grep -q ',tau,' "$out" || fail "--tau-name tau: no tau in the output"
same "ms_queue 2x1 --thread-steps" 4 "$ms" -t 2 -n 1 --thread-steps

# An existing output is replaced by a new file (rename), never rewritten in
# place: a hard link to the old one keeps the old bytes.
"$BIN/gen" "$ms" -t 2 -n 1 --no-reduce -o "$work/ref.aut"
echo old > "$out"
ln "$out" "$work/old.aut"
mpi 3 "$BIN/gen-mpi" "$ms" -t 2 -n 1 --no-reduce -v -o "$out" 2>"$work/err" || fail "replace: exit $?"
cmp -s "$work/ref.aut" "$out" || fail "replace: output differs from gen"
[ "$(cat "$work/old.aut")" = old ] || fail "replace: the old file was written in place"
in_parts "replace" 3 "$out"
no_temporary "replace" o.aut

# Through a symbolic link: the link stays, its target is replaced.
rm -f "$out"
echo old > "$work/out/target.aut"
ln -s target.aut "$work/out/link.aut"
mpi 2 "$BIN/gen-mpi" "$ms" -t 2 -n 1 --no-reduce -v -o "$work/out/link.aut" 2>"$work/err" || fail "link: exit $?"
[ -L "$work/out/link.aut" ] || fail "link: the link was replaced"
cmp -s "$work/ref.aut" "$work/out/target.aut" || fail "link: the target differs from gen"
in_parts "link" 2 "$work/out/target.aut"
no_temporary "link" link.aut target.aut
rm -f "$work/out/link.aut" "$work/out/target.aut"

# Standard output: the gather route, the same bytes.
for o in - /dev/stdout; do
  mpi 3 "$BIN/gen-mpi" "$ms" -t 2 -n 1 --no-reduce -v -o "$o" > "$work/stdout.aut" 2>"$work/err" || fail "-o $o: exit $?"
  cmp -s "$work/ref.aut" "$work/stdout.aut" || fail "-o $o: output differs from gen"
  ! grep -q "bytes of the output written" "$work/err" || fail "-o $o: written in parts, at offsets of a stream"
done

# A write refused on some ranks: a file size limit of 600 KiB on the ranks
# (SIGXFSZ ignored, so the write fails with EFBIG) cuts the 889 KB file in
# rank 2's part of 3. Over TCP on the loopback: the shared-memory transport
# itself creates files past the limit.
"$BIN/gen" "$ms" -t 2 -n 2 --no-reduce -o "$work/ref.aut"
rm -f "$out"
OMPI_MCA_btl=self,tcp OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo \
  mpi 3 bash -c "trap '' XFSZ; ulimit -f 600; exec '$BIN/gen-mpi' '$ms' -t 2 -n 2 --no-reduce -o '$out'" \
  2>"$work/err"
rc=$?
[ "$rc" = 2 ] || fail "size limit: exit $rc, expected 2: $(grep -v level "$work/err" | head -3)"
[ "$(grep -c "^$out: error: cannot write" "$work/err")" = 1 ] ||
  fail "size limit: the error is not said once: $(grep -v level "$work/err" | head -5)"
[ ! -e "$out" ] || fail "size limit: output left behind"
no_temporary "size limit"

# A folder the user may not write (root may write any: skipped then).
if [ "$(id -u)" != 0 ]; then
  chmod a-w "$work/out"
  mpi 2 "$BIN/gen-mpi" "$ms" -t 2 -n 1 --no-reduce -o "$out" 2>"$work/err"
  rc=$?
  chmod u+w "$work/out"
  [ "$rc" = 2 ] || fail "read-only folder: exit $rc, expected 2"
  [ "$(grep -c "o.aut: error" "$work/err")" = 1 ] || fail "read-only folder: the error is not said once: $(head -3 "$work/err")"
  no_temporary "read-only folder"
fi
finish
