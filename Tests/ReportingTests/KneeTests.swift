import Foundation
import Reporting
import Testing

/// Knee finding on synthetic sweeps.
@Suite struct CapacityMathKnee {
    /// The issuer is an M/M/10 station with μ = 25/s, so it saturates at 250/s; the gateway
    /// (1000/s) and the acquirer (600/s) have room to spare. Below 250/s the p99 is the model's
    /// (p99 wait plus the p99 service time); at and above it, the finite values a run would show.
    static let issuerBound: [SweepPoint] = {
        let overloaded: [Double: (achieved: Double, p99: Double)] = [
            250: (245, 1_800), 300: (250, 4_000), 350: (250, 6_000), 400: (250, 8_000),
        ]
        return stride(from: 50.0, through: 400, by: 50).map { offered in
            let station = MMcStation(arrivalRate: offered, serviceRate: 25, servers: 10)
            let achieved = overloaded[offered]?.achieved ?? offered  // Looked up, never iterated.
            let p99 = overloaded[offered]?.p99 ?? 1_000 * (station.waitQuantile(0.99) + log(100) / 25)
            return SweepPoint(
                offered: offered,
                achieved: achieved,
                p99: p99,
                utilizations: [
                    (name: "gateway", utilization: achieved / 1_000),
                    (name: "acquirer", utilization: achieved / 600),
                    (name: "issuer", utilization: achieved / 250),
                ]
            )
        }
    }()

    /// The payments world's knee: where a station's windowed utilization reaches 0.9.
    @Test func aStationsKneeIsWhereItsWindowedUtilizationCrosses90Percent() throws {
        let sweep = [(20.0, 0.21), (40, 0.41), (60, 0.60), (80, 0.80), (100, 1.0)].map { offered, issuer in
            SweepPoint(offered: offered, achieved: offered * 0.8, p99: 200_000,
                       utilizations: [(name: "acs", utilization: 0.1), (name: "issuer", utilization: issuer)])
        }
        let knee = try #require(KneeFinding.analyzeStations(sweep).knee)
        #expect(knee.index == 4)
        #expect(knee.reason == .stationSaturated)
        #expect(knee.bindingActor.name == "issuer")
        #expect(abs(knee.offeredLoad - 90) < 1e-9, "0.9 lies halfway from 0.80 at 80/s to 1.0 at 100/s")
        // End-to-end latency and throughput, which include people's time, do not decide it.
        if case .knee = KneeFinding.analyze(sweep) {} else { Issue.record("the latency-and-throughput knee differs on purpose") }
        let calm = Array(sweep.prefix(4))
        #expect(KneeFinding.analyzeStations(calm).knee == nil)
    }

    @Test func mmcCurveSaturatesAtTheIssuer() throws {
        let report = try #require(KneeFinding.analyze(Self.issuerBound).knee)
        // The p99 at 250/s (1.8 s) is past 3 × 184 ms before throughput drops below 95 %.
        #expect(report.index == 4)
        #expect(report.reason == .latencyGrew)
        let good = Self.issuerBound[3]
        let expected = 200 + (3 * Self.issuerBound[0].p99 - good.p99) / (1_800 - good.p99) * 50
        #expect(abs(report.offeredLoad - expected) < 1e-9)
        #expect(report.offeredLoad > 200 && report.offeredLoad < 250)
        #expect(report.bindingActor == ActorUtilization(name: "issuer", utilization: 0.98))
        #expect(report.others.map(\.name) == ["acquirer", "gateway"])
        #expect(
            KneeFinding.analyze(Self.issuerBound).summaryLine
                == "saturates at ≈ 210 payments/s (p99 past 3× its lowest-load value); "
                + "binding: issuer (utilization 0.98); next: acquirer (0.41)"
        )
    }

    @Test func mmcCurveWithoutTheLatencyTestFlattensPast250() throws {
        let finding = KneeFinding.analyze(Self.issuerBound, latencyMultiple: .infinity)
        let report = try #require(finding.knee)
        #expect(report.index == 5)
        #expect(report.reason == .throughputFlattened)
        // Ratio 0.98 at 250/s, 0.8333 at 300/s: crosses 0.95 at 250 + 50 · 0.03 / 0.14667.
        let expected = 250 + (0.98 - 0.95) / (0.98 - 250.0 / 300) * 50
        #expect(abs(report.offeredLoad - expected) < 1e-9)
        #expect(report.bindingActor.name == "issuer")
        #expect(report.bindingActor.utilization == 1)
        #expect(
            finding.summaryLine
                == "saturates at ≈ 260 payments/s; binding: issuer (utilization 1.00); next: acquirer (0.42)"
        )
    }

    @Test func latencyOnlyKneeInterpolatesOnTheP99() throws {
        let p99s: [Double] = [100, 110, 130, 400, 900]
        let sweep = p99s.enumerated().map { index, p99 in
            let offered = Double(index + 1) * 100
            return SweepPoint(
                offered: offered,
                achieved: offered,  // Throughput keeps up all the way.
                p99: p99,
                utilizations: [(name: "ledger", utilization: offered / 1_000), (name: "issuer", utilization: 0.3)]
            )
        }
        let report = try #require(KneeFinding.analyze(sweep).knee)
        #expect(report.index == 3)
        #expect(report.reason == .latencyGrew)
        #expect(abs(report.offeredLoad - (300 + (300.0 - 130) / (400 - 130) * 100)) < 1e-9)
        #expect(report.bindingActor == ActorUtilization(name: "ledger", utilization: 0.4))
        #expect(report.others == [ActorUtilization(name: "issuer", utilization: 0.3)])
        #expect(
            report.summaryLine
                == "saturates at ≈ 363 payments/s (p99 past 3× its lowest-load value); "
                + "binding: ledger (utilization 0.40); next: issuer (0.30)"
        )
        // A larger multiple moves the knee on: 900 > 4 × 100 but 400 is not.
        let later = try #require(KneeFinding.analyze(sweep, latencyMultiple: 4).knee)
        #expect(later.index == 4)
        #expect(later.summaryLine.contains("(p99 past 4× its lowest-load value)"))
        #expect(try #require(KneeFinding.analyze(sweep, latencyMultiple: 2.5).knee).summaryLine.contains("2.5×"))
    }

    @Test func sweepWithoutAKneeNamesTheBusiestActor() {
        let sweep = [100.0, 200, 300, 400].map { offered in
            SweepPoint(
                offered: offered,
                achieved: offered * 0.99,
                p99: 120 + offered / 10,
                utilizations: [
                    (name: "gateway", utilization: offered / 1_000),
                    (name: "issuer", utilization: offered / 560),
                    (name: "acquirer", utilization: offered / 2_000),
                ]
            )
        }
        let finding = KneeFinding.analyze(sweep)
        #expect(finding.knee == nil)
        guard case .noKnee(let report) = finding else {
            Issue.record("expected no knee, got \(finding)")
            return
        }
        #expect(report.highestOffered == 400)
        #expect(report.busiestActor.name == "issuer")
        #expect(report.others.map(\.name) == ["gateway", "acquirer"])
        #expect(report.others.map(\.headroom) == [0.6, 0.8])
        #expect(
            finding.summaryLine
                == "no saturation up to 400 payments/s; busiest: issuer (utilization 0.71); next: gateway (0.40)"
        )
    }

    @Test func tiesGoToTheActorListedFirst() throws {
        func sweep(_ names: [String]) -> [SweepPoint] {
            let utilizations: [String: Double] = ["gateway": 0.9, "issuer": 0.9, "ledger": 0.9, "acquirer": 0.5]
            return [(100.0, 100.0), (200, 150)].map { offered, achieved in
                SweepPoint(
                    offered: offered,
                    achieved: achieved,
                    p99: 50,
                    // Looked up in `names` order; the dictionary is never iterated.
                    utilizations: names.map { (name: $0, utilization: utilizations[$0] ?? 0) }
                )
            }
        }
        let first = try #require(KneeFinding.analyze(sweep(["gateway", "acquirer", "issuer", "ledger"])).knee)
        #expect(first.bindingActor.name == "gateway")
        #expect(first.others.map(\.name) == ["issuer", "ledger", "acquirer"])
        let second = try #require(KneeFinding.analyze(sweep(["acquirer", "ledger", "issuer", "gateway"])).knee)
        #expect(second.bindingActor.name == "ledger")
        #expect(second.others.map(\.name) == ["issuer", "gateway", "acquirer"])
    }

    @Test func throughputWinsWhenBothTestsFailAtOnePoint() throws {
        let sweep = [
            SweepPoint(offered: 100, achieved: 100, p99: 100, utilizations: [(name: "issuer", utilization: 0.4)]),
            SweepPoint(offered: 200, achieved: 150, p99: 900, utilizations: [(name: "issuer", utilization: 1)]),
        ]
        let report = try #require(KneeFinding.analyze(sweep).knee)
        #expect(report.reason == .throughputFlattened)
        #expect(abs(report.offeredLoad - (100 + 0.05 / 0.25 * 100)) < 1e-9)
        #expect(report.others.isEmpty)
        #expect(report.summaryLine == "saturates at ≈ 120 payments/s; binding: issuer (utilization 1.00)")
    }

    @Test func kneeAtTheFirstPointHasNothingToInterpolateFrom() throws {
        let sweep = [
            SweepPoint(offered: 50, achieved: 20, p99: 100, utilizations: [(name: "issuer", utilization: 1)]),
            SweepPoint(offered: 60, achieved: 20, p99: 100, utilizations: [(name: "issuer", utilization: 1)]),
        ]
        let report = try #require(KneeFinding.analyze(sweep).knee)
        #expect(report.index == 0)
        #expect(report.offeredLoad == 50)
        #expect(report.summaryLine == "saturates at ≈ 50.0 payments/s; binding: issuer (utilization 1.00)")
    }

    @Test func anInfiniteP99PutsTheKneeAtTheLastGoodPoint() throws {
        let sweep = [
            SweepPoint(offered: 100, achieved: 100, p99: 10, utilizations: [(name: "issuer", utilization: 0.5)]),
            SweepPoint(
                offered: 200,
                achieved: 200,
                p99: .infinity,
                utilizations: [(name: "issuer", utilization: 0.97)]
            ),
        ]
        let report = try #require(KneeFinding.analyze(sweep).knee)
        #expect(report.reason == .latencyGrew)
        #expect(report.offeredLoad == 100)
    }

    @Test func ratioExactlyAtTheThresholdStillFollows() {
        let sweep = [
            SweepPoint(offered: 100, achieved: 100, p99: 10, utilizations: [(name: "issuer", utilization: 0.5)]),
            SweepPoint(offered: 200, achieved: 190, p99: 12, utilizations: [(name: "issuer", utilization: 0.95)]),
        ]
        #expect(KneeFinding.analyze(sweep).knee == nil, "0.95 is not below 0.95")
    }
}
