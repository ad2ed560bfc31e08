#!/bin/bash
# Wall time of two or more builds, run alternately in one sitting so that the host's drift hits
# them alike; prints the min and median wall seconds of each.
#
# usage: Benchmarks/tools/alternate.sh RUNS LIFECYCLES CHECKOUT...
#   each CHECKOUT needs a release build of paystorm-bench; scenarios/default.json, seed 42
set -euo pipefail
runs=$1; lifecycles=$2; shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for _ in $(seq "$runs"); do
    index=0
    for checkout in "$@"; do
        "$checkout/.build/release/paystorm-bench" world-run --lifecycles "$lifecycles" --seed 42 \
            --scenario "$root/scenarios/default.json" 2>/dev/null | tail -1 \
            | python3 -c "import json,sys; print(json.loads(sys.stdin.read())['wall_seconds'])" >> "$dir/$index"
        index=$((index + 1))
    done
done
index=0
for checkout in "$@"; do
    python3 - "$dir/$index" "$checkout" "$lifecycles" <<'PY'
import statistics, sys
values = sorted(float(x) for x in open(sys.argv[1]))
lifecycles = int(sys.argv[3])
print(f"{sys.argv[2]}: min {values[0]:.3f} s, median {statistics.median(values):.3f} s, "
      f"{lifecycles / values[0]:,.0f} per wall s at the min")
PY
    index=$((index + 1))
done
