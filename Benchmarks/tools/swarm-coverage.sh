#!/bin/bash
# The legal (state, event) pairs a swarm over the seed scenarios reaches, per lifecycle, as the
# union of every scenario's explore.json (issue 17's acceptance: 90 % of every lifecycle's legal pairs).
#
#   Benchmarks/tools/swarm-coverage.sh SEEDS [BIN] [OUT]
#   Benchmarks/tools/swarm-coverage.sh 1..1000                 # the release build, results under /tmp/swarm-coverage
#
# Each scenario's explore runs with --swarm --quiet --threads 2; failures are printed as they come.
# The legal pairs come from `paystorm coverage` (one short run lists them all, reached or not).
set -euo pipefail
seeds=${1:?usage: swarm-coverage.sh SEEDS [BIN] [OUT]}
bin=${2:-.build/release/paystorm}
out=${3:-/tmp/swarm-coverage}
threads=${THREADS:-2}
scenarios=${SCENARIOS:-"card-payments-faults card-payments ecommpay mastercard-gateway sogenactif portmone-masterpass paysafe-prepaid hot-customers default"}
mkdir -p "$out"
"$bin" coverage --scenario scenarios/default.json --set run.lifecycles=50 --out "$out/legal" >/dev/null
for s in $scenarios; do
  start=$(date +%s)
  set +e
  "$bin" explore --scenario "scenarios/$s.json" --seeds "$seeds" --swarm --quiet --threads "$threads" --out "$out/$s" >"$out/$s.log" 2>&1
  rc=$?
  set -e
  echo "$s: exit $rc, $(( $(date +%s) - start )) s, $(grep -m1 -iE 'failed|violat' "$out/$s.log" || echo "no failures")"
done
python3 - "$out" $scenarios <<'PY'
import json, sys
out, scenarios = sys.argv[1], sys.argv[2:]
legal = json.load(open(f"{out}/legal/coverage.json"))["state_coverage"]
reached = {}
for s in scenarios:
    try:
        data = json.load(open(f"{out}/{s}/explore.json"))
    except FileNotFoundError:
        continue
    for lifecycle, table in data.get("state_coverage", {}).items():
        for pair in table.get("reached_pairs", []):
            if pair.get("applied", 0) > 0:
                reached.setdefault(lifecycle, set()).add(f"{pair['state']} × {pair['event']}")
total_legal = total_reached = 0
print(f"{'lifecycle':26} {'reached':>7} {'legal':>5} {'share':>6}  not reached")
for lifecycle in sorted(legal):
    def name(pair): return pair if isinstance(pair, str) else f"{pair['state']} × {pair['event']}"
    pairs = {name(p) for p in legal[lifecycle]["legal_reached"] + legal[lifecycle]["legal_not_reached"]}
    got = reached.get(lifecycle, set()) & pairs
    total_legal += len(pairs); total_reached += len(got)
    missing = ", ".join(sorted(pairs - got))
    print(f"{lifecycle:26} {len(got):7} {len(pairs):5} {100*len(got)/len(pairs):5.0f}%  {missing}")
print(f"{'all':26} {total_reached:7} {total_legal:5} {100*total_reached/total_legal:5.0f}%")
PY
