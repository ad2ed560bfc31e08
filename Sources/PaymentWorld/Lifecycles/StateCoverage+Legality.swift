/// One lifecycle's (state, event) pairs sorted by what its table says about them and what a run
/// did with them: the legal ones it reached, the legal ones it never reached, and the illegal
/// ones it tried (G-6 rejected them). The illegal pairs nobody tried are only counted: they are
/// the table working, not a gap.
public struct LegalityCoverage: Sendable, Hashable {
    public struct Pair: Sendable, Hashable {
        public let state: String
        public let event: String
        /// Times the table took the pair (a legal pair), and times it refused it: an illegal
        /// pair, or a legal pair whose guard said no (attempts used up, no SCA).
        public let applied: UInt64
        public let rejected: UInt64
    }

    public let lifecycle: String
    public let legalPairs: Int
    public let illegalPairs: Int
    public let legalReached: [Pair]
    public let legalNotReached: [Pair]
    public let illegalTried: [Pair]

    /// Sorts `machine`'s pairs by `legal`, laid out as its counts are (row by state).
    public init(_ machine: StateCoverage.Machine, legal: [Bool]) {
        precondition(legal.count == machine.pairs, "\(machine.lifecycle): \(legal.count) legal flags for \(machine.pairs) pairs")
        let pairs = machine.table.map { Pair(state: $0.state, event: $0.event, applied: $0.applied, rejected: $0.rejected) }
        let reached = { (pair: Pair) in pair.applied > 0 || pair.rejected > 0 }
        lifecycle = machine.lifecycle
        legalPairs = legal.filter { $0 }.count
        illegalPairs = legal.count - legalPairs
        legalReached = zip(pairs, legal).filter { $1 && reached($0) }.map(\.0)
        legalNotReached = zip(pairs, legal).filter { $1 && !reached($0) }.map(\.0)
        illegalTried = zip(pairs, legal).filter { !$1 && reached($0) }.map(\.0)
    }
}

extension StateCoverage {
    /// Every lifecycle's pairs sorted by legality (`LegalPairs`), in `coverageSlot` order.
    public var byLegality: [LegalityCoverage] {
        zip(machines, LegalPairs.bySlot).map { LegalityCoverage($0, legal: $1) }
    }
}
