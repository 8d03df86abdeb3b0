#!/usr/bin/env bash
# Run every fuzz target for a while (default 600 s each).
#   fuzz/run.sh [SECONDS]
# Seeds: the sample logs in replays/ (and ../shared's logs when present) for the log target,
# fuzz/seeds/* for the others. Card data: PTCG_FUZZ_CARDS, or ../shared's copy when present.
# Crashes land in fuzz/artifacts/<target>/; each one found so far is a regression test in
# tests/fuzz_regressions.rs.
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-600}"
root="$(cd .. && pwd)"
shared="$root/../shared"
if [[ -z "${PTCG_FUZZ_CARDS:-}" && -d "$shared/cards/pokemon-tcg-data" ]]; then
  export PTCG_FUZZ_CARDS="$shared/cards/pokemon-tcg-data"
fi
mkdir -p corpus/log_verify corpus/deck_list corpus/tool_requests
for f in "$root"/replays/*.log; do
  n="$(basename "$f" .log)"
  { printf '\x00'; cat "$f"; } > "corpus/log_verify/replay-$n"
  { printf '\x83'; cat "$f"; } > "corpus/log_verify/replay-nocards-$n"
done
if [[ -d "$shared/ptcgl-logs" ]]; then
  i=0
  while IFS= read -r -d '' f; do
    i=$((i + 1))
    { printf '\x00'; cat "$f"; } > "corpus/log_verify/shared-$i"
  done < <(find "$shared/ptcgl-logs" -name '*.txt' -size -200k -print0)
fi
cp seeds/deck_list/* corpus/deck_list/
cp seeds/tool_requests/* corpus/tool_requests/
run() {
  cargo +nightly fuzz run "$1" "corpus/$1" -- -max_total_time="$secs" -rss_limit_mb=2048 -max_len="$2" \
    > "artifacts-$1.log" 2>&1 && echo "$1: no crash in ${secs}s" || { echo "$1: CRASH, see fuzz/artifacts-$1.log"; tail -30 "artifacts-$1.log"; }
}
cargo +nightly fuzz build
# One at a time by default (leaves a core free); FUZZ_PARALLEL=1 runs the first two together.
if [[ "${FUZZ_PARALLEL:-0}" == 1 ]]; then
  run log_verify 200000 &
  run deck_list 20000 &
  wait
else
  run log_verify 200000
  run deck_list 20000
fi
run tool_requests 20000
grep -h "stat::number_of_executed_units\|Done [0-9]* runs" artifacts-*.log || true
