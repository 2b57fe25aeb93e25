#!/usr/bin/env bash
# Writes what strider prints and exports for every file it is given, so that a change meant to
# keep every output (a restructure, a speed-up) can be checked byte for byte against the code
# before it:
#
#   Scripts/same-outputs.sh write DIR [STRIDER]   every output into DIR (default binary:
#                                                   .build/release/strider, built if absent)
#   Scripts/same-outputs.sh compare DIR1 DIR2     exits 1 and lists the files that differ
#
# The files: Demo/'s recordings and every GPX, TCX, FIT and NMEA file under DATA (default
# ../shared/data, the shared real recordings; absent, the demo files alone), and gpsd's JSON
# reports of each NMEA log (its .chk file's JSON lines, written into DIR/inputs, since the
# .chk itself opens as NMEA). For each: `analyze` (table and --format json), `replay
# --headless --speed max`, `sessions import`; then for each session kept `sessions show`
# (with and without --plot), every export format with the default points and GPX with the raw
# fixes; then `sessions list`, `records` and `stats` over the lot. Exit statuses and error output are kept
# beside the output, so a failure that changes is a difference too. Nothing is written outside
# DIR; the store and settings live in DIR/home.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  sed -n '7,8p' "$0" | sed 's/^# *//' >&2
  exit 2
}

compare() {
  local a=$1 b=$2
  [[ -d $a && -d $b ]] || usage
  if diff -rq --exclude=home --exclude=inputs "$a" "$b" > /dev/null; then
    echo "same: $(find "$a/files" "$a/sessions" "$a"/*.* -type f | wc -l) outputs byte-identical"
  else
    diff -rq --exclude=home --exclude=inputs "$a" "$b" || true
    return 1
  fi
}

# run NAME COMMAND...: the command's standard output in NAME, its error output and exit
# status in NAME.err (the status on the last line).
run() {
  local name=$1 status=0
  shift
  "$@" > "$name" 2> "$name.err" < /dev/null || status=$?
  echo "exit $status" >> "$name.err"
}

write() {
  local out=$1 strider=${2:-$here/.build/release/strider}
  if [[ ! -x $strider ]]; then
    (cd "$here" && swift build -c release -q --product strider)
  fi
  strider=$(cd "$(dirname "$strider")" && pwd)/$(basename "$strider")
  local data=${DATA:-$here/../shared/data}
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  rm -rf "${out:?}"/*
  export STRIDER_HOME=$out/home XDG_CONFIG_HOME=$out/home/config XDG_DATA_HOME=$out/home/data
  export TZ=UTC LC_ALL=C.UTF-8 NO_COLOR=1
  mkdir -p "$STRIDER_HOME" "$XDG_CONFIG_HOME"
  chmod 700 "$STRIDER_HOME"

  local files=()
  for f in "$here"/Demo/*.gpx "$here"/Demo/*.nmea; do files+=("$f"); done
  if [[ -d $data ]]; then
    while IFS= read -r f; do files+=("$f"); done < <(
      find "$data/gpx" "$data/tcx" "$data/fit" "$data/nmea" -type f \
        \( -iname '*.gpx' -o -iname '*.tcx' -o -iname '*.fit' -o -name '*.nmea' -o -name '*.log' \
        -o -name '*.chk' \) 2> /dev/null | LC_ALL=C sort)
    mkdir -p "$out/inputs"
    local chk
    for chk in "$data"/nmea/*.chk; do
      [[ -f $chk ]] || continue
      grep '^{' "$chk" > "$out/inputs/$(basename "$chk" .chk).json" || true
      # Named from DIR, where the commands run, so that no output holds DIR's path.
      files+=("inputs/$(basename "$chk" .chk).json")
    done
  fi

  mkdir -p "$out/files" "$out/sessions"
  cd "$out"
  local f key
  for f in "${files[@]}"; do
    key=${f#"$here"/}
    key=${key#"$data"/}
    key=${key//\//__}
    run "$out/files/$key.analyze.txt" "$strider" analyze "$f"
    run "$out/files/$key.analyze.json" "$strider" analyze "$f" --format json
    run "$out/files/$key.replay.jsonl" "$strider" replay "$f" --headless --speed max
    run "$out/files/$key.import.txt" "$strider" sessions import "$f" --quiet
  done

  local ids
  ids=$("$strider" sessions list 2> /dev/null | awk 'NR > 1 && $1 ~ /^[0-9]+$/ { print $1 }' | sort -n)
  local id format
  for id in $ids; do
    run "$out/sessions/$id.show.txt" "$strider" sessions show "$id"
    run "$out/sessions/$id.plot.txt" "$strider" sessions show "$id" --plot
    for format in gpx tcx json csv fit; do
      run "$out/sessions/$id.export.$format" \
        "$strider" sessions export "$id" --format "$format" --quiet
    done
    run "$out/sessions/$id.raw.gpx" \
      "$strider" sessions export "$id" --format gpx --points raw --quiet
  done
  run "$out/list.txt" "$strider" sessions list
  run "$out/records.txt" "$strider" records
  run "$out/records.json" "$strider" records --format json
  # The current period is counted to "now": a fixed now keeps the output the same tomorrow.
  run "$out/stats.txt" "$strider" stats --as-of 2026-01-01
  run "$out/stats-month.json" "$strider" stats --month --as-of 2026-01-01 --format json
  echo "wrote $(find "$out/files" "$out/sessions" "$out"/*.* -type f | wc -l) outputs of ${#files[@]} files into $out"
}

case ${1:-} in
  write) [[ $# -ge 2 ]] || usage; shift; write "$@" ;;
  compare) [[ $# -eq 3 ]] || usage; compare "$2" "$3" ;;
  *) usage ;;
esac
