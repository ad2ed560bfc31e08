#!/bin/bash
# Issue 31's acceptance for result sets: SIGKILL at random points of N reruns on one --out, and
# after each kill, read the directory back as a user's script would: is it a whole set (every file
# its manifest names, with its length and digest), and whose (the manifest's seed, which must be
# the summary's)? Prints one line per rerun and a tally; exits 1 on any set that is neither the
# old nor the new one whole, or on a temporary file left after the last, finished run.
#
# usage: Benchmarks/tools/kill-reruns.sh [RERUNS] [LIFECYCLES]   (release build of paystorm)
set -euo pipefail
reruns=${1:-100}; lifecycles=${2:-20000}
root=$(cd "$(dirname "$0")/../.." && pwd)
binary="$root/.build/release/paystorm"
[ -x "$binary" ] || (cd "$root" && swift build -c release --product paystorm >/dev/null)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out="$dir/out"
run() {
    "$binary" run --scenario "$root/scenarios/reference-pipeline.json" --seed "$1" --set "run.lifecycles=$lifecycles" \
        --set 'slo={}' --quiet --out "$out" --trace "$out/trace.txt" >/dev/null 2>&1 &
    pid=$!
}
read_back() {
    python3 - "$out" <<'PY'
import json, os, sys
d = sys.argv[1]
def fnv(data):
    h = 0xcbf29ce484222325
    for byte in data: h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return 'fnv1a64:%016x' % h
try:
    manifest = json.load(open(d + '/manifest.json'))
except Exception as error:
    print('NEITHER no manifest:', error); sys.exit()
for f in manifest['files']:
    path = d + '/' + f['name']
    if not os.path.exists(path) or os.path.getsize(path) != f['bytes'] or \
       ('digest' in f and fnv(open(path, 'rb').read()) != f['digest']):
        print('NEITHER', f['name'], 'is not the file the manifest names'); sys.exit()
summary = json.load(open(d + '/summary.json'))
if summary['seed'] != manifest['seed']:
    print('NEITHER manifest seed', manifest['seed'], 'summary seed', summary['seed']); sys.exit()
print('whole', manifest['seed'])
PY
}
run 1; wait "$pid"
full=$( { /usr/bin/time -f %e "$binary" run --scenario "$root/scenarios/reference-pipeline.json" --seed 1 \
    --set "run.lifecycles=$lifecycles" --set 'slo={}' --quiet --out "$dir/timing" --trace "$dir/timing/trace.txt" \
    >/dev/null; } 2>&1 | tail -1)
old=0; new=0; neither=0
RANDOM=31
for attempt in $(seq "$reruns"); do
    seed=$((attempt + 1))
    # Odd reruns: a delay anywhere from 0 to 120 % of a whole run; even ones: from 85 to 115 %,
    # where the files are written and committed.
    delay=$(python3 -c "r = $RANDOM / 32767; print(round($full * (1.2 * r if $attempt % 2 else 0.85 + 0.3 * r), 4))")
    run "$seed"; sleep "$delay"; kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    line=$(read_back)
    case "$line" in
        "whole $seed") new=$((new + 1)) ;;
        whole*) old=$((old + 1)) ;;
        *) neither=$((neither + 1)) ;;
    esac
    echo "rerun $attempt (seed $seed, killed after ${delay} s): $line"
done
run 999; wait "$pid"
leftovers=$( (ls -A "$out"; ls -A "$dir") | grep -c '\.tmp$' || true)
echo "$reruns reruns of $lifecycles lifecycles (a whole run takes $full s): old set whole $old, new set whole $new, neither $neither; temporary files after a finished run: $leftovers"
[ "$neither" -eq 0 ] && [ "$leftovers" -eq 0 ]
