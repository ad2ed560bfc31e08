import PaymentWorld
import SimulationKernel

extension ScenarioLoader {
    /// The reference pipeline's fields; every default is SimPy's (../shared/peers/simpy_payments.py).
    static func readPipeline(_ reader: inout ScenarioReader) -> PipelineConfiguration {
        let defaults = PipelineConfiguration()
        var pipeline = defaults
        pipeline.lifecycles = reader.integer(
            "run.lifecycles", expected: "a whole number of payments from 1 to 1,000,000,000",
            default: defaults.lifecycles, in: 1...1_000_000_000)
        pipeline.rate = reader.number(
            "workload.rate", expected: "a positive rate in payments per second (at most 10,000,000)",
            default: defaults.rate) { $0 > 0 && $0 <= 10_000_000 }
        var customers = 0
        pipeline.shape = readShape(&reader, rate: pipeline.rate, customers: &customers)
        pipeline.duration = reader.has("run.duration") ? reader.duration("run.duration", default: .zero, allowZero: false) : nil
        pipeline.warmup = reader.duration("run.warmup", default: .zero)
        checkWarmup(&reader, warmup: pipeline.warmup, duration: pipeline.duration)
        pipeline.maxInFlight = reader.integer(
            "run.maxInFlight", expected: "a whole number of payments in flight from 1 to 10,000,000",
            default: defaults.maxInFlight, in: 1...10_000_000)
        if !reader.has("run.lifecycles") && pipeline.duration != nil { pipeline.lifecycles = 1_000_000_000 }
        pipeline.threeDSecureRatio = reader.ratio(
            "workload.threeDSecureRatio", what: "the share of payments that need 3-D Secure",
            default: defaults.threeDSecureRatio)
        pipeline.latency = reader.distribution("network.latency", default: defaults.latency)
        pipeline.gateway = readStation(&reader, "topology.gateway", default: defaults.gateway)
        pipeline.acs = readStation(&reader, "topology.acs", default: defaults.acs)
        pipeline.acsBackup = readStation(&reader, "topology.acsBackup", default: defaults.acsBackup)
        pipeline.issuer = readStation(&reader, "topology.issuer", default: defaults.issuer)
        pipeline.declineRatio = reader.ratio(
            "topology.issuer.declineRatio", what: "the share of authorizations the issuer declines",
            default: defaults.declineRatio)
        pipeline.acsQueueTimeout = reader.duration(
            "policies.acsQueueTimeout", default: defaults.acsQueueTimeout, allowZero: false)
        return pipeline
    }

    /// The names `workload.arrivals` accepts.
    public static let arrivalShapes = ["poisson", "constant", "ramp", "spike", "profile", "closed"]

    /// The arrival shape. `customers` is `workload.customers` as read (the closed model's customers,
    /// or the payments world's population), defaulting to `defaultCustomers`.
    static func readShape(_ reader: inout ScenarioReader, rate: Double, defaultCustomers: Int = 100,
                          customers: inout Int) -> WorkloadShape {
        let name = reader.string(
            "workload.arrivals", expected: "one of " + arrivalShapes.map { "\"\($0)\"" }.joined(separator: ", "),
            default: "poisson") { arrivalShapes.contains($0) }
        let positiveRate = "a positive rate in payments per second (at most 10,000,000)"
        let validRate: (Double) -> Bool = { $0 > 0 && $0 <= 10_000_000 }
        // Every shape's fields are read, so none is reported unknown; the chosen shape's are used.
        let rampTo = reader.number("workload.ramp.to", expected: positiveRate, default: rate, isValid: validRate)
        let rampDuration = reader.duration("workload.ramp.duration", default: .minutes(10), allowZero: false)
        let spikeRate = reader.number("workload.spike.rate", expected: positiveRate, default: rate * 5, isValid: validRate)
        let spikeStart = reader.duration("workload.spike.start", default: .minutes(1))
        let spikeDuration = reader.duration("workload.spike.duration", default: .minutes(1), allowZero: false)
        let multipliers = reader.numbers(
            "workload.profile.multipliers", expected: "a rate multiplier from 0 to 1,000", default: [1]) {
            $0 >= 0 && $0 <= 1_000
        }
        let period = reader.duration("workload.profile.period", default: .hours(24), allowZero: false)
        let isClosed = name == "closed"
        customers = reader.integer(
            "workload.customers", expected: "a whole number of customers from 1 to 10,000,000",
            default: isClosed ? 100 : defaultCustomers, in: 1...10_000_000)
        let thinkTime = reader.distribution("workload.thinkTime", default: .exponential(mean: .seconds(1)))
        switch name {
        case "constant": return .constant
        case "ramp": return .ramp(to: rampTo, duration: rampDuration)
        case "spike": return .spike(peak: spikeRate, start: spikeStart, duration: spikeDuration)
        case "profile":
            if multipliers.allSatisfy({ $0 == 0 }) {
                reader.report("workload.profile.multipliers", expected: "at least one multiplier above 0",
                              found: "only zeros")
            }
            if period.nanoseconds / Int64(multipliers.count) == 0 {
                reader.report("workload.profile.period", expected: "a period of at least 1ns per multiplier",
                              found: "\(period)")
            }
            return .profile(multipliers: multipliers, period: period)
        case "closed": return .closed(customers: customers, thinkTime: thinkTime)
        default: return .poisson
        }
    }

    static func readStation(_ reader: inout ScenarioReader, _ path: String,
                            default station: StationConfiguration) -> StationConfiguration {
        var result = station
        result.servers = reader.integer(
            path + ".servers", expected: "a whole number of servers from 1 to 100,000", default: station.servers,
            in: 1...100_000)
        result.service = reader.distribution(path + ".service", default: station.service)
        let limit = reader.integer(
            path + ".queueLimit", expected: "a whole number of waiting payments from 0 to 1,000,000,000 (omit for no limit)",
            default: -1, in: 0...1_000_000_000)
        result.queueLimit = limit < 0 ? station.queueLimit : limit
        return result
    }
}
