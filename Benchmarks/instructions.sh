#!/usr/bin/env bash
# The instructions each job takes, counted by callgrind: a regression check that a shared
# machine cannot blur. Timings here move by 10-25 % from run to run (two byte-identical
# binaries measured 12 % apart in CPU time); the count of instructions executed, every
# thread's, moves by less than 0.1 % (see docs/performance.md).
#   - the input: a ride of 100,358 points as a generic GPX (the simulator's plain export
#     with its <type> removed and an <hdop> on every point), small enough for valgrind's
#     40-fold slowdown;
#   - the jobs: analyze (table and --format json), replay --headless --speed max, sessions
#     import into a fresh store, and that session exported as GPX, TCX, CSV, JSON and FIT;
#   - the binary stripped of its debug information first (valgrind cannot read Swift's).
# Prints the millions of instructions of each job beside its limit in
# Benchmarks/instruction-limits.txt, and fails (status 1) where one is over. Needs valgrind
# (apt-get install valgrind). About five minutes.
#
#   Benchmarks/instructions.sh            KEEP=DIR keeps the input, the store and the profiles
set -euo pipefail
cd "$(dirname "$0")/.."
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
export STRIDER_HOME=$work/home XDG_CONFIG_HOME=$work/config
command -v valgrind > /dev/null || {
  echo "valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
}

swift build -c release -q --product strider
strider=$work/strider
strip --strip-debug -o "$strider" .build/release/strider

gpx=$work/generic.gpx
if [[ ! -s $gpx ]]; then
  "$strider" simulate --plain --activity ride --seed 3 --length 700000 -o "$work/ride.gpx" 2> /dev/null
  sed -e 's#<type>[^<]*</type>##' -e 's#</time></trkpt>#</time><hdop>1.1</hdop></trkpt>#' \
    "$work/ride.gpx" > "$gpx"
  rm "$work/ride.gpx"
fi

declare -A count
# count NAME ARGUMENTS...: the millions of instructions `strider ARGUMENTS...` executes.
count() {
  local name=$1
  shift
  if ! valgrind --tool=callgrind --callgrind-out-file="$work/$name.callgrind" \
    "$strider" "$@" > /dev/null 2> "$work/$name.err"; then
    echo "$name failed: $(grep -v '^==' "$work/$name.err" | tail -1)"
    return
  fi
  local n
  n=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/$name.err")
  count[$name]=$(echo "scale=1; $n / 1000000" | bc)
}

count analyze analyze "$gpx"
count analyze-json analyze --format json "$gpx"
count replay replay "$gpx" --headless --speed max
rm -rf "$STRIDER_HOME"
count import sessions import "$gpx"
for format in gpx tcx csv json fit; do
  count "export-$format" sessions export 1 --format "$format" -o "$work/out.$format" --force
done

status=0
printf '%-13s %14s %10s\n' job "instructions" limit
while read -r job limit; do
  [[ -z $job || $job == \#* ]] && continue
  if [[ -z ${count[$job]:-} ]]; then
    printf '%-13s %14s %9sM  NOT RUN\n' "$job" - "$limit"
    status=1
  elif (($(echo "${count[$job]} <= $limit" | bc -l))); then
    printf '%-13s %13sM %9sM  within\n' "$job" "${count[$job]}" "$limit"
  else
    printf '%-13s %13sM %9sM  OVER\n' "$job" "${count[$job]}" "$limit"
    status=1
  fi
done < Benchmarks/instruction-limits.txt
exit $status
