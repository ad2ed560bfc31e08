/// How many times the seed systems' servers answered each SDK step, by answer: the run's count
/// of every step operation (`getCommission` answered 5,932 times) and of every step-up or
/// refusal code given along the way (2113, 2114, 2108, Sips 90), which a lifecycle's final code
/// never shows. Dense, `SeedStep × StepAnswer`, so counting is an array increment.
public struct StepAnswerCounts: Sendable, Hashable {
    private var counts = [UInt64](repeating: 0, count: SeedStep.allCases.count * StepAnswer.allCases.count)

    public init() {}

    /// The cell of a (step, answer) pair. `SeedStep`'s raw values start at 1, in declaration order.
    private static func index(_ step: SeedStep, _ answer: StepAnswer) -> Int {
        (Int(step.rawValue) - 1) * StepAnswer.allCases.count + Int(answer.rawValue)
    }

    mutating func count(_ step: SeedStep, _ answer: StepAnswer) {
        counts[Self.index(step, answer)] &+= 1
    }

    /// Answers of one kind to one step.
    public subscript(step: SeedStep, answer: StepAnswer) -> UInt64 { counts[Self.index(step, answer)] }

    /// Every answer to one step: the calls of it the servers answered.
    public func calls(_ step: SeedStep) -> UInt64 {
        StepAnswer.allCases.reduce(0) { $0 &+ self[step, $1] }
    }

    public mutating func add(_ other: StepAnswerCounts) {
        for index in counts.indices { counts[index] &+= other.counts[index] }
    }
}
