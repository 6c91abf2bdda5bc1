#!/usr/bin/env bash
# Builds every fuzz target and runs each for SECONDS (default 60), one after the other on
# one core, then prints per target: executions, exec/s, coverage, new inputs and crashes.
# Exits non-zero if any target crashed (a panic, a broken property, a timeout or an
# out-of-memory), leaving the input in fuzz/artifacts/<target>/.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# Works on stable (RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its nightly-only sanitizer
# flags) and on nightly. Needs `cargo install cargo-fuzz --version 0.13.2 --locked`.
# Environment:
#   FUZZ_TARGET_DIR  the build directory (default fuzz/target; keep it apart from the
#                    workspace's target/, the instrumented build shares nothing with it)
#   FUZZ_TIMEOUT     seconds one input may take before it counts as a crash (default 10)
#   FUZZ_FAST=1      build and run every target like the play targets (no sanitizer, no
#                    compare tracing): one build instead of two, for CI's smoke run
#   FUZZ_MERGE=1     merge the new inputs into the committed corpus, minimised
#                    (`cargo fuzz cmin`), instead of leaving them in $FUZZ_TARGET_DIR/new/
# Logs are kept in $FUZZ_TARGET_DIR/logs/<target>.log.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
export RUSTC_BOOTSTRAP=1
target_dir=${FUZZ_TARGET_DIR:-target}
timeout=${FUZZ_TIMEOUT:-10}
mkdir -p "$target_dir"
work=$(cd "$target_dir" && pwd)
# libFuzzer options of the play targets (see README.md, "Builds").
PLAY_FLAGS=(-entropic=0)

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo fuzz list)
fi

# The play targets (one game played per input, safe Rust only) are built without a
# sanitizer and without compare tracing, into a build directory of their own; the load and
# protocol targets (parsers of arbitrary files and lines) keep the address sanitizer, its
# allocation limit and compare tracing. See README.md ("Builds").
play_targets=" creature_clash uzumajin mattsan monjan "
is_play() { [ "${FUZZ_FAST:-0}" = 1 ] || [[ "$play_targets" == *" $1 "* ]]; }
fast_dir="$target_dir/fast"
play=()
other=()
for t in "${targets[@]}"; do
  if is_play "$t"; then play+=("$t"); else other+=("$t"); fi
done

# build DIR FLAGS... -- TARGET...: one target is built alone; several in one cargo
# invocation for every target (the binaries build in parallel and link once each, instead
# of one build after the other).
build() {
  local dir=$1
  shift
  local flags=()
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  [ $# -eq 0 ] && return 0
  if [ $# -eq 1 ]; then
    cargo fuzz build "${flags[@]}" --target-dir "$dir" "$1" >&2
  else
    cargo fuzz build "${flags[@]}" --target-dir "$dir" >&2
  fi
}
echo "building ${#targets[@]} targets into $target_dir" >&2
build "$fast_dir" -s none --no-trace-compares -- "${play[@]}"
build "$target_dir" -- "${other[@]}"

results=()
failed=0
for t in "${targets[@]}"; do
  new="$work/new/$t"
  mkdir -p "$new" "artifacts/$t" "corpus/$t" "$work/logs"
  dict=()
  [ -f "dict/$t.dict" ] && dict=("-dict=dict/$t.dict")
  stamp="$work/logs/$t.start"
  touch "$stamp"
  log="$work/logs/$t.log"
  echo "running $t for ${seconds}s" >&2
  status=0
  # New inputs go to $new (the first directory); the committed corpus is only read.
  if is_play "$t"; then
    dir=$fast_dir
    build_flags=(-s none --no-trace-compares)
    fuzz_flags=("${PLAY_FLAGS[@]}")
  else
    dir=$target_dir
    build_flags=()
    fuzz_flags=()
  fi
  cargo fuzz run "${build_flags[@]}" --target-dir "$dir" "$t" "$new" "corpus/$t" -- \
    -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="artifacts/$t/" "${dict[@]}" "${fuzz_flags[@]}" \
    >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  added=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -1)
  crashes=$(find "artifacts/$t" -type f -newer "$stamp" | wc -l)
  if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
    failed=1
    echo "$t: CRASHED (exit $status); see $log and fuzz/artifacts/$t/" >&2
    grep -m3 -E 'panicked|ERROR: libFuzzer|SUMMARY' "$log" >&2 || true
  fi
  results+=("$(printf '%-22s %12s %10s %8s %8s %6s %8s' "$t" "${execs:-?}" "${rate:-?}" \
    "${cov:-?}" "${ft:-?}" "${added:-?}" "$crashes")")
  if [ "${FUZZ_MERGE:-0}" = 1 ] && [ "$status" -eq 0 ]; then
    cp -n "$new"/* "corpus/$t"/ 2>/dev/null || true
    cargo fuzz cmin "${build_flags[@]}" --target-dir "$dir" "$t" "corpus/$t" >>"$log" 2>&1
    rm -rf "$new"
  fi
done

printf '\n%-22s %12s %10s %8s %8s %6s %8s\n' target executions "exec/s" cov features new crashes
printf '%s\n' "${results[@]}"
exit "$failed"
