import PaymentWorld
import SimulationKernel
import Testing

/// The races between a customer's lifecycles (issue 16): each planted race is found when customers
/// are hot, and never when no two lifecycles share a customer, which is what makes it a race.
@Suite struct RaceDefectTests {
    static let races = PlantedDefect.allCases.filter(\.needsSharedThings)

    /// A few hundred customers, many lifecycles of each at once: `scenarios/hot-customers.json`'s
    /// customers, cards and limits, without its faults and income, so each race is the only cause.
    static func hotWorld(_ defect: PlantedDefect?, customers: Int = 300, skew: Double = 1) -> PaymentsConfiguration {
        var configuration = PaymentsConfiguration()
        configuration.lifecycles = 3_000
        configuration.rate = 60
        configuration.customers = customers
        configuration.customerSkew = skew
        configuration.cards.count = customers
        configuration.cards.balance = 50_000
        configuration.cards.dailyLimit = 60_000
        configuration.cards.velocityLimit = 10
        let flows: [PaymentFlow: Double] = [.portmoneBill: 0.2, .portmoneWalletCard: 0.2, .paysafeCard: 0.2,
                                            .paysafeProvisioning: 0.15, .ecommpaySale: 0.15, .mastercardAuthorize: 0.1]
        configuration.mix = PaymentFlow.allCases.map { flows[$0] ?? 0 }
        configuration.defects = defect.map { [$0] } ?? []
        return configuration
    }

    @Test(arguments: races)
    func eachRaceIsFoundAmongHotCustomersAndReplays(defect: PlantedDefect) {
        let seed = (UInt64(1)...40).first { seed in
            PaymentsWorld(configuration: Self.hotWorld(defect), options: .init(seed: seed)).run()
                .violations.first?.invariant == defect.caughtBy
        }
        guard let seed else {
            Issue.record("\(defect.rawValue): no seed of 1…40 broke \(defect.caughtBy)")
            return
        }
        let first = PaymentsWorld(configuration: Self.hotWorld(defect), options: .init(seed: seed)).run()
        let again = PaymentsWorld(configuration: Self.hotWorld(defect), options: .init(seed: seed)).run()
        #expect(again.traceHash == first.traceHash && again.violations.first == first.violations.first)
    }

    /// With a customer (and a card) per lifecycle nothing is shared, and no race is reached: every
    /// seed whose lifecycles never met on a customer runs clean with every race planted at once.
    @Test func noRaceWithoutSharing() {
        var unshared = 0
        for seed in UInt64(1)...8 {
            var configuration = Self.hotWorld(nil, customers: 400_000, skew: 0)
            configuration.defects = Set(Self.races)
            configuration.lifecycles = 400
            let result = PaymentsWorld(configuration: configuration, options: .init(seed: seed)).run()
            // Shared means any two lifecycles of one customer, at once or one after the other.
            guard (result.contention.hottestCustomers.first?.lifecycles ?? 0) <= 1 else { continue }
            unshared += 1
            #expect(result.violations.isEmpty, "seed \(seed): \(result.violations.map(\.description))")
        }
        #expect(unshared >= 4, "only \(unshared) of 8 seeds had no two lifecycles on one customer")
    }

    @Test func hotCustomersMeetOnTheirThingsAndEveryClaimHolds() {
        let result = PaymentsWorld(configuration: Self.hotWorld(nil), options: .init(seed: 42)).run()
        #expect(result.violations.isEmpty, "\(result.violations.map(\.description))")
        #expect(result.contention.sharedArrivals > 1_000)
        #expect(result.contention.walletConflicts > 0 && result.contention.cardConflicts > 0)
        #expect(result.contention.hottestCustomers.first?.customer == CustomerID(0))
        let declines = Dictionary(uniqueKeysWithValues: result.contention.issuerAnswers.map { ($0.code, $0.count) })
        #expect((declines["51"] ?? 0) > 0, "\(declines)")
        for claim in ["WAL-1", "WAL-3", "WAL-4", "CARD-5", "CARD-6", "CARD-7", "PROV-3"] {
            let record = result.monitors.first { $0.invariant == claim }
            #expect((record?.checked ?? 0) > 0, "\(claim) checked \(record?.checked ?? 0) times")
        }
    }
}
