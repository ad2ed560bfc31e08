import PaymentWorld
import SimulationKernel
import Testing

/// LC-11 in a world: the app steps a push provisioning's table as its SDK calls are answered, and
/// a small run with ineligible phones, Apple and Google wallets, SCA, wallet errors, PNO declines,
/// identity verification and sheets left open reaches the table's pairs while PROV-1…4 hold.
@Suite struct ProvisioningWorldTests {
    static func provisioningWorld(seed: UInt64 = 5) -> PaymentsResult {
        let configuration = seedWorld([.paysafeProvisioning]) {
            $0.lifecycles = 500
            $0.seed.walletIneligible = Ratio(5, 100)
            $0.seed.googleWallet = Ratio(50, 100)
            $0.seed.identityVerification = Ratio(60, 100)
            $0.seed.identityVerificationTime = .lognormal(median: .seconds(240), sigma: 1)
            $0.seed.passSheetLeftOpen = Ratio(5, 100)
            $0.seed.walletError = Ratio(5, 100)
            $0.seed.pnoDecline = Ratio(8, 100)
            $0.seed.scaVerified = Ratio(1, 2)
        }
        return PaymentsWorld(configuration: configuration, options: .init(seed: seed)).run()
    }

    @Test func aSmallRunStepsTheProvisioningTable() {
        let result = Self.provisioningWorld()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 500 && result.unfinished == 0)
        let table = result.coverage.byLegality.first { $0.lifecycle == ProvisioningState.lifecycleName }
        #expect(table?.legalPairs == 20)
        #expect(table?.illegalTried.isEmpty == true, "\(String(describing: table?.illegalTried))")
        // Every legal pair but the one no flow waits in (initiated × timeout: the app hands the pass
        // request to the wallet in the tokenize answer's own callback).
        #expect(table?.legalNotReached.map { "\($0.state) × \($0.event)" } == ["initiated × timeout"],
                "\(String(describing: table?.legalNotReached))")
        #expect(result.counters.identityVerifications > 0 && result.counters.passSheetsLeftOpen > 0)
        #expect(result.counters.provisioningsNotOffered > 0)
        #expect(result.counters.expiries[ExpiringTimer.provisioningCompletion.rawValue] > 0)
    }
}
