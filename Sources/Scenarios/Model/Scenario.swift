import PaymentWorld
import SimulationKernel

/// A validated scenario: everything a run needs, with every default filled in.
public struct Scenario: Sendable {
    /// The model a scenario runs.
    public enum Model: Sendable {
        /// The SimPy-comparable pipeline (../shared/peers/simpy_payments.py).
        case referencePipeline(PipelineConfiguration)
        /// The card-payments world: device, merchant, gateway, ACS, acquirers, network, issuer.
        case payments(PaymentsConfiguration)
    }

    /// The file it came from, as given on the command line.
    public var file: String
    public var name: String
    public var description: String
    /// The seed a run uses unless `--seed` overrides it.
    public var seed: UInt64
    public var model: Model
    /// Thresholds that fail the run when breached.
    public var objectives: [ServiceLevelObjective]
    /// The `--set` flags applied, in order, for the banner and the replay command.
    public var overrides: [String]
    /// `run.replications`: how many runs `paystorm run` makes, on seeds seed, seed + 1, …
    public var replications = 1

    /// The effective options, `path=value`, in a fixed order: printed in the banner.
    public var effectiveOptions: [(path: String, value: String)] {
        switch model {
        case .referencePipeline(let pipeline): pipeline.effectiveOptions
        case .payments(let world): world.effectiveOptions
        }
    }
}

/// An SLO threshold: a summary metric, a comparison, and where it came from.
public struct ServiceLevelObjective: Sendable, Hashable, CustomStringConvertible {
    /// The summary metric it reads, e.g. `latency_ms_p99`, `success_rate`, `violations`.
    public var metric: String
    public var threshold: ComparisonThreshold

    public var description: String { "\(metric) \(threshold)" }

    /// The metrics a per-flow objective (`slo.flows.FLOW.METRIC`) may name.
    public static let flowMetrics = ["latency_ms_p50", "latency_ms_p99", "latency_ms_max", "system_ms_p50", "system_ms_p99",
                                     "success_rate", "completed"]

    /// The metrics an objective may name.
    public static let metrics = ["latency_ms_mean", "latency_ms_p50", "latency_ms_p90", "latency_ms_p99",
                                 "latency_ms_p999", "latency_ms_max", "system_ms_p50", "system_ms_p99", "success_rate",
                                 "violations", "completed"]
}

extension PipelineConfiguration {
    var effectiveOptions: [(path: String, value: String)] {
        var options: [(path: String, value: String)] = [("run.lifecycles", "\(lifecycles)")]
        if let duration { options.append(("run.duration", "\(duration)")) }
        if warmup > .zero { options.append(("run.warmup", "\(warmup)")) }
        if maxInFlight < PipelineConfiguration().maxInFlight { options.append(("run.maxInFlight", "\(maxInFlight)")) }
        options.append(("workload", arrivalProcess.map { "\($0)" } ?? "\(shape)"))
        return options + [
            ("workload.threeDSecureRatio", "\(threeDSecureRatio.probability)"),
            ("network.latency", "\(latency)"),
            ("topology.gateway", "\(gateway.servers) × \(gateway.service)"),
            ("topology.acs", "\(acs.servers) × \(acs.service)"),
            ("topology.acsBackup", "\(acsBackup.servers) × \(acsBackup.service)"),
            ("topology.issuer", "\(issuer.servers) × \(issuer.service), decline \(declineRatio.probability)"),
            ("policies.acsQueueTimeout", "\(acsQueueTimeout)"),
        ]
    }
}

extension Ratio {
    /// The ratio as a probability, for reports.
    public var probability: Double { Double(numerator) / Double(denominator) }
}

extension PaymentsConfiguration {
    var effectiveOptions: [(path: String, value: String)] {
        var options: [(path: String, value: String)] = [("run.lifecycles", "\(lifecycles)")]
        if let duration { options.append(("run.duration", "\(duration)")) }
        if warmup > .zero { options.append(("run.warmup", "\(warmup)")) }
        var pipeline = PipelineConfiguration(rate: rate)
        pipeline.shape = shape
        options.append(("workload", pipeline.arrivalProcess.map { "\($0)" } ?? "\(shape)"))
        options.append(("workload.mix", PaymentFlow.allCases.filter { mix[$0.rawValue] > 0 }
            .map { "\($0)=\(mix[$0.rawValue])" }.joined(separator: ",")))
        options.append(("workload.cards", "\(cards.count) × \(cards.balance)"))
        if !cards.bins.isEmpty {
            options.append(("workload.cards.bins", cards.bins.map { "\($0.scheme) \($0.prefix) \($0.share.probability)" }
                .joined(separator: ", ")))
        }
        options.append(("network.latency", "\(latency)"))
        for link in links {
            options.append(("network.links", link.between.map(\.description).joined(separator: "–") + " \(link.latency)"))
        }
        for operation in StationOperation.allCases {
            if let service = stations.operations[operation] {
                options.append(("topology.\(operation.actor).operations.\(operation.rawValue)", "\(service)"))
            }
        }
        if !faults.isNone {
            options.append(("faults", "loss \(faults.loss.probability), duplication \(faults.duplication.probability), "
                            + "reordering \(faults.reordering.probability)"))
        }
        if !outages.isEmpty { options.append(("faults.outages", "\(outages.count) window(s)")) }
        options.append(("policies", "cascading=\(policies.cascading) standIn=\(policies.standIn) inquiries=\(policies.inquiries)"))
        if policies.lowValueExemption > 0 { options.append(("policies.exemptions.lowValue", "\(policies.lowValueExemption)")) }
        return options
    }
}
