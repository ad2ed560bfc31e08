import SimulationKernel

/// The cards of a run as their issuer knows them: whether each is usable, enrolled in 3-D Secure,
/// and which BIN range it belongs to. Fixed at setup; owned by the issuer, which counts approvals
/// per BIN range. A class, so that reading a card through the context copies no array.
final class CardFile {
    struct Card {
        var usable: Bool
        var enrolled: Bool
        /// Index in `configuration.cards.bins`; 0 when there are none.
        var bin: Int = 0
    }

    private let cards: [Card]
    /// Cards per BIN range, for summary.json.
    let cardsByBIN: [UInt64]

    /// Draws every card in order from `random`: usable, then its BIN range, then its enrolment.
    init(_ population: CardPopulation, random: inout SimRandom) {
        let bins = population.bins
        var cardsByBIN = [UInt64](repeating: 0, count: bins.count)
        var cards: [Card] = []
        cards.reserveCapacity(population.count)
        for _ in 0..<population.count {
            let usable = !random.chance(population.unusable)
            // Drawn only when there are BIN ranges, so a population without them draws as before.
            let bin = bins.isEmpty ? 0 : Self.drawBIN(bins, &random)
            let enrolled = random.chance(bins.isEmpty ? population.threeDSecureEnrolled
                                         : bins[bin].threeDSecureEnrolled ?? population.threeDSecureEnrolled)
            if !bins.isEmpty { cardsByBIN[bin] &+= 1 }
            cards.append(Card(usable: usable, enrolled: enrolled, bin: bin))
        }
        self.cards = cards
        self.cardsByBIN = cardsByBIN
    }

    subscript(card: CardID) -> Card { cards[Int(card.rawValue)] }

    /// A BIN range by share: one uniform draw in parts per billion against the running sum of
    /// the shares (which add up to 1; rounding leaves any remainder to the last range).
    static func drawBIN(_ bins: [CardBIN], _ random: inout SimRandom) -> Int {
        let draw = random.int(in: 0...999_999_999)
        var total: UInt64 = 0
        for (index, bin) in bins.enumerated() {
            // Full width: a ratio built in code may have a large denominator.
            let product = bin.share.numerator.multipliedFullWidth(by: 1_000_000_000)
            total += bin.share.denominator.dividingFullWidth(product).quotient
            if draw < total { return index }
        }
        return bins.count - 1
    }
}
