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

# The copy of a template's rows of TABLE for each planned day, every column named from the
# schema as it is (a column added by a later migration is copied too, where a list written
# out by hand once failed on v10's fix columns and went on to time sessions without fixes),
# the session's number and every time shifted to the day.
copy_sql() {
  local table=$1 key=sessionId columns select
  [[ $table == session ]] && key=id
  columns=$(sqlite3 "$db" "SELECT group_concat(name, ', ') FROM pragma_table_info('$table')")
  select=$(sqlite3 "$db" "SELECT group_concat(CASE
      WHEN name = '$key' THEN 'x.id'
      WHEN name IN ('time', 'startTime', 'endTime') THEN 't.' || name || ' + x.delta'
      WHEN name = 'wasInterrupted' THEN '0'
      ELSE 't.' || name END, ', ') FROM pragma_table_info('$table')")
  echo "INSERT INTO $table ($columns) SELECT $select"
  echo "  FROM shift x JOIN $table t ON t.$key = x.template;"
}

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
  # Every simulated route starts at one place and time: the ride would read as the same
  # outing as the 12 km run, which ends near it.
  "$strider" sessions import --keep-duplicate "$work"/run{0,1,2,3,4,5}.gpx "$work/ride.gpx" \
    >/dev/null
  now=$(date +%s)
  # Day k back from today (k = 0 .. 3649) copies template (day of week): templates 1-6 are
  # runs, 7 the ride; each copy starts at 07:00 UTC that day.
  sqlite3 -bail "$db" <<SQL
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
$(for table in session fix trackPoint displayPoint finishedPoint event sessionFigures \
    bestEffort heartRateTime lap; do copy_sql "$table"; done)
PRAGMA foreign_keys = ON;
DELETE FROM session WHERE id < 100;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
fi

sessions=$(sqlite3 "$db" 'SELECT count(*) FROM session')
fixes=$(sqlite3 "$db" 'SELECT count(*) FROM fix')
if ((sessions < 3650 || fixes < 3650 * 100)); then
  echo "ten-year-history: the copy made $sessions sessions with $fixes fixes" >&2
  exit 1
fi
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
