import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// An objective of `paystorm size`: a metric of a run, the whole world's or one flow's
/// (`flows.ecommpay_sale.system_ms_p99`), and its threshold. Per flow because the payments world's
/// flows differ by orders of magnitude: Portmone's merchant retries put seconds into its system
/// time, so an objective on the whole world's p99 says nothing about the card flows' servers.
public struct SizeObjective {
    /// As written, and as a confirming run's `slo.` field takes it.
    public var metric: String
    /// The flow it reads, or nil for the whole world.
    public var flow: String?
    /// The figure it reads: `system_ms_p99`, `success_rate`, …
    public var figure: String
    public var threshold: ComparisonThreshold

    /// Those `run`'s objectives know (no `system_ms_p90`), so that the confirming command runs.
    public static let worldMetrics = ["system_ms_p50", "system_ms_p99", "latency_ms_p50", "latency_ms_p90", "latency_ms_p99",
                               "success_rate"]
    /// Those `run`'s per-flow objectives know, so that the confirming run checks the same ones.
    public static let flowMetrics = ["system_ms_p50", "system_ms_p99", "latency_ms_p50", "latency_ms_p99", "success_rate"]

    /// Reads `METRIC=COMPARISON`, such as `flows.ecommpay_sale.system_ms_p99=< 2000`.
    public static func parse(_ text: String) throws(InputError) -> SizeObjective {
        guard let equals = text.firstIndex(of: "=") else {
            throw InputError("paystorm size: --slo: expected METRIC=COMPARISON such as 'system_ms_p99=< 2000', found \"\(text)\"")
        }
        let metric = String(text[..<equals])
        var flow: String?
        var figure = metric
        if metric.hasPrefix("flows.") {
            let parts = metric.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, flowMetrics.contains(parts[2]) else {
                throw InputError("paystorm size: --slo \(metric): expected flows.FLOW.METRIC with METRIC one of "
                                 + flowMetrics.joined(separator: ", "))
            }
            guard PaymentFlow.allCases.contains(where: { "\($0)" == parts[1] }) else {
                throw InputError("paystorm size: --slo \(metric): no flow \"\(parts[1])\"; the flows are "
                                 + PaymentFlow.allCases.map { "\($0)" }.joined(separator: ", "))
            }
            flow = parts[1]
            figure = parts[2]
        } else if !worldMetrics.contains(metric) {
            throw InputError("paystorm size: --slo \(metric): expected one of " + worldMetrics.joined(separator: ", ")
                             + ", or flows.FLOW.METRIC with METRIC one of " + flowMetrics.joined(separator: ", "))
        }
        do {
            return SizeObjective(metric: metric, flow: flow, figure: figure,
                                 threshold: try Quantities.comparison(String(text[text.index(after: equals)...])))
        } catch {
            throw InputError("paystorm size: --slo \(metric): expected \(error.expected), found \(error.found)")
        }
    }

    /// Why the scenario cannot meet this objective whatever its servers, or nil: a per-flow one on a
    /// world without that flow in its mix would never have a figure to meet, and `run` gives the
    /// reference pipeline no system time, so its confirming run could not pass.
    public func unmeetable(in scenario: Scenario, file: String) -> String? {
        if flow == nil, case .referencePipeline = scenario.model, figure.hasPrefix("system_ms_") {
            return "paystorm size: --slo \(metric): \(file) is the reference pipeline, which has no people's time to set apart; "
                + "use latency_ms_" + figure.dropFirst("system_ms_".count)
        }
        guard let flow else { return nil }
        guard case .payments(let configuration) = scenario.model else {
            return "paystorm size: --slo \(metric): \(file) is not a payments world; it has no flows"
        }
        guard let index = PaymentFlow.allCases.firstIndex(where: { "\($0)" == flow }),
              configuration.mix.indices.contains(index), configuration.mix[index] > 0 else {
            return "paystorm size: --slo \(metric): the flow \(flow) has no share in \(file)'s workload.mix"
        }
        return nil
    }

    /// This objective's value in one replication (NaN when it measured nothing, which meets no threshold).
    public func actual(_ run: SizeSearch.Replication) -> Double {
        if let flow {
            return run.flows[flow]?.value(figure) ?? .nan
        }
        // A payments run's own figures, so that end-to-end latency is end to end as in `run`; the
        // sample's latency is system time there, the pipeline's whole latency otherwise.
        if let world = run.world { return world.value(figure) }
        return switch figure {
        case "system_ms_p50", "latency_ms_p50": run.sample.latency.p50
        case "latency_ms_p90": run.sample.latency.p90
        case "system_ms_p99", "latency_ms_p99": run.sample.latency.p99
        default: run.sample.successRate
        }
    }
}

/// The figures of a payments run, or of one of its flows, that objectives read.
public struct RunFigures: Sendable {
    public var system: SweepSample.Latency
    public var latency: SweepSample.Latency
    public var successRate: Double

    public init(flows: [FlowMetrics]) {
        var system = LatencyHistogram()
        var latency = LatencyHistogram()
        var measured: UInt64 = 0
        var succeeded: UInt64 = 0
        for flow in flows {
            system.merge(flow.systemLatency)
            latency.merge(flow.latency)
            measured += flow.outcomes.reduce(0, +)
            succeeded += PaymentOutcome.allCases.filter(\.isSuccessForReports).map { flow.outcomes[Int($0.rawValue)] }.reduce(0, +)
        }
        self.system = SweepSample.Latency(system)
        self.latency = SweepSample.Latency(latency)
        successRate = measured > 0 ? Double(succeeded) / Double(measured) : .nan
    }

    public func value(_ figure: String) -> Double {
        // No payment measured: no figure, which meets no threshold (as in `run`).
        guard latency.count > 0 else { return .nan }
        return switch figure {
        case "system_ms_p50": system.p50
        case "system_ms_p99": system.p99
        case "latency_ms_p50": latency.p50
        case "latency_ms_p90": latency.p90
        case "latency_ms_p99": latency.p99
        default: successRate
        }
    }
}
