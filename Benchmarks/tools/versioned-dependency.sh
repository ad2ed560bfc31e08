#!/bin/bash
# Builds and tests a package that depends on PayStorm by version, as a user's package would:
# this checkout's files are committed to a scratch git repository tagged with the CHANGELOG's
# latest version, and a copy of Examples/ClientRaceBug depends on it through
# `.package(url: "file://…", from: VERSION)` instead of its path. SwiftPM refuses a versioned
# dependency that uses `unsafeFlags`, so this fails if any library target brings them back.
#
# usage: Benchmarks/tools/versioned-dependency.sh [SCRATCH]
#   SCRATCH  a folder to work in (default: a temporary one, removed at the end)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ $# -ge 1 ]; then
    scratch=$1
    mkdir -p "$scratch"
else
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
fi
version=$(sed -n 's/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' "$root/docs/CHANGELOG.md" | head -1)
if [ -z "$version" ]; then
    echo "versioned-dependency: no '## X.Y.Z' heading in docs/CHANGELOG.md" >&2
    exit 1
fi

# The library as a tagged repository: the files git tracks or would track, uncommitted edits included.
library="$scratch/PayStorm"
rm -rf "$library" "$scratch/consumer"
mkdir -p "$library"
cd "$root"
git ls-files --cached --others --exclude-standard -z \
    | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | tar -xf - -C "$library"
git -C "$library" init --quiet
git -C "$library" add -A
git -C "$library" -c user.name=paystorm -c user.email=paystorm@localhost commit --quiet -m "PayStorm $version"
git -C "$library" tag "$version"

# The consumer: the example package, by version instead of by path.
cp -R "$root/Examples/ClientRaceBug" "$scratch/consumer"
rm -rf "$scratch/consumer/.build"
manifest="$scratch/consumer/Package.swift"
sed -i.bak "s|\.package(name: \"PayStorm\", path: \"\.\./\.\.\")|.package(url: \"file://$library\", from: \"$version\")|" "$manifest"
rm -f "$manifest.bak"
if ! grep -q "from: \"$version\"" "$manifest"; then
    echo "versioned-dependency: could not point $manifest at version $version" >&2
    exit 1
fi

echo "versioned-dependency: PayStorm $version from file://$library"
cd "$scratch/consumer"
log="$scratch/consumer.log"
if ! { swift build --build-tests && swift test --skip-build; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "versioned-dependency: the consumer failed to build or test (above)" >&2
    exit 1
fi
grep -E "Test run with|Executed" "$log" | tail -2
echo "versioned-dependency: a package using PayStorm $version by version builds and passes its tests"
