import PaymentWorld
import SimulationKernel

/// One seed explored: how it ended and what it reached.
public struct SeedReport: Sendable {
    public var seed: UInt64
    public var verdict: Verdict
    /// The run's fingerprint, which the seed's replay command reproduces.
    public var traceHash: UInt64
    /// The faults the seed chose in swarm mode; nil without swarm.
    public var faults: String?
    /// Every violation the run counted (more than one only with `keepGoing`).
    public var violations: Int
    /// The (state, event) pairs each lifecycle reached; nil for the reference pipeline.
    public var coverage: StateCoverage?

    /// The seed as a failure to report, or nil when it broke no invariant.
    public var finding: Finding? {
        guard let invariantID = verdict.invariantID, let invariant = verdict.invariant else { return nil }
        let more = violations > 1 ? " (+\(violations - 1) more violations)" : ""
        return Finding(seed: seed, invariantID: invariantID, invariant: invariant, detail: verdict.detail + more,
                       isLiveness: verdict.isLiveness, traceHash: traceHash, faults: faults ?? "")
    }
}

/// A seed that broke an invariant, with what it takes to see it again.
public struct Finding: Sendable, Hashable {
    public var seed: UInt64
    /// `G-4`, or `escape`: what a shrink of this seed keeps failing.
    public var invariantID: String
    /// `G-4 NoOrderIsChargedTwice`, or `determinism escape`.
    public var invariant: String
    /// Where and what: `payment#12.1  t=00:00:00.240: …`, with the count of further violations.
    public var detail: String
    /// A liveness failure (exit 2) rather than a safety one (exit 1).
    public var isLiveness: Bool
    /// The run's trace hash; the replay command gives the same.
    public var traceHash: UInt64
    /// The faults the seed chose in swarm mode, for people; empty without swarm.
    public var faults: String

    /// The trace hash as 16 hex digits, as `paystorm run` prints it.
    public var traceHashText: String { Trace.hex(traceHash) }
}
