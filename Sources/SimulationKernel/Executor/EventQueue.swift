/// A binary min-heap of events ordered by `(time, order)`: the near part of the event queue.
///
/// A heap alone does not keep ties in order, so every event carries an `order` key chosen when
/// it is scheduled (a sequence number under `fifo`). Storage grows to the largest number of
/// pending events and is then reused, so a long run allocates nothing here.
///
/// - Complexity: O(log n) to push and to pop.
@usableFromInline
struct EventHeap {
    @usableFromInline var storage: ContiguousArray<SimulationEvent> = []

    @inlinable init(capacity: Int = 1024) { storage.reserveCapacity(capacity) }

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

/// The simulation's event queue: a heap for the events due soon, and a calendar of coarse
/// buckets for the ones due later (timeouts, deadlines, retirements), which are most of the
/// pending events in a payments world and mostly outlive the lifecycle that set them.
///
/// Keeping them out of the heap keeps it small and in cache: the heap holds only events due
/// before `horizon`; each bucket holds the events of one `2^bucketShift` ns window at or after
/// it, unordered. When the heap runs dry the earliest bucket is poured into it. Events keep the
/// `order` key they were scheduled with, so the pop order, and the trace, are exactly a single
/// heap's.
@usableFromInline
struct EventQueue {
    /// About a quarter of a second: a bucket holds a few thousand events at a busy world's rates.
    @usableFromInline static let bucketShift: Int64 = 28
    @usableFromInline var near = EventHeap()
    /// Events due at or after this time wait in `buckets`.
    @usableFromInline var horizon = SimTime(nanoseconds: 1 << EventQueue.bucketShift)
    @usableFromInline var buckets: [Int64: ContiguousArray<SimulationEvent>] = [:]
    /// The bucket numbers in `buckets`, as a min-heap, so the earliest is found without scanning.
    @usableFromInline var bucketOrder = MinHeap()
    @usableFromInline var farCount = 0

    @inlinable init() {}

    @inlinable var count: Int { near.count + farCount }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable mutating func push(_ event: SimulationEvent) {
        guard event.time >= horizon else { return near.push(event) }
        let bucket = event.time.nanoseconds >> EventQueue.bucketShift
        farCount += 1
        if buckets[bucket]?.append(event) == nil {
            // A fresh array per bucket: reusing emptied ones would keep a busy bucket's capacity
            // for every quiet far-future one, and memory would grow with the run.
            buckets[bucket] = [event]
            bucketOrder.push(bucket)
        }
    }

    /// The next event, without removing it.
    @inlinable mutating func peek() -> SimulationEvent? {
        if near.isEmpty { pourEarliestBucket() }
        return near.first
    }

    @inlinable mutating func popMin() -> SimulationEvent? {
        if near.isEmpty { pourEarliestBucket() }
        return near.popMin()
    }

    @usableFromInline mutating func pourEarliestBucket() {
        guard let bucket = bucketOrder.popMin(), let events = buckets.removeValue(forKey: bucket) else { return }
        farCount -= events.count
        for event in events { near.push(event) }
        horizon = SimTime(nanoseconds: (bucket + 1) << EventQueue.bucketShift)
    }
}

/// A small binary min-heap of integers: the calendar's bucket numbers.
@usableFromInline
struct MinHeap {
    @usableFromInline var storage: [Int64] = []

    @inlinable init() {}

    @inlinable mutating func push(_ value: Int64) {
        storage.append(value)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard value < storage[parent] else { break }
            storage[child] = storage[parent]
            child = parent
        }
        storage[child] = value
    }

    @inlinable mutating func popMin() -> Int64? {
        guard let last = storage.popLast() else { return nil }
        if storage.isEmpty { return last }
        let top = storage[0]
        var parent = 0
        while true {
            var child = 2 * parent + 1
            if child >= storage.count { break }
            if child + 1 < storage.count && storage[child + 1] < storage[child] { child += 1 }
            guard storage[child] < last else { break }
            storage[parent] = storage[child]
            parent = child
        }
        storage[parent] = last
        return top
    }
}
