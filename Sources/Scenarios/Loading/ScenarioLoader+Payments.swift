import PaymentWorld
import SimulationKernel

extension ScenarioLoader {
    /// The payments world's fields (docs/scenario-format.md); every default is
    /// `PaymentsConfiguration()`'s.
    static func readPayments(_ reader: inout ScenarioReader) -> PaymentsConfiguration {
        let defaults = PaymentsConfiguration()
        var world = defaults
        readRun(&reader, into: &world, defaults: defaults)
        readMixAndAmounts(&reader, into: &world, defaults: defaults)
        world.cards = readCards(&reader, defaults: defaults.cards)
        world.merchants = reader.integer("workload.merchants", expected: "a whole number of merchants from 1 to 100,000",
                                         default: defaults.merchants, in: 1...100_000)
        world.fee = reader.ratio("workload.fee", what: "the gateway's fee as a share of the amount", default: defaults.fee)
        world.latency = reader.distribution("network.latency", default: defaults.latency)
        world.links = readLinks(&reader, latency: world.latency)
        world.faults = readFaults(&reader)
        world.outages = readOutages(&reader)
        world.faultWindows = readFaultWindows(&reader)
        world.slowdowns = readSlowdowns(&reader)
        world.stations = readStations(&reader, defaults: defaults.stations)
        world.policies = readPolicies(&reader, defaults: defaults.policies)
        world.timeouts = readTimeouts(&reader, defaults: defaults.timeouts)
        world.behaviour = readBehaviour(&reader, defaults: defaults.behaviour)
        world.seed = readSeedBehaviour(&reader, defaults: defaults.seed)
        let defectNames = reader.names("defects", allowed: PlantedDefect.allCases.map(\.rawValue))
        world.defects = Set(defectNames.compactMap(PlantedDefect.init(rawValue:)))
        return world
    }


    /// How long the run is, how it arrives and who comes: `run.*`, `workload.rate`, the shape and the customers.
    static func readRun(_ reader: inout ScenarioReader, into world: inout PaymentsConfiguration,
                        defaults: PaymentsConfiguration) {
        world.lifecycles = reader.integer("run.lifecycles", expected: "a whole number of payments from 1 to 1,000,000,000",
                                          default: defaults.lifecycles, in: 1...1_000_000_000)
        world.rate = reader.number("workload.rate", expected: "a positive rate in payments per second (at most 10,000,000)",
                                   default: defaults.rate) { $0 > 0 && $0 <= 10_000_000 }
        world.shape = readShape(&reader, rate: world.rate, defaultCustomers: defaults.customers, customers: &world.customers)
        world.customerSkew = reader.number("workload.customerSkew", expected: "a Zipf exponent from 0 (all alike) to 5",
                                           default: defaults.customerSkew) { $0 >= 0 && $0 <= 5 }
        world.duration = reader.has("run.duration") ? reader.duration("run.duration", default: .zero, allowZero: false) : nil
        if !reader.has("run.lifecycles") && world.duration != nil { world.lifecycles = 1_000_000_000 }
        world.warmup = reader.duration("run.warmup", default: .zero)
        checkWarmup(&reader, warmup: world.warmup, duration: world.duration)
        world.drain = reader.has("run.drain") ? reader.duration("run.drain", default: .zero) : nil
        world.maxInFlight = reader.integer("run.maxInFlight", expected: "a whole number of payments in flight from 1 to 10,000,000",
                                           default: defaults.maxInFlight, in: 1...10_000_000)
    }

    /// Which flows run and for how much: `workload.mix` and `workload.amounts`.
    static func readMixAndAmounts(_ reader: inout ScenarioReader, into world: inout PaymentsConfiguration,
                                  defaults: PaymentsConfiguration) {
        // A scenario that lists a mix runs only the flows it lists.
        let listsMix = reader.has("workload.mix")
        world.mix = PaymentFlow.allCases.map { flow in
            reader.number("workload.mix.\(flow)", expected: "a weight of 0 or more",
                          default: listsMix ? 0 : defaults.mix[flow.rawValue]) {
                $0 >= 0 && $0 <= 1_000_000
            }
        }
        if world.mix.allSatisfy({ $0 == 0 }) {
            reader.report("workload.mix", expected: "at least one flow with a weight above 0", found: "all weights 0")
        }
        let low = reader.integer("workload.amounts.min", expected: "an amount in minor units from 1 to 10^12",
                                 default: Int(defaults.amounts.lowerBound), in: 1...1_000_000_000_000)
        let high = reader.integer("workload.amounts.max", expected: "an amount in minor units from 1 to 10^12",
                                  default: Int(defaults.amounts.upperBound), in: 1...1_000_000_000_000)
        if low > high {
            reader.report("workload.amounts", expected: "min at most max", found: "min \(low), max \(high)")
        } else {
            world.amounts = Int64(low)...Int64(high)
        }
    }

    /// The card population: `workload.cards`.
    static func readCards(_ reader: inout ScenarioReader, defaults: CardPopulation) -> CardPopulation {
        var cards = defaults
        cards.count = reader.integer("workload.cards.count", expected: "a whole number of cards from 1 to 10,000,000",
                                           default: defaults.count, in: 1...10_000_000)
        cards.balance = Int64(reader.integer("workload.cards.balance", expected: "a balance in minor units from 0 to 10^12",
                                                   default: Int(defaults.balance), in: 0...1_000_000_000_000))
        cards.threeDSecureEnrolled = reader.ratio("workload.cards.threeDSecureEnrolled",
                                                        what: "the share of cards enrolled in 3-D Secure",
                                                        default: defaults.threeDSecureEnrolled)
        cards.unusable = reader.ratio("workload.cards.unusable", what: "the share of expired, lost or restricted cards",
                                            default: defaults.unusable)
        cards.bins = readBINs(&reader)
        cards.dailyLimit = Int64(reader.integer("workload.cards.dailyLimit",
                                                      expected: "an amount in minor units from 0 (no limit) to 10^12",
                                                      default: Int(defaults.dailyLimit), in: 0...1_000_000_000_000))
        cards.velocityLimit = reader.integer("workload.cards.velocityLimit",
                                                   expected: "a whole number of approvals per hour from 0 (no limit) to 10^6",
                                                   default: defaults.velocityLimit, in: 0...1_000_000)
        cards.transactionLimit = Int64(reader.integer("workload.cards.transactionLimit",
                                                            expected: "an amount in minor units from 0 (no limit) to 10^12",
                                                            default: Int(defaults.transactionLimit),
                                                            in: 0...1_000_000_000_000))
        cards.transactionLimited = reader.ratio("workload.cards.transactionLimited",
                                                      what: "the share of cards with a limit per payment",
                                                      default: defaults.transactionLimited)
        cards.income = reader.number("workload.cards.income",
                                           expected: "a share of expected spending from 0 (no income) to 10",
                                           default: defaults.income) { $0 >= 0 && $0 <= 10 }
        cards.shortOfFunds = reader.ratio("workload.cards.shortOfFunds",
                                                what: "the share of cards that open empty and earn less than they spend",
                                                default: defaults.shortOfFunds)
        return cards
    }

    /// Each actor's station: `topology.*`, and the per-operation service times.
    static func readStations(_ reader: inout ScenarioReader, defaults: PaymentStations) -> PaymentStations {
        var stations = PaymentStations()
        stations.gateway = readStation(&reader, "topology.gateway", default: defaults.gateway)
        stations.acs = readStation(&reader, "topology.acs", default: defaults.acs)
        stations.directoryServer = readStation(&reader, "topology.directoryServer",
                                                     default: defaults.directoryServer)
        stations.acquirer = readStation(&reader, "topology.acquirer", default: defaults.acquirer)
        stations.network = readStation(&reader, "topology.network", default: defaults.network)
        stations.issuer = readStation(&reader, "topology.issuer", default: defaults.issuer)
        stations.platform = readStation(&reader, "topology.platform", default: defaults.platform)
        stations.wallet = readStation(&reader, "topology.wallet", default: defaults.wallet)
        stations.tokenService = readStation(&reader, "topology.tokenService", default: defaults.tokenService)
        stations.cardPlatform = readStation(&reader, "topology.cardPlatform", default: defaults.cardPlatform)
        stations.scaAuthority = readStation(&reader, "topology.scaAuthority", default: defaults.scaAuthority)
        for operation in StationOperation.allCases {
            let path = "topology.\(operation.actor).operations.\(operation.rawValue)"
            guard reader.has(path) else { continue }
            let station = operation.actor == .issuer ? stations.issuer : stations.acs
            stations.operations[operation] = reader.distribution(path, default: station.service)
        }
        return stations
    }

    static func readFaults(_ reader: inout ScenarioReader) -> FaultProfile {
        FaultProfile(
            loss: reader.ratio("faults.loss", what: "the share of messages lost", default: .zero),
            duplication: reader.ratio("faults.duplication", what: "the share of messages delivered twice", default: .zero),
            reordering: reader.ratio("faults.reordering", what: "the share of messages held back", default: .zero),
            reorderDelay: reader.distribution("faults.reorderDelay", default: FaultProfile().reorderDelay))
    }

    static func readOutages(_ reader: inout ScenarioReader) -> [OutageWindow] {
        let count = reader.count(of: "faults.outages", expected: "a list of at most 1,000 outage windows")
        let actors = PaymentActorKind.allCases.map(\.description)
        var windows: [OutageWindow] = []
        for index in 0..<count {
            let path = "faults.outages[\(index)]"
            let name = reader.name(path + ".actor", allowed: actors, default: "issuer")
            let start = reader.duration(path + ".start", default: .zero)
            let duration = reader.duration(path + ".duration", default: .seconds(30), allowZero: false)
            if let kind = PaymentActorKind.allCases.first(where: { $0.description == name }) {
                windows.append(OutageWindow(actor: kind, start: start, duration: duration))
            }
        }
        return windows
    }

    /// The kinds `faults.windows[i].kind` accepts.
    public static let faultWindowKinds = ["loss", "duplication", "reordering", "latencySpike", "partition"]

    static func readFaultWindows(_ reader: inout ScenarioReader) -> [PaymentFaultWindow] {
        let count = reader.count(of: "faults.windows", expected: "a list of at most 1,000 fault windows")
        let actors = PaymentActorKind.allCases.map(\.description)
        var windows: [PaymentFaultWindow] = []
        for index in 0..<count {
            let path = "faults.windows[\(index)]"
            let kind = reader.name(path + ".kind", allowed: faultWindowKinds, default: "loss")
            let start = reader.duration(path + ".start", default: .zero)
            let duration = reader.duration(path + ".duration", default: .seconds(30), allowZero: false)
            let rate = reader.ratio(path + ".rate", what: "the share of messages affected in the window", default: Ratio(1, 10))
            let factor = reader.number(path + ".factor", expected: "a latency multiplier from 1 to 1,000", default: 10) {
                $0 >= 1 && $0 <= 1_000
            }
            let errorsBefore = reader.errors.count
            let between = reader.names(path + ".between", allowed: actors)
            // An empty list means every link. A rejected name was reported already: a count of
            // the others would mislead.
            if reader.errors.count == errorsBefore && !between.isEmpty {
                if between.count != 2 {
                    reader.report(path + ".between", expected: "two actors, such as [\"gateway\", \"issuer\"]",
                                  found: "\(between.count)")
                } else if between[0] == between[1] {
                    // No message goes from an actor to itself over the network: the window would do nothing.
                    reader.report(path + ".between", expected: "two different actors, such as [\"gateway\", \"issuer\"]",
                                  found: "\(quotedForMessage(between[0])) twice")
                }
            }
            let windowKind: FaultWindow.Kind
            switch kind {
            case "duplication": windowKind = .duplication(rate)
            case "reordering": windowKind = .reordering(rate)
            case "latencySpike": windowKind = .latencySpike(factor: factor)
            case "partition": windowKind = .partition
            default: windowKind = .loss(rate)
            }
            let kinds = between.compactMap { name in PaymentActorKind.allCases.first { $0.description == name } }
            windows.append(PaymentFaultWindow(kind: windowKind, start: start, duration: duration,
                                              between: kinds.count == 2 ? kinds : nil))
        }
        return windows
    }

    /// `network.links`: latencies of single links, both directions.
    static func readLinks(_ reader: inout ScenarioReader, latency: Distribution) -> [LinkLatency] {
        let count = reader.count(of: "network.links", expected: "a list of at most 1,000 links")
        let actors = PaymentActorKind.allCases.map(\.description)
        var links: [LinkLatency] = []
        var listed: [(pair: Set<String>, path: String)] = []
        for index in 0..<count {
            let path = "network.links[\(index)]"
            let errorsBefore = reader.errors.count
            let given = reader.has(path + ".between")
            let between = reader.names(path + ".between", allowed: actors)
            let example = "two actors, such as [\"gateway\", \"acs\"]"
            // A rejected name was reported already: a count of the others would mislead.
            if reader.errors.count == errorsBefore {
                if !given {
                    reader.report(path + ".between", expected: example, found: "nothing")
                } else if between.count != 2 {
                    reader.report(path + ".between", expected: example, found: "\(between.count)")
                } else if between[0] == between[1] {
                    reader.report(path + ".between", expected: "two different actors, such as [\"gateway\", \"acs\"]",
                                  found: "\(quotedForMessage(between[0])) twice")
                } else if let earlier = listed.first(where: { $0.pair == Set(between) }) {
                    reader.report(path + ".between", expected: "each link at most once",
                                  found: "[" + between.map { quotedForMessage($0) }.joined(separator: ", ") + "]",
                                  hint: "\(earlier.path) is the same link")
                } else {
                    listed.append((Set(between), path))
                }
            }
            let linkLatency = reader.distribution(path + ".latency", default: latency)
            let kinds = between.compactMap { name in PaymentActorKind.allCases.first { $0.description == name } }
            if kinds.count == 2 { links.append(LinkLatency(between: kinds, latency: linkLatency)) }
        }
        return links
    }

    /// `workload.cards.bins`: BIN ranges by share. Shares left out split what the others leave evenly.
    static func readBINs(_ reader: inout ScenarioReader) -> [CardBIN] {
        let count = reader.count(of: "workload.cards.bins", expected: "a list of at most 1,000 BIN ranges")
        guard count > 0 else { return [] }
        let schemes = CardScheme.allCases.map(\.rawValue)
        let billion: UInt64 = 1_000_000_000
        var bins: [CardBIN] = []
        var given: [UInt64?] = []
        var sharesValid = true
        for index in 0..<count {
            let path = "workload.cards.bins[\(index)]"
            let errorsBefore = reader.errors.count
            let givenPrefix = reader.has(path + ".prefix")
            let prefix = reader.string(path + ".prefix", expected: "the first 1 to 8 digits of a card number, such as \"4\" or \"2221\"",
                                       default: "") { text in
                (1...8).contains(text.count) && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            }
            let name = reader.string(path + ".scheme", expected: "one of " + schemes.joined(separator: ", "), default: "visa")
            let scheme = CardScheme(rawValue: name)
            if scheme == nil {  // A string, but not a scheme (a value of another type was reported as such).
                reader.report(path + ".scheme", expected: "one of " + schemes.joined(separator: ", "),
                              found: quotedForMessage(name),
                              hint: closestMatch(to: name, among: schemes).map { "did you mean \"\($0)\"?" })
            }
            // The prefix is checked against the scheme only when both are valid.
            if let scheme, givenPrefix, reader.errors.count == errorsBefore, !scheme.admits(prefix: prefix) {
                let ranges = scheme.ranges.map { $0.low == $0.high ? $0.low : "\($0.low)-\($0.high)" }
                reader.report(path + ".prefix", expected: "a prefix of \(scheme) cards (\(ranges.joined(separator: ", ")))",
                              found: quotedForMessage(prefix))
            }
            let errorsBeforeShare = reader.errors.count
            let share: UInt64? = reader.has(path + ".share")
                ? parts(reader.ratio(path + ".share", what: "the share of cards in this range", default: .zero), of: billion)
                : nil
            if reader.errors.count > errorsBeforeShare { sharesValid = false }
            let enrolled: Ratio? = reader.has(path + ".threeDSecureEnrolled")
                ? reader.ratio(path + ".threeDSecureEnrolled", what: "the share of this range's cards enrolled in 3-D Secure",
                               default: .zero)
                : nil
            given.append(share)
            let chosen = scheme ?? .visa
            bins.append(CardBIN(prefix: givenPrefix ? prefix : chosen.ranges[0].low, scheme: chosen, share: .zero,
                                threeDSecureEnrolled: enrolled))
        }
        let total = given.compactMap { $0 }.reduce(0, +)
        let missing = given.filter { $0 == nil }.count
        if !sharesValid {
            // A share already reported: a sum of the others would mislead.
        } else if missing == 0 && total != billion {
            reader.report("workload.cards.bins", expected: "shares that add up to 1", found: "a sum of \(decimal(total, of: billion))")
        } else if total > billion {
            reader.report("workload.cards.bins", expected: "shares that add up to at most 1 (the ranges without one share the rest)",
                          found: "a sum of \(decimal(total, of: billion))")
        }
        // The ranges without a share split the rest; the last of them takes the rounding.
        let rest = billion - min(total, billion)
        var handedOut: UInt64 = 0
        var seen = 0
        for index in bins.indices {
            var part = given[index] ?? 0
            if given[index] == nil {
                seen += 1
                part = seen == missing ? rest - handedOut : rest / UInt64(missing)
                handedOut += part
            }
            bins[index].share = Ratio(part, billion)
        }
        return bins
    }

    /// A ratio as parts of `whole` (a ratio read from a scenario is in parts per billion).
    static func parts(_ ratio: Ratio, of whole: UInt64) -> UInt64 { ratio.numerator * (whole / ratio.denominator) }

    /// `parts / whole` as a short decimal: `0.9`, `1.05`.
    static func decimal(_ parts: UInt64, of whole: UInt64) -> String {
        var fraction = String(parts % whole)
        fraction = String(repeating: "0", count: String(whole).count - 1 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(parts / whole)" + (fraction.isEmpty ? "" : "." + fraction)
    }

    static func readSlowdowns(_ reader: inout ScenarioReader) -> [Slowdown] {
        let count = reader.count(of: "faults.slowdowns", expected: "a list of at most 1,000 slowdown windows")
        let actors = PaymentActorKind.allCases.map(\.description)
        var slowdowns: [Slowdown] = []
        for index in 0..<count {
            let path = "faults.slowdowns[\(index)]"
            let name = reader.name(path + ".actor", allowed: actors, default: "issuer")
            let factor = reader.number(path + ".factor", expected: "a service-time multiplier from 1 to 1,000", default: 5) {
                $0 >= 1 && $0 <= 1_000
            }
            let start = reader.duration(path + ".start", default: .zero)
            let duration = reader.duration(path + ".duration", default: .seconds(60), allowZero: false)
            if let kind = PaymentActorKind.allCases.first(where: { $0.description == name }) {
                slowdowns.append(Slowdown(actor: kind, factor: factor, start: start, duration: duration))
            }
        }
        return slowdowns
    }

    static func readPolicies(_ reader: inout ScenarioReader, defaults: PaymentPolicies) -> PaymentPolicies {
        var policies = defaults
        policies.proceedOnUnavailable = reader.bool("policies.proceedOnUnavailable", default: defaults.proceedOnUnavailable)
        policies.cascading = reader.bool("policies.cascading", default: defaults.cascading)
        policies.cascadeProviders = reader.integer(
            "policies.cascadeProviders", expected: "a whole number of providers in routing order from 1 to 8 (the primary included)",
            default: defaults.cascadeProviders, in: 1...8)
        policies.standIn = reader.bool("policies.standIn", default: defaults.standIn)
        policies.standInLimit = Int64(reader.integer("policies.standInLimit", expected: "an amount in minor units from 0 to 10^12",
                                                     default: Int(defaults.standInLimit), in: 0...1_000_000_000_000))
        policies.merchantRetries = reader.integer("policies.merchantRetries", expected: "a whole number of retries from 0 to 10",
                                                  default: defaults.merchantRetries, in: 0...10)
        policies.appReinits = reader.integer("policies.appReinits", expected: "a whole number of re-inits from 0 to 10",
                                             default: defaults.appReinits, in: 0...10)
        policies.inquiries = reader.integer("policies.inquiries", expected: "a whole number of inquiries from 0 to 10",
                                            default: defaults.inquiries, in: 0...10)
        policies.lowValueExemption = Int64(reader.integer(
            "policies.exemptions.lowValue", expected: "an amount in minor units from 0 to 10^12 (0: no exemption)",
            default: Int(defaults.lowValueExemption), in: 0...1_000_000_000_000))
        policies.captureLimit = reader.duration("policies.captureLimit", default: defaults.captureLimit, allowZero: false)
        return policies
    }

    static func readTimeouts(_ reader: inout ScenarioReader, defaults: PaymentTimeouts) -> PaymentTimeouts {
        var timeouts = defaults
        timeouts.deviceCall = reader.duration("policies.timeouts.deviceCall", default: defaults.deviceCall, allowZero: false)
        timeouts.merchantCall = reader.duration("policies.timeouts.merchantCall", default: defaults.merchantCall, allowZero: false)
        timeouts.authorization = reader.duration("policies.timeouts.authorization", default: defaults.authorization,
                                                 allowZero: false)
        timeouts.issuerStandIn = reader.duration("policies.timeouts.issuerStandIn", default: defaults.issuerStandIn,
                                                 allowZero: false)
        timeouts.authentication = reader.duration("policies.timeouts.authentication", default: defaults.authentication,
                                                  allowZero: false)
        timeouts.challenge = reader.duration("policies.timeouts.challenge", default: defaults.challenge, allowZero: false)
        timeouts.resolutionHop = reader.duration("policies.timeouts.resolutionHop", default: defaults.resolutionHop,
                                                 allowZero: false)
        if reader.has("policies.timeouts.lifecycleBudget") {
            timeouts.lifecycleBudget = reader.duration("policies.timeouts.lifecycleBudget", default: .minutes(15),
                                                       allowZero: false)
        }
        timeouts.otpValidity = reader.duration("policies.timeouts.otpValidity", default: defaults.otpValidity,
                                               allowZero: false)
        timeouts.scaEventExpiry = reader.duration("policies.timeouts.scaEventExpiry", default: defaults.scaEventExpiry,
                                                  allowZero: false)
        timeouts.sessionLifetime = reader.duration("policies.timeouts.sessionLifetime", default: defaults.sessionLifetime,
                                                   allowZero: false)
        timeouts.sessionInactivity = reader.duration("policies.timeouts.sessionInactivity",
                                                     default: defaults.sessionInactivity, allowZero: false)
        timeouts.provisioningCompletion = reader.duration("policies.timeouts.provisioningCompletion",
                                                          default: defaults.provisioningCompletion, allowZero: false)
        timeouts.captureDay = reader.duration("policies.timeouts.captureDay", default: defaults.captureDay, allowZero: false)
        timeouts.cascadeConsent = reader.duration("policies.timeouts.cascadeConsent", default: defaults.cascadeConsent,
                                                  allowZero: false)
        if reader.has("policies.timeouts.paymentDeadline") {
            timeouts.paymentDeadline = reader.duration("policies.timeouts.paymentDeadline", default: .minutes(15),
                                                       allowZero: false)
        }
        timeouts.inquiryDelay = reader.duration("policies.timeouts.inquiryDelay", default: defaults.inquiryDelay)
        timeouts.cardValidity = reader.duration("policies.timeouts.cardValidity", default: defaults.cardValidity,
                                                allowZero: false)
        timeouts.tokenValidity = reader.duration("policies.timeouts.tokenValidity", default: defaults.tokenValidity,
                                                 allowZero: false)
        return timeouts
    }

    /// `behaviour.frictionless.{attempted, notAuthenticated, unavailable, rejected, informational}`.
    static func readFrictionless(_ reader: inout ScenarioReader, defaults: FrictionlessOutcomes) -> FrictionlessOutcomes {
        var outcomes = defaults
        let base = "behaviour.frictionless"
        outcomes.attempted = reader.ratio("\(base).attempted", what: "the share of frictionless ARes A", default: defaults.attempted)
        outcomes.notAuthenticated = reader.ratio("\(base).notAuthenticated", what: "the share of frictionless ARes N",
                                                 default: defaults.notAuthenticated)
        outcomes.unavailable = reader.ratio("\(base).unavailable", what: "the share of frictionless ARes U",
                                            default: defaults.unavailable)
        outcomes.rejected = reader.ratio("\(base).rejected", what: "the share of frictionless ARes R", default: defaults.rejected)
        outcomes.informational = reader.ratio("\(base).informational", what: "the share of frictionless ARes I",
                                              default: defaults.informational)
        checkShares(&reader, base, outcomes.shares.map(\.1), of: "A, N, U, R and I", rest: " (the rest is Y)")
        return outcomes
    }

    /// `behaviour.issuerDeclines.{invalidCardNumber, expiredCard, notPermitted, systemMalfunction}`.
    static func readIssuerDeclines(_ reader: inout ScenarioReader, defaults: IssuerDeclines) -> IssuerDeclines {
        var declines = defaults
        let base = "behaviour.issuerDeclines"
        declines.invalidCardNumber = reader.ratio("\(base).invalidCardNumber", what: "the share of issuer answers 14",
                                                  default: defaults.invalidCardNumber)
        declines.expiredCard = reader.ratio("\(base).expiredCard", what: "the share of issuer answers 54", default: defaults.expiredCard)
        declines.notPermitted = reader.ratio("\(base).notPermitted", what: "the share of issuer answers 57",
                                             default: defaults.notPermitted)
        declines.systemMalfunction = reader.ratio("\(base).systemMalfunction", what: "the share of issuer answers 96",
                                                  default: defaults.systemMalfunction)
        checkShares(&reader, base, [declines.invalidCardNumber, declines.expiredCard, declines.notPermitted,
                                    declines.systemMalfunction], of: "14, 54, 57 and 96")
        return declines
    }

    /// Shares drawn from one uniform draw (`SimRandom.pick`) must leave room for each other.
    static func checkShares(_ reader: inout ScenarioReader, _ base: String, _ shares: [Ratio], of what: String,
                            rest: String = "") {
        let total = shares.reduce(0.0) { $0 + Double($1.numerator) / Double($1.denominator) }
        guard total > 1 else { return }
        reader.report(base, expected: "shares of \(what) that add up to at most 1\(rest)",
                      found: "shares adding up to \((total * 1_000).rounded() / 1_000)")
    }

    static func readBehaviour(_ reader: inout ScenarioReader, defaults: PaymentBehaviour) -> PaymentBehaviour {
        var behaviour = defaults
        behaviour.challengeRatio = reader.ratio("behaviour.challengeRatio", what: "the share of 3DS attempts challenged",
                                                default: defaults.challengeRatio)
        behaviour.challengeSuccess = reader.ratio("behaviour.challengeSuccess", what: "the share of challenges passed",
                                                  default: defaults.challengeSuccess)
        behaviour.challengeAbandon = reader.ratio("behaviour.challengeAbandon",
                                                  what: "the share of challenges the cardholder cancels",
                                                  default: defaults.challengeAbandon)
        behaviour.challengeTime = reader.distribution("behaviour.challengeTime", default: defaults.challengeTime)
        behaviour.decoupledRatio = reader.ratio("behaviour.decoupledRatio", what: "the share of challenges run decoupled",
                                                default: defaults.decoupledRatio)
        behaviour.decoupledTime = reader.distribution("behaviour.decoupledTime", default: defaults.decoupledTime)
        behaviour.frictionless = readFrictionless(&reader, defaults: defaults.frictionless)
        behaviour.issuerSoftDecline = reader.ratio("behaviour.issuerSoftDecline", what: "the share of soft (cascadable) declines",
                                                   default: defaults.issuerSoftDecline)
        behaviour.issuerHardDecline = reader.ratio("behaviour.issuerHardDecline", what: "the share of hard declines",
                                                   default: defaults.issuerHardDecline)
        behaviour.issuerDeclines = readIssuerDeclines(&reader, defaults: defaults.issuerDeclines)
        behaviour.captureDelay = reader.distribution("behaviour.captureDelay", default: defaults.captureDelay)
        behaviour.captureWindow = reader.duration("behaviour.captureWindow", default: defaults.captureWindow,
                                                  allowZero: false)
        behaviour.refundRatio = reader.ratio("behaviour.refundRatio", what: "the share of captures later refunded",
                                             default: defaults.refundRatio)
        behaviour.captureInParts = reader.ratio("behaviour.captureInParts", what: "the share of authorizations captured in parts",
                                                default: defaults.captureInParts)
        behaviour.automaticCapture = reader.ratio("behaviour.automaticCapture",
                                                  what: "the share of authorizations the platform captures by itself",
                                                  default: defaults.automaticCapture)
        checkShares(&reader, "behaviour.captureInParts", [behaviour.captureInParts, behaviour.automaticCapture],
                    of: "authorizations captured in parts or automatically", rest: " (the rest are captured in one go)")
        behaviour.refundInParts = reader.ratio("behaviour.refundInParts", what: "the share of refunded payments refunded in two parts",
                                               default: defaults.refundInParts)
        behaviour.refundExcess = reader.ratio("behaviour.refundExcess",
                                              what: "the share of refunded payments refunded again in full after a part",
                                              default: defaults.refundExcess)
        checkShares(&reader, "behaviour.refundExcess", [behaviour.refundInParts, behaviour.refundExcess],
                    of: "refunds in parts and refundExcess", rest: " (the rest are refunded once, by half)")
        behaviour.refundDecline = reader.ratio("behaviour.refundDecline", what: "the share of refunds the acquirer declines",
                                               default: defaults.refundDecline)
        behaviour.walkAway = reader.ratio("behaviour.walkAway", what: "the share of customer waits at which the customer walks away",
                                          default: defaults.walkAway)
        behaviour.walkAwayTime = reader.distribution("behaviour.walkAwayTime", default: defaults.walkAwayTime)
        behaviour.cascadeConsent = reader.ratio("behaviour.cascadeConsent", what: "the share of customers who consent to a 3DS cascade",
                                                default: defaults.cascadeConsent)
        behaviour.cascadeRefusal = reader.ratio("behaviour.cascadeRefusal", what: "the share of customers who refuse a 3DS cascade",
                                                default: defaults.cascadeRefusal)
        checkShares(&reader, "behaviour.cascadeConsent", [behaviour.cascadeConsent, behaviour.cascadeRefusal],
                    of: "customers who consent to or refuse a 3DS cascade", rest: " (the rest never answer)")
        behaviour.cascadeConsentTime = reader.distribution("behaviour.cascadeConsentTime", default: defaults.cascadeConsentTime)
        behaviour.paymentCancel = reader.ratio("behaviour.paymentCancel",
                                               what: "the share of card-core payments the customer cancels while they run",
                                               default: defaults.paymentCancel)
        behaviour.cancelTime = reader.distribution("behaviour.cancelTime", default: defaults.cancelTime)
        behaviour.doubleTap = reader.ratio("behaviour.doubleTap",
                                           what: "the share of card-core payments the customer taps pay for twice",
                                           default: defaults.doubleTap)
        behaviour.acquirerErrors = reader.ratio("behaviour.acquirerErrors",
                                                what: "the share of authorization answers the acquirer loses to a system error",
                                                default: defaults.acquirerErrors)
        return behaviour
    }
}
