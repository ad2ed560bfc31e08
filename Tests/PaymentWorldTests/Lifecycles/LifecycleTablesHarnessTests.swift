import PaymentWorld
import Testing

/// A two-state lifecycle whose `Kind`s deliberately run ahead of its table, to show the checks catch it.
private enum ToyState: LifecycleState, Exemplified {
    case open, closed

    static let lifecycleName = "Toy"
    var isTerminal: Bool { self == .closed }

    func applying(_ event: ToyEvent) throws(IllegalTransition) -> LifecycleTransition<ToyState, Never> {
        switch self {
        case .open:
            switch event {
            case .close: return LifecycleTransition(next: .closed)
            case .poke: return LifecycleTransition(next: .open)  // Accepted, but the table below forgets it.
            }
        case .closed:
            break
        }
        throw illegal(event)
    }

    /// `reopened` stands for a state someone just added: no example, no row yet.
    enum Kind: CaseIterable { case open, closed, reopened }
    var kind: Kind { self == .open ? .open : .closed }
    static let examples: [ToyState] = [.open, .closed]
}

private enum ToyEvent: Hashable, Sendable, Exemplified {
    case close, poke

    /// `renamed` stands for an event someone just added.
    enum Kind: CaseIterable { case close, poke, renamed }
    var kind: Kind { self == .close ? .close : .poke }
    static let examples: [ToyEvent] = [.close, .poke]
}

@Suite struct LifecycleTablesHarness {
    private let table = LifecycleTable<ToyState>([row(.open, .close, .closed)])

    @Test func aNewKindWithoutAnExampleOrARowFails() {
        let issues = table.coverageIssues()
        #expect(issues.contains("state kind reopened has no example"))
        #expect(issues.contains("event kind renamed has no example"))
        #expect(issues.contains("event kind renamed has no table row"))
        #expect(issues.contains("event kind poke has no table row"))
    }

    @Test func anAcceptedPairMissingFromTheTableFails() {
        let (checked, issues) = table.pairIssues()
        #expect(checked == 4)
        #expect(issues == ["open on poke: accepted (→ open) but the table has no row"])
    }
}
