import SimulationKernel
import Testing

@Suite struct RatioTests {
    @Test func ratioPrintsAsWritten() {
        #expect(Ratio(3, 10).description == "3/10")
        #expect(Ratio.zero.description == "0/1")
        #expect(Ratio.one.description == "1/1")
        #expect(Ratio(numerator: 2, denominator: 4).description == "1/2")  // Lowest terms.
    }

    @Test func ratioEqualityComparesValues() {
        #expect(Ratio(1, 2) == Ratio(5, 10))
        #expect(Ratio(1, 2).hashValue == Ratio(5, 10).hashValue)
        #expect(Ratio(0, 3) == .zero)
        #expect(Ratio(0, 3).hashValue == Ratio.zero.hashValue)
        #expect(Ratio(9, 9) == .one)
        #expect(Ratio(1, 3) != Ratio(1, 2))
        #expect(Ratio(UInt64.max - 1, UInt64.max) != Ratio(UInt64.max - 2, UInt64.max - 1))
    }

    @Test(arguments: [
        (0.0, 0 as UInt64), (1.0, 1_000_000_000), (0.5, 500_000_000), (0.3, 300_000_000),
        (0.0000000014, 1), (0.0000000016, 2), (0.0000000004, 0), (0.999_999_999_6, 1_000_000_000),
    ])
    func probabilityBecomesPartsPerBillion(probability: Double, parts: UInt64) {
        let ratio = Ratio(probability: probability)
        // Kept in lowest terms, so compare the value, parts per billion.
        #expect(ratio == Ratio(parts, 1_000_000_000), "\(probability)")
        #expect(ratio.numerator * 1_000_000_000 == parts * ratio.denominator, "\(probability)")
    }
}
