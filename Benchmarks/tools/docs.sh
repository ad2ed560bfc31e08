#!/bin/bash
# Builds the DocC documentation of SimulationKernel, and of Exploration with --exploration, with
# the toolchain's own `docc` (no documentation plugin) and fails on any warning: a link that
# does not resolve, a topic that names nothing, a parameter the signature does not have; and on
# a public declaration of SimulationKernel without a /// comment.
#
# usage: Benchmarks/tools/docs.sh [--exploration] [OUTPUT_DIR]
#   OUTPUT_DIR  where the .doccarchive directories go (default: .build/docs)
#   --exploration  also the Exploration catalogue; builds PaymentWorld and Scenarios first
#                  (minutes the first time)
# To browse, after a run: docc preview Sources/SimulationKernel/SimulationKernel.docc \
#   --additional-symbol-graph-dir .build/docs-build/symbol-graphs-SimulationKernel
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
modules=(SimulationKernel)
if [[ ${1:-} == --exploration ]]; then
    modules+=(Exploration)
    shift
fi
out=${1:-$root/.build/docs}
# A build directory of its own: the symbol-graph flags differ from a plain build's, and sharing
# .build would make the next `swift build` recompile everything.
scratch=$root/.build/docs-build
# Fixed, not temporary: a module that is up to date is not recompiled, so its graph is not rewritten.
graphs=$scratch/symbol-graphs
mkdir -p "$graphs" "$out"

for module in "${modules[@]}"; do
    swift build --package-path "$root" --scratch-path "$scratch" --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
    # The compiler writes every module it builds to $graphs; docc takes one module's graphs
    # (its own, and its extensions of other modules: Module@Other.symbols.json).
    moduleGraphs=$scratch/symbol-graphs-$module
    rm -rf "$moduleGraphs"
    mkdir -p "$moduleGraphs"
    cp "$graphs/$module.symbols.json" "$moduleGraphs/"
    cp "$graphs/$module"@*.symbols.json "$moduleGraphs/" 2>/dev/null || true
    echo "docc convert Sources/$module/$module.docc ($module's symbol graphs)" >&2
    docc convert "$root/Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$moduleGraphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.paystorm.$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors
    echo "$out/$module.doccarchive" >&2
done

# docc does not flag a public declaration without documentation; SimulationKernel has none, and
# this keeps it so. Compiler-made members (no source location) and symbols documented by an
# extension file in the catalogue (`# ``SimulationKernel/Type/member```) count as documented.
python3 - "$scratch/symbol-graphs-SimulationKernel/SimulationKernel.symbols.json" \
    "$root/Sources/SimulationKernel/SimulationKernel.docc" <<'PY'
import json, pathlib, re, sys
graph, catalogue = sys.argv[1], pathlib.Path(sys.argv[2])
extended = set()
for article in catalogue.rglob('*.md'):
    title = re.match(r'# ``SimulationKernel/(.+)``$', article.read_text().split('\n', 1)[0])
    if title: extended.add(title.group(1))
missing = sorted(
    f"{s['location']['uri'].split('/Sources/')[-1]}:{s['location']['position']['line'] + 1}: "
    + '/'.join(s['pathComponents'])
    for s in json.load(open(graph))['symbols']
    if s['accessLevel'] in ('public', 'open') and 'docComment' not in s and 'location' in s
    and '/'.join(s['pathComponents']) not in extended)
for line in missing: print(f'{line}: public and undocumented', file=sys.stderr)
if missing: sys.exit(f'docs.sh: {len(missing)} public declarations of SimulationKernel lack a /// comment')
PY
