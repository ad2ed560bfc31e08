@testable import PaymentWorld
import SimulationKernel
import Testing

/// The one-time-code claims, each shown holding on a good story and catching the bad one it is for.
@Suite struct OtpClaimTests {
    private let lifecycle = firstLifecycle

    /// An OTP sent, resent, and verified with the resent code; then a second OTP for the same lifecycle.
    private var goodStory: [WorldEvent] {
        [.otpStarted(lifecycle), .otpCodeSent(lifecycle, code: 111_111), .otpCodeSent(lifecycle, code: 222_222),
         .otpCodeAccepted(lifecycle, code: 222_222), .otpStarted(lifecycle), .otpCodeSent(lifecycle, code: 333_333),
         .otpCodeAccepted(lifecycle, code: 333_333)]
    }

    @Test func aCodeWorksOnce() {
        var harness = ClaimHarness<OtpCodesWorkOnce>()
        for event in goodStory { harness.feed(event) }
        #expect(harness.violations.isEmpty && harness.checked == 2)
        harness.feed(.otpCodeAccepted(lifecycle, code: 333_333))
        #expect(harness.violations == ["code 333333 verified a second time"])
    }

    @Test func onlyTheLatestCodeVerifies() {
        var harness = ClaimHarness<OnlyTheLatestOtpCodeVerifies>()
        for event in goodStory { harness.feed(event) }
        #expect(harness.violations.isEmpty && harness.checked == 2)
        harness.feed(.otpCodeSent(lifecycle, code: 444_444), .otpCodeAccepted(lifecycle, code: 333_333))
        #expect(harness.violations == ["code 333333 verified, but 444444 was sent after it"])
    }

    @Test func nothingVerifiesAfterExpiry() {
        var harness = ClaimHarness<NothingVerifiesAfterOtpExpiry>()
        harness.feed(.otpStarted(lifecycle), .otpCodeSent(lifecycle, code: 1), .otpCodeExpired(lifecycle))
        for event in goodStory { harness.feed(event) }  // A new OTP after the expired one.
        #expect(harness.violations.isEmpty && harness.checked == 4)
        harness.feed(.otpCodeExpired(lifecycle), .otpCodeAccepted(lifecycle, code: 333_333))
        #expect(harness.violations == ["code 333333 verified after the OTP expired"])
    }

    /// The validity runs from each code's sending (300 s), on the claim's own clock: a wallet that
    /// never said `otpCodeExpired` does not make a late code good.
    @Test func nothingVerifiesAfterTheValidityOnTheClaimsOwnClock() {
        var harness = ClaimHarness<NothingVerifiesAfterOtpExpiry>()
        harness.feed(at: 0, .otpStarted(lifecycle), .otpCodeSent(lifecycle, code: 1))
        harness.feed(at: 250, .otpCodeSent(lifecycle, code: 2))  // A resend starts the validity again.
        harness.feed(at: 550, .otpCodeAccepted(lifecycle, code: 2))
        #expect(harness.violations.isEmpty)
        harness.feed(at: 600, .otpStarted(lifecycle), .otpCodeSent(lifecycle, code: 3))
        harness.feed(at: 901, .otpCodeAccepted(lifecycle, code: 3))
        #expect(harness.violations == ["code 3 verified at 00:15:01.000, past its validity 00:15:00.000"])
    }

    @Test func aCardIsStoredOnlyAfterEveryOtpItAskedFor() {
        var harness = ClaimHarness<CardsAreAddedOnlyAfterEveryOtp>()
        let wallet = WalletList()
        harness.feed(.walletCardStored(lifecycle, wallet: wallet, name: 1))  // A Sips add asks for no OTP.
        for event in goodStory { harness.feed(event) }
        harness.feed(.walletCardStored(lifecycle, wallet: wallet, name: 2))
        #expect(harness.violations.isEmpty && harness.checked == 2)
        harness.feed(.otpStarted(lifecycle), .otpCodeSent(lifecycle, code: 5), .walletCardStored(lifecycle, wallet: wallet, name: 3))
        #expect(harness.violations == ["card 3 stored with 1 of 3 OTPs not verified"])
    }

    /// A protected action runs once per verification: an authorize's action, then a card add the
    /// bank asked no OTP for; then a 2D check's action twice on one accepted code.
    @Test func aProtectedActionRunsOncePerVerification() {
        var harness = ClaimHarness<ProtectedActionsFollowAVerifiedOtp>()
        let authorize = SeedStep.walletAuthorize.rawValue, add = SeedStep.walletAddCard.rawValue
        let check2D = SeedStep.start2DVerification.rawValue
        harness.feed(.otpCodeAccepted(lifecycle, code: 1), .otpProtectedActionRan(lifecycle, verified: true, operation: authorize),
                     .otpProtectedActionRan(lifecycle, verified: true, operation: add),
                     .otpCodeAccepted(lifecycle, code: 2), .otpProtectedActionRan(lifecycle, verified: true, operation: check2D))
        #expect(harness.violations.isEmpty && harness.checked == 6)
        harness.feed(.otpProtectedActionRan(lifecycle, verified: true, operation: check2D),
                     .otpProtectedActionRan(lifecycle, verified: false, operation: add))
        #expect(harness.violations == ["startVerify2dCard ran again on one verified OTP",
                                       "protected action ran without a verified OTP"])
    }
}
