/// A value whose enum case has a stable index and name, without reflection.
public protocol CaseIndexed {
    static var caseNames: [String] { get }
    var caseIndex: Int { get }
}

/// A lifecycle whose (state, event) pairs can be counted: issue 7's state-space coverage.
/// Conformances are generated at build time from the enums' source by `CaseIndexPlugin`.
public protocol CoverableLifecycle: LifecycleState, CaseIndexed where Event: CaseIndexed {
    /// This lifecycle's place in `coverableLifecycles`.
    static var coverageSlot: Int { get }
}

/// Which (state, event) pairs of each lifecycle a run reached: applied by the table (legal) or
/// rejected as illegal (G-6). Counting is an array increment per transition, so it is always on;
/// runs merge, so an exploration reports the union of its seeds.
public struct StateCoverage: Sendable, Hashable {
    /// One lifecycle's counts, `states × events`, row by state.
    public struct Machine: Sendable, Hashable {
        public let lifecycle: String
        public let states: [String]
        public let events: [String]
        public internal(set) var applied: [UInt64]
        public internal(set) var rejected: [UInt64]

        public var pairs: Int { states.count * events.count }
        public var reached: Int { zip(applied, rejected).filter { $0 > 0 || $1 > 0 }.count }
        public var isUsed: Bool { applied.contains { $0 > 0 } || rejected.contains { $0 > 0 } }

        /// Every pair with its counts, in table order (state by state).
        public var table: [(state: String, event: String, applied: UInt64, rejected: UInt64)] {
            states.indices.flatMap { state in
                events.indices.map { event in
                    (states[state], events[event], applied[state * events.count + event],
                     rejected[state * events.count + event])
                }
            }
        }
    }

    public private(set) var machines: [Machine] = coverableLifecycles.map { type in
        let states = type.caseNames
        let events = type.eventCaseNames
        return Machine(lifecycle: type.lifecycleName, states: states, events: events,
                       applied: Array(repeating: 0, count: states.count * events.count),
                       rejected: Array(repeating: 0, count: states.count * events.count))
    }

    public init() {}

    public mutating func record<State: CoverableLifecycle>(_ state: State, _ event: State.Event, legal: Bool) {
        let slot = State.coverageSlot
        let index = state.caseIndex * State.Event.caseNames.count + event.caseIndex
        if legal {
            machines[slot].applied[index] &+= 1
        } else {
            machines[slot].rejected[index] &+= 1
        }
    }

    public mutating func merge(_ other: StateCoverage) {
        for slot in machines.indices {
            for index in machines[slot].applied.indices {
                machines[slot].applied[index] &+= other.machines[slot].applied[index]
                machines[slot].rejected[index] &+= other.machines[slot].rejected[index]
            }
        }
    }

    /// Adds counts to the pair `state × event` of `lifecycle`, all by name, as a report file
    /// writes them: how coverage read back from several files is summed.
    ///
    /// - Returns: false, changing nothing, when this build has no such lifecycle, state or event
    ///   (a file from another version of the tables).
    public mutating func add(lifecycle: String, state: String, event: String, applied: UInt64, rejected: UInt64) -> Bool {
        guard let slot = machines.firstIndex(where: { $0.lifecycle == lifecycle }),
              let row = machines[slot].states.firstIndex(of: state),
              let column = machines[slot].events.firstIndex(of: event) else { return false }
        let index = row * machines[slot].events.count + column
        machines[slot].applied[index] &+= applied
        machines[slot].rejected[index] &+= rejected
        return true
    }
}

extension CoverableLifecycle {
    static var eventCaseNames: [String] { Event.caseNames }
}
