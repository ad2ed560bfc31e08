import PaymentWorld
import Testing

/// A state or event enum with a `CaseIterable` kind per case and examples covering every kind (style §9).
///
/// `kind` is an exhaustive switch, so a new case does not compile until it has a kind; a new kind fails
/// `everyKindHasAnExampleAndARow` until it has an example and a table row that says what it does.
protocol Exemplified: Hashable {
    associatedtype Kind: CaseIterable & Hashable
    var kind: Kind { get }
    static var examples: [Self] { get }
}

/// One row of a lifecycle table copied from domain.md: from, event, to, and the effects where they matter.
struct Row<State: LifecycleState> {
    let from: State
    let event: State.Event
    let to: State
    let effects: [State.Effect]?
}

func row<State: LifecycleState>(
    _ from: State, _ event: State.Event, _ to: State, _ effects: [State.Effect]? = nil
) -> Row<State> {
    Row(from: from, event: event, to: to, effects: effects)
}

/// The checks every lifecycle's table gets; each returns the problems found, named by pair, so one failing
/// test prints every wrong row at once.
struct LifecycleTable<State: LifecycleState & Exemplified> where State.Event: Exemplified {
    let rows: [Row<State>]

    init(_ rows: [Row<State>]) { self.rows = rows }

    func row(for state: State, _ event: State.Event) -> Row<State>? {
        rows.first { $0.from == state && $0.event == event }
    }

    /// Every (state, event) pair of the examples: a listed pair goes where the table says, any other pair throws
    /// `IllegalTransition` whose description names the lifecycle, the state and the event.
    func pairIssues() -> (checked: Int, issues: [String]) {
        var issues: [String] = []
        var checked = 0
        for state in State.examples {
            for event in State.Event.examples {
                checked += 1
                issues += pairIssue(state, event).map { ["\(state) on \(event): \($0)"] } ?? []
            }
        }
        return (checked, issues)
    }

    private func pairIssue(_ state: State, _ event: State.Event) -> String? {
        let expected = row(for: state, event)
        do {
            let transition = try state.applying(event)
            guard let expected else { return "accepted (→ \(transition.next)) but the table has no row" }
            if transition.next != expected.to { return "went to \(transition.next), table says \(expected.to)" }
            if let effects = expected.effects, effects != transition.effects {
                return "effects \(transition.effects), table says \(effects)"
            }
            return nil
        } catch {
            if let expected { return "threw \(error), table says → \(expected.to)" }
            let text = "\(State.lifecycleName): illegal transition from \(state) on \(event)"
            return error.description == text ? nil : "message \"\(error.description)\", expected \"\(text)\""
        }
    }

    /// Iterates `Kind.allCases`: every kind has an example, every non-terminal state kind leaves by some row,
    /// every event kind is accepted by some row, and every row's pair is among the examples.
    func coverageIssues() -> [String] {
        var issues: [String] = []
        for kind in State.Kind.allCases {
            let examples = State.examples.filter { $0.kind == kind }
            if examples.isEmpty { issues.append("state kind \(kind) has no example") }
            let open = examples.contains { !$0.isTerminal }
            if open && !rows.contains(where: { $0.from.kind == kind }) {
                issues.append("non-terminal state kind \(kind) has no table row")
            }
        }
        for kind in State.Event.Kind.allCases {
            if !State.Event.examples.contains(where: { $0.kind == kind }) {
                issues.append("event kind \(kind) has no example")
            }
            if !rows.contains(where: { $0.event.kind == kind }) { issues.append("event kind \(kind) has no table row") }
        }
        for row in rows where !State.examples.contains(row.from) || !State.Event.examples.contains(row.event) {
            issues.append("row \(row.from) on \(row.event) is not among the examples, so it is never checked")
        }
        for (index, row) in rows.enumerated() where rows[..<index].contains(where: { $0.from == row.from && $0.event == row.event }) {
            issues.append("row \(row.from) on \(row.event) is listed twice")
        }
        return issues
    }

    /// Terminal states reject every event (G-5).
    func terminalIssues() -> [String] {
        var issues: [String] = []
        let terminal = State.examples.filter(\.isTerminal)
        if terminal.isEmpty { issues.append("no terminal example") }
        for state in terminal {
            for event in State.Event.examples {
                if let transition = try? state.applying(event) {
                    issues.append("terminal \(state) accepted \(event) → \(transition.next)")
                }
            }
        }
        return issues
    }
}

/// Runs the three table checks with one failure message per check that lists every problem.
func expectTable<State: LifecycleState & Exemplified>(
    _ table: LifecycleTable<State>, sourceLocation: SourceLocation = #_sourceLocation
) where State.Event: Exemplified {
    let (checked, issues) = table.pairIssues()
    #expect(checked == State.examples.count * State.Event.examples.count, sourceLocation: sourceLocation)
    #expect(issues.isEmpty, "\(State.lifecycleName):\n\(issues.joined(separator: "\n"))", sourceLocation: sourceLocation)
}

func expectCoverage<State: LifecycleState & Exemplified>(
    _ table: LifecycleTable<State>, sourceLocation: SourceLocation = #_sourceLocation
) where State.Event: Exemplified {
    let issues = table.coverageIssues()
    #expect(issues.isEmpty, "\(State.lifecycleName):\n\(issues.joined(separator: "\n"))", sourceLocation: sourceLocation)
}

func expectTerminalsReject<State: LifecycleState & Exemplified>(
    _ table: LifecycleTable<State>, sourceLocation: SourceLocation = #_sourceLocation
) where State.Event: Exemplified {
    let issues = table.terminalIssues()
    #expect(issues.isEmpty, "\(State.lifecycleName):\n\(issues.joined(separator: "\n"))", sourceLocation: sourceLocation)
}
