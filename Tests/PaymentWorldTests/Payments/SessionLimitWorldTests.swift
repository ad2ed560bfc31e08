import PaymentWorld
import SimulationKernel
import Testing

/// SES-4 can fail (the claims audit: at the fixed limit of 5 a session met at most two device
/// submissions, so the claim could never be broken): `behaviour.seed.sessionAuthenticationLimit`
/// sets the MPGS session's authenticationLimit, an update past it is refused as the session is
/// exhausted, and a platform that takes it anyway is caught.
@Suite struct SessionLimitWorldTests {
    static func run(limit: Int, defects: Set<PlantedDefect> = []) -> PaymentsResult {
        let configuration = seedWorld([.mastercardPay, .mastercardAuthorize]) {
            $0.lifecycles = 1_500
            $0.seed.sessionAuthenticationLimit = limit
            $0.seed.sessionCardChange = Ratio(1, 5)  // A second update: past a limit of one.
            $0.defects = defects
        }
        return PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
    }

    @Test func anUpdatePastTheLimitIsRefusedAndCounted() {
        let result = Self.run(limit: 1)
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.sessionsExhausted > 100, "\(result.counters.sessionsExhausted) sessions exhausted")
        #expect(result.counters.sessionCardChanges == 0, "no card change gets through a limit of one")
        let record = result.monitors.first { $0.invariant == "SES-4" }
        #expect(record.map { $0.checked > 1_000 && $0.violations == 0 } == true)
        // At the default limit nothing is exhausted: a session meets two device submissions at most.
        #expect(Self.run(limit: 5).counters.sessionsExhausted == 0)
    }

    @Test func aPlatformThatIgnoresTheLimitIsCaught() {
        let result = Self.run(limit: 1, defects: [.sessionLimitIgnored])
        #expect(result.violations.first?.invariant == "SES-4", "\(result.violations.prefix(2).map(\.description))")
    }
}
