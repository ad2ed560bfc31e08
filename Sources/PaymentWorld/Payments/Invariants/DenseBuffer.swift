/// A growable buffer of plain values that the monitors change on every event, without the
/// uniqueness check an array makes on each write: that check reads the array's header, a cache
/// line of its own, and on a busy run it was the monitors' most frequent cache miss.
///
/// The unsafe pointer stays inside this type: the buffer owns its memory, grows by moving its
/// plain values, and is read and written only by index below `count`, on the simulation's thread.
final class DenseBuffer<Element: BitwiseCopyable> {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    /// How many elements are in use; indices below it are initialized.
    @exclusivity(unchecked) private(set) var count = 0
    private let filler: Element

    init(filler: Element, capacity: Int = 64) {
        self.filler = filler
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes indices below `needed` usable, new ones holding the filler.
    @inline(__always)
    func reserve(_ needed: Int) {
        guard needed > count else { return }
        if needed > capacity { grow(to: needed) }
        (base + count).initialize(repeating: filler, count: needed - count)
        count = needed
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index \(index) of \(count)")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "index \(index) of \(count)")
            base[index] = newValue
        }
    }

    /// Changes one element in place.
    @inline(__always) @discardableResult
    func modify<Result>(_ index: Int, _ change: (inout Element) -> Result) -> Result {
        precondition(index >= 0 && index < count, "index \(index) of \(count)")
        return change(&base[index])
    }
}
