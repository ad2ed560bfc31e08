import Foundation
import Reporting
import Testing

/// Erlang B and C against textbook values and the closed forms (style §9: one file per type).
@Suite struct CapacityMathErlangC {
    /// The closed form (a^c/c!) / Σ_{k≤c} a^k/k!, fine while a^c/c! fits in a Double.
    static func closedFormErlangB(servers: Int, offeredLoad a: Double) -> Double {
        var term = 1.0  // a^k / k!
        var sum = 1.0
        for k in stride(from: 1, through: servers, by: 1) {
            term *= a / Double(k)
            sum += term
        }
        return term / sum
    }

    /// The closed form of Erlang C: (a^c/c!)/(1−ρ) over Σ_{k<c} a^k/k! plus the same.
    static func closedFormErlangC(servers: Int, offeredLoad a: Double) -> Double {
        let rho = a / Double(servers)
        var term = 1.0
        var sum = 0.0
        for k in 0..<servers {
            sum += term
            term *= a / Double(k + 1)
        }
        let top = term / (1 - rho)
        return top / (sum + top)
    }

    @Test func mm1AtHalfLoadMatchesTheTextbook() throws {
        let station = MMcStation(arrivalRate: 10, serviceRate: 20, servers: 1)
        #expect(station.offeredLoad == 0.5)
        #expect(station.utilization == 0.5)
        #expect(station.isStable)
        let waiting = try #require(station.probabilityOfWaiting)
        #expect(abs(waiting - 0.5) < 1e-12, "M/M/1: C = ρ")
        #expect(abs(station.meanWait - 0.5 / (20 - 10)) < 1e-12, "Wq = ρ/(μ − λ)")
        #expect(abs(station.meanResponse - 1 / (20 - 10.0)) < 1e-12, "W = 1/(μ − λ)")
        #expect(abs(station.meanQueueLength - 0.25 / 0.5) < 1e-12, "Lq = ρ²/(1 − ρ)")
    }

    @Test func mm2AtHalfLoadWaitsAThirdOfTheTime() throws {
        let station = MMcStation(arrivalRate: 1, serviceRate: 1, servers: 2)
        let waiting = try #require(station.probabilityOfWaiting)
        #expect(abs(waiting - 1.0 / 3) < 1e-12, "M/M/2: C = 2ρ²/(1 + ρ)")
        #expect(abs(station.meanWait - 1.0 / 3) < 1e-12)
        #expect(abs(station.meanQueueLength - 1.0 / 3) < 1e-12)
    }

    @Test func mm4AtThreeErlangsMatchesThePublishedValue() throws {
        let station = MMcStation(arrivalRate: 60, serviceRate: 20, servers: 4)
        #expect(station.offeredLoad == 3)
        #expect(station.utilization == 0.75)
        let waiting = try #require(station.probabilityOfWaiting)
        #expect(abs(waiting - 0.5094) < 0.0001)
        #expect(abs(waiting - 27.0 / 53) < 1e-12, "exact: 27/53")
        #expect(abs(station.meanWait - waiting / 20) < 1e-12)
        #expect(abs(station.meanResponse - (waiting / 20 + 0.05)) < 1e-12)
        #expect(abs(station.meanQueueLength - 60 * waiting / 20) < 1e-12)
    }

    @Test(arguments: [
        (95.0, 100, 0.506_456_853_913_020_6),
        (9_900.0, 10_000, 0.222_776_928_864_148_2),
        (9_990.0, 10_000, 0.880_541_711_373_989_7),
    ])
    func manyServersStayFiniteAndMatchHighPrecision(load: Double, servers: Int, expected: Double) throws {
        // Expected values from 50-digit arithmetic; a^c/c! alone overflows a Double here.
        let station = MMcStation(arrivalRate: load, serviceRate: 1, servers: servers)
        let waiting = try #require(station.probabilityOfWaiting)
        #expect(waiting.isFinite && waiting >= 0 && waiting <= 1, "C = \(waiting)")
        #expect(abs(waiting - expected) < 1e-9, "C = \(waiting), expected \(expected)")
        #expect(station.meanWait.isFinite && station.waitQuantile(0.99).isFinite)
    }

    @Test(arguments: 0...12)
    func erlangBRecursionAgreesWithTheClosedForm(servers: Int) {
        for load in [0.1, 0.5, 1, 2.5, 7, 15] {
            let recursion = MMcStation.erlangB(servers: servers, offeredLoad: load)
            let closed = Self.closedFormErlangB(servers: servers, offeredLoad: load)
            #expect(abs(recursion - closed) < 1e-12, "c=\(servers) a=\(load): \(recursion) vs \(closed)")
        }
    }

    @Test(arguments: 1...12)
    func erlangCAgreesWithTheClosedForm(servers: Int) throws {
        for rho in [0.05, 0.3, 0.6, 0.9, 0.99] {
            let station = MMcStation(arrivalRate: rho * Double(servers) * 4, serviceRate: 4, servers: servers)
            let waiting = try #require(station.probabilityOfWaiting)
            let closed = Self.closedFormErlangC(servers: servers, offeredLoad: station.offeredLoad)
            #expect(abs(waiting - closed) < 1e-12, "c=\(servers) ρ=\(rho): \(waiting) vs \(closed)")
        }
    }

    @Test func erlangBOfNoServersLosesEverything() {
        #expect(MMcStation.erlangB(servers: 0, offeredLoad: 3) == 1)
        #expect(MMcStation.erlangB(servers: 5, offeredLoad: 0) == 0)
    }

    @Test func waitQuantileInvertsTheTail() throws {
        let station = MMcStation(arrivalRate: 10, serviceRate: 20, servers: 1)  // C = 0.5, cμ − λ = 10.
        #expect(abs(station.waitQuantile(0.99) - log(50) / 10) < 1e-12)
        #expect(station.waitQuantile(0.5) == 0, "half the arrivals find the server free")
        #expect(station.waitQuantile(0.3) == 0)
        #expect(station.waitQuantile(1) == .infinity)
        #expect(try #require(station.probabilityWaitExceeds(0)) == 0.5)
        #expect(try #require(station.probabilityWaitExceeds(-1)) == 1)
        for p in [0.6, 0.9, 0.99, 0.999] {
            let t = station.waitQuantile(p)
            let tail = try #require(station.probabilityWaitExceeds(t))
            #expect(abs(tail - (1 - p)) < 1e-12, "p=\(p): t=\(t), P(W > t)=\(tail)")
        }
    }

    @Test func noArrivalsMeansNoWaiting() throws {
        let station = MMcStation(arrivalRate: 0, serviceRate: 5, servers: 3)
        #expect(try #require(station.probabilityOfWaiting) == 0)
        #expect(station.meanWait == 0)
        #expect(station.meanResponse == 0.2)
        #expect(station.meanQueueLength == 0)
        #expect(station.waitQuantile(0.99) == 0)
        #expect(station.waitQuantile(1) == 0)
    }

    @Test(arguments: [80.0, 100.0])
    func unstableStationsReportNilAndInfinity(arrivalRate: Double) {
        let station = MMcStation(arrivalRate: arrivalRate, serviceRate: 20, servers: 4)  // ρ ≥ 1.
        #expect(!station.isStable)
        #expect(station.probabilityOfWaiting == nil)
        #expect(station.probabilityWaitExceeds(1) == nil)
        #expect(station.meanWait == .infinity)
        #expect(station.meanResponse == .infinity)
        #expect(station.meanQueueLength == .infinity)
        #expect(station.waitQuantile(0.5) == .infinity)
    }
}
