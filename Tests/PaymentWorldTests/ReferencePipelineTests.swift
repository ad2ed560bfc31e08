import PaymentWorld
import SimulationKernel
import Testing

@Suite struct ReferencePipelineTests {
    /// SimPy 4.1.2 on ../shared/peers/simpy_payments.py, 10^6 payments, seed 42 (peers/README.md).
    static let simPy = (mean: 169.0, p50: 149.7, p99: 426.2, success: 0.9497)

    @Test func latencyAgreesWithSimPyAtOneHundredThousandPayments() {
        let pipeline = ReferencePipeline(configuration: .init(lifecycles: 100_000), options: .init(seed: 42))
        let result = pipeline.run()
        #expect(result.end == .idle)
        #expect(result.completed == 100_000)
        let mean = result.latency.mean / 1e6
        #expect(abs(mean - Self.simPy.mean) / Self.simPy.mean < 0.03, "mean \(mean) ms vs SimPy \(Self.simPy.mean)")
        let p50 = Double(result.latency.percentile(0.5)) / 1e6
        #expect(abs(p50 - Self.simPy.p50) / Self.simPy.p50 < 0.03, "p50 \(p50) ms vs SimPy \(Self.simPy.p50)")
        #expect(abs(result.successRate - Self.simPy.success) < 0.005, "success \(result.successRate)")
        #expect(result.escapes.isEmpty)
    }

    @Test func everyPaymentEndsInExactlyOneOutcome() {
        let pipeline = ReferencePipeline(configuration: .init(lifecycles: 5_000), options: .init(seed: 7))
        let result = pipeline.run()
        #expect(result.outcomes.map(\.count).reduce(0, +) == 5_000)
        #expect(result.latency.count == 5_000)
        #expect(result.stations.map(\.name) == ["gateway", "acs", "acs_backup", "issuer"])
        #expect(result.stations.first { $0.name == "gateway" }?.arrivals == 5_000)
    }

    @Test func aStarvedACSTimesPaymentsOut() {
        // One slow ACS server per pool and every payment through 3-D Secure: the line grows past
        // the queue timeout, so payments fail over to the backup and some time out there too.
        var configuration = PipelineConfiguration(lifecycles: 3_000, threeDSecureRatio: .one)
        configuration.acs = .init(servers: 1, service: .exponential(mean: .milliseconds(50)))
        configuration.acsBackup = .init(servers: 1, service: .exponential(mean: .milliseconds(50)))
        let result = ReferencePipeline(configuration: configuration, options: .init(seed: 3)).run()
        let timeouts = result.outcomes.first { $0.name == "acs_timeout" }?.count ?? 0
        #expect(result.acsPrimaryTimeouts > 0)
        #expect(timeouts > 0)
        #expect(result.completed == 3_000)
        #expect(result.stations.first { $0.name == "acs" }?.abandoned == result.acsPrimaryTimeouts)
    }

    @Test func theSameSeedGivesTheSameTraceAndOtherSeedsOthers() {
        func hash(_ seed: UInt64) -> UInt64 {
            ReferencePipeline(configuration: .init(lifecycles: 2_000), options: .init(seed: seed)).run().traceHash
        }
        #expect(hash(5) == hash(5))
        #expect(Set([hash(5), hash(6), hash(7)]).count == 3)
    }

    /// Found when the benchmark (one long run) and the CLI (one-second slices) disagreed on seed 42.
    @Test func howARunIsSlicedNeverChangesItsTrace() {
        func hash(slice: SimDuration) -> UInt64 {
            ReferencePipeline(configuration: .init(lifecycles: 3_000), options: .init(seed: 42))
                .run(reportingEvery: slice).traceHash
        }
        #expect(hash(slice: .milliseconds(250)) == hash(slice: .seconds(3600)))
    }

    @Test func aBoundedQueueRejectsAndCountsIt() {
        var configuration = PipelineConfiguration(rate: 2_000, lifecycles: 4_000)
        configuration.gateway = .init(servers: 1, service: .exponential(mean: .milliseconds(20)), queueLimit: 5)
        let result = ReferencePipeline(configuration: configuration, options: .init(seed: 9)).run()
        let rejected = result.outcomes.first { $0.name == "rejected" }?.count ?? 0
        #expect(rejected > 0)
        #expect(result.stations.first { $0.name == "gateway" }?.rejected == rejected)
        #expect(result.completed == 4_000)
    }
}

@Suite struct PipelineWorkloadTests {
    @Test func aClosedPopulationNeverHasMorePaymentsInFlightThanCustomers() {
        var configuration = PipelineConfiguration(lifecycles: 3_000)
        configuration.shape = .closed(customers: 20, thinkTime: .exponential(mean: .milliseconds(100)))
        let pipeline = ReferencePipeline(configuration: configuration, options: .init(seed: 4))
        var most = 0
        let result = pipeline.run(reportingEvery: .milliseconds(50)) { progress in
            most = max(most, progress.inFlight)
            return true
        }
        #expect(result.completed == 3_000)
        #expect(most <= 20)
        #expect(most > 0)
    }

    @Test func theWarmupIsRunButNotMeasured() {
        var configuration = PipelineConfiguration(lifecycles: 4_000)
        configuration.warmup = .seconds(5)
        let result = ReferencePipeline(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.completed == 4_000)
        // About 200/s × 5 s start in the warm-up; only the rest are measured.
        #expect(result.measured < 3_200 && result.measured > 2_800, "\(result.measured)")
        #expect(result.latency.count == result.measured)
        #expect(result.outcomes.map(\.count).reduce(0, +) == result.measured)
    }

    @Test func maxInFlightShedsArrivals() {
        var configuration = PipelineConfiguration(rate: 5_000, lifecycles: 5_000)
        configuration.maxInFlight = 50
        let result = ReferencePipeline(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.shed > 0)
        #expect(Int(result.completed) + Int(result.shed) == 5_000)
    }

    @Test func durationStopsArrivals() {
        var configuration = PipelineConfiguration(lifecycles: 1_000_000)
        configuration.duration = .seconds(10)
        let result = ReferencePipeline(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.completed > 1_800 && result.completed < 2_200, "\(result.completed)")
    }
}
