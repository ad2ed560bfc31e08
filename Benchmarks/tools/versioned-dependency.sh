#!/bin/bash
# Builds and tests a package that depends on PayStorm by version, as a user's package would:
# this checkout's files are committed to a scratch git repository tagged with the CHANGELOG's
# latest version, and a consumer whose Package.swift is README.md's manifest, word for word but
# for its URL, depends on it through `.package(url: "file://…", from: VERSION)`. SwiftPM refuses a versioned
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
# The newest released version: a '## X.Y.Z (YYYY-MM-DD)' heading, not one marked '(unreleased)'.
version=$(sed -n 's/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\) ([0-9][0-9-]*).*/\1/p' "$root/docs/CHANGELOG.md" | head -1)
if [ -z "$version" ]; then
    echo "versioned-dependency: no released '## X.Y.Z (YYYY-MM-DD)' heading in docs/CHANGELOG.md" >&2
    exit 1
fi
# The repository's own release tag, where this checkout has git's history: said, not required,
# since a copy without tags (an archive, a shallow fetch) is still a valid checkout to test.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    if git -C "$root" rev-parse -q --verify "refs/tags/$version" >/dev/null; then
        echo "versioned-dependency: this repository tags $version at $(git -C "$root" rev-parse --short "refs/tags/$version^{commit}")"
    else
        echo "versioned-dependency: note: this repository has no tag $version (fetch tags, or tag the release)"
    fi
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

# The consumer: the README's manifest exactly as it stands (only its URL pointed at the tagged
# copy), with a small source and a test that explores a plain-Swift actor through SimulationTesting.
consumer="$scratch/consumer"
mkdir -p "$consumer/Sources/MyPayments" "$consumer/Tests/MyPaymentsTests"
awk '/<!-- consumer-manifest -->/ { found = 1; next }
     found && /^```swift/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' "$root/README.md" > "$consumer/Package.swift"
if ! grep -q 'https://git.example.com/you/PayStorm.git' "$consumer/Package.swift"; then
    echo "versioned-dependency: README.md has no consumer manifest after <!-- consumer-manifest -->" >&2
    exit 1
fi
if ! grep -q "from: \"$version\"" "$consumer/Package.swift"; then
    echo "versioned-dependency: README.md's manifest does not ask for $version, docs/CHANGELOG.md's newest version" >&2
    exit 1
fi
sed -i.bak "s|https://git.example.com/you/PayStorm.git|file://$library|" "$consumer/Package.swift"
rm -f "$consumer/Package.swift.bak"
cat > "$consumer/Sources/MyPayments/Ledger.swift" <<'SWIFT'
/// A user's own actor, in plain Swift: a balance that two concurrent debits must not overdraw.
public actor Ledger {
    public private(set) var balance: Int
    public init(balance: Int) { self.balance = balance }

    /// Checks and debits with no suspension between the two: no other debit can interleave.
    public func debit(_ amount: Int) -> Bool {
        guard balance >= amount else { return false }
        balance -= amount
        return true
    }
}
SWIFT
cat > "$consumer/Tests/MyPaymentsTests/LedgerTests.swift" <<'SWIFT'
import MyPayments
import SimulationTesting
import Testing

@Test func concurrentDebitsNeverOverdraw() {
    let outcome = exploreSchedules(seeds: 0..<20) {
        let ledger = Ledger(balance: 100)
        async let first = ledger.debit(80)
        async let second = ledger.debit(80)
        let (a, b) = await (first, second)
        #expect(a != b)
        #expect(await ledger.balance == 20)
    }
    #expect(outcome.passed)
}
SWIFT

echo "versioned-dependency: PayStorm $version from file://$library"
cd "$consumer"
log="$scratch/consumer.log"
if ! { swift build --build-tests && swift test --skip-build; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "versioned-dependency: the consumer failed to build or test (above)" >&2
    exit 1
fi
grep -E "Test run with|Executed" "$log" | tail -2
echo "versioned-dependency: a package using PayStorm $version by version builds and passes its tests"
