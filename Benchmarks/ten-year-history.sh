#!/usr/bin/env bash
# Builds a ten-year history (3,650 daily sessions) and times the history's commands on it
# (issue 19: `history` opening and `stats --year` under 200 ms each, from the figures kept
# per session, not the fixes).
#
# Seven sessions come from the simulator through `sessions import` (six runs of 5 to 12 km
# and a 30 km ride, each with its own seed): the real pipeline, so their summaries, best
# efforts and figures are Strider's own. The other 3,643 days are copies of them made in
# SQL, a day apart, back from today (the ride on Sundays), with every fix, track point and
# figure shifted in time: about 12M fixes. Prints the best of RUNS (default 5) of
# `history --time-only` (the list, days and records read, nothing drawn), `stats --year`
# and `records`, and the database's size.
#
#   Benchmarks/ten-year-history.sh        KEEP=DIR keeps the database (STRIDER_HOME=DIR/home)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
export STRIDER_HOME=$work/home XDG_CONFIG_HOME=$work/config
swift build -c release -q --product strider
strider=$PWD/.build/release/strider
db=$STRIDER_HOME/strider.sqlite

if [[ ! -s $db ]] || [[ $(sqlite3 "$db" 'SELECT count(*) FROM session') -lt 3650 ]]; then
  rm -rf "$STRIDER_HOME"
  mkdir -p "$STRIDER_HOME"
  lengths=(5000 7000 6000 10000 8000 12000)
  for i in 0 1 2 3 4 5; do
    "$strider" simulate --activity run --seed $((i + 1)) --faults none --length "${lengths[$i]}" \
      -o "$work/run$i.gpx" 2>/dev/null
  done
  "$strider" simulate --activity ride --seed 7 --faults none --length 30000 \
    -o "$work/ride.gpx" 2>/dev/null
  "$strider" sessions import "$work"/run{0,1,2,3,4,5}.gpx "$work/ride.gpx" >/dev/null
  now=$(date +%s)
  # Day k back from today (k = 0 .. 3649) copies template (day of week): templates 1-6 are
  # runs, 7 the ride; each copy starts at 07:00 UTC that day.
  sqlite3 "$db" <<SQL
PRAGMA foreign_keys = OFF;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = OFF;
CREATE TEMP TABLE plan AS
  WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < 3649)
  SELECT n AS back,
    CASE CAST(strftime('%w', $now - n * 86400, 'unixepoch') AS INTEGER)
      WHEN 0 THEN 7 ELSE (n % 6) + 1 END AS template,
    100 + n AS id,
    (($now / 86400) - n) * 86400 + 25200 AS start
  FROM k;
CREATE TEMP TABLE shift AS
  SELECT p.id, p.template, p.start - s.startTime AS delta
  FROM plan p JOIN session s ON s.id = p.template;
INSERT INTO session (id, name, activity, origin, state, wasInterrupted, source, createdAt,
  updatedAt, startTime, endTime, fixCount, configuration, distance, elapsed, moving,
  calories, summary, hasFinishedTrack)
  SELECT x.id, s.name, s.activity, s.origin, s.state, 0, s.source, s.createdAt, s.updatedAt,
    s.startTime + x.delta, s.endTime + x.delta, s.fixCount, s.configuration, s.distance,
    s.elapsed, s.moving, s.calories, s.summary, s.hasFinishedTrack
  FROM shift x JOIN session s ON s.id = x.template;
INSERT INTO fix SELECT x.id, f.seq, f.time + x.delta, f.latitude, f.longitude, f.altitude,
    f.horizontalAccuracy, f.verticalAccuracy, f.speed, f.course, f.mode, f.provider,
    f.satellites, f.hdop, f.heartRate, f.cadence, f.deviceDistance, f.segment,
    f.originIndex, f.originLine, f.verdict
  FROM shift x JOIN fix f ON f.sessionId = x.template;
INSERT INTO trackPoint SELECT x.id, t.seq, t.time + x.delta, t.latitude, t.longitude,
    t.altitude, t.speed, t.accuracy, t.segment
  FROM shift x JOIN trackPoint t ON t.sessionId = x.template;
INSERT INTO displayPoint SELECT x.id, t.seq, t.time + x.delta, t.latitude, t.longitude,
    t.altitude, t.speed, t.accuracy, t.segment
  FROM shift x JOIN displayPoint t ON t.sessionId = x.template;
INSERT INTO finishedPoint SELECT x.id, t.seq, t.time + x.delta, t.latitude, t.longitude,
    t.altitude, t.speed, t.stopped, t.distance, t.segment
  FROM shift x JOIN finishedPoint t ON t.sessionId = x.template;
INSERT INTO event SELECT x.id, e.seq, e.kind, e.time + x.delta, e.detail
  FROM shift x JOIN event e ON e.sessionId = x.template;
INSERT INTO sessionFigures SELECT x.id, f.version, f.elevationGain
  FROM shift x JOIN sessionFigures f ON f.sessionId = x.template;
INSERT INTO bestEffort SELECT x.id, b.kind, b.target, b.startTime + x.delta,
    b.endTime + x.delta, b.startDistance, b.distance
  FROM shift x JOIN bestEffort b ON b.sessionId = x.template;
INSERT INTO heartRateTime SELECT x.id, h.bpm, h.seconds, h.below
  FROM shift x JOIN heartRateTime h ON h.sessionId = x.template;
PRAGMA foreign_keys = ON;
DELETE FROM session WHERE id < 100;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
fi

sessions=$(sqlite3 "$db" 'SELECT count(*) FROM session')
fixes=$(sqlite3 "$db" 'SELECT count(*) FROM fix')
echo "database: $sessions sessions, $fixes fixes, $(du -h "$db" | cut -f1)"

best() {  # best wall time of $runs runs of "$@", in ms
  local best=999999 t0 t1 ms
  for _ in $(seq "$runs"); do
    t0=$(date +%s%N)
    "$@" >/dev/null
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    ((ms < best)) && best=$ms
  done
  echo "$best"
}

"$strider" history --time-only
printf 'history --time-only  %5d ms (whole process)\n' "$(best "$strider" history --time-only)"
printf 'stats --year         %5d ms\n' "$(best "$strider" stats --year)"
printf 'records              %5d ms\n' "$(best "$strider" records)"
