/// A binary min-heap of events ordered by `(time, order)`: the simulation's timer heap.
///
/// A heap alone does not keep ties in order, so every event carries an `order` key chosen when
/// it is scheduled (a sequence number under `fifo`). Storage grows to the largest number of
/// pending events and is then reused, so a long run allocates nothing here.
///
/// - Complexity: O(log n) to push and to pop.
@usableFromInline
struct EventQueue {
    @usableFromInline var storage: ContiguousArray<SimulationEvent> = []

    @inlinable init() { storage.reserveCapacity(1024) }

    @inlinable var count: Int { storage.count }
    @inlinable var isEmpty: Bool { storage.isEmpty }
    @inlinable var first: SimulationEvent? { storage.first }

    @inlinable mutating func push(_ event: SimulationEvent) {
        storage.append(event)
        storage.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) >> 1
                guard event.runsBefore(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = event
        }
    }

    @inlinable mutating func popMin() -> SimulationEvent? {
        guard let last = storage.popLast() else { return nil }
        if storage.isEmpty { return last }
        return storage.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            let count = heap.count
            var parent = 0
            while true {
                var child = 2 &* parent &+ 1
                if child >= count { break }
                let right = child &+ 1
                if right < count && heap[right].runsBefore(heap[child]) { child = right }
                guard heap[child].runsBefore(last) else { break }
                heap[parent] = heap[child]
                parent = child
            }
            heap[parent] = last
            return top
        }
    }
}
