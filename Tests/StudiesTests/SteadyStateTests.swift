import Foundation
import Reporting
import SimulationKernel
@testable import Studies
import Testing

/// SteadyState on made-up per-second rows: a still series is stationary, a falling success rate
/// and a growing crowd in flight are drifting by what they moved, a filling start is cut as the
/// warm-up, and a run too short to judge says so.
@Suite struct SteadyStateTests {
    /// Per-second rows: `success(t)` of 100 completions, `inFlight(t)` open, a p99 of 400 ms, with a
    /// small deterministic wobble so the trend test has noise to weigh.
    static func rows(seconds: Int, success: (Int) -> Double, inFlight: (Int) -> Double) -> [IntervalRow] {
        var state: UInt64 = 12_345
        func wobble() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 33) / Double(1 << 31) - 0.5
        }
        return (0..<seconds).map { second in
            var latency = LatencyHistogram()
            for _ in 0..<100 { latency.record(400_000_000 + Int64(wobble() * 40_000_000)) }
            let share = min(1, max(0, success(second) + wobble() * 0.04))
            return IntervalRow(end: SimTime(nanoseconds: Int64(second + 1) * 1_000_000_000), seconds: 1, completed: 100,
                               succeeded: UInt64((share * 100).rounded()), inFlight: Int(inFlight(second) + wobble() * 20),
                               latency: latency)
        }
    }

    @Test func aStillRunIsStationary() {
        let steady = SteadyState(rows: Self.rows(seconds: 600, success: { _ in 0.9 }, inFlight: { _ in 500 }), arrivalsEnd: nil)
        #expect(steady.verdict == .stationary, "\(steady.lines)")
        #expect(steady.windows >= SteadyState.minimumWindows && steady.trends.allSatisfy { !$0.drifting })
        let success = steady.trends.first { $0.name == "success" }
        #expect(abs((success?.mean ?? 0) - 0.9) < 0.01)
    }

    @Test func aFallingSuccessRateIsDriftingByWhatItLost() {
        let steady = SteadyState(rows: Self.rows(seconds: 600, success: { 0.9 - 0.2 * Double($0) / 600 }, inFlight: { _ in 500 }),
                                 arrivalsEnd: nil)
        #expect(steady.verdict == .drifting, "\(steady.lines)")
        let success = steady.trends.first { $0.name == "success" }
        // A rate that never stops falling leaves MSER-5 at its limit; what is left still fell.
        #expect(success?.drifting == true && (success?.change ?? 0) < -0.05 && steady.warmupAtLimit, "\(steady.lines)")
        #expect(steady.description.hasPrefix("drifting: success −"), "\(steady.description)")
    }

    @Test func aGrowingCrowdInFlightIsDrifting() {
        let steady = SteadyState(rows: Self.rows(seconds: 600, success: { _ in 0.9 }, inFlight: { 300 + Double($0) }), arrivalsEnd: nil)
        let inFlight = steady.trends.first { $0.name == "in flight" }
        #expect(steady.verdict == .drifting && inFlight?.drifting == true, "\(steady.lines)")
    }

    @Test func aFillingStartIsCutAsTheWarmup() {
        // In flight climbs for 100 s, then holds: MSER-5 cuts about those 100 s and the rest is still.
        let steady = SteadyState(rows: Self.rows(seconds: 1_000, success: { _ in 0.85 }, inFlight: { min(Double($0) * 5, 500) }),
                                 arrivalsEnd: nil)
        #expect(steady.warmupSeconds >= 80 && steady.warmupSeconds <= 200, "\(steady.lines)")
        #expect(steady.verdict == .stationary && !steady.warmupAtLimit, "\(steady.lines)")
    }

    @Test func theDrainAfterTheLastArrivalIsLeftOut() {
        // The last 600 s empty the system (a drain takes long: the default run's is 2,059 s after 250 s
        // of arrivals); judged up to the last arrival, the run held still.
        let rows = Self.rows(seconds: 1_200, success: { _ in 0.9 }, inFlight: { $0 < 600 ? 500 : 500 - Double($0 - 600) * 0.8 })
        #expect(SteadyState(rows: rows, arrivalsEnd: SimTime(nanoseconds: 600_000_000_000)).verdict == .stationary)
        let withDrain = SteadyState(rows: rows, arrivalsEnd: nil)
        #expect(withDrain.verdict == .drifting, "\(withDrain.lines)")
    }

    @Test func aRunTooShortToJudgeSaysSo() {
        let steady = SteadyState(rows: Self.rows(seconds: 4, success: { _ in 0.9 }, inFlight: { _ in 10 }), arrivalsEnd: nil)
        #expect(steady.verdict == .tooShort && steady.trends.isEmpty)
        #expect(steady.description.hasPrefix("too short to judge"))
    }
}
