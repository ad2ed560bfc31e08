import PaymentWorld
import SimulationKernel
import Testing

/// LC-01's own ends in a running world (domain §2.4, "any non-terminal × abandon or deadline"):
/// customers cancel running payments, sales meet the gateway's payment deadline, the acquirer loses
/// answers to system errors, and LC-12 waits before it asks. Each is a table pair a run reaches, and
/// every failure it causes leaves the money where the customer was told it is.
@Suite struct SaleEndsWorldTests {
    private static func reached(_ result: PaymentsResult) -> Set<String> {
        Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
    }

    private static func expectClean(_ result: PaymentsResult, lifecycles: Int) {
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == UInt64(lifecycles), "\(describe(result))")
        #expect(result.end == .idle && result.audit.passed && result.audit.openHolds == .zero, "\(result.audit)")
    }

    /// Card sales only, through the cascade's backups, with slow issuers so that authorizations,
    /// inquiries and consents take long enough for a cancel to land in them.
    private static func sales(_ configuration: inout PaymentsConfiguration) {
        configuration.mix = [1] + [Double](repeating: 0, count: configuration.mix.count - 1)
        configuration.behaviour.issuerSoftDecline = Ratio(20, 100)
    }

    @Test func aCancelFailsTheRunningSaleWhereverItIsAndReversesItsAuthorization() {
        let configuration = smallWorld {
            $0.lifecycles = 1_500
            Self.sales(&$0)
            $0.behaviour.paymentCancel = Ratio(1, 2)
            $0.behaviour.cancelTime = .exponential(mean: .milliseconds(400))
            $0.faults.loss = Ratio(1, 50)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        Self.expectClean(result, lifecycles: 1_500)
        #expect(result.counters.paymentCancels > 500 && result.counters.salesCancelled > 50, "\(result.counters)")
        let reached = Self.reached(result)
        for state in ["authenticating", "authorizing", "cascading"] {
            #expect(reached.contains("LC-01 Sale: \(state) × abandon"), "\(state) × abandon not reached")
        }
        #expect(reached.contains("LC-12 OutcomeResolution: outcomeUnknown × acquirerTimeoutPassed"))
        let failed = result.flows[0].codes["failed", default: 0]
        #expect(failed >= result.counters.salesCancelled / 2, "\(result.flows[0].codes)")
    }

    /// An authorization the merchant has not begun to capture is voided when the customer cancels
    /// (LC-02 `authorized × void`), and the customer hears of it once the void is made: on a lossy
    /// network a void told at once was lost with the order record (swarm seed 6 of card-payments.json).
    @Test func aCancelBeforeTheCaptureVoidsTheAuthorization() {
        let configuration = smallWorld {
            $0.lifecycles = 1_200
            $0.mix = [0, 1] + [Double](repeating: 0, count: $0.mix.count - 2)
            $0.behaviour.paymentCancel = Ratio(1, 3)
            $0.behaviour.cancelTime = .exponential(mean: .seconds(10))
            $0.faults.loss = Ratio(3, 100)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 7)).run()
        Self.expectClean(result, lifecycles: 1_200)
        #expect(result.counters.ordersCancelledBeforeCapture > 100, "\(result.counters)")
        #expect(Self.reached(result).contains("LC-02 Authorization: authorized × void"))
    }

    @Test func aSaleStillOpenAtItsDeadlineFailsAndLeavesNoHold() {
        let configuration = smallWorld {
            $0.lifecycles = 1_500
            Self.sales(&$0)
            // Shorter than a challenge and than an authorization stuck behind a slow issuer.
            $0.timeouts.paymentDeadline = .seconds(4)
            $0.slowdowns.append(Slowdown(actor: .issuer, factor: 40, start: .seconds(5), duration: .seconds(20)))
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 4)).run()
        Self.expectClean(result, lifecycles: 1_500)
        #expect(result.counters.salesPastDeadline > 0, "\(result.counters)")
        let reached = Self.reached(result)
        for state in ["authenticating", "authorizing"] {
            #expect(reached.contains("LC-01 Sale: \(state) × deadline"), "\(state) × deadline not reached")
        }
    }

    @Test func anAcquirerSystemErrorIsATechnicalErrorThatLC12Settles() {
        let configuration = smallWorld {
            $0.lifecycles = 1_000
            Self.sales(&$0)
            $0.behaviour.acquirerErrors = Ratio(1, 10)
            $0.timeouts.inquiryDelay = .seconds(2)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
        Self.expectClean(result, lifecycles: 1_000)
        #expect(result.counters.acquirerErrors > 50, "\(result.counters)")
        #expect(result.counters.resolvedByInquiry > 0)
        let reached = Self.reached(result)
        #expect(reached.contains("LC-01 Sale: authorizing × technicalError"))
        #expect(reached.contains("LC-12 OutcomeResolution: outcomeUnknown × inquire"))
    }

    /// With an inquiry delay, an original reply that comes inside it settles the outcome with no
    /// inquiry: LC-12's `outcomeUnknown × originalReply`.
    @Test func aLateOriginalWithinTheInquiryDelaySettlesTheOutcome() {
        let configuration = smallWorld {
            $0.lifecycles = 1_000
            Self.sales(&$0)
            // The gateway's wait is shorter than many round trips: the originals come late.
            $0.timeouts.authorization = .milliseconds(150)
            $0.policies.standIn = false
            $0.timeouts.inquiryDelay = .seconds(8)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 6)).run()
        Self.expectClean(result, lifecycles: 1_000)
        #expect(result.counters.resolvedByLateReply > 0, "\(result.counters)")
        #expect(Self.reached(result).contains("LC-12 OutcomeResolution: outcomeUnknown × originalReply"))
    }
}
