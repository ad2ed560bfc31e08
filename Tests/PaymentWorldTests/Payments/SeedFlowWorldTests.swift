import PaymentWorld
import SimulationKernel
import Testing

/// A small world running only the given flows, in equal shares.
func seedWorld(_ flows: [PaymentFlow], _ change: (inout PaymentsConfiguration) -> Void = { _ in }) -> PaymentsConfiguration {
    smallWorld {
        $0.lifecycles = 2_000
        $0.mix = PaymentFlow.allCases.map { flows.contains($0) ? 1 : 0 }
        $0.cards.balance = 10_000_000
        change(&$0)
    }
}

@Suite struct SeedFlowWorldTests {
    static let systems: [(PaymentSystem, [PaymentFlow])] = PaymentSystem.allCases.filter { $0 != .generic }.map { system in
        (system, PaymentFlow.allCases.filter { $0.system == system })
    }

    @Test(arguments: systems.map(\.0))
    func eachSystemRunsCleanAndFinishesEveryLifecycle(system: PaymentSystem) {
        let flows = PaymentFlow.allCases.filter { $0.system == system }
        let result = PaymentsWorld(configuration: seedWorld(flows), options: .init(seed: 11)).run()
        #expect(result.violations.isEmpty, "\(system): \(describe(result))")
        #expect(result.completed == 2_000 && result.unfinished == 0, "\(system): \(describe(result))")
        #expect(result.audit.passed)
        for flow in flows {
            let metrics = result.flows[flow.rawValue]
            #expect(metrics.started > 0 && metrics.completed == metrics.started, "\(flow): \(metrics.started) started")
            // Most lifecycles of every flow succeed, in the system's own success code.
            let successes = metrics.codes.filter { system.isSuccessCode($0.key) }.values.reduce(0, +)
            #expect(successes * 10 > metrics.completed * 6, "\(flow): \(metrics.codes)")
        }
    }

    @Test(arguments: systems.map(\.0))
    func eachSystemSurvivesLossDuplicationReorderingAndOutages(system: PaymentSystem) {
        let flows = PaymentFlow.allCases.filter { $0.system == system }
        let configuration = seedWorld(flows) {
            $0.faults = FaultProfile(loss: Ratio(1, 100), duplication: Ratio(1, 100), reordering: Ratio(1, 100))
            $0.outages = [OutageWindow(actor: .issuer, start: .seconds(10), duration: .seconds(5)),
                          OutageWindow(actor: .wallet, start: .seconds(12), duration: .seconds(5)),
                          OutageWindow(actor: .cardPlatform, start: .seconds(14), duration: .seconds(5))]
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty, "\(system): \(describe(result))")
        #expect(result.completed == 2_000, "\(system): \(describe(result))")
        #expect(result.network.lost > 0 && result.network.duplicated > 0)
        #expect(result.counters.duplicatesDeduped > 0, "\(result.counters)")
    }

    @Test func codesSpeakEachSystemsVocabulary() {
        let result = PaymentsWorld(configuration: seedWorld(PaymentFlow.allCases.filter { $0.core != nil }),
                                   options: .init(seed: 5)).run()
        #expect(result.flows[PaymentFlow.sogenactifCardOrder.rawValue].codes["00", default: 0] > 0)
        #expect(result.flows[PaymentFlow.mastercardPay.rawValue].codes["APPROVED", default: 0] > 0)
        #expect(result.flows[PaymentFlow.portmoneBill.rawValue].codes["paid", default: 0] > 0)
        #expect(result.flows[PaymentFlow.ecommpaySale.rawValue].codes["success", default: 0] > 0)
    }

    @Test func otpsStepUpAndTheirMonitorsAreChecked() {
        let result = PaymentsWorld(configuration: seedWorld([.portmoneWalletCard, .portmoneBill]), options: .init(seed: 9)).run()
        let checked = Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
        #expect(checked["OTP-3", default: 0] > 100, "\(checked)")
        #expect(checked["OTP-5", default: 0] > 100, "\(checked)")
        #expect(checked["G-8", default: 0] > 1_000, "every SDK answer is checked against the calls made: \(checked)")
    }

    /// Wallet card adds and push provisioning store cards outside the card core: the wallet's list
    /// (masked), the token vault (full number) and the mobile wallet's pass (network token).
    @Test func cardsStoredOutsideTheCardCoreAreCheckedForPANHygiene() {
        let result = PaymentsWorld(configuration: seedWorld([.portmoneWalletCard, .paysafeProvisioning]),
                                   options: .init(seed: 9)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let g12 = result.monitors.first { $0.invariant == "G-12" }
        #expect(g12.map { $0.checked > 1_000 && $0.violations == 0 } == true, "\(String(describing: g12))")
    }

    @Test func prepaidCardsGoThroughScaAndTheirMonitorsAreChecked() {
        let result = PaymentsWorld(configuration: seedWorld([.paysafeCard, .paysafeProvisioning]), options: .init(seed: 9)).run()
        let checked = Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
        for invariant in ["CARD-1", "CARD-2", "CARD-4", "PROV-1", "PROV-3"] {
            #expect(checked[invariant, default: 0] > 10, "\(invariant): \(checked)")
        }
    }
}

/// The seed flows' planted defects, each caught by the monitor that names it, with a pinned seed.
@Suite struct SeedFlowPlantedDefectTests {
    /// The seed flows' defects, each with its flows and claim (`PlantedDefect.flows`, `caughtBy`).
    static let defects = PlantedDefect.allCases.filter { !$0.flows.isEmpty && !$0.needsSharedThings }

    static func world(_ defect: PlantedDefect) -> PaymentsConfiguration {
        seedWorld(defect.flows) {
            $0.defects = [defect]
            $0.seed.codeTypo = Ratio(1, 2)  // Guessers: many wrong codes.
            $0.faults = FaultProfile(loss: Ratio(1, 100), duplication: Ratio(1, 100))
            // Only a session that has taken its limit meets the platform that ignores it.
            if defect == .sessionLimitIgnored { $0.seed.sessionAuthenticationLimit = 1 }
            // The app redeems a verified event at once: only an expiry near the customer's SCA time
            // (8 s) lets a redeem come after it.
            if defect == .scaVerifiedNeverExpires { $0.timeouts.scaEventExpiry = .seconds(10) }
            // A code typed after its validity: only a customer who walks away types it so late.
            if defect == .otpValidityTimerLost { $0.behaviour.walkAway = Ratio(1, 10) }
        }
    }

    @Test(arguments: defects)
    func eachDefectIsCaughtByItsInvariant(defect: PlantedDefect) {
        let expected = defect.caughtBy
        let first = PaymentsWorld(configuration: Self.world(defect), options: .init(seed: 7)).run()
        #expect(first.violations.first?.invariant == expected, "\(defect.rawValue): \(first.violations.map(\.description))")
        let replay = PaymentsWorld(configuration: Self.world(defect), options: .init(seed: 7)).run()
        #expect(replay.traceHash == first.traceHash, "\(defect.rawValue): replay diverged")
    }
}
