import Dispatch
import SimulationKernel
import SimulationTesting
import Testing

/// A wallet run as a trial: two payments of 60 against 100, the second 0–10 ms after the first.
/// `safe` reserves the money before the fraud check; the article's `Wallet` checks, waits, then
/// debits, and a second payment passes the same check while the first waits.
struct Overdrawn: Error, CustomStringConvertible {
    var balance: Int64
    var description: String { "the wallet went to \(balance)" }
}

actor ReservingWallet: SimulatedActor {
    nonisolated let context: SimulationContext
    let fraudCheck: ReceiverID
    private(set) var balance: Int64 = 100

    init(context: SimulationContext, fraudCheck: ReceiverID) {
        self.context = context
        self.fraudCheck = fraudCheck
    }

    func pay(_ amount: Int64) async -> Bool {
        guard balance >= amount else { return false }
        balance -= amount  // Reserved before the wait: no second payment can pass the same check.
        guard await context.transmit(to: fraudCheck, timeout: .seconds(1)) else {
            balance += amount
            return false
        }
        return true
    }
}

/// The two wallets, to one workload.
protocol PayingWallet: Actor {
    init(context: SimulationContext, fraudCheck: ReceiverID)
    func pay(_ amount: Int64) async -> Bool
    var balance: Int64 { get }
}

extension Wallet: PayingWallet {}
extension ReservingWallet: PayingWallet {}

@Sendable func walletTrial(safe: Bool) -> @Sendable (Trial) throws -> Void {
    if safe { return { trial in try walletTrial(trial, ReservingWallet.self) } }
    return { trial in try walletTrial(trial, Wallet.self) }
}

func walletTrial<W: PayingWallet>(_ trial: Trial, _ kind: W.Type) throws {
    let simulation = trial.simulation
    let network = Network(simulation: simulation, defaultLatency: .uniform(.milliseconds(1), .milliseconds(5)))
    let fraudCheck = simulation.makeContext(name: "fraud-check", network: network)
    let wallet = W(context: simulation.makeContext(name: "wallet", network: network), fraudCheck: fraudCheck.address)
    let shopper = simulation.makeContext(name: "shopper")
    simulation.spawn { _ = await wallet.pay(60) }
    simulation.spawn {
        await shopper.sleep(for: .milliseconds(shopper.random.int(in: 0...10)))
        _ = await wallet.pay(60)
    }
    try trial.run()
    let balance = simulation.inspect { wallet.assumeIsolated { $0.balance } }
    withExtendedLifetime(network) {}
    if balance < 0 { throw Overdrawn(balance: balance) }
}

@Suite struct ScheduleExplorationTests {
    @Test func exploringFindsTheOverdraftAndItsReplayIsExact() throws {
        let outcome = ScheduleExploration.explore(seeds: 0..<50, threads: 2, walletTrial(safe: false))
        let failure = try #require(outcome.failures.first, "no trial overdrew the wallet")
        #expect(outcome.failures.count == 1 && failure.message == "the wallet went to -20")
        #expect(outcome.trialsRun >= 1 && outcome.trialsRun <= 50 * ScheduleExploration.portfolio().count)
        let replay = ScheduleExploration.replay(failure.settings, walletTrial(safe: false))
        #expect(replay.traceHash == failure.traceHash)
        #expect(replay.failure == failure)
        let token = try #require(TrialSettings(replayToken: failure.settings.replayToken))
        #expect(token == failure.settings)
    }

    /// Which thread ran a trial never shows: one thread and four give the same outcome.
    @Test func theOutcomeDoesNotDependOnTheThreads() {
        let one = ScheduleExploration.explore(seeds: 0..<30, stopAtFirstFailure: false, walletTrial(safe: false))
        let four = ScheduleExploration.explore(seeds: 0..<30, threads: 4, stopAtFirstFailure: false, walletTrial(safe: false))
        #expect(one.failures == four.failures && one.trialsRun == four.trialsRun)
        #expect(one.failures.count > 5, "\(one.failures.count) failures")
        let first = ScheduleExploration.explore(seeds: 0..<30, threads: 4, walletTrial(safe: false))
        #expect(first.failures.first == one.failures.first)
    }

    @Test func theFixedWalletPassesEveryTrial() {
        let outcome = ScheduleExploration.explore(seeds: 0..<50, jitters: [.zero, .milliseconds(3)], threads: 2,
                                                  walletTrial(safe: true))
        #expect(outcome.passed, "\(outcome.failures)")
        #expect(outcome.trialsRun == 50 * ScheduleExploration.portfolio().count * 2)
    }

    /// A replay's text trace can keep to the actors' own steps, the story, and the run stays the same.
    @Test func aReplayCanShowOnlyTheActorsSteps() throws {
        let failure = try #require(ScheduleExploration.explore(seeds: 0..<50, walletTrial(safe: false)).failures.first)
        let every = Lines(), story = Lines()
        let all = ScheduleExploration.replay(failure.settings, trace: { every.append($0) }, walletTrial(safe: false))
        let actors = ScheduleExploration.replay(failure.settings, trace: { story.append($0) }, steps: .actorsOnly,
                                                walletTrial(safe: false))
        #expect(all.traceHash == failure.traceHash && actors.traceHash == failure.traceHash)
        #expect(story.lines.filter { $0.contains("wallet debited") }.count == 2, "\(story.lines)")
        #expect(!story.lines.contains { $0.contains(" jobs(") || $0.contains(" kernel ") }, "\(story.lines)")
        #expect(story.lines.allSatisfy(every.lines.contains) && story.lines.count < every.lines.count)
    }

    /// Code that leaves the simulation fails its trial, saying which way it left.
    @Test func anEscapeFailsTheTrialAndSaysHow() throws {
        let outcome = ScheduleExploration.explore(seeds: 0..<1, strategies: [.fifo]) { trial in
            trial.simulation.spawn {
                await Task.detached { 1 }.value  // Off the simulation's executor.
            }
            try trial.run()
        }
        let failure = try #require(outcome.failures.first)
        #expect(failure.message.contains("escaped the simulation"), "\(failure.message)")
        #expect(failure.message.contains("global-executor enqueue") || failure.message.contains("foreign-thread enqueue"),
                "\(failure.message)")
    }

    /// Escaped work that finishes after its trial is over resumes its simulated task from another
    /// thread, through the simulation's executor. The trial keeps that simulation alive, so the
    /// late job lands in its inbox instead of on freed memory (which crashed the test process).
    @Test func escapedWorkThatEndsAfterItsTrialFindsItsSimulation() throws {
        let release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let escaped = WeakSimulation()
        let outcome = ScheduleExploration.explore(seeds: 0..<1, strategies: [.fifo]) { trial in
            escaped.simulation = trial.simulation
            trial.simulation.spawn {
                await Task.detached {
                    release.wait()  // Until the trial is over.
                    finished.signal()
                }.value
            }
            try trial.run()
        }
        #expect(outcome.failures.first?.message.contains("escaped the simulation") == true, "\(outcome.failures)")
        let simulation = try #require(escaped.simulation, "the escaped trial's simulation was freed")
        release.signal()
        finished.wait()
        // The detached task's waiter is resumed just after its body returns, on the same thread.
        var spins = 0
        while !simulation.foreignPending.load(ordering: .acquiring) && spins < 10_000_000 { spins += 1 }
        let lateJobWaits = simulation.foreignPending.load(ordering: .acquiring)
        #expect(lateJobWaits, "the late job never reached the inbox")
    }

    @Test func replayTokensRoundTripAndRefuseGarbage() {
        for settings in [TrialSettings(seed: 17, strategy: .pct(depth: 3, steps: 200), jitter: .milliseconds(5)),
                         TrialSettings(seed: .max, strategy: .fifo), TrialSettings(seed: 0, strategy: .random)] {
            #expect(TrialSettings(replayToken: settings.replayToken) == settings, "\(settings.replayToken)")
        }
        for garbage in ["", "17", "17/pct/0", "x/random/0", "17/random/-1", "17/pct:0:5/0", "17/random/0/1"] {
            #expect(TrialSettings(replayToken: garbage) == nil, "\(garbage)")
        }
    }

    /// The Swift Testing helper: a failure is an issue that carries the replay line.
    @Test func theTestHelperFailsWithTheReplayLine() {
        withKnownIssue {
            expectNoScheduleFailure(seeds: 0..<50, walletTrial(safe: false))
        } matching: { issue in
            "\(issue)".contains("PAYSTORM_REPLAY=") && "\(issue)".contains("swift test --filter")
        }
        let outcome = expectNoScheduleFailure(seeds: 0..<20, walletTrial(safe: true))
        #expect(outcome.passed && outcome.trialsRun == 20 * ScheduleExploration.portfolio().count)
    }
}

/// Lines a replay's trace hands over; a replay runs on the calling thread, one step at a time.
final class Lines: @unchecked Sendable {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

/// A trial's simulation, held weakly: it shows whether the trial kept it alive.
final class WeakSimulation: @unchecked Sendable {
    weak var simulation: Simulation?
}
