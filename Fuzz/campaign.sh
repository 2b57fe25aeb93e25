#!/usr/bin/env bash
# A long fuzzing campaign, outside CI: each target in turn for a number of executions.
#
#   Fuzz/campaign.sh [RUNS_EACH] [TARGET...]   (default: 10000000 runs, every target)
#
# Targets run one at a time under `nice -n 19`, because the machines this runs on are
# shared and CI's short pass (Fuzz/run.sh) must stay the quick one. CAMPAIGN_UNTIL=HH:MM
# (UTC) stops the running target at that time and skips the rest, so a campaign can be
# bounded by a deadline instead of a count; CAMPAIGN_SLICE=SECONDS bounds each target, so
# that a slow one cannot starve the others. The corpus is the one Fuzz/run.sh grows.
#
# A unit gets CAMPAIGN_TIMEOUT seconds (default 60) before libFuzzer calls it a hang: at
# nice 19 on a loaded machine a writers input that runs 0.44 s alone was stopped at 10 s.
#
# FUZZ_SANITIZERS=fuzzer runs targets built without ASan (see Fuzz/run.sh), about three times
# as fast; their rows say "no ASan". Each such target's corpus (every input that found a
# new path) is then run once more under ASan, which checks the writers' own unsafe code
# (the JSON writer's digit buffer, the FIT encoder's CRC) on every path the campaign found;
# that gets a row of its own.
#
# Writes Fuzz/.build/campaign/table.md: target, executions, seconds, edges (libFuzzer's
# `cov`), features (`ft`), corpus size and crashes, with the reproducer of any crash.
set -uo pipefail
cd "$(dirname "$0")/.."
out=Fuzz/.build
runs=${1:-10000000}
shift || true
all_targets=(gpx tcx nmea gpsd fit writers engine analyze)
targets=("${@:-${all_targets[@]}}")
declare -A dicts=([gpx]=xml [tcx]=xml [nmea]=nmea [gpsd]=gpsd [analyze]=xml)
export SWIFT_BACKTRACE=enable=no
# ASan records the call stack of every allocation, for reports of memory misused after it
# was freed; Swift code allocates a lot, and the writers target spent a quarter of its time
# there. A campaign looks for crashes, whose reproducers are then run with full stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}

FUZZ_PREPARE_ONLY=1 Fuzz/run.sh 0 "${targets[@]}" || exit 2
bin=$out/bin
label=
if [[ ${FUZZ_SANITIZERS:-fuzzer,address} == fuzzer ]]; then
  bin=$out/fuzzer-only/bin
  label=" (no ASan)"
  FUZZ_SANITIZERS=fuzzer,address FUZZ_PREPARE_ONLY=1 Fuzz/run.sh 0 "${targets[@]}" || exit 2
fi
mkdir -p "$out/campaign"
table=$out/campaign/table.md

# Seconds left before CAMPAIGN_UNTIL, or a day when it is not set. A date and time
# ("2026-11-26 12:10") means that moment. A bare time of day means its next occurrence,
# except that one passed less than 12 hours ago is over: a campaign chained after another
# with the same HH:MM must stop, not run until tomorrow (it once ran a whole day), while one
# started at 22:00 with 00:15 runs past midnight.
campaign_start=$(date -u +%s)
if [[ -n ${CAMPAIGN_UNTIL:-} ]] && ! date -u -d "$CAMPAIGN_UNTIL" +%s > /dev/null 2>&1; then
  echo "CAMPAIGN_UNTIL=$CAMPAIGN_UNTIL is not a time: give HH:MM (UTC) or \"YYYY-MM-DD HH:MM\"" >&2
  exit 2
fi
seconds_left() {
  if [[ -z ${CAMPAIGN_UNTIL:-} ]]; then echo 86400; return; fi
  local until
  until=$(date -u -d "$CAMPAIGN_UNTIL" +%s)
  if [[ $CAMPAIGN_UNTIL =~ ^[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?$ ]] \
    && ((until < campaign_start - 12 * 3600)); then
    until=$((until + 86400))
  fi
  echo $((until - $(date -u +%s)))
}

row() { printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$@" >>"$table"; }

if [[ ! -f $table ]]; then
  echo "| target | executions | seconds | edges (cov) | features (ft) | corpus | crashes |" >"$table"
  echo "|---|---:|---:|---:|---:|---:|---|" >>"$table"
fi
for target in "${targets[@]}"; do
  left=$(seconds_left)
  if ((left < 30)); then
    echo "$target: skipped, the deadline $CAMPAIGN_UNTIL has passed"
    row "$target$label" 0 0 - - - "not run (deadline)"
    continue
  fi
  if [[ -n ${CAMPAIGN_SLICE:-} ]] && ((CAMPAIGN_SLICE < left)); then left=$CAMPAIGN_SLICE; fi
  log=$out/campaign/$target.log
  artifacts=$out/campaign/artifacts/$target
  mkdir -p "$artifacts"
  dict=()
  if [[ -n ${dicts[$target]:-} ]]; then dict=(-dict="Fuzz/Dictionaries/${dicts[$target]}.dict"); fi
  echo "$(date -u +%H:%M:%S) $target: up to $runs runs or ${left}s..."
  nice -n 19 "$bin/$target" "$out/corpus/$target" "${dict[@]}" -runs="$runs" \
    -max_total_time="$left" -rss_limit_mb=2048 -timeout="${CAMPAIGN_TIMEOUT:-60}" -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
  status=$?
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
  # libFuzzer exits 72 when a signal interrupts it (the campaign was stopped by hand); that
  # is not a crash, and no crash unit was written. A unit it writes as slow (slow-unit-*,
  # over 10 s, most often the machine's load) is not one either.
  if ((status == 0)); then
    crashes=0
  elif ((status == 72)) && ! grep -qE 'Test unit written to .*/(crash|leak|timeout|oom)-' "$log"; then
    crashes="0 (interrupted)"
    executed=${executed:-$(sed -n 's/^#\([0-9]*\).*/\1/p' <<<"$last")}
  else
    executed=${executed:-$(sed -n 's/^#\([0-9]*\).*/\1/p' <<<"$last")}
    crashes="1 (exit $status): $(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)"
  fi
  row "$target$label" "${executed:-?}" "${seconds:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}" "$crashes"
  echo "$(date -u +%H:%M:%S) $target: ${executed:-?} runs, cov ${cov:-?}, crashes $crashes"
  if [[ -n $label ]]; then
    replay=$out/campaign/$target.asan-replay.log
    nice -n 19 "$out/bin/$target" "$out/corpus/$target" -runs=0 -rss_limit_mb=2048 \
      -timeout="${CAMPAIGN_TIMEOUT:-60}" -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="$artifacts/" >"$replay" 2>&1
    status=$?
    units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$replay" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$replay" | tail -1)
    crashes=0
    if ((status != 0)); then
      crashes="1 (exit $status): $(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$replay" | tail -1)"
    fi
    row "$target (corpus under ASan)" "${units:-?}" "${took:-?}" - - - "$crashes"
    echo "$(date -u +%H:%M:%S) $target: corpus replayed under ASan, ${units:-?} inputs, crashes $crashes"
  fi
done
cat "$table"
