#!/bin/bash
# Regenerates docs/seed-coverage.md from one run of scenarios/default.json (seed 42): every
# operation and code of the five seed systems with how many times the run produced it, and each
# lifecycle's legal (state, event) pairs. The doc is the run's coverage.md, unedited; the size of
# the run is in its header. SeedCoverageDocTests checks the doc against the catalogue.
#
# usage: Benchmarks/tools/seed-coverage.sh [LIFECYCLES]     default 1000000 (a release build)
set -euo pipefail
lifecycles=${1:-1000000}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product paystorm >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
start=$(date +%s)
.build/release/paystorm coverage --scenario scenarios/default.json --seed 42 --set "run.lifecycles=$lifecycles" \
    --out "$dir" > "$dir/stdout.txt"
end=$(date +%s)
cp "$dir/coverage.md" docs/seed-coverage.md
head -3 "$dir/stdout.txt"
echo "docs/seed-coverage.md from $lifecycles lifecycles in $((end - start)) s"
