#!/bin/bash
# How often each strategy finds each race defect: for every (defect, strategy, jitter), the number
# of seeds of 1..SEEDS whose explore fails on the defect's claim, and the first such seed.
#
# usage: Benchmarks/tools/find-rates.sh [SEEDS]   (default 20; needs a release build of paystorm)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seeds=${1:-20}
bin="$root/.build/release/paystorm"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"
race=(wallet-pays-without-rechecking card-status-read-before-sca tokenization-checks-card-at-start-only
      tokens-deduped-per-request issuer-books-hold-after-check)
core=(retry-new-idempotency-key reversal-lost unknown-outcome-finalized-early)
echo "| defect | scenario | jitter | fifo | random | pct(depth: 3) |"
echo "| --- | --- | --- | --- | --- | --- |"
run() {  # defect scenario jitter sets...
    local defect=$1 scenario=$2 jitter=$3; shift 3
    local row="| $defect | $scenario | ${jitter:-0} |"
    for strategy in fifo random pct; do
        local args=(explore --scenario "scenarios/$scenario.json" --seeds "1..$seeds" --quiet --threads 2
                    --strategy "$strategy" --set "defects=[\"$defect\"]" --out "$out/x")
        [ -n "$jitter" ] && args+=(--jitter "$jitter")
        for set in "$@"; do args+=(--set "$set"); done
        local text
        text=$("$bin" "${args[@]}" 2>/dev/null || true)
        local failing first
        failing=$(grep -c "^FAILED  seed " <<<"$text" || true)
        first=$(grep -m1 "^FAILED  seed " <<<"$text" | awk '{print $3}')
        row+=" $failing of $seeds (first ${first:--}) |"
        rm -rf "$out/x"
    done
    echo "$row"
}
for defect in "${race[@]}"; do
    for jitter in "" 50ms; do run "$defect" hot-customers "$jitter" run.lifecycles=1000; done
done
for defect in "${core[@]}"; do
    for jitter in "" 5s; do
        run "$defect" card-payments "$jitter" run.lifecycles=600 workload.cards.count=200 faults.loss=0.03 \
            faults.duplication=0.03 policies.standIn=false behaviour.refundRatio=0.5
    done
done
