import PaymentWorld
import SimulationKernel
import Testing

/// Money that flows in (`CardPopulation.income`): a hot customer's card, which runs dry without
/// income, keeps paying with it; the cards short of funds decline 51 at a steady rate; the ledger
/// stays conserved and every claim holds.
@Suite struct IncomeWorldTests {
    static func run(income: Double, shortOfFunds: Ratio = Ratio(0, 1)) -> PaymentsResult {
        let configuration = smallWorld {
            $0.lifecycles = 6_000
            $0.rate = 100
            $0.customers = 2_000
            $0.cards.count = 2_000
            $0.customerSkew = 1  // Customer 0 alone starts about 12 % of the lifecycles.
            $0.cards.balance = 200_000
            $0.cards.income = income
            $0.cards.shortOfFunds = shortOfFunds
        }
        return PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
    }

    static func insufficientFunds(_ result: PaymentsResult) -> UInt64 {
        PaymentCounters.issuerCodes.firstIndex(of: "51").map { result.counters.issuerAnswers[$0] } ?? 0
    }

    @Test func incomeKeepsHotCardsPayingAndTheBooksConserved() {
        let dry = Self.run(income: 0)
        let earning = Self.run(income: 1)
        #expect(dry.violations.isEmpty && earning.violations.isEmpty, "\(earning.violations.prefix(3).map(\.description))")
        #expect(dry.audit.conserved && earning.audit.conserved)
        #expect(Self.insufficientFunds(dry) > 500, "customer 0 should run dry without income: \(Self.insufficientFunds(dry))")
        #expect(Self.insufficientFunds(earning) * 20 < Self.insufficientFunds(dry),
                "with income: \(Self.insufficientFunds(earning)), without: \(Self.insufficientFunds(dry))")
        #expect(earning.counters.incomeCredits > 0 && earning.counters.incomeCredited > 0)
        #expect(dry.counters.incomeCredits == 0)
    }

    @Test func cardsShortOfFundsDeclineAtASteadyRate() {
        let result = Self.run(income: 1, shortOfFunds: Ratio(10, 100))
        #expect(result.violations.isEmpty)
        #expect(Self.insufficientFunds(result) > Self.insufficientFunds(Self.run(income: 1)), "the short cards add 51 declines")
        // The default share picks about 2 % of cards, by a fixed hash of their numbers.
        let short = (0..<10_000).filter(CardPopulation().isShortOfFunds).count
        #expect(short > 150 && short < 250, "\(short) of 10,000 cards")
    }
}
