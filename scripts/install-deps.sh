#!/usr/bin/env bash
# Installs what building, testing and benchmarking need: Debian packages only.
set -euo pipefail
packages=(
  g++ cmake ninja-build                      # compiler and build
  libfmt-dev libcli11-dev libboost-graph-dev # libraries
  libgtest-dev                               # tests
  time                                       # /usr/bin/time for peak memory in bench/
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
