#!/usr/bin/env bash
# Installs what building and testing need: Debian packages only.
#   bash scripts/install-deps.sh           build and tests
#   bash scripts/install-deps.sh --bench   also what bench/ draws with
#   bash scripts/install-deps.sh --fuzz    also clang and libFuzzer (scripts/fuzz.sh)
set -euo pipefail
packages=(
  g++ cmake ninja-build                      # compiler and build
  libfmt-dev libcli11-dev libboost-graph-dev # libraries
  libgtest-dev                               # tests
  time                                       # /usr/bin/time for peak memory in bench/
  libopenmpi-dev openmpi-bin                 # gen-mpi and its tests (distributed/)
  python3                                    # tests/docs: the commands the docs show
  spin                                       # tests/ltl: SPIN as a second reference (also bench/gen)
)
for flag in "$@"; do
  case "$flag" in
    --bench) packages+=(gnuplot-nox) ;;                # bench/figure4.sh: plots
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;    # scripts/fuzz.sh: clang 14's libFuzzer
    *) echo "install-deps.sh: unknown option $flag" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
