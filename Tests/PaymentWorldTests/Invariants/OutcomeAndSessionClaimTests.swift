@testable import PaymentWorld
import SimulationKernel
import Testing

/// The claims on unknown outcomes, reversals, voids, declined payments, checkout sessions and SCA
/// events, each shown holding on a good story and catching the bad one it is for.
@Suite struct OutcomeAndSessionClaimTests {
    private let payment = firstPayment
    private let lifecycle = firstLifecycle

    @Test func anUnknownOutcomeMustBeSettledWithinALifecycleBudget() {
        var configuration = PaymentsConfiguration()
        configuration.timeouts.lifecycleBudget = .seconds(100)
        var harness = ClaimHarness<UnknownOutcomesResolveInTime>(configuration)
        harness.bodies.publish(RequestBodies.Order(), for: lifecycle)
        harness.bodies.publish(RequestBodies.Payment(order: lifecycle), for: payment)
        harness.feed(at: 10, .outcomeUnknown(payment))
        harness.feed(at: 110, .outcomeResolved(payment, approved: false))
        harness.feed(at: 120, .paymentRetired(payment, order: lifecycle))
        #expect(harness.violations.isEmpty && harness.checked == 2)

        harness.feed(at: 200, .outcomeUnknown(payment))
        harness.feed(at: 301, .outcomeResolved(payment, approved: true))
        harness.feed(at: 400, .outcomeUnknown(payment))
        harness.feed(at: 401, .paymentRetired(payment, order: lifecycle))
        #expect(harness.violations.count == 2)
        #expect(harness.violations.first?.contains("after") == true)
        #expect(harness.violations.last == "retired with its outcome still unknown")
    }

    @Test func aReversalReleasesOnceAndNothingWhenTheOriginalNeverArrived() {
        var harness = ClaimHarness<ReversalsReleaseOnce>()
        let first = AttemptID(payment, 0), second = AttemptID(payment, 1)
        harness.feed(.reversalApplied(first, arrived: true, released: 500),
                     .reversalApplied(first, arrived: true, released: 0),
                     .reversalApplied(second, arrived: true, released: 500),
                     .reversalApplied(AttemptID(PaymentID(slot: 1, generation: 1), 0), arrived: false, released: 0))
        #expect(harness.violations.isEmpty)
        harness.feed(.reversalApplied(first, arrived: true, released: 500),
                     .reversalApplied(AttemptID(PaymentID(slot: 2, generation: 1), 0), arrived: false, released: 7))
        #expect(harness.violations.count == 2, "\(harness.violations)")
    }

    @Test func aVoidComesBeforeAnyCaptureAndNothingFollowsIt() {
        var harness = ClaimHarness<VoidsComeBeforeAnyCapture>()
        harness.feed(.authorizationClosed(payment, expired: false))
        #expect(harness.violations.isEmpty)
        harness.feed(.captureAttempted(payment, amount: 100), .authorizationClosed(payment, expired: true))
        #expect(harness.violations == ["a capture of 100 after the authorization closed", "expired after it was already closed"])

        let captured = PaymentID(slot: 1, generation: 1)
        var other = ClaimHarness<VoidsComeBeforeAnyCapture>()
        other.feed(.captureAttempted(captured, amount: 100), .captured(captured, card: CardID(0), amount: 100),
                   .authorizationClosed(captured, expired: false))
        #expect(other.violations == ["voided after 100 was captured"])
    }

    @Test func aDeclinedPaymentMovesNoMoney() {
        var harness = ClaimHarness<DeclinedPaymentsMoveNoMoney>()
        harness.feed(.paymentFinal(payment, order: lifecycle, succeeded: false))
        let paid = PaymentID(slot: 1, generation: 1)
        harness.feed(.captured(paid, card: CardID(0), amount: 100), .paymentFinal(paid, order: lifecycle, succeeded: true))
        #expect(harness.violations.isEmpty && harness.checked == 1)
        harness.feed(.captured(payment, card: CardID(0), amount: 40))
        let charged = PaymentID(slot: 2, generation: 1)
        harness.feed(.captured(charged, card: CardID(0), amount: 60), .paymentFinal(charged, order: lifecycle, succeeded: false))
        #expect(harness.violations == ["captured 40 after the payment ended not succeeded",
                                       "ended not succeeded with 60 captured from the card"])
    }

    @Test func sessionClaimsFollowBindingUseAndExpiry() {
        var expiry = ClaimHarness<NoOperationOnAnExpiredSession>()
        var version = ClaimHarness<UpdatesNameTheSessionsVersion>()
        var limit = ClaimHarness<SessionUsesStayWithinTheLimit>()
        let story: [WorldEvent] = [.sessionBound(lifecycle, apiVersion: 61, limit: 2, oneShot: false), .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true),
                                   .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true), .sessionExpired(lifecycle),
                                   .sessionBound(lifecycle, apiVersion: 61, limit: 2, oneShot: false), .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true)]
        for event in story {
            expiry.feed(event)
            version.feed(event)
            limit.feed(event)
        }
        #expect(expiry.violations.isEmpty && version.violations.isEmpty && limit.violations.isEmpty)
        #expect(expiry.checked == 3 && version.checked == 3 && limit.checked == 3)

        let bad: [WorldEvent] = [.sessionUsed(lifecycle, apiVersion: 60, deviceSubmission: true), .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true),
                                 .sessionExpired(lifecycle), .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true)]
        for event in bad {
            expiry.feed(event)
            version.feed(event)
            limit.feed(event)
        }
        #expect(expiry.violations == ["an operation ran on the session after it expired"])
        #expect(version.violations == ["an update naming API version 60 was applied to a session of version 61"])
        #expect(limit.violations == ["submission #3 on a session that allows 2", "submission #4 on a session that allows 2"])
    }

    /// SES-4 counts what the device submits: the merchant server's PAY on the session is not one.
    @Test func theMerchantsOperationIsNoDeviceSubmission() {
        var limit = ClaimHarness<SessionUsesStayWithinTheLimit>()
        limit.feed(.sessionBound(lifecycle, apiVersion: 61, limit: 1, oneShot: false),
                   .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true),
                   .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: false))
        #expect(limit.violations.isEmpty)
        limit.feed(.sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true))
        #expect(limit.violations == ["submission #2 on a session that allows 1"])
    }

    @Test func anScaEventVerifiesInTimeAndIsRedeemedOnce() {
        var once = ClaimHarness<ScaEventsTakeOneEffect>()
        var attempts = ClaimHarness<ExpiredOrExhaustedScaNeverVerifies>()
        let good: [WorldEvent] = [.scaEventOpened(lifecycle, operation: 9, allowableAttempts: 2), .scaAttemptDecided(lifecycle, attemptVerified: false, verified: false),
                                  .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true), .scaEventRedeemed(lifecycle, operation: 9)]
        for event in good {
            once.feed(event)
            attempts.feed(event)
        }
        #expect(once.violations.isEmpty && attempts.violations.isEmpty)
        #expect(once.checked == 2 && attempts.checked == 4)

        let bad: [WorldEvent] = [.scaEventRedeemed(lifecycle, operation: 9), .scaEventOpened(lifecycle, operation: 9, allowableAttempts: 1),
                                 .scaEventExpired(lifecycle), .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true),
                                 .scaAttemptDecided(lifecycle, attemptVerified: false, verified: false), .scaEventOpened(lifecycle, operation: 9, allowableAttempts: 1),
                                 .scaEventRedeemed(lifecycle, operation: 9)]
        for event in bad {
            once.feed(event)
            attempts.feed(event)
        }
        #expect(once.violations == ["an SCA event redeemed for a second effect", "an SCA event redeemed before it was verified"])
        #expect(attempts.violations == ["an expired SCA event became verified", "attempt #2 on an SCA event that allows 1"])
    }

    /// The event's expirationTime is the claims' own clock (opened + 300 s): an authority that never
    /// said `scaEventExpired` does not make a late verification or redeem good.
    @Test func anScaEventExpiresOnTheClaimsOwnClock() {
        var once = ClaimHarness<ScaEventsTakeOneEffect>()
        var attempts = ClaimHarness<ExpiredOrExhaustedScaNeverVerifies>()
        once.feed(at: 0, .scaEventOpened(lifecycle, operation: 9, allowableAttempts: 2))
        once.feed(at: 200, .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true))
        once.feed(at: 300, .scaEventRedeemed(lifecycle, operation: 9))  // At its expirationTime: still in time.
        #expect(once.violations.isEmpty)
        once.feed(at: 1000, .scaEventOpened(lifecycle, operation: 9, allowableAttempts: 2),
                  .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true))
        once.feed(at: 1301, .scaEventRedeemed(lifecycle, operation: 9))
        #expect(once.violations == ["an SCA event redeemed at 00:21:41.000, past its expirationTime 00:21:40.000"])
        attempts.feed(at: 0, .scaEventOpened(lifecycle, operation: 9, allowableAttempts: 2))
        attempts.feed(at: 301, .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true))
        #expect(attempts.violations == ["an expired SCA event became verified"])
    }
}

/// The claims on late approvals and on push provisioning's order of steps.
@Suite struct LateApprovalAndProvisioningClaimTests {
    private let payment = firstPayment
    private let lifecycle = firstLifecycle

    @Test func anApprovalThePaymentDidNotUseIsReversed() {
        var harness = ClaimHarness<LateApprovalsAreReversed>()
        let first = AttemptID(payment, 0), second = AttemptID(payment, 1)
        harness.feed(.authorizationSent(first, required: false, authentication: nil, exempted: false, amount: 100, liabilityShift: false),
                     .authorizationSent(second, required: false, authentication: nil, exempted: false, amount: 100, liabilityShift: false),
                     .authorizationAnswered(second, approved: true), .authorizationAnswered(first, approved: true),
                     .lateApprovalReversed(first), .paymentRetired(payment, order: lifecycle))
        #expect(harness.violations.isEmpty && harness.checked == 1)

        let declined = PaymentID(slot: 1, generation: 1)
        harness.feed(.paymentFinal(declined, order: lifecycle, succeeded: false),
                     .authorizationAnswered(AttemptID(declined, 0), approved: true), .paymentStatusAtEnd(declined, succeeded: false))
        #expect(harness.violations == ["an approval of attempt #1 the payment did not use was never reversed"])
    }

    @Test func aTokenCompletesOnlyAfterThePassIsAdded() {
        var harness = ClaimHarness<TokensCompleteOnlyAfterThePassIsAdded>()
        let card = PrepaidCardRef(CustomerID(0), generation: 1)
        harness.feed(.tokenizationInitiated(lifecycle), .passAdded(lifecycle),
                     .tokenizationCompleted(lifecycle, card: card, device: 0, cardStatus: .active),
                     .lifecycleEnded(lifecycle, deadline: .zero, told: .succeeded))
        #expect(harness.violations.isEmpty && harness.checked == 1)
        harness.feed(.tokenizationInitiated(lifecycle), .tokenizationCompleted(lifecycle, card: card, device: 0, cardStatus: .active))
        #expect(harness.violations == ["\(card)'s token completed before the mobile wallet added the pass"])
    }
}

/// The claims on what an SCA event's attempts and redemption mean for the operation it protects.
@Suite struct ScaOperationClaimTests {
    private let lifecycle = firstLifecycle
    private let lock: UInt8 = 9, cancel: UInt8 = 10

    @Test func anEffectRedeemsAnEventOpenedForItsOwnOperation() {
        var harness = ClaimHarness<ScaEffectsRedeemTheirOwnOperation>()
        harness.feed(.scaRequested(lifecycle, operation: lock), .scaEventOpened(lifecycle, operation: lock, allowableAttempts: 3),
                     .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true),
                     .scaEventRedeemed(lifecycle, operation: lock), .scaProtectedEffect(lifecycle, operation: lock))
        #expect(harness.violations.isEmpty && harness.checked == 1)
        harness.feed(.scaRequested(lifecycle, operation: cancel), .scaEventOpened(lifecycle, operation: cancel, allowableAttempts: 3),
                     .scaProtectedEffect(lifecycle, operation: cancel))
        harness.feed(.scaRequested(lifecycle, operation: cancel), .scaEventOpened(lifecycle, operation: lock, allowableAttempts: 3),
                     .scaEventRedeemed(lifecycle, operation: lock), .scaProtectedEffect(lifecycle, operation: cancel))
        // An effect whose operation never asked for SCA (a PIN change applied at its first call).
        harness.feed(.scaProtectedEffect(LifecycleID(slot: 1, generation: 1), operation: lock))
        #expect(harness.violations == ["operation 10 took effect without redeeming a verified SCA event",
                                       "operation 10 took effect on an SCA event for operation 9",
                                       "operation 9 took effect though SCA was never asked for it"])
    }

    @Test func anEventTakesTheStatusOfItsLastAttempt() {
        var harness = ClaimHarness<ScaEventsTakeTheirLastAttemptsStatus>()
        harness.feed(.scaEventOpened(lifecycle, operation: lock, allowableAttempts: 3),
                     .scaAttemptDecided(lifecycle, attemptVerified: false, verified: false),
                     .scaAttemptDecided(lifecycle, attemptVerified: true, verified: true))
        #expect(harness.violations.isEmpty && harness.checked == 2)
        harness.feed(.scaAttemptDecided(lifecycle, attemptVerified: false, verified: true),
                     .scaAttemptDecided(lifecycle, attemptVerified: true, verified: false))
        #expect(harness.violations == ["the SCA event is verified after a rejected attempt",
                                       "the SCA event is not verified after a verified attempt"])
    }
}

@Suite struct CompletedTokenClaimTests {
    @Test func aCompletedTokenDoesNotLapse() {
        var harness = ClaimHarness<CompletedTokensStayCompleted>()
        let lapsed = firstLifecycle, completed = LifecycleID(slot: 1, generation: 1)
        let card = PrepaidCardRef(CustomerID(0), generation: 1)
        harness.feed(.tokenizationLapsed(lapsed), .tokenizationCompleted(completed, card: card, device: 0, cardStatus: .active))
        #expect(harness.violations.isEmpty && harness.checked == 1)
        harness.feed(.tokenizationLapsed(completed))
        #expect(harness.violations == ["a completed tokenization lapsed at its completion time"])
    }
}

@Suite struct OneShotSessionClaimTests {
    @Test func aOneShotSessionIsUsedOnce() {
        var harness = ClaimHarness<OneShotSessionsAreUsedOnce>()
        let lifecycle = firstLifecycle
        harness.feed(.sessionBound(lifecycle, apiVersion: 0, limit: 0, oneShot: true), .sessionUsed(lifecycle, apiVersion: 0, deviceSubmission: true),
                     .sessionBound(lifecycle, apiVersion: 0, limit: 0, oneShot: true), .sessionUsed(lifecycle, apiVersion: 0, deviceSubmission: true),
                     .sessionBound(lifecycle, apiVersion: 61, limit: 5, oneShot: false), .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true),
                     .sessionUsed(lifecycle, apiVersion: 61, deviceSubmission: true))
        #expect(harness.violations.isEmpty && harness.checked == 2)
        harness.feed(.sessionBound(lifecycle, apiVersion: 0, limit: 0, oneShot: true), .sessionUsed(lifecycle, apiVersion: 0, deviceSubmission: true),
                     .sessionUsed(lifecycle, apiVersion: 0, deviceSubmission: true))
        #expect(harness.violations == ["a one-shot session used a second time"])
    }
}

@Suite struct MoneyOperationClaimTests {
    @Test func aCaptureRefundOrVoidAppliesOncePerOperation() {
        var harness = ClaimHarness<MoneyOperationsApplyOnce>()
        let payment = firstPayment, voided = PaymentID(slot: 1, generation: 1)
        harness.feed(.moneyOperationApplied(payment, .capture, number: 1), .moneyOperationApplied(payment, .refund, number: 1),
                     .moneyOperationApplied(payment, .refund, number: 2), .authorizationClosed(voided, expired: false))
        #expect(harness.violations.isEmpty && harness.checked == 4)
        harness.feed(.moneyOperationApplied(payment, .refund, number: 1), .authorizationClosed(voided, expired: false),
                     .moneyOperationApplied(payment, .capture, number: 1))
        #expect(harness.violations == ["refund #1 applied a second time", "voided a second time", "capture #1 applied a second time"])
    }
}
