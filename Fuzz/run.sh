#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time.
#
#   Fuzz/run.sh [SECONDS_EACH] [TARGET...]     (default: 60 seconds, every target)
#
# Targets: gpx tcx nmea gpsd fit engine writers analyze. FUZZ_JOBS=N runs N targets at once (default 1).
# FUZZ_PREPARE_ONLY=1 builds and seeds the targets without running them (Fuzz/campaign.sh).
# Prints per target the executions, the time and the result; exits non-zero when a target
# crashed, leaving the reproducer under Fuzz/.build/artifacts/TARGET/. Reproduce with
#   Fuzz/.build/bin/TARGET Fuzz/.build/artifacts/TARGET/crash-...
# The corpus grows in Fuzz/.build/corpus/TARGET across runs; seeds come from Demo/ and
# Fuzz/Seeds/, and for fit from every FIT file in the shared data (../shared/data/fit or
# $STRIDER_SHARED_DATA/fit), cut to 16 KiB: the small ones whole, with their CRC and
# sessions, the large ones up to their first few hundred records. Needs only the Swift
# toolchain and zlib1g-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fuzz=$root/Fuzz
out=$fuzz/.build
# FUZZ_SANITIZERS=fuzzer builds without ASan, into its own folder (the corpus is shared):
# about three times the executions a second for a long campaign. Swift's own checks
# (bounds, overflow, exclusivity) stay on at -O; ASan adds checks on unsafe pointers (the
# readers', and a little in the writers), so Fuzz/campaign.sh runs such a target's corpus
# once more under ASan.
sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
case $sanitizers in
  fuzzer,address) build=$out ;;
  fuzzer) build=$out/fuzzer-only ;;
  *) echo "FUZZ_SANITIZERS is fuzzer,address (the default) or fuzzer, not $sanitizers" >&2; exit 2 ;;
esac
seconds=${1:-60}
shift || true
all_targets=(gpx tcx nmea gpsd fit engine writers analyze)
targets=("${@:-${all_targets[@]}}")
jobs=${FUZZ_JOBS:-1}
# Swift's own crash handler reads the dying process's memory and trips ASan; libFuzzer
# prints the stack itself.
export SWIFT_BACKTRACE=enable=no

declare -A files=(
  [gpx]=GPXReaderFuzz [tcx]=TCXReaderFuzz [nmea]=NMEAReaderFuzz
  [gpsd]=GPSDJSONReaderFuzz [fit]=FITReaderFuzz [engine]=SessionEngineFuzz [writers]=WriterFuzz
  [analyze]=AnalyzeFuzz
)
declare -A dicts=([gpx]=xml [tcx]=xml [nmea]=nmea [gpsd]=gpsd [analyze]=xml)

flags=(-parse-as-library -package-name Strider -O -g -sanitize="$sanitizers" -I "$build/lib" -I "$root/Sources/CZlib")
# gold warns about every ASan helper it cannot export; nothing else is lost.
quiet() { grep -v "Cannot export local symbol" || true; }

mkdir -p "$build/lib" "$build/bin"

# A library is rebuilt when one of its sources (or this script) is newer than it, or a
# library it was compiled against is: StriderFormats built against an older StriderCore
# reads its structures with the old layout (a SessionConfiguration one field longer made
# the writers target crash in an array's count).
build_library() {
  local name=$1 dir=$root/Sources/$1
  shift
  local lib=$build/lib/lib$name.a dependency
  local stale=
  for dependency in "$@"; do
    [[ $build/lib/lib$dependency.a -nt $lib ]] && stale=1
  done
  if [[ -z $stale ]] && [[ -f $lib ]] \
    && [[ -z $(find "$dir" "$fuzz/run.sh" -newer "$lib" -name '*.s[hw]*' -print -quit) ]]; then
    return
  fi
  echo "building $name (sanitizers, -O)..."
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && swiftc "${flags[@]}" -module-name "$name" -emit-module \
    -emit-module-path "$build/lib/$name.swiftmodule" -emit-library -static -o "$lib" \
    $(find "$dir" -name '*.swift' | sort)) 2>&1 | quiet
  rm -rf "$tmp"
  [[ -f $lib ]]
}
build_library StriderCore
build_library StriderConcurrency StriderCore
build_library StriderFormats StriderCore StriderConcurrency

for target in "${targets[@]}"; do
  file=${files[$target]:-}
  [[ -n $file ]] || { echo "unknown target $target (known: ${all_targets[*]})" >&2; exit 2; }
  bin=$build/bin/$target
  if [[ ! -f $bin ]] || [[ -n $(find "$fuzz/Support" "$fuzz/Targets/$file.swift" \
    "$build/lib" -newer "$bin" -print -quit) ]]; then
    echo "building $target..."
    (cd "$build" && swiftc "${flags[@]}" -module-name StriderFuzz "$fuzz"/Support/*.swift \
      "$fuzz/Targets/$file.swift" -L "$build/lib" -lStriderFormats -lStriderConcurrency -lStriderCore -lz \
      -o "$bin") 2>&1 | quiet
    [[ -f $bin ]]
  fi
done

# Seeds: the project's own Demo files, cut to a few points each (a whole 1 MB file would
# make every execution slow), and the small hand-made seeds under Fuzz/Seeds/.
seed() {
  local target=$1 corpus=$out/corpus/$1
  mkdir -p "$corpus"
  if [[ -d $fuzz/Seeds/$target ]]; then cp -n "$fuzz/Seeds/$target"/* "$corpus/" 2>/dev/null || true; fi
  # The writers take the engine's input: a fix stream (Fuzz/Support/FixStreamDecoder.swift).
  if [[ $target == writers ]]; then cp -n "$fuzz/Seeds/engine"/* "$corpus/" 2>/dev/null || true; fi
  # The analyze target takes a byte before the file that picks its extension (gpx tcx nmea
  # json fit, modulo 5) and the path after reading (analyze's, or an import's from 5 on):
  # the readers' seeds, each behind the byte of both paths.
  if [[ $target == analyze ]]; then
    local kind byte file
    for kind in gpx:0 tcx:1 nmea:2 gpsd:3; do
      byte=${kind#*:}
      for file in "$fuzz/Seeds/${kind%%:*}"/*; do
        [[ -f $file ]] || continue
        { printf "\\x0$byte"; cat "$file"; } >"$corpus/${kind%%:*}-$(basename "$file")"
        { printf "\\x0$((byte + 5))"; cat "$file"; } >"$corpus/${kind%%:*}-import-$(basename "$file")"
      done
    done
    for file in Demo/*.gpx; do
      { printf '\x00'; awk '/<trkpt/ { n++ } n == 40 { exit } { print }' "$file"
        printf '    </trkseg>\n  </trk>\n</gpx>\n'; } >"$corpus/demo-$(basename "$file")"
    done
    for file in Demo/*.nmea; do
      { printf '\x02'; head -n 120 "$file"; } >"$corpus/demo-$(basename "$file")"
    done
    local shared=${STRIDER_SHARED_DATA:-$root/../shared/data}
    for file in "$shared"/fit/*.fit "$shared"/fit/*.FIT; do
      if [[ -f $file ]]; then
        { printf '\x04'; head -c 16384 "$file"; } >"$corpus/shared-$(basename "$file")"
      fi
    done
  fi
  case $target in
    gpx)
      for demo in Demo/*.gpx; do
        awk '/<trkpt/ { n++ } n == 4 { exit } { print }' "$demo" >"$corpus/demo-$(basename "$demo")"
        printf '    </trkseg>\n  </trk>\n</gpx>\n' >>"$corpus/demo-$(basename "$demo")"
      done ;;
    fit)
      local shared=${STRIDER_SHARED_DATA:-$root/../shared/data}
      for file in "$shared"/fit/*.fit "$shared"/fit/*.FIT; do
        if [[ -f $file ]]; then head -c 16384 "$file" >"$corpus/shared-$(basename "$file")"; fi
      done ;;
    nmea)
      for demo in Demo/*.nmea; do
        head -n 24 "$demo" >"$corpus/demo-head-$(basename "$demo")"
        sed -n '2000,2030p' "$demo" >"$corpus/demo-middle-$(basename "$demo")"
      done ;;
  esac
}

if [[ -n ${FUZZ_PREPARE_ONLY:-} ]]; then
  for target in "${targets[@]}"; do seed "$target"; done
  exit 0
fi

artifacts_of() { echo "$out/artifacts/$1"; }

run_one() {
  local target=$1 log=$out/logs/$1.log
  local artifacts
  artifacts=$(artifacts_of "$target")
  mkdir -p "$artifacts" "$out/logs"
  seed "$target"
  local dict=()
  if [[ -n ${dicts[$target]:-} ]]; then dict=(-dict="$fuzz/Dictionaries/${dicts[$target]}.dict"); fi
  local status=0
  "$build/bin/$target" "$out/corpus/$target" "${dict[@]}" -max_total_time="$seconds" \
    -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
  echo "$status" >"$log.status"
}

start=$SECONDS
running=0
for target in "${targets[@]}"; do
  echo "fuzzing $target for ${seconds}s..."
  run_one "$target" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

failed=0
printf '%-8s %14s %8s  %s\n' target executions seconds result
for target in "${targets[@]}"; do
  log=$out/logs/$target.log
  status=$(cat "$log.status" 2>/dev/null || echo 1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  if [[ $status == 0 ]]; then
    result="no crash"
  else
    failed=1
    reproducer=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    result="FAILED (exit $status): ${reproducer:-see $log}"
    time=${time:-?}
  fi
  printf '%-8s %14s %8s  %s\n' "$target" "${runs:-?}" "${time:-$seconds}" "$result"
done
echo "total $((SECONDS - start))s; logs in $out/logs"
if ((failed)); then
  for target in "${targets[@]}"; do
    log=$out/logs/$target.log
    [[ $(cat "$log.status" 2>/dev/null) == 0 ]] && continue
    echo "--- $target: $log"
    grep -m1 -B2 -A25 -E "ERROR: (AddressSanitizer|libFuzzer)|Fatal error|deadly signal" "$log" || tail -40 "$log"
  done
  exit 1
fi
