# Sourced by the bench scripts that time the tools.
#
# bench_setup NAME COMMAND: checks for /usr/bin/time, makes $tmp (removed at
# exit), and prints the command and the machine on stderr.
bench_setup() {
  [ -x /usr/bin/time ] || { echo "$1: /usr/bin/time is needed (Debian package 'time')" >&2; exit 2; }
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  echo "# command: $2" >&2
  echo "# machine: $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB" >&2
}

# failure_reason STATUS ERRFILE: "time" for timeout's 124, else the first
# error message of ERRFILE (cut to 53 characters).
failure_reason() {
  if [ "$1" = 124 ]; then echo time; else grep -m1 -o 'error: .*' "$2" | cut -c8-60; fi
}
