import PaymentWorld
import SimulationKernel
import Testing

/// Legal (state, event) pairs, found by asking each lifecycle's transition function with its
/// examples (LegalPairs.swift): the examples reach every case, legal and illegal pairs are told
/// apart as the tables say, and no pair a run applied reads as illegal.
@Suite struct LegalPairsTests {
    @Test func everyLifecycleHasAnExampleOfEveryStateAndEventCase() {
        #expect(LegalPairs.bySlot.count == coverableLifecycles.count)
        for lifecycle in coverableLifecycles {
            guard let sampled = lifecycle as? any SampledLifecycle.Type else {
                Issue.record("\(lifecycle.lifecycleName) has no samples")
                continue
            }
            let missing = Self.missingCases(sampled)
            #expect(missing.isEmpty, "\(lifecycle.lifecycleName): no example of \(missing)")
        }
    }

    static func missingCases<State: SampledLifecycle>(_ type: State.Type) -> [String] {
        let states = Set(State.sampleStates.map(\.caseIndex))
        let events = Set(State.sampleEvents.map(\.caseIndex))
        return State.caseNames.indices.filter { !states.contains($0) }.map { State.caseNames[$0] }
            + State.Event.caseNames.indices.filter { !events.contains($0) }.map { State.Event.caseNames[$0] }
    }

    /// Whether `state × event` of the lifecycle named `lifecycle` reads as legal.
    static func isLegal(_ lifecycle: String, _ state: String, _ event: String) -> Bool? {
        guard let slot = coverableLifecycles.firstIndex(where: { $0.lifecycleName == lifecycle }) else { return nil }
        let machine = StateCoverage().machines[slot]
        guard let row = machine.states.firstIndex(of: state), let column = machine.events.firstIndex(of: event) else { return nil }
        return LegalPairs.bySlot[slot][row * machine.events.count + column]
    }

    /// Pairs domain.md §2.4 lists, and pairs it forbids ("Illegal (test each one)" for S1).
    @Test func legalAndIllegalPairsAreToldApartAsTheTablesSay() {
        let legal = [("LC-07 Otp", "issuing", "sendCode"), ("LC-07 Otp", "checking", "mismatch"),
                     ("LC-09 PrepaidCard", "active", "update"), ("LC-09 PrepaidCard", "issued", "activate"),
                     ("LC-09 PrepaidCard", "notCreated", "create"), ("LC-01 Sale", "created", "submit"),
                     ("LC-08 Cascade", "awaitingCustomerConsent", "consent"), ("LC-10 Sca", "challenged", "submitAttempt")]
        let illegal = [("LC-07 Otp", "verified", "submit"), ("LC-09 PrepaidCard", "cancelled", "update"),
                       ("LC-09 PrepaidCard", "active", "activate"), ("LC-09 PrepaidCard", "expired", "setPin"),
                       ("LC-01 Sale", "succeeded", "approve"), ("LC-02 Authorization", "voided", "capture")]
        for (lifecycle, state, event) in legal {
            #expect(Self.isLegal(lifecycle, state, event) == true, "\(lifecycle): \(state) × \(event) should be legal")
        }
        for (lifecycle, state, event) in illegal {
            #expect(Self.isLegal(lifecycle, state, event) == false, "\(lifecycle): \(state) × \(event) should be illegal")
        }
    }

    /// A terminal state takes no event (G-5): its whole row is illegal.
    @Test func terminalStatesHaveNoLegalPair() {
        for lifecycle in coverableLifecycles {
            guard let sampled = lifecycle as? any SampledLifecycle.Type else { continue }
            let rows = Self.legalRowsOfTerminalStates(sampled)
            #expect(rows.isEmpty, "\(lifecycle.lifecycleName): terminal states with legal pairs \(rows)")
        }
    }

    static func legalRowsOfTerminalStates<State: SampledLifecycle>(_ type: State.Type) -> [String] {
        let events = State.Event.caseNames.count
        return State.sampleStates.filter(\.isTerminal).map(\.caseIndex).filter { row in
            State.legalPairs[(row * events)..<(row * events + events)].contains(true)
        }.map { State.caseNames[$0] }
    }

    /// A run of every seed flow and the card core with faults: each pair a table applied reads as
    /// legal, and the split into legal reached, legal not reached and illegal tried adds up.
    @Test func noPairARunAppliedReadsAsIllegal() {
        let configuration = seedWorld(PaymentFlow.allCases) {
            $0.faults = FaultProfile(loss: Ratio(1, 100), duplication: Ratio(1, 100), reordering: Ratio(1, 100))
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        var applied = 0
        for (machine, lifecycle) in zip(result.coverage.machines, result.coverage.byLegality) {
            for pair in machine.table where pair.applied > 0 {
                applied += 1
                #expect(Self.isLegal(machine.lifecycle, pair.state, pair.event) == true,
                        "\(machine.lifecycle): \(pair.state) × \(pair.event) applied \(pair.applied) times, yet reads as illegal")
            }
            #expect(lifecycle.legalReached.count + lifecycle.legalNotReached.count == lifecycle.legalPairs)
            #expect(lifecycle.legalPairs + lifecycle.illegalPairs == machine.pairs)
            #expect(lifecycle.illegalTried.allSatisfy { $0.applied == 0 && $0.rejected > 0 })
        }
        #expect(applied > 20, "the run applied only \(applied) pairs")
    }
}
