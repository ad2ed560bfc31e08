import SimulationKernel

extension String {
    /// The text right-aligned in `width` columns, for the summary tables the commands print.
    package func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// Wall seconds since `start`: what a study reports beside its simulated time (never read inside a simulation).
package func wallSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
