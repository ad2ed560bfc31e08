/// A binary min-heap of events ordered by `(time, order)`: the near part of the event queue.
///
/// A heap alone does not keep ties in order, so every event carries an `order` key chosen when
/// it is scheduled (a sequence number under `fifo`). Storage grows to the largest number of
/// pending events and is then reused, so a long run allocates nothing here.
///
/// The storage is a buffer of its own, not an array, and the heap cannot be copied: every push and
/// pop of a run goes through here, and an array checked its buffer for sharing twice on each.
///
/// - Complexity: O(log n) to push and to pop.
@usableFromInline
struct EventHeap: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<SimulationEvent>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0

    @inlinable init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inlinable deinit { base.deallocate() }  // Events are plain values: nothing to deinitialize.

    @inlinable var isEmpty: Bool { count == 0 }
    @inlinable var first: SimulationEvent? { count == 0 ? nil : base[0] }

    @inlinable mutating func push(_ event: SimulationEvent) {
        if count == capacity { grow() }
        var child = count
        count &+= 1
        while child > 0 {
            let parent = (child &- 1) >> 1
            guard event.runsBefore(base[parent]) else { break }
            base[child] = base[parent]
            child = parent
        }
        base[child] = event
    }

    @inlinable mutating func popMin() -> SimulationEvent? {
        guard count > 0 else { return nil }
        count &-= 1
        let top = base[0]
        if count == 0 { return top }
        let last = base[count]
        var parent = 0
        while true {
            var child = 2 &* parent &+ 1
            if child >= count { break }
            let right = child &+ 1
            if right < count && base[right].runsBefore(base[child]) { child = right }
            guard base[child].runsBefore(last) else { break }
            base[parent] = base[child]
            parent = child
        }
        base[parent] = last
        return top
    }

    /// Doubles the buffer; the old one is freed.
    @usableFromInline mutating func grow() {
        let larger = UnsafeMutablePointer<SimulationEvent>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

/// The simulation's event queue: a heap for the events due soon, and a calendar of coarse
/// buckets for the ones due later (timeouts, deadlines, retirements), which are most of the
/// pending events in a payments world and mostly outlive the lifecycle that set them.
///
/// Keeping them out of the heap keeps it small and in cache: the heap holds only the events due
/// before `horizon`; the calendar is a ring of `ringSize` buckets, each one `2^bucketShift` ns
/// of time, unordered inside; events further out than the ring reaches wait in an overflow heap
/// and move into the ring as it turns. When the heap runs dry, the earliest bucket is poured into
/// it. Events keep the `order` key they were scheduled with, so the pop order, and the trace, are
/// exactly a single heap's.
///
/// Pouring is also where stale events leave: a bucket's events are offered to an `isStale`
/// check first, and the ones their receiver has given up on (a timer whose wait ended long ago)
/// never enter the heap. In a payments world that is a fifth of all events.
@usableFromInline
struct EventQueue: ~Copyable {
    /// About a quarter of a second: a bucket holds a few thousand events at a busy world's rates.
    @usableFromInline static let bucketShift: Int64 = 28
    /// 8,192 buckets: the ring reaches about 36 minutes ahead.
    @usableFromInline static let ringSize: Int64 = 1 << 13
    @usableFromInline var near = EventHeap()
    /// The first bucket not yet poured: events before `horizonBucket << bucketShift` are in `near`.
    @usableFromInline var horizonBucket: Int64 = 1
    @usableFromInline var ring = [ContiguousArray<SimulationEvent>](repeating: [], count: Int(EventQueue.ringSize))
    @usableFromInline var ringCount = 0
    @usableFromInline var overflow = EventHeap(capacity: 0)
    /// Emptied bucket arrays, kept with their capacity for the next buckets that fill: a busy
    /// bucket then fills without growing its array a dozen times. Only buckets close to the
    /// horizon get one, and few are kept, so sparse far buckets never hold a busy bucket's
    /// capacity and memory stays flat.
    @usableFromInline var spareBuckets: [ContiguousArray<SimulationEvent>] = []
    @usableFromInline static let spareBucketReach: Int64 = 8
    @usableFromInline static let sparesKept = 4
    /// Events the `isStale` check removed while pouring.
    @usableFromInline var staleDropped = 0

    @inlinable init() {}

    @inlinable var count: Int { near.count + ringCount + overflow.count }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable static func bucket(_ event: SimulationEvent) -> Int64 { event.time.nanoseconds >> bucketShift }

    @inlinable mutating func push(_ event: SimulationEvent) {
        let bucket = EventQueue.bucket(event)
        if bucket < horizonBucket { return near.push(event) }
        guard bucket - horizonBucket < EventQueue.ringSize else { return overflow.push(event) }
        let slot = Int(bucket & (EventQueue.ringSize - 1))
        if ring[slot].capacity == 0 && bucket - horizonBucket < EventQueue.spareBucketReach,
           let spare = spareBuckets.popLast() {
            ring[slot] = spare
        }
        ring[slot].append(event)
        ringCount += 1
    }

    /// The next event, without removing it. The loop pours with its stale check first.
    @inlinable mutating func peek() -> SimulationEvent? {
        if near.isEmpty { pourEarliestBucket(droppingStale: { _ in false }) }
        return near.first
    }

    @inlinable mutating func popMin() -> SimulationEvent? {
        if near.isEmpty { pourEarliestBucket(droppingStale: { _ in false }) }
        return near.popMin()
    }

    @inlinable mutating func pourEarliestBucket(droppingStale isStale: (SimulationEvent) -> Bool) {
        while near.isEmpty {
            if ringCount == 0 {
                // Nothing in reach: jump the ring to the earliest far event.
                guard let next = overflow.first else { return }
                horizonBucket = max(horizonBucket, EventQueue.bucket(next))
                takeOverflowInReach()
                continue
            }
            var slot = Int(horizonBucket & (EventQueue.ringSize - 1))
            while ring[slot].isEmpty {
                horizonBucket += 1
                slot = Int(horizonBucket & (EventQueue.ringSize - 1))
            }
            // A fresh array for the slot: keeping a busy bucket's capacity in every slot would
            // make memory grow with the run. The emptied one goes to the spares.
            var events = ring[slot]
            ring[slot] = []
            ringCount -= events.count
            for event in events {
                if isStale(event) {
                    staleDropped &+= 1
                } else {
                    near.push(event)
                }
            }
            if spareBuckets.count < EventQueue.sparesKept {
                events.removeAll(keepingCapacity: true)
                spareBuckets.append(events)
            }
            horizonBucket += 1
            takeOverflowInReach()
        }
    }

    /// The ring turned: far events now within its reach move in.
    @usableFromInline mutating func takeOverflowInReach() {
        while let next = overflow.first, EventQueue.bucket(next) - horizonBucket < EventQueue.ringSize {
            overflow.popMin().map { push($0) }
        }
    }
}
