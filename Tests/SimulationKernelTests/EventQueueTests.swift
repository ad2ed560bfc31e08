@testable import SimulationKernel
import Testing

/// The event queue (a heap for near events, a calendar ring and an overflow heap for far ones)
/// pops exactly what one heap would: by time, then by order key, whatever the mix of horizons.
@Suite struct EventQueueTests {
    static func event(_ nanoseconds: Int64, order: UInt64) -> SimulationEvent {
        SimulationEvent(time: SimTime(nanoseconds: nanoseconds), order: order, receiver: ReceiverID(rawValue: 0), kind: 0,
                        subject: order, argument: 0)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func popsInTimeThenOrderAcrossNearRingAndOverflow(seed: UInt64) {
        var random = SimRandom(seed: seed)
        var queue = EventQueue()
        var reference = EventHeap()
        var order: UInt64 = 0
        var now: Int64 = 0
        var popped = 0
        // Interleave pushes (near, within the ring's reach, and hours ahead) with pops, as a run does.
        for _ in 0..<20_000 {
            for _ in 0..<Int(random.int(in: 0...3)) {
                let horizon: UInt64 = [1_000_000, 500_000_000, 600_000_000_000, 10_000_000_000_000][Int(random.int(in: 0...3))]
                let time = now + Int64(random.int(in: 0...horizon))
                order += 1
                queue.push(Self.event(time, order: order))
                reference.push(Self.event(time, order: order))
            }
            if random.int(in: 0...1) == 0, let expected = reference.popMin() {
                let actual = queue.popMin()
                #expect(actual?.time == expected.time && actual?.order == expected.order)
                now = expected.time.nanoseconds
                popped += 1
            }
            #expect(queue.count == reference.count)
        }
        while let expected = reference.popMin() {
            let actual = queue.popMin()
            #expect(actual?.time == expected.time && actual?.order == expected.order)
            popped += 1
        }
        #expect(queue.isEmpty && queue.popMin() == nil)
        #expect(popped > 20_000)
    }

    /// The heap itself against the plainest model there is: a list scanned for its minimum. It
    /// starts at its smallest buffer, so the run also crosses several growths.
    @Test(arguments: [4, 5] as [UInt64])
    func heapPopsWhatAScannedListWould(seed: UInt64) {
        var random = SimRandom(seed: seed)
        var heap = EventHeap(capacity: 0)
        var model: [SimulationEvent] = []
        var order: UInt64 = 0
        var popped = 0
        // Pushes and pops at even odds: the list stays short enough to scan, yet reaches past the
        // heap's first buffer.
        for _ in 0..<20_000 {
            if random.int(in: 0...1) == 0 || model.isEmpty {
                order += 1
                // Few distinct times, so most comparisons are decided by the order key.
                let event = Self.event(Int64(random.int(in: 0...50)), order: order)
                heap.push(event)
                model.append(event)
            } else if let index = model.indices.min(by: { model[$0].runsBefore(model[$1]) }) {
                let expected = model.remove(at: index)
                let actual = heap.popMin()
                #expect(actual?.time == expected.time && actual?.order == expected.order)
                popped += 1
            }
            #expect(heap.count == model.count)
        }
        #expect(popped > 5_000 && heap.capacity > 16)
    }

    /// The fine calendar's lists against arrays: every event filed comes back from its slot once,
    /// nodes are reused after a drain, and the buffer grows past its first capacity.
    @Test func slotListsGiveBackWhatWasFiled() {
        var random = SimRandom(seed: 9)
        var lists = SlotLists(slots: 8, capacity: 4)
        var model = [[UInt64]](repeating: [], count: 8)
        var order: UInt64 = 0
        var mostFiled = 0
        for _ in 0..<5_000 {
            let slot = Int(random.int(in: 0...7))
            if random.int(in: 0...2) > 0 {
                order += 1
                lists.append(Self.event(0, order: order), slot: slot)
                model[slot].append(order)
            } else {
                var drained: [UInt64] = []
                lists.drain(slot: slot) { drained.append($0.order) }
                #expect(drained.sorted() == model[slot])
                let emptied = lists.isEmpty(slot: slot)
                #expect(emptied)
                model[slot] = []
            }
            let filed = lists.count
            #expect(filed == model.reduce(0) { $0 + $1.count })
            mostFiled = max(mostFiled, filed)
        }
        let (used, capacity) = (lists.used, lists.capacity)
        #expect(used == mostFiled && capacity >= mostFiled && capacity > 4)
    }

    /// A long timer mostly abandoned: the sweep drops stale events from the whole ring once it
    /// has grown, long before their buckets come, and the events delivered, in their order, and
    /// the count dropped are those of a queue that only drops at the spread. Staleness here is
    /// for good once it starts (`wouldIgnore`'s contract): an event is stale from the instant its
    /// subject names.
    @Test func sweepingTheRingDropsWhatTheSpreadWouldHaveEarlier() {
        var random = SimRandom(seed: 11)
        var swept = EventQueue()
        var spreadOnly = EventQueue()
        spreadOnly.sweepAt = .max
        var order: UInt64 = 0
        var now: Int64 = 0
        var delivered = 0
        var mostPending = (swept: 0, spreadOnly: 0)
        func stale(_ event: SimulationEvent) -> Bool { event.subject != 0 && Int64(event.subject) <= now }
        for _ in 0..<100_000 {
            // A reply due within 100 ms, which moves time on, and three timers due in one to fifteen
            // minutes, four in five of them given up on within ten seconds.
            for timer in 0..<4 {
                let due = timer == 0 ? random.int(in: 1_000_000...100_000_000) : random.int(in: 60_000_000_000...900_000_000_000)
                let abandoned: UInt64 = timer == 0 || random.int(in: 0...4) == 0 ? 0 : UInt64(now) + random.int(in: 1...10_000_000_000)
                order += 1
                let event = SimulationEvent(time: SimTime(nanoseconds: now + Int64(due)), order: order,
                                            receiver: ReceiverID(rawValue: 0), kind: 0, subject: abandoned, argument: 0)
                swept.push(event)
                spreadOnly.push(event)
            }
            if swept.near.isEmpty && !swept.pourFineSlot() { swept.pourEarliestBucket(droppingStale: stale) }
            if spreadOnly.near.isEmpty && !spreadOnly.pourFineSlot() { spreadOnly.pourEarliestBucket(droppingStale: stale) }
            let next = swept.near.popMin()
            let expected = spreadOnly.near.popMin()
            #expect(next?.order == expected?.order)
            if let next { now = next.time.nanoseconds; delivered += 1 }
            mostPending = (max(mostPending.swept, swept.count), max(mostPending.spreadOnly, spreadOnly.count))
        }
        // The rest, to the end: the same events again, and in all the same ones dropped.
        while true {
            if swept.near.isEmpty && !swept.pourFineSlot() { swept.pourEarliestBucket(droppingStale: stale) }
            if spreadOnly.near.isEmpty && !spreadOnly.pourFineSlot() { spreadOnly.pourEarliestBucket(droppingStale: stale) }
            let next = swept.near.popMin()
            let expected = spreadOnly.near.popMin()
            #expect(next?.order == expected?.order)
            guard let next else { break }
            now = next.time.nanoseconds
            delivered += 1
        }
        #expect(swept.isEmpty && spreadOnly.isEmpty)
        #expect(swept.staleDropped == spreadOnly.staleDropped && swept.staleDropped > 100_000)
        #expect(delivered + swept.staleDropped == 400_000)
        // What the sweep is for: the ring stays near twice its live events, not all it was given.
        #expect(mostPending.swept * 2 < mostPending.spreadOnly)
    }
}
