import Foundation
import PaymentWorld
import Reporting
import SimulationKernel

/// The reference pipeline at full size: one warm-up (its time discarded, its trace hash kept as
/// the checksum), then `runs` measured runs that must give the same hash.
struct PipelineBenchmark {
    var payments: Int
    var runs: Int
    var seed: UInt64

    func runOnce() -> (seconds: Double, result: PipelineResult) {
        let pipeline = ReferencePipeline(configuration: PipelineConfiguration(lifecycles: payments),
                                         options: .init(seed: seed))
        let start = ContinuousClock.now
        let result = pipeline.run(reportingEvery: .seconds(3600))
        return (seconds(ContinuousClock.now - start), result)
    }

    func measure() -> [(String, JSONOutput)] {
        print("pipeline: \(payments) payments, seed \(seed), \(runs) runs after 1 warm-up, one thread")
        let warmUp = runOnce()
        let checksum = warmUp.result.traceHash
        var rates: [Double] = []
        for run in 1...runs {
            let (elapsed, result) = runOnce()
            precondition(result.traceHash == checksum,
                         "pipeline: trace hash \(Trace.hex(result.traceHash)) != \(Trace.hex(checksum)); not deterministic")
            let rate = Double(result.completed) / elapsed
            rates.append(rate)
            print("  run \(run): \(SummaryTable.fixed(elapsed, 3)) s, \(SummaryTable.grouped(UInt64(rate))) payments/s")
        }
        rates.sort()
        let median = rates[rates.count / 2]
        let peak = ProcessMemory.peakResidentBytes()
        let latency = warmUp.result.latency
        print("pipeline: payments/s min \(SummaryTable.grouped(UInt64(rates[0])))  median \(SummaryTable.grouped(UInt64(median)))"
              + "  max \(SummaryTable.grouped(UInt64(rates[rates.count - 1])))  peak RSS \(SummaryTable.roundedMiB(peak)) MiB"
              + "  trace hash \(Trace.hex(checksum))")
        print("pipeline: latency ms mean \(SummaryTable.fixed(latency.mean / 1e6, 1))  p50 \(SummaryTable.ms(latency.percentile(0.5)))"
              + "  p99 \(SummaryTable.ms(latency.percentile(0.99)))  max \(SummaryTable.ms(latency.max))"
              + "  success \(SummaryTable.percent(warmUp.result.successRate))")
        return [
            ("parameters", .object([("payments", .integer(Int64(payments))), ("runs", .integer(Int64(runs))),
                                    ("seed", .unsigned(seed))])),
            ("payments_per_wall_second", .object([("min", .number(rates[0].rounded())), ("median", .number(median.rounded())),
                                                  ("max", .number(rates[rates.count - 1].rounded()))])),
            ("peak_rss_mib", .number(SummaryTable.roundedMiB(peak))),
            ("trace_hash", .string(Trace.hex(checksum))),
            ("latency_ms", RunSummary.latencyJSON(latency)),
            ("success_rate", .number(warmUp.result.successRate)),
        ]
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
