#!/usr/bin/env bash
# How far the splits a live session tells are from the finished track's (issue 50): runs
# `analyze --format json --live` on Demo/'s GPX files and every GPX, TCX and FIT file under
# DATA (default ../shared/data, the shared real recordings), and counts the whole splits
# whose told time (`live_duration_s`, present where it differs) is more than 2 s and more
# than 10 s from the finished one (`duration_s`).
#
#   Scripts/told-splits.sh [-v] [STRIDER]   -v lists each split over 2 s, with its note
#
# Files the binary cannot read are left out (a FIT file with a corrupt header, say).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
verbose=0
if [[ ${1:-} == -v ]]; then
  verbose=1
  shift
fi
strider=${1:-$here/.build/release/strider}
if [[ ! -x $strider ]]; then
  (cd "$here" && swift build -c release -q --product strider)
fi
data=${DATA:-$here/../shared/data}
STRIDER_HOME=$(mktemp -d)
export STRIDER_HOME XDG_CONFIG_HOME=$STRIDER_HOME/config TZ=UTC
trap 'rm -rf "$STRIDER_HOME"' EXIT
{
  find "$here/Demo" -maxdepth 1 -iname '*.gpx'
  if [[ -d $data ]]; then
    find "$data/gpx" "$data/tcx" "$data/fit" -type f \
      \( -iname '*.gpx' -o -iname '*.tcx' -o -iname '*.fit' \) 2> /dev/null
  fi
} | LC_ALL=C sort | python3 -c '
import json, os, subprocess, sys
strider, verbose = sys.argv[1], sys.argv[2] == "1"
total = over2 = over10 = 0
rows = []
for path in sys.stdin.read().split():
    run = subprocess.run([strider, "analyze", path, "--format", "json", "--live"],
                         capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
    except ValueError:
        continue
    for split in report.get("splits") or []:
        if split.get("partial"):
            continue
        total += 1
        told = split.get("live_duration_s")
        diff = 0 if told is None else told - split["duration_s"]
        if abs(diff) > 2:
            over2 += 1
            name, index, note = os.path.basename(path), split["index"], split.get("note", "")
            rows.append(f"{name} split {index}: {diff:+.1f} s ({note})")
        if abs(diff) > 10:
            over10 += 1
print(f"{total} whole splits: told more than 2 s from the finished {over2}, "
      f"more than 10 s {over10}")
if verbose:
    print("\n".join(rows))
' "$strider" "$verbose"
