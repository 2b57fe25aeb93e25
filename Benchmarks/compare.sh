#!/usr/bin/env bash
# Times `strider analyze` beside the tools people use today, on the same file, in one run:
# gpxpy's gpxinfo (pip install gpxpy), gpsbabel reading the track points
# (apt-get install gpsbabel), and `cat FILE > /dev/null` as the practical limit.
# Prints seconds, peak memory, MB/s and each peer's time as a multiple of Strider's.
#
#   Benchmarks/compare.sh [LENGTH_M]     (default 1,500,000 m of simulated ride)
set -euo pipefail
cd "$(dirname "$0")/.."
length=${1:-1500000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release -q
strider=.build/release/strider
$strider simulate --activity ride --seed 3 --faults all --length "$length" -o "$work/big.gpx"
size=$(stat -c %s "$work/big.gpx")
points=$(grep -c '<trkpt' "$work/big.gpx")
printf 'input: %s points, %.1f MB\n' "$points" "$(echo "$size / 1000000" | bc -l)"

measure() { # name command...: prints "seconds peak_kb"
  local name=$1
  shift
  /usr/bin/time -f '%e %M' -o "$work/$name.time" "$@" > /dev/null 2> "$work/$name.err" || true
  cat "$work/$name.time" | tail -1
}

declare -A secs mem
run() {
  local name=$1
  shift
  if ! command -v "$1" > /dev/null 2>&1 && [ ! -x "$1" ]; then
    echo "skip $name: $1 not installed"
    return
  fi
  read -r s m < <(measure "$name" "$@")
  secs[$name]=$s
  mem[$name]=$m
}
run cat cat "$work/big.gpx"
run strider "$strider" analyze --format json "$work/big.gpx"
run gpxinfo gpxinfo "$work/big.gpx"
run gpsbabel gpsbabel -t -i gpx -f "$work/big.gpx" -o unicsv -F /dev/null

printf '%-10s %9s %10s %9s %12s\n' tool seconds "peak MB" "MB/s" "x strider"
for name in cat strider gpxinfo gpsbabel; do
  [ -n "${secs[$name]:-}" ] || continue
  s=${secs[$name]}
  printf '%-10s %9.2f %10.1f %9.1f %12.2f\n' "$name" "$s" "$(echo "${mem[$name]} / 1024" | bc -l)" \
    "$(echo "$size / 1000000 / ($s + 0.001)" | bc -l)" "$(echo "$s / (${secs[strider]} + 0.001)" | bc -l)"
done
