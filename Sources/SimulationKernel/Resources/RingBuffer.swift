/// A FIFO queue in a growable circular buffer: O(1) at both ends, storage reused after growth.
public struct RingBuffer<Element> {
    @usableFromInline var storage: ContiguousArray<Element?>
    @usableFromInline var head = 0
    @usableFromInline var storedCount = 0

    /// An empty buffer with room for `capacity` elements (rounded up to a power of two) before
    /// it grows.
    public init(capacity: Int = 16) {
        storage = ContiguousArray(repeating: nil, count: max(2, capacity.nextPowerOfTwo))
    }

    /// The number of elements held.
    @inlinable public var count: Int { storedCount }
    /// True when the buffer holds nothing.
    @inlinable public var isEmpty: Bool { storedCount == 0 }

    /// Adds `element` at the back, doubling the storage when it is full.
    ///
    /// - Complexity: amortized O(1).
    @inlinable public mutating func append(_ element: Element) {
        if storedCount == storage.count { grow() }
        storage[(head &+ storedCount) & (storage.count &- 1)] = element
        storedCount &+= 1
    }

    /// Removes and returns the front element; nil when empty.
    ///
    /// - Complexity: O(1).
    @inlinable public mutating func popFirst() -> Element? {
        guard storedCount > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head &+ 1) & (storage.count &- 1)
        storedCount &-= 1
        return element
    }

    /// The front element, left in place; nil when empty.
    @inlinable public var first: Element? { storedCount > 0 ? storage[head] : nil }

    @usableFromInline mutating func grow() {
        var bigger = ContiguousArray<Element?>(repeating: nil, count: storage.count * 2)
        for offset in 0..<storedCount { bigger[offset] = storage[(head + offset) & (storage.count - 1)] }
        storage = bigger
        head = 0
    }
}

extension Int {
    @usableFromInline var nextPowerOfTwo: Int {
        guard self > 1 else { return 1 }
        return 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
extension RingBuffer: Sendable where Element: Sendable {}
