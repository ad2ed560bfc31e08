import Foundation
import RetryWithoutIdempotency
import SimulationKernel
import SimulationTesting
import Testing

/// Seeds to explore for the bug: small, so the search takes a fraction of a second.
let seeds: Range<UInt64> = 0..<100

/// The first failing trial of the retrying client: what the tests below find, replay and explain.
func firstDoubleCharge() throws -> TrialFailure {
    let outcome = ScheduleExploration.explore(seeds: seeds, threads: 2, checkoutTrial(client: .retrying))
    return try #require(outcome.failures.first, "no trial in seeds \(seeds) double-charged with the retrying client")
}

/// The actors' steps of one trial, replayed: `time actor event #subject` lines.
func story(_ settings: TrialSettings, client kind: ClientKind) -> (lines: [String], failure: TrialFailure?) {
    let lines = Lines()
    let replay = ScheduleExploration.replay(settings, trace: { lines.append($0) }, steps: .actorsOnly,
                                            checkoutTrial(client: kind))
    return (lines.all, replay.failure)
}

/// Lines a replay hands over, on the thread that called `replay`, one at a time.
final class Lines: @unchecked Sendable {
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}

@Suite struct RetryWithoutIdempotencyTests {
    /// The exploration finds the double charge within a few seeds and stops there. This test
    /// expects the bug, so it passes when the bug is found; `expectNoScheduleFailure` would fail.
    @Test func exploringFindsTheRetryThatChargesTwice() throws {
        let failure = try firstDoubleCharge()
        #expect(failure.message == "order 7 was charged 2 times for one payment")
        #expect(failure.replayEnvironment == "PAYSTORM_REPLAY=\(failure.settings.replayToken)")
    }

    /// Replaying the failure's settings gives its trace hash and its verdict again.
    @Test func theFailureReplaysToTheSameTraceHash() throws {
        let failure = try firstDoubleCharge()
        let replay = ScheduleExploration.replay(failure.settings, checkoutTrial(client: .retrying))
        #expect(replay.traceHash == failure.traceHash)
        #expect(replay.failure == failure)
        #expect(TrialSettings(replayToken: failure.settings.replayToken) == failure.settings)
    }

    /// The same in a separate process: the package's binary, given `PAYSTORM_REPLAY`, prints the
    /// failure's trace hash. Nothing in the run depends on the process it runs in.
    @Test func anotherProcessReplaysTheFailureToTheSameTraceHash() throws {
        let failure = try firstDoubleCharge()
        let result = try runChargeWithRetries(environment: ["PAYSTORM_REPLAY": failure.settings.replayToken])
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("\ntrace \(failure.traceHash)\n"), "\(result)")
        #expect(result.output.contains("failed: \(failure.message)"), "\(result)")
    }

    /// It is a lost or late *response* that charges twice: in every failing trial the gateway's
    /// answer to a charge never reached the client in time. A lost *request* is retried safely:
    /// some trials lose one, retry, and charge once.
    @Test func aLostResponseChargesTwiceALostRequestDoesNot() {
        let settings = (0..<UInt64(200)).map { TrialSettings(seed: $0) }
        let stories = settings.map { story($0, client: .retrying) }
        let failing = stories.filter { $0.failure != nil }
        #expect(!failing.isEmpty && failing.count < stories.count / 4, "\(failing.count) of \(stories.count) failed")
        for (lines, failure) in failing {
            #expect(lines.contains { $0.contains("response-lost") || $0.contains("response-late") },
                    "\(failure!): \(lines)")
        }
        let safeRetries = stories.filter { lines, failure in
            failure == nil && lines.contains { $0.contains("request-lost") } && lines.contains { $0.hasSuffix("attempt #2") }
        }
        #expect(!safeRetries.isEmpty, "no trial lost a request and retried")
    }

    /// Shrinking says what the bug needs: no scheduler choice at all. The failure keeps failing
    /// in fifo order without delays, because what makes it is the network's own draws (a response
    /// held back past the timeout), which are the seed's workload, not the schedule.
    @Test func theDoubleChargeNeedsNoSchedulerChoice() throws {
        let failure = try firstDoubleCharge()
        let shrunk = ScheduleExploration.shrink(failure, checkoutTrial(client: .retrying))
        #expect(shrunk.reproduced && shrunk.complete && shrunk.keptChoices.isEmpty, "\(shrunk)")
        #expect(shrunk.failure.settings == TrialSettings(seed: failure.settings.seed, strategy: .fifo), "\(shrunk)")
        #expect(shrunk.failure.message == failure.message)
        #expect(ScheduleExploration.replay(shrunk.failure.settings, checkoutTrial(client: .retrying)).traceHash
                == shrunk.failure.traceHash)
    }

    /// A replay written as a Perfetto trace: the same run, a track per actor.
    @Test func theFailureReplaysIntoAPerfettoTrace() throws {
        let failure = try firstDoubleCharge()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("double-charge-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replay = try ScheduleExploration.replay(failure.settings, traceFile: path, checkoutTrial(client: .retrying))
        #expect(replay.traceHash == failure.traceHash && replay.failure == failure)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("{\"displayTimeUnit\"") && text.contains("\"name\":\"gateway\""), "\(text.prefix(400))")
    }

    /// The fix on the failing trial: the retry carries the first attempt's key, and the gateway
    /// answers it with the first charge instead of charging again.
    @Test func theIdempotentClientIsAnsweredWithTheFirstCharge() throws {
        let failure = try firstDoubleCharge()
        let (lines, fixedFailure) = story(failure.settings, client: .idempotent)
        #expect(fixedFailure == nil, "\(fixedFailure!)")
        #expect(lines.filter { $0.contains("gateway charged") }.count == 1, "\(lines)")
        #expect(lines.contains { $0.contains("gateway deduplicated") }, "\(lines)")
    }

    /// The fix holds over 300 seeds × the portfolio's five strategies × three jitters (4,500
    /// trials): a trial that charges twice fails the test with the line that replays it, and with
    /// `PAYSTORM_REPLAY` set the call runs that one trial instead.
    @Test func theIdempotentClientChargesOnceOverManySeedsAndJitters() {
        expectNoScheduleFailure(seeds: 0..<300, jitters: [.zero, .milliseconds(2), .milliseconds(5)],
                                checkoutTrial(client: .idempotent))
    }
}
