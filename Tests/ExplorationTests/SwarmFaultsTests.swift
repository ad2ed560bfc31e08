import Exploration
import PaymentWorld
import SimulationKernel
import Testing

/// The swarm's expiry and suspension draws (issue 17): a quarter of the seeds each give prepaid
/// cards a validity of minutes and card-on-file tokens one shorter than a sale's wait, with a
/// suspension share; the others keep the defaults, and every seed replays its choice.
@Suite struct SwarmFaultsTests {
    @Test func aShareOfSeedsDrawShortValiditiesAndSuspensions() {
        var cards = 0, tokens = 0
        for seed in UInt64(1)...200 {
            var configuration = PaymentsConfiguration()
            let choice = SwarmFaults.apply(seed: seed, to: &configuration)
            var again = PaymentsConfiguration()
            #expect(SwarmFaults.apply(seed: seed, to: &again) == choice && again == configuration, "seed \(seed)")
            if configuration.timeouts.cardValidity != PaymentTimeouts().cardValidity {
                cards += 1
                #expect(configuration.timeouts.cardValidity >= .seconds(20) && configuration.timeouts.cardValidity <= .seconds(180))
                #expect(choice.contains("card validity \(configuration.timeouts.cardValidity)"), "\(choice)")
            }
            if configuration.timeouts.tokenValidity != PaymentTimeouts().tokenValidity {
                tokens += 1
                #expect(configuration.timeouts.tokenValidity <= .seconds(5))
                #expect(configuration.seed.tokenSuspension == Ratio(1, 4))
                #expect(choice.contains("token validity \(configuration.timeouts.tokenValidity), token suspension 1/4"), "\(choice)")
            } else {
                #expect(configuration.seed.tokenSuspension == .zero)
            }
        }
        #expect((25...75).contains(cards) && (25...75).contains(tokens), "cards \(cards), tokens \(tokens) of 200")
    }
}
