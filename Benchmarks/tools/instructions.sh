#!/bin/bash
# Instructions and cachegrind's rough cycle estimate for one world run: exact and repeatable, so
# it compares builds on a noisy host where wall time cannot.
#
# usage: Benchmarks/tools/instructions.sh [CHECKOUT] [LIFECYCLES]
#   CHECKOUT    a checkout with a release build of paystorm-bench (default: this one)
#   LIFECYCLES  default 20000; scenarios/default.json, seed 42
# estimate = instructions + 10 per L1 miss + 100 per last-level miss + 15 per mispredicted branch
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
checkout=${1:-$root}
lifecycles=${2:-20000}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --cachegrind-out-file="$out" \
    "$checkout/.build/release/paystorm-bench" world-run --lifecycles "$lifecycles" --seed 42 \
    --scenario "$root/scenarios/default.json" >/dev/null 2>&1
python3 - "$out" "$checkout" <<'PY'
import sys
events = totals = None
for line in open(sys.argv[1]):
    if line.startswith('events:'): events = line.split()[1:]
    if line.startswith('summary:'): totals = [int(x) for x in line.split()[1:]]
m = dict(zip(events, totals))
l1 = m['I1mr'] + m['D1mr'] + m['D1mw']
ll = m['ILmr'] + m['DLmr'] + m['DLmw']
mispredicted = m['Bcm'] + m['Bim']
estimate = m['Ir'] + 10 * l1 + 100 * ll + 15 * mispredicted
print(f"{sys.argv[2]}: instructions {m['Ir']/1e6:.0f} M, L1 misses {l1/1e6:.1f} M, "
      f"LL misses {ll/1e6:.2f} M, mispredicted {mispredicted/1e6:.1f} M, estimate {estimate/1e6:.0f} M")
PY
