#!/usr/bin/env bash
# Times `strider` beside the tools people use today, on the same files, in one run:
#   - a 1,000,000-point GPX of about 100 MB (the simulator's plain export):
#     `strider analyze` as people run it (the table), with --format json (the same figures),
#     with --format json --live (which runs the live pipeline too, for the cues and live
#     report a replay would give) and --no-filter, gpxpy's `gpxinfo`
#     (pip install gpxpy), gpsbabel reading the track points (apt-get install gpsbabel;
#     with TZ=UTC, or it spends a third of its time re-reading the time-zone file),
#     and `cat FILE > /dev/null` as the practical limit;
#   - the same points as a generic watch-style GPX: no <type> (so the activity is guessed)
#     and an <hdop> on every point;
#   - the 1M points replayed headless at --speed max, imported into a fresh database, and
#     exported from it as GPX, TCX, CSV, JSON and FIT (time, peak memory, fixes per second);
#   - the 1M fixes exported as FIT: `strider analyze` (and --no-filter), gpsbabel's FIT
#     reader and cat;
#   - a 100,000-epoch NMEA log: `strider analyze`, gpsbabel's NMEA reader and cat;
#   - a 3-hour run replayed headless as fast as possible, and the CPU an idle live session
#     takes (connected to a gpsd with no receiver; needs gpsd);
#   - then Benchmarks/ceiling.sh: every format read, generic, in CPU time against a C
#     ceiling, gpsbabel and fitdecode.
# Prints seconds (best of RUNS, default 3; one run for gpxinfo, which takes half a minute),
# peak memory, MB/s, each peer's time as a multiple of Strider's, and the targets met.
#
#   Benchmarks/compare.sh            RUNS=1 Benchmarks/compare.sh     KEEP=DIR keeps inputs
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
export STRIDER_HOME=$work/home XDG_CONFIG_HOME=$work/config
# As Scripts/install.sh builds it: the Swift runtime and Foundation linked in,
# so a start does not resolve thousands of their symbols (a 10-line file 18 -> 9 ms).
swift build -c release -q --static-swift-stdlib --product strider
strider=$PWD/.build/release/strider

gpx=$work/big.gpx
nmea=$work/big.nmea
run3h=$work/run-3h.gpx
[[ -s $gpx ]] || $strider simulate --plain --activity ride --seed 3 --length 7000000 -o "$gpx" 2> /dev/null
[[ -s $nmea ]] || $strider simulate --format nmea --activity ride --seed 4 --length 700000 -o "$nmea" 2> /dev/null
[[ -s $run3h ]] || $strider simulate --activity run --seed 5 --length 36000 -o "$run3h" 2> /dev/null
generic=$work/generic.gpx
[[ -s $generic ]] || sed -e 's#<type>[^<]*</type>##' -e 's#</time></trkpt>#</time><hdop>1.1</hdop></trkpt>#' "$gpx" > "$generic"
points=$(grep -c '<trkpt' "$gpx")

megabytes() { echo "scale=1; $(stat -c %s "$1") / 1000000" | bc; }
printf 'inputs: %s (%s track points, %s MB), %s (%s epochs, %s MB)\n\n' \
  "$(basename "$gpx")" "$(grep -c '<trkpt' "$gpx")" "$(megabytes "$gpx")" \
  "$(basename "$nmea")" "$(grep -c '^\$GPRMC' "$nmea")" "$(megabytes "$nmea")"

declare -A secs mem
# measure NAME TIMES COMMAND...: best wall time of TIMES runs, peak memory of the last.
measure() {
  local name=$1 times=$2 best=
  shift 2
  if ! command -v "$1" > /dev/null 2>&1; then
    echo "skip $name: $1 is not installed"
    return
  fi
  for ((i = 0; i < times; i++)); do
    local start=$EPOCHREALTIME
    if ! /usr/bin/time -f '%M' -o "$work/rss" "$@" > /dev/null 2> "$work/err"; then
      echo "$name failed: $(tail -1 "$work/err")"
      return
    fi
    local took
    took=$(echo "$EPOCHREALTIME - $start" | bc)
    if [[ -z $best ]] || (($(echo "$took < $best" | bc))); then best=$took; fi
  done
  secs[$name]=$best
  mem[$name]=$(tail -1 "$work/rss")
}

# table FILE REFERENCE NAME...: one row per tool, ratios against REFERENCE.
table() {
  local file=$1 reference=$2
  shift 2
  local size
  size=$(stat -c %s "$file")
  printf '%-18s %9s %9s %9s %12s\n' tool seconds "peak MB" "MB/s" "x $reference"
  for name in "$@"; do
    [[ -n ${secs[$name]:-} ]] || continue
    local s=${secs[$name]}
    printf '%-18s %9.3f %9.1f %9.1f %12.2f\n' "$name" "$s" "$(echo "${mem[$name]} / 1024" | bc -l)" \
      "$(echo "$size / 1000000 / $s" | bc -l)" "$(echo "$s / ${secs[$reference]}" | bc -l)"
  done
  echo
}

measure cat "$runs" cat "$gpx"
measure "strider analyze" "$runs" "$strider" analyze "$gpx"
measure "strider json" "$runs" "$strider" analyze --format json "$gpx"
measure "strider json live" "$runs" "$strider" analyze --format json --live "$gpx"
measure "strider --no-filter" "$runs" "$strider" analyze --no-filter "$gpx"
measure gpxinfo 1 gpxinfo "$gpx"
measure "gpsbabel -t" "$runs" env TZ=UTC gpsbabel -t -i gpx -f "$gpx" -o unicsv -F /dev/null
echo "GPX, $(megabytes "$gpx") MB"
table "$gpx" "strider analyze" cat "strider analyze" "strider json" "strider json live" "strider --no-filter" gpxinfo "gpsbabel -t"

measure "strider generic" "$runs" "$strider" analyze "$generic"
measure "gpsbabel generic" "$runs" env TZ=UTC gpsbabel -t -i gpx -f "$generic" -o unicsv -F /dev/null
echo "generic GPX (no <type>, <hdop> on every point), $(megabytes "$generic") MB"
table "$generic" "strider generic" "strider generic" "gpsbabel generic"

# A fresh history, as without KEEP: a kept one holds the last run's imported 1M fixes, and
# a replay beside such a history keeps the track's times and distances for the records to
# beat (17 MB more at the peak, and it is timed as replay-with-history instead).
rm -rf "$STRIDER_HOME"
measure "replay 1M" "$runs" "$strider" replay "$gpx" --speed max --headless
rm -rf "$STRIDER_HOME"
measure "import 1M" 1 "$strider" sessions import "$gpx"
measure "export 1M" "$runs" "$strider" sessions export 1 --format gpx -o "$work/export.gpx" --force
for format in tcx csv json; do
  measure "export 1M $format" "$runs" "$strider" sessions export 1 --format $format -o "$work/export.$format" --force
done
echo "1M fixes: replay, import, export"
printf '%-18s %9s %9s %12s\n' step seconds "peak MB" "fixes/s"
for name in "replay 1M" "import 1M" "export 1M" "export 1M tcx" "export 1M csv" "export 1M json"; do
  [[ -n ${secs[$name]:-} ]] || continue
  printf '%-18s %9.3f %9.1f %12.0f\n' "$name" "${secs[$name]}" \
    "$(echo "${mem[$name]} / 1024" | bc -l)" "$(echo "$points / ${secs[$name]}" | bc -l)"
done
echo

# The 1M fixes as FIT, written by the FIT export of the imported session: Strider reading
# it (the reader's MB/s shows best with --no-filter), gpsbabel's FIT reader, and cat.
fit=$work/big.fit
measure "export 1M fit" 1 "$strider" sessions export 1 --format fit --points raw -o "$fit" --force
if [[ -s $fit ]]; then
  measure "cat fit" "$runs" cat "$fit"
  measure "strider fit" "$runs" "$strider" analyze "$fit"
  measure "strider fit raw" "$runs" "$strider" analyze --no-filter "$fit"
  measure "gpsbabel fit" "$runs" env TZ=UTC gpsbabel -t -i garmin_fit -f "$fit" -o unicsv -F /dev/null
  echo "FIT, $(megabytes "$fit") MB (the 1M fixes exported)"
  table "$fit" "strider fit" "cat fit" "strider fit" "strider fit raw" "gpsbabel fit"
fi

measure "cat nmea" "$runs" cat "$nmea"
measure "strider nmea" "$runs" "$strider" analyze "$nmea"
measure "gpsbabel nmea" "$runs" env TZ=UTC gpsbabel -i nmea -f "$nmea" -o unicsv -F /dev/null
echo "NMEA, $(megabytes "$nmea") MB"
table "$nmea" "strider nmea" "cat nmea" "strider nmea" "gpsbabel nmea"

# Start-up: a 10-line NMEA file, where the time is the program's start, best of 20.
ten=$work/ten.nmea
head -10 "$nmea" > "$ten"
measure "strider 10 lines" 20 "$strider" analyze --format json "$ten"
measure "gpsbabel 10 lines" 20 env TZ=UTC gpsbabel -i nmea -f "$ten" -o unicsv -F /dev/null
# The CPU each start takes (user and system, from the shell's own clock, to the
# millisecond), best of 20: on a shared machine a start's wall time is mostly waiting for
# a core, and the CPU time is what the program itself costs.
cpu_ms() {
  local best= took
  for ((i = 0; i < 20; i++)); do
    took=$( { TIMEFORMAT='%3U %3S'; time "$@" > /dev/null 2>&1; } 2>&1 | awk '{ print ($1 + $2) * 1000 }')
    if [[ -z $best ]] || (($(echo "$took < $best" | bc))); then best=$took; fi
  done
  echo "$best"
}
strider_cpu=$(cpu_ms "$strider" analyze --format json "$ten")
gpsbabel_cpu=
command -v gpsbabel > /dev/null && gpsbabel_cpu=$(cpu_ms env TZ=UTC gpsbabel -i nmea -f "$ten" -o unicsv -F /dev/null)
printf 'a 10-line NMEA file: strider %.1f ms (CPU %s ms), gpsbabel %.1f ms (CPU %s ms)\n' \
  "$(echo "${secs[strider 10 lines]:-0} * 1000" | bc -l)" "$strider_cpu" \
  "$(echo "${secs[gpsbabel 10 lines]:-0} * 1000" | bc -l)" "${gpsbabel_cpu:--}"

measure "replay 3 h" "$runs" "$strider" replay "$run3h" --speed max --headless
printf 'replay of a 3-hour run, headless, --speed max: %.3f s\n' "${secs[replay 3 h]:-0}"

idle=
if command -v gpsd > /dev/null; then
  port=$((20000 + RANDOM % 20000))
  gpsd -N -n -S "$port" > /dev/null 2>&1 &
  gpsd_pid=$!
  sleep 1
  "$strider" run --gpsd "127.0.0.1:$port" --headless > /dev/null 2>&1 &
  live=$!
  sleep 2
  ticks() { awk '{print $14 + $15}' "/proc/$live/stat"; }
  before=$(ticks)
  sleep 10
  after=$(ticks)
  kill "$live" "$gpsd_pid" 2> /dev/null || true
  wait 2> /dev/null || true
  idle=$(echo "($after - $before) * 100 / $(getconf CLK_TCK) / 10" | bc -l)
  printf 'idle live session (recording; gpsd with no receiver), 10 s: %.2f %% of a core\n' "$idle"
fi

echo
echo "targets"
check() { # label condition
  if (($(echo "$2" | bc -l))); then echo "  met     $1"; else echo "  MISSED  $1"; fi
}
s=${secs[strider analyze]}
size=$(stat -c %s "$gpx")
[[ -n ${secs[gpxinfo]:-} ]] && check "analyze at least 50x faster than gpxinfo ($(printf %.1f "$(echo "${secs[gpxinfo]} / $s" | bc -l)")x)" "${secs[gpxinfo]} / $s >= 50"
[[ -n ${secs[gpsbabel -t]:-} ]] && check "analyze at least 10x faster than gpsbabel ($(printf %.1f "$(echo "${secs[gpsbabel -t]} / $s" | bc -l)")x)" "${secs[gpsbabel -t]} / $s >= 10"
check "analyze at least 200 MB/s ($(printf %.0f "$(echo "$size / 1000000 / $s" | bc -l)") MB/s)" "$size / 1000000 / $s >= 200"
check "analyze peak memory under 100 MB ($(printf %.0f "$(echo "${mem[strider analyze]} / 1024" | bc -l)") MB)" "${mem[strider analyze]} / 1024 < 100"
g=${secs[strider generic]}
check "generic GPX at least 200 MB/s ($(printf %.0f "$(echo "$(stat -c %s "$generic") / 1000000 / $g" | bc -l)") MB/s)" "$(stat -c %s "$generic") / 1000000 / $g >= 200"
[[ -n ${secs[gpsbabel generic]:-} ]] && check "generic GPX at least 10x faster than gpsbabel ($(printf %.1f "$(echo "${secs[gpsbabel generic]} / $g" | bc -l)")x)" "${secs[gpsbabel generic]} / $g >= 10"
[[ -n ${secs[gpsbabel nmea]:-} ]] && check "NMEA at least 10x faster than gpsbabel ($(printf %.1f "$(echo "${secs[gpsbabel nmea]} / ${secs[strider nmea]}" | bc -l)")x)" "${secs[gpsbabel nmea]} / ${secs[strider nmea]} >= 10"
check "JSON within 1.1x the table ($(printf %.2f "$(echo "${secs[strider json]} / $s" | bc -l)")x)" "${secs[strider json]} / $s <= 1.1"
# Against the analysis that runs the same live pipeline as the replay (--live); the table's
# skips it, and the ratio to it is printed beside.
j=${secs[strider json live]}
check "replay of 1M fixes within 1.3x analyze --format json --live ($(printf %.2f "$(echo "${secs[replay 1M]} / $j" | bc -l)")x; $(printf %.2f "$(echo "${secs[replay 1M]} / $s" | bc -l)")x the table's)" "${secs[replay 1M]} / $j <= 1.3"
for step in "replay 1M" "import 1M" "export 1M" "export 1M tcx" "export 1M csv" "export 1M json" "export 1M fit"; do
  [[ -n ${mem[$step]:-} ]] && check "$step under 100 MB ($(printf %.0f "$(echo "${mem[$step]} / 1024" | bc -l)") MB)" "${mem[$step]} / 1024 < 100"
done
[[ -n ${secs[import 1M]:-} ]] && check "import at least 100k fixes/s ($(printf %.0f "$(echo "$points / ${secs[import 1M]}" | bc -l)")/s)" "$points / ${secs[import 1M]} >= 100000"
check "3-hour replay under 0.2 s ($(printf %.3f "${secs[replay 3 h]}") s)" "${secs[replay 3 h]} < 0.2"
[[ -n ${secs[gpsbabel 10 lines]:-} ]] && check "a 10-line NMEA file no slower than gpsbabel ($(printf %.2f "$(echo "${secs[strider 10 lines]} / ${secs[gpsbabel 10 lines]}" | bc -l)")x its time; CPU ${strider_cpu} against ${gpsbabel_cpu:--} ms)" "${secs[strider 10 lines]} <= ${secs[gpsbabel 10 lines]}"
[[ -n $idle ]] && check "idle live session under 1 % of a core ($(printf %.2f "$idle") %)" "$idle < 1"

# Every format read, generic, in CPU time against a C ceiling and the peers (its own
# limits fail it where a reader regressed).
echo
RUNS=$runs KEEP=$work/ceiling Benchmarks/ceiling.sh
