#!/bin/bash
# Regenerates docs/systems/<system>.md for every registered payment system with a catalogue and a
# scenario (`paystorm systems`): its coverage.md from one run of its own scenario, seed 42,
# unedited; the size of the run is in its header. SystemDocsTests checks each page against the
# system's catalogue.
#
# usage: Benchmarks/tools/system-docs.sh [LIFECYCLES]     default 200000 (a release build)
set -euo pipefail
lifecycles=${1:-200000}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product paystorm >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p docs/systems
.build/release/paystorm systems --json > "$dir/systems.json"
python3 -c '
import json, sys
for s in json.load(open(sys.argv[1])):
    if s["docs"]: print(s["name"], s["scenario"], s["docs"])' "$dir/systems.json" |
while read -r name scenario page; do
    start=$(date +%s)
    .build/release/paystorm coverage --scenario "$scenario" --seed 42 --set "run.lifecycles=$lifecycles" \
        --out "$dir/$name" > "$dir/$name.txt"
    cp "$dir/$name/coverage.md" "$page"
    echo "$page from $scenario, $lifecycles lifecycles, in $(( $(date +%s) - start )) s: $(sed -n 3p "$dir/$name.txt")"
done
