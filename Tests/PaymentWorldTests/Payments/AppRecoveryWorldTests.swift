import PaymentWorld
import SimulationKernel
import Testing

/// The app's side of a payment whose answer goes missing (issue 33; domain §1.2 E1/E2, §2.2): an
/// unanswered call is the system's timeout (ecommpay NETWORK_TIMEOUT), the app re-inits with the
/// same payment after a backoff and hears "still running" (onPaymentRestored) or "final"
/// (PAYMENT_HAS_FINAL_STATUS); after `policies.appReinits` of them the customer is told the outcome
/// is unknown, and the app asks again when they come back, so every lifecycle still ends with what
/// the money did (RES-5). A double tap is refused to the duplicate only (PAYMENT_ALREADY_EXIST).
@Suite struct AppRecoveryWorldTests {
    /// Card sales and authorizations whose apps cannot reach the merchant for five minutes from 10 s on:
    /// longer than the four calls the app makes before it tells the customer "unknown".
    static func merchantOutage(reinits: Int) -> PaymentsResult {
        let configuration = seedWorld([.sale, .authorization]) {
            $0.lifecycles = 2_000
            $0.faultWindows = [PaymentFaultWindow(kind: .partition, start: .seconds(10), duration: .minutes(5),
                                                  between: [.device, .merchant])]
            $0.policies.appReinits = reinits
        }
        return PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
    }

    @Test func unansweredCallsAreReinitedThenToldUnknownAndEveryPaymentStillEnds() {
        let result = Self.merchantOutage(reinits: 3)
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 2_000 && result.unfinished == 0, "\(describe(result))")
        let app = result.counters.appRecovery
        let (timeouts, reinits) = (app[.generic, .timeout], app[.generic, .reinit])
        #expect(timeouts > 0 && reinits > 0, "timeouts \(timeouts), re-inits \(reinits)")
        // Back from an unknown outcome, the customer's re-init finds the payment final or still running.
        #expect(app[.generic, .toldUnknown] > 0 && app[.generic, .final] > 0, "\(app)")
        // Told "unknown" only after every re-init in a row went unanswered: the first call and three more.
        #expect(timeouts >= app[.generic, .toldUnknown] * 4, "\(app)")
        // "Unknown" is shown only while recovery goes on: no lifecycle ends with it.
        for flow in [PaymentFlow.sale, .authorization] {
            #expect(result.flows[flow.rawValue].outcomes[Int(PaymentOutcome.timedOut.rawValue)] == 0, "\(describe(result))")
        }
    }

    @Test func withoutReinitsEveryUnansweredCallTellsTheCustomerUnknown() {
        let result = Self.merchantOutage(reinits: 0)
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 2_000 && result.unfinished == 0, "\(describe(result))")
        let app = result.counters.appRecovery
        #expect(app[.generic, .timeout] > 0 && app[.generic, .toldUnknown] == app[.generic, .timeout], "\(app)")
    }

    /// On a network that loses nothing, no app call goes unanswered: the app waits on the ACS page,
    /// on a decoupled authentication and on the merchant's capture without a call of its own.
    @Test func aLosslessRunHasNoAppTimeouts() {
        let configuration = seedWorld([.ecommpaySale, .ecommpayAuth, .stripePayment, .stripeManualCapture]) {
            $0.lifecycles = 1_500
            $0.behaviour.decoupledRatio = Ratio(5, 10)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.decoupled > 0 && result.counters.challenged > 0)
        for system in [PaymentSystem.ecommpay, .stripe] {
            #expect(result.counters.appRecovery[system, .timeout] == 0, "\(system): \(result.counters.appRecovery)")
        }
    }

    @Test func aDoubleTapIsRefusedToTheDuplicateAndThePaymentGoesOn() {
        let configuration = seedWorld([.ecommpaySale]) {
            $0.lifecycles = 1_000
            $0.behaviour.doubleTap = Ratio(1, 1)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 9)).run()
        // G-4 and RES-5: one payment per paymentId, charged once, whatever the second tap did.
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 1_000)
        let refused = result.counters.appRecovery[.ecommpay, .secondPayRefused]
        // Every second tap finds the first's payment, unless the network delayed the first or it ended first.
        #expect(refused > 900 && refused <= 1_000, "\(refused) second pays refused")
        let entry = SeedCatalogue.entries.first { $0.system == .ecommpay && $0.name == "PAYMENT_ALREADY_EXIST" }
        #expect(entry?.count(flows: result.flows, counters: result.counters) == refused)
    }
}
