import Foundation
import PaymentWorld
import Reporting
import SimulationKernel
import Studies

/// One progress line per wall second on stderr, rewritten in place on a terminal.
final class ProgressReporter {
    let enabled: Bool
    let total: Int
    let start = ContinuousClock.now
    var lastPrint = ContinuousClock.now
    var lastCompleted: UInt64 = 0
    var printed = false

    init(enabled: Bool, total: Int) {
        self.enabled = enabled
        self.total = total
    }

    func report(_ progress: ProgressLine) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let since = now - lastPrint
        guard since >= .seconds(1) else { return }
        let seconds = Double(since.components.seconds) + Double(since.components.attoseconds) / 1e18
        let rate = Double(progress.completed - lastCompleted) / seconds
        lastPrint = now
        lastCompleted = progress.completed
        let done = progress.done * 100
        let p99 = progress.latencyP99.map { "  p99 \(SummaryTable.ms($0))ms" } ?? ""
        let line = "[\(SummaryTable.fixed(done, 0).leftPadded(3))%] t=\(progress.now)  lifecycles/s \(compact(rate))"
            + "  in flight \(SummaryTable.grouped(UInt64(progress.inFlight)))\(p99)  violations \(progress.violations)"
        StandardOutput.writeError("\r" + line + "\u{1B}[K")
        printed = true
    }

    /// A line for a pool of runs (explored seeds, sweep items): how many finished, and how many
    /// failed or, for a sweep, remain.
    func reportPool(finished: Int, total: Int, failed: Int = 0, showsRemaining: Bool = false) {
        report(.init(now: .zero, done: Double(finished) / Double(max(1, total)), completed: UInt64(finished),
                     inFlight: showsRemaining ? total - finished : 0, latencyP99: nil, violations: failed))
    }

    func finish() {
        if printed { StandardOutput.writeError("\n") }
    }

    private func compact(_ value: Double) -> String {
        value >= 1e6 ? SummaryTable.fixed(value / 1e6, 2) + "M" : value >= 1e3 ? SummaryTable.fixed(value / 1e3, 1) + "K"
            : SummaryTable.fixed(value, 0)
    }
}
