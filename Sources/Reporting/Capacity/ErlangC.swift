import Foundation

/// An M/M/c station: Poisson arrivals, exponential service, `servers` identical servers and an
/// unbounded first-come-first-served queue. Its closed-form figures (Erlang C) sit beside the
/// simulated ones in capacity reports, so a reader can see where the model and the run part ways.
///
/// Rates are per second, so every time this type returns is in seconds and every length is a
/// number of waiting payments. The figures are pure functions of the three inputs: no randomness,
/// no state, the same result on every machine that rounds IEEE 754 doubles the same way.
///
/// **Unstable stations.** When `utilization >= 1` the queue grows without bound and no steady
/// state exists. The probabilities (`probabilityOfWaiting`, `probabilityWaitExceeds(_:)`) then
/// return `nil`, because the Erlang C formula would give a number outside [0, 1] that looks real.
/// Times and lengths (`meanWait`, `meanResponse`, `meanQueueLength`, `waitQuantile(_:)`) return
/// `.infinity`, their limit as the run grows, which sorts and plots as "off the chart".
///
/// ```swift
/// let station = MMcStation(arrivalRate: 60, serviceRate: 20, servers: 4)
/// #expect(abs(station.probabilityOfWaiting! - 0.5094) < 0.0001)
/// #expect(abs(station.meanWait - 0.5094 / 20) < 0.0001)  // C / (cμ − λ) seconds.
/// ```
public struct MMcStation: Sendable, Hashable {
    /// λ: payments arriving per second.
    public let arrivalRate: Double
    /// μ: payments one server completes per second of busy time.
    public let serviceRate: Double
    /// c: servers working the one queue.
    public let servers: Int

    /// A station; the inputs come from our own sweep code, so bad ones are programmer errors.
    public init(arrivalRate: Double, serviceRate: Double, servers: Int) {
        precondition(arrivalRate.isFinite, "MMcStation: arrival rate \(arrivalRate) is not finite")
        precondition(arrivalRate >= 0, "MMcStation: arrival rate \(arrivalRate) is negative")
        precondition(serviceRate.isFinite, "MMcStation: service rate \(serviceRate) is not finite")
        precondition(serviceRate > 0, "MMcStation: service rate \(serviceRate) is not positive")
        precondition(servers >= 1, "MMcStation: \(servers) servers; a station needs at least one")
        self.arrivalRate = arrivalRate
        self.serviceRate = serviceRate
        self.servers = servers
    }

    /// a = λ/μ, in Erlangs: the mean number of busy servers if none were ever short.
    public var offeredLoad: Double { arrivalRate / serviceRate }

    /// ρ = λ/(cμ): the share of the station's capacity the arrivals ask for.
    public var utilization: Double { arrivalRate / (Double(servers) * serviceRate) }

    /// ρ < 1: only then does the queue have a steady state.
    public var isStable: Bool { utilization < 1 }

    /// The rate at which the queue drains when every server is busy: cμ − λ, per second.
    var drainRate: Double { Double(servers) * serviceRate - arrivalRate }

    /// Erlang C: the probability that an arrival finds every server busy and waits.
    ///
    /// Computed from Erlang B by its recursion (see `erlangB(servers:offeredLoad:)`), then
    /// C = B / (1 − ρ(1 − B)). Each step stays in [0, 1], so c = 10,000 is as safe as c = 1,
    /// where the textbook form a^c/c! overflows a `Double` past c ≈ 170.
    ///
    /// - Returns: a probability in [0, 1], or `nil` when the station is unstable (`utilization >= 1`).
    /// - Complexity: O(c).
    public var probabilityOfWaiting: Double? {
        guard isStable else { return nil }
        let blocking = Self.erlangB(servers: servers, offeredLoad: offeredLoad)
        let waiting = blocking / (1 - utilization * (1 - blocking))
        precondition(waiting >= 0 && waiting <= 1, "MMcStation: Erlang C \(waiting) outside [0, 1] for \(self)")
        return waiting
    }

    /// Wq = C / (cμ − λ): the mean time in the queue before service starts, in seconds.
    ///
    /// - Returns: seconds, or `.infinity` when the station is unstable.
    public var meanWait: Double {
        guard let waiting = probabilityOfWaiting else { return .infinity }
        return waiting / drainRate
    }

    /// W = Wq + 1/μ: the mean time from arrival to completion, in seconds.
    ///
    /// - Returns: seconds, or `.infinity` when the station is unstable.
    public var meanResponse: Double { meanWait + 1 / serviceRate }

    /// Lq = λ·Wq (Little's law): the mean number of payments waiting, not counting those in service.
    ///
    /// - Returns: a mean count, or `.infinity` when the station is unstable.
    public var meanQueueLength: Double {
        guard isStable else { return .infinity }
        return arrivalRate * meanWait
    }

    /// P(W > t) = C·e^(−(cμ − λ)t): the probability that an arrival waits longer than `t` seconds.
    ///
    /// For `t < 0` the answer is 1: every wait is at least zero.
    ///
    /// - Returns: a probability in [0, 1], or `nil` when the station is unstable.
    public func probabilityWaitExceeds(_ t: Double) -> Double? {
        precondition(!t.isNaN, "MMcStation: wait threshold is NaN")
        guard let waiting = probabilityOfWaiting else { return nil }
        guard t >= 0 else { return 1 }
        return waiting * exp(-drainRate * t)
    }

    /// The p-quantile of the wait in the queue, in seconds: the smallest t with P(W ≤ t) ≥ p.
    ///
    /// The wait is 0 with probability 1 − C and exponential with rate cμ − λ otherwise, so
    /// t = ln(C / (1 − p)) / (cμ − λ) when p > 1 − C, and 0 when p ≤ 1 − C (the quantile falls
    /// in the mass of arrivals that find a free server). `p = 1` gives `.infinity` whenever C > 0.
    ///
    /// - Parameter p: the level, in [0, 1]; 0.99 for the p99 wait.
    /// - Returns: seconds, or `.infinity` when the station is unstable.
    public func waitQuantile(_ p: Double) -> Double {
        precondition(p >= 0 && p <= 1, "MMcStation: quantile level \(p) outside [0, 1]")
        guard let waiting = probabilityOfWaiting else { return .infinity }
        guard p > 1 - waiting else { return 0 }
        guard p < 1 else { return .infinity }
        return log(waiting / (1 - p)) / drainRate
    }

    /// Erlang B: the probability that an arrival to c servers with no queue (M/M/c/c) is lost.
    ///
    /// Uses the recursion B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)), which stays in [0, 1] at
    /// every step and so never overflows, unlike the closed form (a^c/c!) / Σ_{k≤c} a^k/k!.
    /// It holds for any load: a loss system is always stable.
    ///
    /// - Parameters:
    ///   - servers: c, at least 0.
    ///   - offeredLoad: a = λ/μ in Erlangs, at least 0.
    /// - Complexity: O(c).
    public static func erlangB(servers: Int, offeredLoad: Double) -> Double {
        precondition(servers >= 0, "MMcStation.erlangB: \(servers) servers is negative")
        precondition(offeredLoad.isFinite && offeredLoad >= 0, "MMcStation.erlangB: offered load \(offeredLoad)")
        var blocking = 1.0
        for k in stride(from: 1, through: servers, by: 1) {
            let carried = offeredLoad * blocking
            blocking = carried / (Double(k) + carried)
        }
        return blocking
    }
}
