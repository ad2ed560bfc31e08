import PaymentWorld
import SimulationKernel
import Testing

/// The issuer's reason for a decline reaches each system's own words (issue 33): MPGS's gatewayCode
/// names insufficient funds, Sips passes the issuer's code on as acquirerResponseCode, Stripe adds
/// its decline_code, and Portmone, whose seed names no decline code, says `declined`, not 2200.
@Suite struct IssuerReasonCodesTests {
    static let flows: [PaymentFlow] = [.mastercardPay, .sogenactifCardOrder, .stripePayment, .portmoneBill]

    static func run() -> PaymentsResult {
        // Small balances, so that the issuer declines for insufficient funds (51) among its other reasons.
        let configuration = seedWorld(flows) {
            $0.lifecycles = 3_000
            $0.cards.balance = 30_000
            // Every customer has their wallet: a new one's card add before the bill may meet a
            // Masterpass server error, a 2200 that is the wallet's, not the issuer's.
            $0.seed.newWalletUsers = .zero
        }
        return PaymentsWorld(configuration: configuration, options: .init(seed: 7)).run()
    }

    @Test func eachSystemReportsTheIssuersReasonInItsOwnWords() {
        let result = Self.run()
        #expect(result.violations.isEmpty, "\(result.violations.prefix(3).map(\.description))")
        let byFlow = Dictionary(uniqueKeysWithValues: result.flows.map { ($0.flow, $0) })
        let mastercard = byFlow[.mastercardPay]?.codes ?? [:]
        #expect(mastercard["INSUFFICIENT_FUNDS", default: 0] > 0, "\(mastercard)")
        let sips = byFlow[.sogenactifCardOrder]
        #expect(sips?.details["acquirerResponseCode 51", default: 0] ?? 0 > 0, "\(sips?.details ?? [:])")
        #expect(sips?.details["acquirerResponseCode 00", default: 0] == sips?.codes["00", default: 0],
                "every approved order carries the issuer's 00")
        // Each Sips refusal by the bank carries the issuer's code; 05 also counts 3-D Secure failures, which have none.
        let refusedByIssuer = (sips?.details ?? [:]).filter { $0.key != "acquirerResponseCode 00" }.values.reduce(0, +)
        #expect(refusedByIssuer > 0 && refusedByIssuer <= sips?.codes["05", default: 0] ?? 0)
        let stripe = byFlow[.stripePayment]
        #expect(stripe?.details["decline_code insufficient_funds", default: 0] ?? 0 > 0, "\(stripe?.details ?? [:])")
        let declinedWithReason = (stripe?.details ?? [:]).values.reduce(0, +)
        #expect(declinedWithReason <= stripe?.codes["card_declined", default: 0] ?? 0)
        let portmone = byFlow[.portmoneBill]?.codes ?? [:]
        #expect(portmone["declined", default: 0] > 0 && portmone["2200", default: 0] == 0, "\(portmone)")
    }
}

/// Cascading (LC-08) runs only for the systems whose source describes it: ecommpay's `isCascading`
/// and the generic sale. An MPGS, Sips, Portmone or Stripe sale ends at the primary's answer.
@Suite struct CascadeBySystemTests {
    /// A card with a limit per payment declines a payment above it with 61, "over the amount
    /// limit" (Sips acquirerResponseCode 61); the limited cards are a fixed share, by a hash of
    /// their number, and there are none without a limit.
    @Test func aLimitPerPaymentDeclines61OnItsShareOfCards() {
        let configuration = seedWorld([.sogenactifCardOrder]) {
            $0.lifecycles = 4_000
            $0.cards.transactionLimit = 10_000
            $0.cards.transactionLimited = Ratio(1, 5)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty, "\(result.violations.prefix(3).map(\.description))")
        let sips = result.flows[PaymentFlow.sogenactifCardOrder.rawValue]
        let declined61 = sips.details["acquirerResponseCode 61", default: 0]
        // About a fifth of the cards, a third of the amounts above 100.00, of the orders that reach the issuer.
        #expect(declined61 > 100 && declined61 < 500, "\(sips.details)")
        let limited = (0..<1_000).filter { configuration.cards.hasTransactionLimit($0) }.count
        #expect(limited > 150 && limited < 250, "\(limited) of 1,000 cards limited")
        var unlimited = configuration.cards
        unlimited.transactionLimit = 0
        #expect(!(0..<1_000).contains { unlimited.hasTransactionLimit($0) }, "a limited share without a limit")
    }

    static func cascades(_ flow: PaymentFlow) -> UInt64 {
        let configuration = seedWorld([flow]) {
            $0.lifecycles = 1_500
            $0.behaviour.issuerSoftDecline = Ratio(2, 10)  // 91, cascadable.
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 11)).run()
        #expect(result.violations.isEmpty, "\(flow): \(result.violations.prefix(3).map(\.description))")
        return result.counters.cascades
    }

    @Test(arguments: PaymentFlow.allCases.filter { $0.core == .sale })
    func onlySystemsThatCascadeCascade(flow: PaymentFlow) {
        let started = Self.cascades(flow)
        #expect(flow.system.cascades ? started > 0 : started == 0, "\(flow): \(started) cascades")
    }
}
