import SimulationKernel
import Studies
import Testing

/// The soak's own arithmetic: its windows, its overrides, and the live windows it prints.
@Suite struct SoakStudyTests {
    static func line(second: Int, completed: UInt64, succeeded: UInt64, inFlight: Int, held: Int64, p99: Int64?) -> ProgressLine {
        var line = ProgressLine(now: SimTime(nanoseconds: Int64(second) * 1_000_000_000), done: 0, completed: 0,
                                inFlight: inFlight, latencyP99: p99, violations: 0)
        (line.intervalCompleted, line.intervalSucceeded, line.held) = (completed, succeeded, held)
        return line
    }

    @Test func liveWindowsCloseOnTheirLengthWithTheirOwnFigures() throws {
        var live = SoakStudy.LiveWindows(seconds: 3)
        var closed: [SoakStudy.LiveWindows.Closed] = []
        for second in 1...7 {
            // Seconds 1–3: 10 done, 9 good; 4–6 nothing completes.
            let busy = second <= 3
            let line = Self.line(second: second, completed: busy ? 10 : 0, succeeded: busy ? 9 : 0, inFlight: second * 10,
                                 held: Int64(second) * 100, p99: busy ? Int64(second) * 1_000_000 : nil)
            if let window = live.add(line) { closed.append(window) }
        }
        #expect(closed.count == 2)
        let first = try #require(closed.first)
        #expect(first.index == 1 && first.start == 0 && first.end == 3 && first.success == 0.9)
        #expect(first.p99Milliseconds == 2 && first.inFlight == 20 && first.held == 200)
        let second = try #require(closed.last)
        #expect(second.start == 3 && second.end == 6 && second.success == nil && second.p99Milliseconds == nil)
    }

    @Test func theWindowIsAskedForOrATenthOfAShortSoak() {
        #expect(SoakStudy.window(for: .hours(2), requested: nil) == 500)
        #expect(SoakStudy.window(for: .seconds(1200), requested: nil) == 120)
        #expect(SoakStudy.window(for: .hours(2), requested: .seconds(60)) == 60)
        #expect(SoakStudy.overrides(for: .seconds(90)) == ["run.duration=90000000000ns", "run.lifecycles=1000000000"])
    }
}
