#!/usr/bin/env bash
# The concurrency drill at full size (issue 14), on the release binary:
#
#   1. `sessions import` of a 1M-point GPX (session 1), then `sessions export` of it, each
#      under /usr/bin/time -v for its peak memory;
#   2. `strider run --headless` fed by gpsfake on loopback (with gpspipe beside it as a
#      witness of what gpsd sent), while another 1M-point import and the delete of session
#      1 run in other processes and `strider sessions` is polled in a loop;
#   3. `sessions vacuum`, with bytes per fix.
#
# Prints: fixes sent (distinct TPV times gpspipe saw) against fixes stored in the live
# session, fixes the run counted (points_in) against stored, `sessions` polls ok/failed,
# every exit status, and the peak memory of import, export and delete.
#
# Needs gpsd-clients (gpsfake, gpspipe), sqlite3 and python3. About three minutes on two
# cores. POINTS=200000 makes a smaller drill; WORK chooses the scratch folder (the GPX
# files are kept there between runs).
set -euo pipefail
cd "$(dirname "$0")/.."
points=${POINTS:-1000000}
work=${WORK:-/tmp/strider-concurrency-drill}
mkdir -p "$work"
# STRIDER=path runs the drill on another binary (an older Strider, for a before figure).
if [[ -z ${STRIDER:-} ]]; then swift build -c release --product strider > /dev/null; fi
strider=${STRIDER:-$PWD/.build/release/strider}
home=$work/home
rm -rf "$home" "$work"/*.out "$work"/*.err "$work"/*.time
export STRIDER_HOME=$home

# A ride at about 7 m a point gives `points` points.
length=$((points * 7))
first=$work/first-$points.gpx
second=$work/second-$points.gpx
[[ -s $first ]] || $strider simulate --plain --activity ride --seed 3 --length $length -o "$first" 2> /dev/null
[[ -s $second ]] || $strider simulate --plain --activity ride --seed 4 --length $length -o "$second" 2> /dev/null
log=$work/run.nmea
[[ -s $log ]] || $strider simulate --format nmea --activity run --faults none --seed 7 \
  --length 12000 --lead-in 30 -o "$log" 2> /dev/null

peak() { awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$1"; }
seconds() { awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$1"; }

echo "inputs: $(grep -c '<trkpt' "$first") and $(grep -c '<trkpt' "$second") GPX points," \
  "$(grep -c RMC "$log") NMEA epochs for gpsfake"

/usr/bin/time -v -o "$work/import.time" $strider sessions import "$first" > "$work/import1.out"
/usr/bin/time -v -o "$work/export.time" $strider sessions export 1 --format gpx > /dev/null
echo "import of $(basename "$first"): peak $(peak "$work/import.time") MB, $(seconds "$work/import.time")"
echo "export (gpx) of session 1: peak $(peak "$work/export.time") MB, $(seconds "$work/export.time")"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
$strider run --gpsd "127.0.0.1:$port" --headless > "$work/run.out" 2> "$work/run.err" &
run=$!
# gpsfake paced so the log lasts about as long as the import (-c: seconds a sentence).
gpsfake -q -1 -c "${CYCLE:-0.012}" -W 3 -P "$port" "$log" > /dev/null 2>&1 &
fake=$!
for _ in $(seq 50); do
  (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
  sleep 0.1
done
gpspipe -w "127.0.0.1:$port" > "$work/gpspipe.out" 2> /dev/null &
pipe=$!
sleep 3

/usr/bin/time -v -o "$work/import2.time" $strider sessions import "$second" \
  > "$work/import2.out" 2> "$work/import2.err" &
import=$!
sleep 2
/usr/bin/time -v -o "$work/delete.time" $strider sessions delete 1 --yes \
  > "$work/delete.out" 2> "$work/delete.err" &
delete=$!

ok=0
failed=0
journal=0
while kill -0 "$fake" 2> /dev/null || kill -0 "$import" 2> /dev/null \
  || kill -0 "$delete" 2> /dev/null; do
  if $strider sessions > /dev/null 2>> "$work/polls.err"; then ok=$((ok + 1)); else failed=$((failed + 1)); fi
  # The recorder's journal exists only while the lock held elsewhere keeps fixes out.
  if compgen -G "$home/strider.sqlite-pending-*" > /dev/null; then journal=$((journal + 1)); fi
done
import_status=0
wait "$import" || import_status=$?
delete_status=0
wait "$delete" || delete_status=$?
wait "$fake" || true
sleep 2
kill -TERM "$run" 2> /dev/null || true  # an older Strider may have died already
run_status=0
wait "$run" || run_status=$?
kill "$pipe" 2> /dev/null || true
wait "$pipe" 2> /dev/null || true

live=$(sqlite3 "$home/strider.sqlite" "SELECT id FROM session WHERE origin = 'live'")
stored=$(sqlite3 "$home/strider.sqlite" "SELECT count(*) FROM fix WHERE sessionId = $live")
window=$(sqlite3 -separator ' ' "$home/strider.sqlite" \
  "SELECT min(time), max(time) FROM fix WHERE sessionId = $live")
sqlite3 "$home/strider.sqlite" "SELECT printf('%.3f', time) FROM fix WHERE sessionId = $live" \
  > "$work/stored-times.txt"
python3 - "$work/gpspipe.out" "$work/stored-times.txt" $window > "$work/witness.txt" << 'EOF'
import json, sys, datetime
sent = set()
for line in open(sys.argv[1]):
    try:
        report = json.loads(line)
    except ValueError:
        continue
    if report.get("class") == "TPV" and report.get("mode", 0) >= 2 and "time" in report:
        t = datetime.datetime.fromisoformat(report["time"].replace("Z", "+00:00"))
        sent.add(round(t.timestamp(), 3))
stored = {float(x) for x in open(sys.argv[2]) if x.strip()}
lo, hi = float(sys.argv[3]), float(sys.argv[4])
inside = {t for t in sent if lo <= t <= hi}
print(len(sent), len(inside), len(inside - stored))
EOF
read -r sent inside missing < "$work/witness.txt"
points_in=$(python3 -c 'import json,sys; print([json.loads(l) for l in open(sys.argv[1]) if l.strip()][-1].get("points_in", "?"))' "$work/run.out")

echo "live run: exit $run_status; fixes the run received (points_in) $points_in, stored $stored" \
  "($(sqlite3 "$home/strider.sqlite" "SELECT state FROM session WHERE id = $live"))"
echo "gpsd sent $sent fix times (gpspipe); $inside of them while the run was connected," \
  "$missing of those missing from the session"
echo "second import: exit $import_status ($(cat "$work/import2.out"))," \
  "peak $(peak "$work/import2.time") MB, $(seconds "$work/import2.time")"
echo "delete of session 1: exit $delete_status, peak $(peak "$work/delete.time") MB," \
  "$(seconds "$work/delete.time")"
echo "sessions polls: $ok ok, $failed failed; the recorder's journal was there at $journal of them"
[[ -s $work/polls.err ]] && sort "$work/polls.err" | uniq -c | head -5
echo "run stderr: $(tr '\n' ' ' < "$work/run.err")"
$strider sessions vacuum || echo "(no sessions vacuum in this Strider)"
echo "megabytes by table:"
sqlite3 "$home/strider.sqlite" \
  "SELECT printf('  %-14s %7.1f', name, sum(pgsize) / 1e6) FROM dbstat GROUP BY name
   HAVING sum(pgsize) > 100000 ORDER BY sum(pgsize) DESC"
ls -l "$home"
