/// A binary min-heap of events ordered by `(time, order)`: the near part of the event queue.
///
/// A heap alone does not keep ties in order, so every event carries an `order` key chosen when
/// it is scheduled (a sequence number under `fifo`). Storage grows to the largest number of
/// pending events and is then reused, so a long run allocates nothing here.
///
/// The storage is a buffer of its own, not an array, and the heap cannot be copied: every push and
/// pop of a run goes through here, and an array would check its buffer for sharing twice on each.
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

/// The simulation's event queue: a heap for the events due next, a fine calendar for the rest of
/// the current quarter second, and a coarse calendar for the ones due later (timeouts,
/// deadlines, retirements), which are most of the pending events in a payments world and mostly
/// outlive the lifecycle that set them.
///
/// Keeping events out of the heap keeps it small and in cache, and a pop from a small heap is a
/// few levels, not ten. The coarse calendar is a ring of `ringSize` buckets, each one
/// `2^bucketShift` ns of time, unordered inside; events further out than the ring reaches wait in
/// an overflow heap and move into the ring as it turns. When everything before the next coarse
/// bucket has been delivered, that bucket is spread over the fine ring: `fineSlots` slots of
/// `2^fineShift` ns each, which together cover exactly one coarse bucket. When the heap runs
/// dry, the earliest fine slot is poured into it. Events keep the `order` key they were
/// scheduled with, so the pop order, and the trace, are exactly a single heap's.
///
/// Spreading a coarse bucket is also where stale events leave: its events are offered to an
/// `isStale` check first, and the ones their receiver has given up on (a timer whose wait ended
/// long ago) go no further. In a payments world that is a fifth of all events. A dropped event
/// leaves no trace record, so the moment of the check shows in the trace hash: it is always when
/// the last event before the bucket has been delivered, a point fixed by the run alone.
///
/// Where an instant falls is read off its nanoseconds: shifted right by `fineShift` they are its
/// fine index, counted from time zero; by `bucketShift`, its coarse bucket. The low
/// `bucketShift - fineShift` bits of a fine index are its slot in the fine ring, and the low
/// bits of a bucket (`ringSize` is a power of two) its slot in the coarse ring. The helpers
/// below are the only places these shifts and masks are written.
@usableFromInline
struct EventQueue: ~Copyable {
    /// About a quarter of a second: a bucket holds a few thousand events at a busy world's rates.
    @usableFromInline static let bucketShift: Int64 = 28
    /// 8,192 buckets: the ring reaches about 36 minutes ahead.
    @usableFromInline static let ringSize: Int64 = 1 << 13
    /// About a millisecond: a fine slot holds a handful of events at a busy world's rates.
    @usableFromInline static let fineShift: Int64 = 20
    @usableFromInline static let fineSlots: Int64 = 1 << (bucketShift - fineShift)
    @usableFromInline var near = EventHeap()
    /// The first fine index not yet poured: events with a smaller fine index are in `near`.
    @usableFromInline var fineHorizon: Int64 = 0
    /// The slots of the coarse bucket being delivered (`horizonBucket - 1`), from `fineHorizon` on.
    @usableFromInline var fine = SlotLists(slots: Int(EventQueue.fineSlots))
    /// The first bucket not yet spread: events before `horizonBucket << bucketShift` are in `near`
    /// or `fine`.
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
    /// Events the `isStale` check removed while spreading or sweeping.
    @usableFromInline var staleDropped = 0
    /// The ring's size that sets off the next sweep (`sweepRing`).
    @usableFromInline var sweepAt = EventQueue.smallestSweep
    /// No sweep below this many events in the ring (2.6 MB): a small run never pays for one.
    @usableFromInline static let smallestSweep = 1 << 16

    @inlinable init() {}

    @inlinable var count: Int { near.count + fine.count + ringCount + overflow.count }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable static func bucket(_ event: SimulationEvent) -> Int64 { event.time.nanoseconds >> bucketShift }

    @inlinable static func fineIndex(_ event: SimulationEvent) -> Int64 { event.time.nanoseconds >> fineShift }

    /// The first fine index of a coarse bucket.
    @inlinable static func firstFineIndex(ofBucket bucket: Int64) -> Int64 { bucket << (bucketShift - fineShift) }

    /// The slot of a fine index in the fine ring, which holds one coarse bucket.
    @inlinable static func fineSlot(ofFineIndex index: Int64) -> Int { Int(index & (fineSlots - 1)) }

    /// The event's slot in the fine ring.
    @inlinable static func fineSlot(_ event: SimulationEvent) -> Int { fineSlot(ofFineIndex: fineIndex(event)) }

    /// The slot of a coarse bucket in the ring.
    @inlinable static func ringSlot(ofBucket bucket: Int64) -> Int { Int(bucket & (ringSize - 1)) }

    @inlinable mutating func push(_ event: SimulationEvent) {
        if EventQueue.fineIndex(event) < fineHorizon { return near.push(event) }
        let bucket = EventQueue.bucket(event)
        if bucket < horizonBucket { return fine.append(event, slot: EventQueue.fineSlot(event)) }
        guard bucket - horizonBucket < EventQueue.ringSize else { return overflow.push(event) }
        let slot = EventQueue.ringSlot(ofBucket: bucket)
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

    /// Pours the earliest fine slot into the heap; false when the fine ring is empty. The loop
    /// calls it first: most pours need nothing else, and it takes no stale check (a closure).
    @inlinable mutating func pourFineSlot() -> Bool {
        guard fine.count > 0 else { return false }
        var slot = EventQueue.fineSlot(ofFineIndex: fineHorizon)
        while fine.isEmpty(slot: slot) {
            fineHorizon &+= 1
            slot = EventQueue.fineSlot(ofFineIndex: fineHorizon)
        }
        fine.drain(slot: slot) { near.push($0) }
        fineHorizon &+= 1
        return true
    }

    /// Fills the empty heap from the earliest fine slot, spreading the next coarse bucket first
    /// when the fine ring is spent; leaves the heap empty only when nothing is pending.
    @inlinable mutating func pourEarliestBucket(droppingStale isStale: (SimulationEvent) -> Bool) {
        while near.isEmpty {
            if pourFineSlot() { continue }
            if ringCount == 0 {
                // Nothing in reach: jump the ring to the earliest far event.
                guard let next = overflow.first else { return }
                horizonBucket = max(horizonBucket, EventQueue.bucket(next))
                takeOverflowInReach()
                continue
            }
            var slot = EventQueue.ringSlot(ofBucket: horizonBucket)
            while ring[slot].isEmpty {
                horizonBucket += 1
                slot = EventQueue.ringSlot(ofBucket: horizonBucket)
            }
            // A fresh array for the slot: keeping a busy bucket's capacity in every slot would
            // make memory grow with the run. The emptied one goes to the spares.
            var events = ring[slot]
            ring[slot] = []
            ringCount -= events.count
            fineHorizon = EventQueue.firstFineIndex(ofBucket: horizonBucket)
            horizonBucket += 1
            for event in events {
                if isStale(event) {
                    staleDropped &+= 1
                } else {
                    fine.append(event, slot: EventQueue.fineSlot(event))
                }
            }
            if spareBuckets.count < EventQueue.sparesKept {
                events.removeAll(keepingCapacity: true)
                spareBuckets.append(events)
            }
            takeOverflowInReach()
            if ringCount >= sweepAt { sweepRing(droppingStale: isStale) }
        }
    }

    /// Drops the stale events of every bucket of the ring now, rather than when each is spread.
    ///
    /// A payments world abandons most of its long timers (a session's expiry once the session
    /// ended, a challenge's once it was answered): four in five events waiting in the ring are
    /// stale, and without a sweep they hold the calendar's memory until their time comes. A stale
    /// event stays stale (`SimulationActor.wouldIgnore`), so dropping it now drops exactly what the
    /// spread would have, and the trace is the same. The next sweep waits until the ring has doubled
    /// again, so each event pushed pays for at most one check on average.
    @usableFromInline mutating func sweepRing(droppingStale isStale: (SimulationEvent) -> Bool) {
        for slot in ring.indices where !ring[slot].isEmpty {
            var events = ring[slot]
            ring[slot] = []
            var kept = 0
            events.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices where !isStale(buffer[index]) {
                    buffer[kept] = buffer[index]
                    kept += 1
                }
            }
            let dropped = events.count - kept
            staleDropped &+= dropped
            ringCount -= dropped
            events.removeLast(dropped)
            // Mostly emptied: a buffer sized to what is left, since the old one's capacity is what
            // the sweep is for.
            if kept > 0 { ring[slot] = 4 * kept < 3 * events.capacity ? ContiguousArray(events[...]) : events }
        }
        sweepAt = max(EventQueue.smallestSweep, 2 * ringCount)
    }

    /// The ring turned: far events now within its reach move in.
    @usableFromInline mutating func takeOverflowInReach() {
        while let next = overflow.first, EventQueue.bucket(next) - horizonBucket < EventQueue.ringSize {
            overflow.popMin().map { push($0) }
        }
    }
}
