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
