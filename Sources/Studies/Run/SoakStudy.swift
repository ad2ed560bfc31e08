import Exploration
import Reporting
import SimulationKernel

/// A soak: a scenario's arrivals run for a simulated length, judged window by window for whether
/// they hold still (``SteadyState``): success, p99, lifecycles in flight and money held, each
/// with its trend. `paystorm soak` prints each window as it closes and writes `soak.csv` beside
/// the run's files.
public enum SoakStudy {
    /// The scenario overrides that make arrivals last `length` of virtual time: the length bounds
    /// them, and the lifecycle count is lifted so that it does not end them first.
    public static func overrides(for length: SimDuration) -> [String] {
        ["run.duration=\(length.nanoseconds)ns", "run.lifecycles=1000000000"]
    }

    /// The window, seconds: the one asked for, else 500 s when the length holds ten of them, else a
    /// tenth of the length (the steady state's own rule, fixed here so the live lines and the
    /// verdict use the same windows).
    public static func window(for length: SimDuration, requested: SimDuration?) -> Double {
        if let requested { return requested.seconds }
        return length.seconds >= 5_000 ? 500 : max(1, (length.seconds / 10).rounded(.down))
    }

    /// Runs a soak of `length` of arrivals (`run` loaded with ``overrides(for:)``): the run's files
    /// plus `soak.csv`, with each window handed to `closed` as it closes. The drain after the last
    /// arrival empties the system by design, so it closes no window; `progress` sees every line,
    /// with `done` as the share of the length.
    public static func run(_ run: ScenarioRun, length: SimDuration, window: Double, directory: String,
                           stop: StopCondition = .never, progress: (ProgressLine) -> Void = { _ in },
                           closed: (LiveWindows.Closed) -> Void = { _ in }) throws -> RunStudy.Outcome {
        var live = LiveWindows(seconds: window)
        return try RunStudy.run(run, directory: directory, stop: stop, steadyWindow: window,
                                extraFiles: { report in report.steadyState.map { [("soak.csv", csv($0))] } ?? [] },
                                progress: { line in
                                    var line = line
                                    line.done = min(1, line.now.seconds / length.seconds)
                                    progress(line)
                                    if line.now.seconds <= length.seconds + 1e-9, let window = live.add(line) { closed(window) }
                                })
    }

    /// The windows' figures after the warm-up, one row each: what the trends are fitted to.
    public static let csvHeader = "window,start_s,end_s,success_rate,p99_ms,in_flight,held_minor_units"

    public static func csv(_ steady: SteadyState) -> String {
        var lines = [csvHeader]
        for (index, window) in steady.series.enumerated() {
            lines.append(["\(index + 1)", SummaryTable.fixed(window.start, 3), SummaryTable.fixed(window.end, 3),
                          SummaryTable.fixed(window.success, 6), SummaryTable.fixed(window.p99, 3),
                          SummaryTable.fixed(window.inFlight, 3), SummaryTable.fixed(window.held, 1)].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Windows as the run goes, from its progress lines (one per virtual second): the figures of
    /// each window when it closes, warm-up included (the verdict at the end leaves the warm-up out).
    public struct LiveWindows {
        public struct Closed: Sendable {
            public let index: Int
            public let start: Double
            public let end: Double
            public let success: Double?
            public let p99Milliseconds: Double?
            public let inFlight: Double
            public let held: Double

            /// `window 3  1000–1500 s  success 84.2 %  p99 3,412 ms  in flight 1,203  held 4,120,331`
            public var line: String {
                let success = success.map { SummaryTable.fixed($0 * 100, 1) + " %" } ?? "-"
                let p99 = p99Milliseconds.map { SummaryTable.grouped(UInt64($0.rounded())) + " ms" } ?? "-"
                return "window \(index)  \(SteadyState.Trend.fixed(start))–\(SteadyState.Trend.fixed(end)) s"
                    + "  success \(success)  p99 \(p99)  in flight \(SummaryTable.grouped(UInt64(inFlight.rounded())))"
                    + "  held \(SummaryTable.grouped(UInt64(max(0, held).rounded())))"
            }
        }

        private let seconds: Double
        private var start = 0.0
        private var index = 0
        private var completed: UInt64 = 0
        private var succeeded: UInt64 = 0
        private var p99s: [Double] = []
        private var inFlight = 0.0
        private var held = 0.0
        private var looks = 0

        public init(seconds: Double) { self.seconds = seconds }

        /// Takes one progress line; returns the window it closes, if it closes one.
        public mutating func add(_ line: ProgressLine) -> Closed? {
            completed &+= line.intervalCompleted
            succeeded &+= line.intervalSucceeded
            if let p99 = line.latencyP99 { p99s.append(Double(p99) / 1e6) }
            inFlight += Double(line.inFlight)
            held += Double(line.held)
            looks += 1
            let now = line.now.seconds
            guard now - start >= seconds - 1e-9 else { return nil }
            index += 1
            let closed = Closed(index: index, start: start, end: now,
                                success: completed == 0 ? nil : Double(succeeded) / Double(completed),
                                p99Milliseconds: p99s.isEmpty ? nil : SteadyState.median(p99s),
                                inFlight: inFlight / Double(looks), held: held / Double(looks))
            start = now
            (completed, succeeded, p99s, inFlight, held, looks) = (0, 0, [], 0, 0, 0)
            return closed
        }
    }
}
