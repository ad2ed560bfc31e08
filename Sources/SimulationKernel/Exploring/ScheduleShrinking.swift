/// A failing trial made small: the smallest workload size that still fails the same way, then the
/// fewest scheduler choices (``SchedulerChoice``) that still fail at that size, every other step
/// taken in fifo order without delay. What is left is the story of the bug: a handful of picks,
/// tie-breaks and delays instead of the thousands an exploring run makes.
public struct ShrunkFailure: Sendable, CustomStringConvertible {
    /// The failure as exploring found it.
    public var original: TrialFailure
    /// The small failure: its settings replay it (``TrialFailure/replayEnvironment``) to its trace hash.
    public var failure: TrialFailure
    /// The scheduler choices the original failing run made.
    public var choicesBefore: UInt64
    /// The choices the small failure keeps, as its run made them, described with the names of
    /// their receivers: `0.120000000s: delivery to gateway delayed 3ms`.
    public var keptChoices: [String]
    /// Trials run to shrink it.
    public var trials: Int
    /// Whether shrinking ran to its end; false when it stopped at its trial budget, so a smaller
    /// failure may exist.
    public var complete: Bool
    /// Whether the original failure failed again when run alone; false means the body depends on
    /// something outside its simulation, and nothing was shrunk.
    public var reproduced: Bool

    /// What shrinking did, then the kept choices one per line.
    public var description: String {
        guard reproduced else {
            return "\(original.settings) did not fail again when run alone: the body depends on something outside its simulation"
        }
        var text = "shrunk in \(trials) trials\(complete ? "" : " (budget spent)"): "
        if let before = original.settings.size, let after = failure.settings.size, before != after {
            text += "size \(before) → \(after), "
        }
        text += "\(choicesBefore) scheduler choices → \(keptChoices.count)"
        if keptChoices.isEmpty { text += " (fails in fifo order without delays)" }
        return ([text] + keptChoices.map { "  " + $0 }).joined(separator: "\n")
    }
}

extension ScheduleExploration {
    /// Shrinks `failure` with the same body that found it: first its size (``TrialSettings/size``)
    /// by bisection, then its scheduler choices by delta debugging (Zeller's ddmin), keeping a
    /// candidate only when it fails the same way (``TrialFailure/kind``). Each candidate is one
    /// trial, and `maxTrials` bounds them. The result replays to its own trace hash.
    public static func shrink(_ failure: TrialFailure, maxTrials: Int = 2_000,
                              _ body: (Trial) throws -> Void) -> ShrunkFailure {
        withoutActuallyEscaping(body) { body in shrinking(failure, maxTrials: maxTrials, body) }
    }

    private static func shrinking(_ failure: TrialFailure, maxTrials: Int,
                                  _ body: @escaping (Trial) throws -> Void) -> ShrunkFailure {
        var shrinker = FailureShrinker(kind: failure.kind, budget: max(1, maxTrials), body: body)
        guard let first = shrinker.fails(failure.settings) else {
            return ShrunkFailure(original: failure, failure: failure, choicesBefore: 0, keptChoices: [],
                                 trials: shrinker.trials, complete: true, reproduced: false)
        }
        var best = first
        if let size = failure.settings.size, size > 1 { best = shrinker.smallestSize(below: size, failing: best) }
        best = shrinker.fewestChoices(failing: best)
        return ShrunkFailure(original: failure, failure: best.failure, choicesBefore: first.choicesMade,
                             keptChoices: describeChoices(best.failure.settings, body),
                             trials: shrinker.trials, complete: shrinker.trials < shrinker.budget, reproduced: true)
    }

    /// Runs the shrunk settings once more, logging their kept choices, and words each one.
    private static func describeChoices(_ settings: TrialSettings, _ body: (Trial) throws -> Void) -> [String] {
        guard settings.keptChoices != nil || settings.jitter != .zero || settings.strategy != .fifo else { return [] }
        let trial = Trial(settings, logsChoices: true)
        _ = verdict(trial, body)
        let simulation = trial.simulation
        return simulation.choiceLog.compactMap { choice in
            let what: String
            switch choice.kind {
            case .jobPick(let offset, let among):
                guard offset != 0 else { return nil }  // The oldest job: what fifo runs too.
                what = "ran \(simulation.jobOwner(choice.receiver))'s step ahead of \(offset) older ready "
                    + "job\(offset == 1 ? "" : "s") (of \(among))"
            case .tieBreak:
                what = "a message to \(simulation.name(of: choice.receiver)) took a random place among those due then"
            case .delay(let delay):
                guard delay != .zero else { return nil }
                what = "delivery to \(simulation.name(of: choice.receiver)) delayed \(milliseconds(delay))"
            }
            return "#\(choice.index) at \(choice.time): \(what)"
        }
    }

    /// `8.498 ms`: a delay to the microsecond, in the unit people read traces in.
    private static func milliseconds(_ delay: SimDuration) -> String {
        let microseconds = (delay.nanoseconds + 500) / 1_000
        let fraction = String(microseconds % 1_000)
        return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }

    /// Runs one trial alone: its failure, if any, and how many scheduler choices its run made
    /// (the indices ``TrialSettings/keptChoices`` selects from).
    public static func run(_ settings: TrialSettings,
                           _ body: (Trial) throws -> Void) -> (failure: TrialFailure?, choicesMade: UInt64) {
        let trial = Trial(settings)
        let failure = verdict(trial, body)
        return (failure, trial.simulation.choicesMade)
    }
}

/// The search behind ``ScheduleExploration/shrink(_:maxTrials:_:)``: each candidate is one trial.
private struct FailureShrinker {
    typealias Found = (failure: TrialFailure, choicesMade: UInt64)
    let kind: String
    let budget: Int
    let body: (Trial) throws -> Void
    private(set) var trials = 0

    init(kind: String, budget: Int, body: @escaping (Trial) throws -> Void) {
        self.kind = kind
        self.budget = budget
        self.body = body
    }

    /// The failure `settings` give, if they fail the same way and the budget allows the trial.
    mutating func fails(_ settings: TrialSettings) -> Found? {
        guard trials < budget else { return nil }
        trials += 1
        let result = ScheduleExploration.run(settings, body)
        guard let failure = result.failure, failure.kind == kind else { return nil }
        return (failure, result.choicesMade)
    }

    /// Bisection over 1..<size, assuming a smaller workload that passes means smaller ones pass
    /// too: the smallest size found failing, with its run.
    mutating func smallestSize(below size: Int, failing: Found) -> Found {
        var best = failing
        var low = 1
        var high = size
        while low < high {
            var candidate = best.failure.settings
            candidate.size = (low + high) / 2
            if let found = fails(candidate) {
                best = found
                high = candidate.size ?? high
            } else {
                low = (candidate.size ?? low) + 1
            }
        }
        return best
    }

    /// ddmin over the run's choices: first none at all, then ever smaller chunks left out, until
    /// no single choice can go.
    mutating func fewestChoices(failing: Found) -> Found {
        var best = failing
        var kept = failing.failure.settings.keptChoices ?? Array(0..<failing.choicesMade)
        guard !kept.isEmpty else { return best }
        // No choice at all is fifo order without jitter: said as such, it replays in the plainest words.
        var plain = best.failure.settings
        (plain.strategy, plain.jitter, plain.keptChoices) = (.fifo, .zero, nil)
        if let found = fails(plain) { return found }
        var granularity = 2
        while kept.count >= 2 && trials < budget {
            let chunk = (kept.count + granularity - 1) / granularity
            var reduced = false
            var start = 0
            while start < kept.count {
                let end = min(start + chunk, kept.count)
                let candidate = Array(kept[..<start] + kept[end...])
                if let found = fails(with(best, kept: candidate)) {
                    best = found
                    kept = candidate
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
                start = end
            }
            if !reduced {
                guard chunk > 1 else { break }
                granularity = min(granularity * 2, kept.count)
            }
        }
        return best
    }

    private func with(_ found: Found, kept: [UInt64]) -> TrialSettings {
        var settings = found.failure.settings
        settings.keptChoices = kept
        return settings
    }
}
