import PaymentWorld
import SimulationKernel

/// Swarm testing (TigerBeetle's VOPR, FoundationDB's BUGGIFY): the seed also chooses which
/// fault kinds are on and how strong, from a stream of its own, so a seed range covers many
/// fault mixes. The choice is printed, and replayed by the same seed.
///
/// Each fault kind here is one the world recovers from: lost, duplicated and reordered messages
/// are retried, deduplicated or settled by inquiry; outages, partitions and slowdowns end; timer
/// skew only moves timeouts against the answers they wait for.
public enum SwarmFaults {
    /// Writes the faults `seed` chooses into `configuration`, replacing its loss, duplication
    /// and reordering rates and adding to its outages, windows and slowdowns.
    ///
    /// Every draw comes from a stream of the seed's own, in a fixed order, and new kinds are drawn
    /// after the older ones, so a seed keeps choosing what it chose before.
    ///
    /// - Returns: the choice for people: `loss 1/50, duplication 0, reordering 1/200, outage issuer at 12s for 30s`.
    public static func apply(seed: UInt64, to configuration: inout PaymentsConfiguration) -> String {
        var random = SimRandom(seed: seed).stream(for: 0x5357_4152_4D)  // "SWARM": apart from the run's own streams.
        let rates = [Ratio.zero, Ratio(1, 200), Ratio(1, 50), Ratio(1, 20)]
        func pick() -> Ratio { rates[random.index(below: rates.count)] }
        configuration.faults = FaultProfile(loss: pick(), duplication: pick(), reordering: pick())
        var parts = ["loss \(configuration.faults.loss)", "duplication \(configuration.faults.duplication)",
                     "reordering \(configuration.faults.reordering)"]
        drawOutagesAndWindows(&random, &configuration, &parts)
        drawTimers(&random, &configuration, &parts)
        drawBehaviour(&random, &configuration, &parts)
        return parts.joined(separator: ", ")
    }

    /// Outages, latency spikes, slowdowns and partitions, each on or off by the seed.
    private static func drawOutagesAndWindows(_ random: inout SimRandom, _ configuration: inout PaymentsConfiguration,
                                              _ parts: inout [String]) {
        if random.chance(Ratio(1, 2)) {
            let actor = [PaymentActorKind.issuer, .acquirer, .acs, .network][random.index(below: 4)]
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            let duration = SimDuration.seconds(Int64(random.int(in: 5...40)))
            configuration.outages.append(OutageWindow(actor: actor, start: start, duration: duration))
            parts.append("outage \(actor) at \(start) for \(duration)")
        }
        if random.chance(Ratio(1, 3)) {
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.faultWindows.append(PaymentFaultWindow(kind: .latencySpike(factor: 20), start: start,
                                                                 duration: .seconds(10)))
            parts.append("latency ×20 at \(start) for 10s")
        }
        if random.chance(Ratio(1, 3)) {
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.slowdowns.append(Slowdown(actor: .issuer, factor: 10, start: start, duration: .seconds(20)))
            parts.append("slow issuer ×10 at \(start) for 20s")
        }
        // Drawn after the original choices, so those stay what they were for every seed.
        if random.chance(Ratio(1, 4)) {
            let links: [[PaymentActorKind]] = [[.gateway, .acs], [.acquirer, .network], [.network, .issuer],
                                               [.wallet, .messageChannel], [.cardPlatform, .scaAuthority]]
            let pair = links[random.index(below: links.count)]
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.faultWindows.append(PaymentFaultWindow(kind: .partition, start: start, duration: .seconds(15),
                                                                 between: pair))
            parts.append("partition \(pair[0])–\(pair[1]) at \(start) for 15s")
        }
        if random.chance(Ratio(1, 4)) {
            let actor = [PaymentActorKind.acs, .platform, .wallet, .cardPlatform, .tokenService][random.index(below: 5)]
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.outages.append(OutageWindow(actor: actor, start: start, duration: .seconds(20)))
            parts.append("\(actor) down at \(start) for 20s")
        }
    }

    /// Timeouts and limits moved against the answers they wait for.
    private static func drawTimers(_ random: inout SimRandom, _ configuration: inout PaymentsConfiguration,
                                   _ parts: inout [String]) {
        if random.chance(Ratio(1, 4)) {
            // Timer skew: every timeout of the flows runs fast or slow, so timeouts race the answers
            // they wait for (a stand-in before the issuer's late reply, an inquiry before the original).
            let factors = [0.25, 0.5, 2.0]
            let factor = factors[random.index(below: factors.count)]
            func skewed(_ duration: SimDuration) -> SimDuration { .seconds(fractional: duration.seconds * factor) }
            configuration.timeouts.merchantCall = skewed(configuration.timeouts.merchantCall)
            configuration.timeouts.authorization = skewed(configuration.timeouts.authorization)
            configuration.timeouts.issuerStandIn = skewed(configuration.timeouts.issuerStandIn)
            configuration.timeouts.authentication = skewed(configuration.timeouts.authentication)
            configuration.timeouts.resolutionHop = skewed(configuration.timeouts.resolutionHop)
            configuration.seed.stepCall = skewed(configuration.seed.stepCall)
            parts.append("timer skew ×\(factor)")
        }
        if random.chance(Ratio(1, 8)) {
            // A capture limit inside the merchants' capture window: late captures, later parts of a
            // multi-capture and automatic capture days meet an expired hold, which LC-02 releases.
            let limit = SimDuration.seconds(Int64(random.int(in: 60...240)))
            configuration.policies.captureLimit = limit
            parts.append("capture limit \(limit)")
        }
        if random.chance(Ratio(1, 8)) {
            // A payment deadline inside the card core's own waits: sales fail at it wherever they are
            // (a token lookup, a challenge, an authorization, LC-12, a cascade's consent). The short
            // ones land in a token lookup slowed by a latency spike or an outage of the vault.
            let deadlines: [SimDuration] = [.milliseconds(500), .seconds(2), .seconds(5), .seconds(15), .seconds(45),
                                            .seconds(90)]
            let deadline = deadlines[random.index(below: deadlines.count)]
            configuration.timeouts.paymentDeadline = deadline
            parts.append("payment deadline \(deadline)")
        }
    }

    /// What customers, acquirers, the recovery and the cards' and tokens' lifetimes do.
    private static func drawBehaviour(_ random: inout SimRandom, _ configuration: inout PaymentsConfiguration,
                                      _ parts: inout [String]) {
        if random.chance(Ratio(1, 6)) {
            // Customers cancel running payments, soon after handing them over.
            let mean = SimDuration.seconds(Int64(random.int(in: 1...10)))
            configuration.behaviour.paymentCancel = Ratio(1, 20)
            configuration.behaviour.cancelTime = .exponential(mean: mean)
            parts.append("cancels 1/20 after ~\(mean)")
        }
        if random.chance(Ratio(1, 6)) {
            configuration.behaviour.acquirerErrors = Ratio(1, 50)
            parts.append("acquirer errors 1/50")
        }
        if random.chance(Ratio(1, 8)) {
            // LC-12 waits before it asks, so late originals settle outcomes by themselves; or it never
            // asks and reverses at once.
            if random.chance(Ratio(1, 2)) {
                let delay = SimDuration.seconds(Int64(random.int(in: 1...8)))
                configuration.timeouts.inquiryDelay = delay
                parts.append("inquiry delay \(delay)")
            } else {
                configuration.policies.inquiries = 0
                parts.append("no inquiries")
            }
        }
        if random.chance(Ratio(1, 4)) {
            // Prepaid cards valid for minutes, not years: expiry dates fall inside the run, in every
            // card state (applied at the bureau, issued or digital before activation, active, locked).
            let validity = SimDuration.seconds(Int64(random.int(in: 20...180)))
            configuration.timeouts.cardValidity = validity
            parts.append("card validity \(validity)")
        }
        if random.chance(Ratio(1, 4)) {
            // Card-on-file tokens that expire between their tokenization and their sale, and that the
            // issuer suspends: sales meet expired, suspended and resumed tokens.
            let validities: [SimDuration] = [.milliseconds(50), .milliseconds(200), .seconds(1), .seconds(5)]
            let validity = validities[random.index(below: validities.count)]
            configuration.timeouts.tokenValidity = validity
            configuration.seed.tokenSuspension = Ratio(1, 4)
            parts.append("token validity \(validity), token suspension 1/4")
        }
    }
}
