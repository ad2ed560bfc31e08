import PaymentWorld
import SimulationKernel
import Testing

/// State-space coverage: the case indices generated at build time (CaseIndexPlugin) are right,
/// and a world run counts the (state, event) pairs its actors drive.
@Suite struct StateCoverageTests {
    /// A few enums' cases, copied from their declarations in order: one with associated values
    /// and a case line with two labels (ThreeDSState), one with a tuple of labels in a case
    /// (CheckoutSessionEvent), plain ones.
    @Test func caseNamesFollowTheDeclarations() {
        #expect(AuthorizationState.caseNames == ["authorizing", "outcomeUnknown", "authorized", "partiallyCaptured",
                                                 "captured", "voided", "expired", "declined"])
        #expect(AuthorizationEvent.caseNames == ["approve", "decline", "timeout", "resolved", "capture", "finalCapture",
                                                 "void", "captureLimitReached", "captureDayReached"])
        #expect(ThreeDSState.caseNames == ["start", "challengeRedirect", "paResReceived", "aReqSent", "challenging",
                                           "decoupled", "done"])
        #expect(CheckoutSessionEvent.caseNames == ["credential", "captureInstrument", "use", "expire"])
        #expect(OtpEvent.caseNames == ["sendCode", "submit", "match", "mismatch", "resend", "codeExpired", "abandon"])
        #expect(AuthorizationState.declined(reason: .issuer(code: .doNotHonor)).caseIndex == 7)
        #expect(OtpEvent.sendCode.caseIndex == 0)
    }

    /// Every lifecycle's state and event enums: the names are the cases the table tests know (their
    /// `Kind`s), and each example's `caseIndex` points at its own case's name.
    @Test func everyLifecycleIndexesItsOwnCases() {
        var issues: [String] = []
        for lifecycle in coverableLifecycles {
            guard let exemplified = lifecycle as? any (CoverableLifecycle & Exemplified).Type else {
                issues.append("\(lifecycle) has no table examples")
                continue
            }
            issues += Self.caseIssues(of: exemplified)
        }
        #expect(issues.isEmpty, "\(issues.joined(separator: "\n"))")
    }

    @Test func lifecyclesAreListedInSlotOrder() {
        #expect(coverableLifecycles.count == 14)
        #expect(coverableLifecycles.enumerated().allSatisfy { $0.element.coverageSlot == $0.offset })
        #expect(Set(coverableLifecycles.map { $0.lifecycleName }).count == coverableLifecycles.count)
        var coverage = StateCoverage()
        coverage.record(OtpState.issuing(OtpCounters()), .sendCode, legal: true)
        #expect(coverage.machines.map(\.lifecycle) == coverableLifecycles.map { $0.lifecycleName })
        #expect(coverage.machines.first { $0.lifecycle == OtpState.lifecycleName }?.reached == 1)
    }

    static func caseIssues<State: CoverableLifecycle & Exemplified>(of state: State.Type) -> [String] {
        guard let event = State.Event.self as? any (CaseIndexed & Exemplified).Type else {
            return ["\(State.Event.self) has no table examples"]
        }
        return caseIssues(State.self) + caseIssues(event)
    }

    static func caseIssues<Value: CaseIndexed & Exemplified>(_ type: Value.Type) -> [String] {
        let kinds = Value.Kind.allCases.map { "\($0)" }
        var issues: [String] = []
        if Value.caseNames.sorted() != kinds.sorted() {
            issues.append("\(Value.self): caseNames \(Value.caseNames), table kinds \(kinds)")
        }
        for example in Value.examples {
            let index = example.caseIndex
            let name = Value.caseNames.indices.contains(index) ? Value.caseNames[index] : "none"
            if name != "\(example.kind)" { issues.append("\(Value.self): \(example) has index \(index), named \(name)") }
        }
        return issues
    }

    @Test func aWorldRunCountsThePairsItsActorsDrive() {
        let configuration = seedWorld(PaymentFlow.allCases)
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.violations.isEmpty)
        let used = Dictionary(uniqueKeysWithValues: result.coverage.machines.filter(\.isUsed).map { ($0.lifecycle, $0) })
        for lifecycle in ["LC-00 CheckoutSession", "LC-01 Sale", "LC-02 Authorization", "LC-04 Token", "LC-05 WalletCard",
                          "LC-07 Otp", "LC-09 PrepaidCard", "LC-10 Sca"] {
            #expect((used[lifecycle]?.reached ?? 0) >= 1, "\(lifecycle) not reached: \(used.keys.sorted())")
        }
        // A clean run rejects nothing; every pair it reached was a legal row.
        #expect(result.coverage.machines.allSatisfy { $0.rejected.allSatisfy { $0 == 0 } })
        let otp = used["LC-07 Otp"]
        #expect(otp?.table.contains { $0.state == "checking" && $0.event == "match" && $0.applied > 0 } == true)
    }
}
