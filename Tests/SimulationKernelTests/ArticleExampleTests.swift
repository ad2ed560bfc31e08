import Foundation
import SimulationKernel
import Testing

/// Runs the code of the SimulationKernel.docc articles (ArticleExamples.swift), checks that it
/// does what the articles say, and that the articles show that code and no other.
@Suite struct ArticleExampleTests {
    static let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SimulationKernel/SimulationKernel.docc")
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ArticleExamples.swift")

    /// The ```swift blocks of an article, in order, without their fences.
    static func swiftBlocks(in article: String) throws -> [String] {
        let text = try String(contentsOf: catalogue.appendingPathComponent(article), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current.unsafelyUnwrapped.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test(arguments: ["GettingStarted.md", "Exploring.md", "Replaying.md"])
    func everySwiftBlockOfTheArticleIsCompiledCode(article: String) throws {
        let examples = try String(contentsOf: Self.examples, encoding: .utf8)
        let blocks = try Self.swiftBlocks(in: article)
        #expect(!blocks.isEmpty, "\(article) shows no Swift code")
        for block in blocks {
            #expect(examples.contains(block), "\(article): this block is not in ArticleExamples.swift:\n\(block)")
        }
    }

    @Test func theFirstSimulationRunsToIdleOnVirtualTime() {
        let run = checkoutRun(seed: 42)
        #expect(run.end == .idle)
        #expect(run.approvals == 3)
        // The three authorizations overlap: the slowest took one issuer delay, not three.
        #expect(run.slowest >= .milliseconds(20) && run.slowest <= .milliseconds(80), "\(run.slowest)")
    }

    @Test func aSeedReplaysTheCheckout() {
        let first = checkoutRun(seed: 42)
        let replay = checkoutRun(seed: 42)
        #expect(replay.traceHash == first.traceHash)
        #expect(replay.slowest == first.slowest)
        #expect(checkoutRun(seed: 43).traceHash != first.traceHash)
    }

    @Test func exploringSeedsAndStrategiesFindsTheOverdraft() throws {
        let seeds: Range<UInt64> = 0..<50
        let failures = exploreWallet(seeds: seeds)
        let first = try #require(failures.first, "no seed of \(seeds) overdrew the wallet")
        #expect(failures.count < seeds.count * 3 / 2, "most runs fail: \(failures.count)")
        let replay = walletRun(first.options)
        #expect(replay.balance == -20)
        #expect(replay.traceHash == first.traceHash, "\(first.options)")
    }

    /// The library's loop finds the first seed the hand-written loop finds under random order,
    /// and its failure replays to the same trace.
    /// Exploring.md shows what shrinking the wallet's first failure under jitter prints: the
    /// same text as the run gives, and the small failure replays to its own hash.
    @Test func shrinkingTheWalletsFailurePrintsWhatTheArticleShows() throws {
        let shrunk = try #require(shrinkFirstWalletFailure(seeds: 2..<50))
        let article = try String(contentsOf: Self.catalogue.appendingPathComponent("Exploring.md"), encoding: .utf8)
        #expect(article.contains("```text\n\(shrunk.original)\n\(shrunk)\n\(shrunk.failure.replayEnvironment)\n```"),
                "Exploring.md should show:\n\(shrunk.original)\n\(shrunk)\n\(shrunk.failure.replayEnvironment)")
        let replay = ScheduleExploration.replay(shrunk.failure.settings, walletOverdraftTrial)
        #expect(replay.traceHash == shrunk.failure.traceHash)
    }

    @Test func theLibrarysLoopFindsTheSameOverdraftAndReplaysIt() throws {
        let outcome = exploreWalletWithTheLibrary(seeds: 0..<50)
        let failure = try #require(outcome.failures.first)
        #expect(failure.message.contains("Overdraft(balance: -20)"), "\(failure.message)")
        let handFirst = try #require(exploreWallet(seeds: 0..<50).first { $0.options.strategy == .random })
        #expect(failure.settings.seed == handFirst.options.seed && failure.settings.strategy == .random)
        let lines = TraceLines()
        let replay = ScheduleExploration.replay(failure.settings, trace: { lines.all.append($0) }, walletOverdraftTrial)
        #expect(replay.traceHash == failure.traceHash && replay.failure != nil && !lines.all.isEmpty)
    }

    /// Without jitter the race is decided by the seed's timings alone: every strategy fails on the
    /// same seeds. With jitter each strategy chooses the message races its own way
    /// (`Simulation.deliveryJitter(to:)`), so they fail on different seeds of the same workloads.
    @Test(arguments: [SimDuration.zero, .milliseconds(5)])
    func strategiesFailOnTheSameSeedsUnlessJitterLetsThemChoose(deliveryJitter: SimDuration) {
        let failures = exploreWallet(seeds: 0..<50, deliveryJitter: deliveryJitter)
        let fifoSeeds = failures.filter { $0.options.strategy == .fifo }.map(\.options.seed)
        let randomSeeds = failures.filter { $0.options.strategy == .random }.map(\.options.seed)
        let pctSeeds = failures.filter { $0.options.strategy == .pct(depth: 2, steps: 50) }.map(\.options.seed)
        #expect(!fifoSeeds.isEmpty && !randomSeeds.isEmpty && !pctSeeds.isEmpty)
        if deliveryJitter == .zero {
            #expect(randomSeeds == fifoSeeds)
            #expect(pctSeeds == fifoSeeds)
        } else {
            #expect(randomSeeds != fifoSeeds || pctSeeds != fifoSeeds, "\(fifoSeeds)")
            #expect(!Set(randomSeeds + pctSeeds).isSubset(of: fifoSeeds), "jitter found nothing fifo did not")
        }
    }

    @Test func jitterExploresMoreMessageRacesOfTheSameWorkloads() {
        let seeds: Range<UInt64> = 0..<50
        let plain = exploreWallet(seeds: seeds)
        let jittered = exploreWallet(seeds: seeds, deliveryJitter: .milliseconds(5))
        #expect(jittered.count > plain.count, "\(jittered.count) failures with jitter, \(plain.count) without")
    }

    @Test func theTraceInReplayingIsTheTraceOfSeedZero() throws {
        let article = try String(contentsOf: Self.catalogue.appendingPathComponent("Replaying.md"), encoding: .utf8)
        let block = try #require(article.components(separatedBy: "```text\n").dropFirst().first)
        let shown = block.components(separatedBy: "\n…\n")[0].split(separator: "\n").map(String.init)
        let lines = traceLines(of: Simulation.Options(seed: 0, lanes: .perActor))
        #expect(Array(lines.prefix(shown.count)) == shown)
        #expect(walletRun(Simulation.Options(seed: 0, lanes: .perActor)).balance < 0)
    }

    @Test func aReplayedRunPrintsTheSameTrace() throws {
        let failure = try #require(exploreWallet(seeds: 0..<50).first)
        let lines = traceLines(of: failure.options)
        #expect(traceLines(of: failure.options) == lines)
        #expect(lines.filter { $0.contains(" wallet debited ") }.count == 2, "\(lines)")
    }
}
