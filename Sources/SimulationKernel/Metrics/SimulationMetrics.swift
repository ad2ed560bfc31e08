/// Latency histograms kept by name for one simulation: what user actors record through
/// `SimulationContext.record(latency:in:)`, read after the run.
///
/// A histogram is created on its first value. Names are listed sorted, never in a dictionary's
/// order, so reports read the same on every run.
///
/// ```swift
/// context.record(latency: .milliseconds(12), in: "pay")
/// simulation.run()
/// simulation.metrics.histogram("pay")?.count   // 1
/// ```
///
/// Unchecked `Sendable`, because `Simulation` hands it out from a `let`: its dictionary changes
/// without a lock, which is safe because it is used on the simulation's thread only, like the
/// rest of a simulation: recorded into during a run, read after it.
public final class SimulationMetrics: @unchecked Sendable {
    private var histograms: [String: LatencyHistogram] = [:]  // Looked up, never iterated unsorted.

    init() {}

    /// Records one latency in the histogram `name`, creating it if needed.
    ///
    /// - Precondition: `latency` is not negative.
    public func record(_ latency: SimDuration, in name: String) {
        histograms[name, default: LatencyHistogram()].record(latency.nanoseconds)
    }

    /// The histogram `name`, or nil if nothing was recorded in it.
    public func histogram(_ name: String) -> LatencyHistogram? { histograms[name] }

    /// Every histogram's name, sorted.
    public var names: [String] { histograms.keys.sorted() }
}
