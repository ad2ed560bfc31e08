/// Events filed under a fixed number of slots, unordered inside a slot: the event queue's fine
/// calendar, which every event passes through on its way to the heap.
///
/// Each slot is a singly linked list threaded through one shared node buffer, with emptied nodes
/// kept on a free list. An array per slot would cost a retain, a release and a uniqueness check
/// on every append and every pour; here an append is three stores. The buffer grows to the most
/// events ever filed at once and is then reused, so a long run allocates nothing here.
@usableFromInline
struct SlotLists: ~Copyable {
    @usableFromInline static let none: Int32 = -1
    /// The first node of each slot's list, or `none`.
    @usableFromInline var heads: UnsafeMutablePointer<Int32>
    @usableFromInline var events: UnsafeMutablePointer<SimulationEvent>
    /// The node after each node in its slot's list (or on the free list), or `none`.
    @usableFromInline var links: UnsafeMutablePointer<Int32>
    @usableFromInline var capacity: Int
    /// Nodes ever handed out; the ones beyond it have never been used.
    @usableFromInline var used = 0
    @usableFromInline var freeHead = SlotLists.none
    /// Events filed, over all slots.
    @usableFromInline var count = 0

    @inlinable init(slots: Int, capacity: Int = 1024) {
        heads = .allocate(capacity: slots)
        heads.initialize(repeating: SlotLists.none, count: slots)
        self.capacity = capacity
        events = .allocate(capacity: capacity)
        links = .allocate(capacity: capacity)
    }

    @inlinable deinit {
        heads.deallocate()
        events.deallocate()
        links.deallocate()
    }

    @inlinable func isEmpty(slot: Int) -> Bool { heads[slot] == SlotLists.none }

    @inlinable @inline(__always) mutating func append(_ event: SimulationEvent, slot: Int) {
        let node: Int32
        if freeHead != SlotLists.none {
            node = freeHead
            freeHead = links[Int(node)]
        } else {
            if used == capacity { grow() }
            node = Int32(truncatingIfNeeded: used)
            used &+= 1
        }
        events[Int(node)] = event
        links[Int(node)] = heads[slot]
        heads[slot] = node
        count &+= 1
    }

    /// Hands every event of `slot` to `body`, in no particular order, and empties the slot.
    @inlinable mutating func drain(slot: Int, _ body: (SimulationEvent) -> Void) {
        var node = heads[slot]
        guard node != SlotLists.none else { return }
        heads[slot] = SlotLists.none
        while true {
            body(events[Int(node)])
            count &-= 1
            let next = links[Int(node)]
            links[Int(node)] = freeHead
            freeHead = node
            if next == SlotLists.none { return }
            node = next
        }
    }

    /// Doubles the node buffer; list links are indices, so they stay valid.
    @usableFromInline mutating func grow() {
        precondition(capacity < Int(Int32.max) / 2, "SlotLists: more than \(Int32.max / 2) events filed at once")
        let larger = UnsafeMutablePointer<SimulationEvent>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: events, count: used)
        events.deallocate()
        events = larger
        let largerLinks = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
        largerLinks.moveInitialize(from: links, count: used)
        links.deallocate()
        links = largerLinks
        capacity *= 2
    }
}
