/// A lifecycle with example values of each of its state and event cases, so that which
/// (state, event) pairs its table allows is found by asking its transition function, never by
/// a hand list that could drift from the table.
///
/// A pair of cases is legal when `applying(_:)` accepts at least one example of the state case
/// with at least one example of the event case. Guards read the values (attempts left, an amount,
/// `scaVerified`), so the examples include values on both sides of each guard; a pair that only
/// values outside the examples would allow reads as illegal. `LegalPairsTests` checks that every
/// case has an example and that every pair a run applied reads as legal.
public protocol SampledLifecycle: CoverableLifecycle {
    /// At least one value of every state case.
    static var sampleStates: [Self] { get }
    /// At least one value of every event case.
    static var sampleEvents: [Event] { get }
}

extension SampledLifecycle {
    /// Row by state, as `StateCoverage.Machine` lays out its counts: true where the table allows the pair.
    public static var legalPairs: [Bool] {
        let events = Event.caseNames.count
        var legal = [Bool](repeating: false, count: caseNames.count * events)
        for state in sampleStates {
            for event in sampleEvents where (try? state.applying(event)) != nil {
                legal[state.caseIndex * events + event.caseIndex] = true
            }
        }
        return legal
    }
}

/// The legal pairs of every coverable lifecycle, by `coverageSlot`, worked out once.
public enum LegalPairs {
    public static let bySlot: [[Bool]] = coverableLifecycles.map { type in
        guard let sampled = type as? any SampledLifecycle.Type else {
            preconditionFailure("\(type.lifecycleName) has no samples: conform its state to SampledLifecycle")
        }
        return sampled.legalPairs
    }
}
