/// A hash map from `UInt64` keys to `UInt64` values, for the per-message lookups of a model (an
/// idempotency key to its payment, say): open addressing with linear probing in one flat array.
///
/// Why not `Dictionary`: its per-process seeded SipHash costs more than the rest of a lookup, on
/// every message that carries a key. This map hashes with one multiply. It offers no iteration,
/// so nothing can come to depend on its order (style §4); a model that must walk its entries
/// keeps them in a dense array as well.
///
/// - Complexity: O(1) expected per lookup, insertion and removal; the table stays at most half full.
public struct UInt64Map: Sendable {
    @usableFromInline struct Entry: Sendable {
        @usableFromInline var key: UInt64
        @usableFromInline var value: UInt64
        @usableFromInline var used: Bool

        @inlinable init(key: UInt64, value: UInt64, used: Bool) {
            self.key = key
            self.value = value
            self.used = used
        }
    }

    @usableFromInline var entries: [Entry]
    /// log2 of the table size.
    @usableFromInline var bits: Int
    /// The number of keys held.
    public private(set) var count = 0

    /// An empty map with room for `minimumCapacity` entries before it grows.
    public init(minimumCapacity: Int = 8) {
        var bits = 4
        while 1 << bits < 2 * Swift.max(minimumCapacity, 1) { bits += 1 }
        self.bits = bits
        entries = Array(repeating: Entry(key: 0, value: 0, used: false), count: 1 << bits)
    }

    /// True when no key is held.
    public var isEmpty: Bool { count == 0 }

    /// Fibonacci hashing: the top `bits` bits of the key times 2^64/φ.
    @inlinable func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inlinable func slot(of key: UInt64) -> (index: Int, found: Bool) {
        let mask = entries.count - 1
        var index = home(of: key)
        while entries[index].used {
            if entries[index].key == key { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    /// The value for `key`, or nil; assigning nil removes the key.
    ///
    /// - Complexity: O(1) expected.
    public subscript(key: UInt64) -> UInt64? {
        get {
            let (index, found) = slot(of: key)
            return found ? entries[index].value : nil
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    private mutating func insert(_ value: UInt64, for key: UInt64) {
        var (index, found) = slot(of: key)
        if !found && 2 * (count + 1) > entries.count {
            grow()
            index = slot(of: key).index
        }
        if !found { count += 1 }
        entries[index] = Entry(key: key, value: value, used: true)
    }

    /// Removes `key` by shifting later entries of its probe run back, so no tombstones pile up.
    private mutating func remove(_ key: UInt64) {
        let (found, present) = slot(of: key)
        guard present else { return }
        let mask = entries.count - 1
        var hole = found
        var next = (hole + 1) & mask
        while entries[next].used {
            let wanted = home(of: entries[next].key)
            // The entry may move into the hole only if the hole lies on its probe path, i.e.
            // cyclically between its home slot and where it sits now.
            if (next - wanted) & mask >= (next - hole) & mask {
                entries[hole] = entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole].used = false
        count -= 1
    }

    private mutating func grow() {
        let old = entries
        bits += 1
        entries = Array(repeating: Entry(key: 0, value: 0, used: false), count: 1 << bits)
        for entry in old where entry.used {
            entries[slot(of: entry.key).index] = entry
        }
    }
}
