import SimulationKernel

/// The G-7 deadlines of the lifecycles in flight, kept so that one timer watches them all.
///
/// A timer per lifecycle would sit in the event queue for the lifecycle's whole budget (a card
/// sale 17 minutes, a Portmone bill 53), long after the lifecycle ended in seconds: the queue
/// then holds every lifecycle started within the last budget, and memory grows with the rate
/// times the budget. Here a lifecycle is linked while it is in flight and unlinked when it ends,
/// so storage follows the slots in flight.
///
/// A flow's budget is the same for all its lifecycles and they start in clock order, so each
/// flow's list is already in deadline order: linking appends, unlinking is O(1), and the next
/// deadline of all is the earliest of the heads.
struct LifecycleDeadlines {
    private static let none: Int32 = -1
    /// Per slot: the neighbours in its flow's list, and the flow it is linked in (`none` when not).
    private var next: [Int32] = []
    private var previous: [Int32] = []
    private var linkedFlow: [Int32] = []
    private var deadlines: [SimTime] = []
    /// Per flow: the slot with the earliest deadline, and the latest.
    private var heads: [Int32]
    private var tails: [Int32]
    private(set) var count = 0

    init(flows: Int) {
        heads = Array(repeating: Self.none, count: flows)
        tails = Array(repeating: Self.none, count: flows)
    }

    func isLinked(_ slot: Int) -> Bool { slot < linkedFlow.count && linkedFlow[slot] != Self.none }

    /// Links a slot that starts now; its deadline is not before any other of its flow's.
    mutating func link(_ slot: Int, flow: Int, deadline: SimTime) {
        while linkedFlow.count <= slot {
            next.append(Self.none)
            previous.append(Self.none)
            linkedFlow.append(Self.none)
            deadlines.append(.zero)
        }
        precondition(!isLinked(slot), "slot \(slot) is linked twice")
        let tail = tails[flow]
        precondition(tail == Self.none || deadlines[Int(tail)] <= deadline,
                     "a flow's deadlines must come in order: its budget is fixed and the clock only moves on")
        linkedFlow[slot] = Int32(flow)
        deadlines[slot] = deadline
        previous[slot] = tail
        next[slot] = Self.none
        if tail == Self.none { heads[flow] = Int32(slot) } else { next[Int(tail)] = Int32(slot) }
        tails[flow] = Int32(slot)
        count += 1
    }

    /// Unlinks a slot whose lifecycle ended, or whose deadline was reported; a no-op if not linked.
    mutating func unlink(_ slot: Int) {
        guard isLinked(slot) else { return }
        let flow = Int(linkedFlow[slot])
        let before = previous[slot], after = next[slot]
        if before == Self.none { heads[flow] = after } else { next[Int(before)] = after }
        if after == Self.none { tails[flow] = before } else { previous[Int(after)] = before }
        linkedFlow[slot] = Self.none
        count -= 1
    }

    /// The earliest deadline of every linked slot.
    var earliest: SimTime? {
        var earliest: SimTime?
        for head in heads where head != Self.none {
            let deadline = deadlines[Int(head)]
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    /// Unlinks and returns the slots whose deadline is at or before `now`, flow by flow, each
    /// flow's in deadline order.
    mutating func takeDue(at now: SimTime) -> [Int] {
        var due: [Int] = []
        for flow in heads.indices {
            while heads[flow] != Self.none, deadlines[Int(heads[flow])] <= now {
                let slot = Int(heads[flow])
                unlink(slot)
                due.append(slot)
            }
        }
        return due
    }
}
