import Foundation
import PaymentWorld
import Reporting
import Scenarios

/// How much work one sweep or explore may ask for before it is refused up front, and why
/// (docs/limits.md). A typo in a range (`1..10000:1` on two axes) should cost a second and a
/// clear message, not hours and every byte of memory.
public enum WorkBudget {
    /// Points a sweep may have: each point's scenario is built and checked before anything runs.
    public static let maximumPoints = 10_000
    /// Runs (points × replications) a sweep takes without `--allow-large`: its samples stay in
    /// memory, a few hundred bytes to a kilobyte each.
    public static let runs = 100_000
    /// Runs a sweep takes even with `--allow-large`.
    public static let maximumRuns = 1_000_000
    /// Lifecycles a sweep or an explore simulates in all without `--allow-large`: about a day of
    /// one thread at 100,000 a second.
    public static let lifecycles = 10_000_000_000.0

    /// The lifecycles one run of `scenario` simulates: its `run.lifecycles`, or fewer when
    /// `run.duration` ends the arrivals first.
    public static func lifecycles(of scenario: Scenario) -> Double {
        let (count, rate, duration) = switch scenario.model {
        case .referencePipeline(let configuration): (configuration.lifecycles, configuration.rate, configuration.duration)
        case .payments(let configuration): (configuration.lifecycles, configuration.rate, configuration.duration)
        }
        guard let duration else { return Double(count) }
        return min(Double(count), rate * duration.seconds)
    }

    /// Refuses `lifecycles` in all unless `allowed`, naming the figure and what it came from.
    public static func check(lifecycles total: Double, of what: String, allowed: Bool, command: String) throws(InputError) {
        guard total > lifecycles, !allowed else { return }
        throw InputError("paystorm \(command): \(what) simulate about \(approximate(total)) lifecycles, past the budget of "
                         + "\(approximate(lifecycles)); make it smaller, or pass --allow-large to run it anyway (docs/limits.md)")
    }

    /// `1.2e10` as `12,000,000,000`, and past 10^15 in powers of ten.
    public static func approximate(_ value: Double) -> String {
        value < 1e15 ? SummaryTable.grouped(UInt64(value.rounded())) : "10^\(Int(log10(value).rounded(.down)))"
    }
}
