@testable import PaymentWorld
import SimulationKernel
import Testing

/// A claim written outside the library: every capture takes money from a hold placed before it.
/// It is the whole of what adding a claim takes: this type, and the run's `extraClaims`.
final class CapturesFollowAHold: SafetyMonitor {
    static let invariant = "TEST-1"
    static let claim = "CapturesFollowAHold"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .captured]

    private var held: Set<PaymentID> = []

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, _, _, _, _, _): held.insert(payment)
        case .captured(let payment, _, _): checks.expect(held.contains(payment), about: payment, "captured without a hold")
        default: break
        }
    }
}

/// A claim that can never hold, to see the first violation stop the run where it happened.
final class NoCardIsEverApproved: SafetyMonitor {
    static let invariant = "TEST-2"
    static let claim = "NoCardIsEverApproved"
    static let watches: [WorldEvent.Kind] = [.holdPlaced]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .holdPlaced(let payment, let card, _, _, _, _) = event else { return }
        checks.expect(false, about: payment, "\(card) was approved")
    }
}

@Suite struct InvariantRegistryTests {
    @Test func everyClaimIsListedOnceWithADomainId() {
        let ids = InvariantRegistry.catalogue.map { $0.invariant }
        #expect(Set(ids).count == ids.count, "\(ids)")
        let names = InvariantRegistry.catalogue.map { $0.claim }
        #expect(Set(names).count == names.count, "\(names)")
        #expect(InvariantRegistry.catalogue.allSatisfy { !$0.watches.isEmpty })
    }

    @Test func everyPlantedDefectNamesARegisteredClaim() {
        let ids = Set(InvariantRegistry.catalogue.map { $0.invariant })
        for defect in PlantedDefect.allCases { #expect(ids.contains(defect.caughtBy), "\(defect): \(defect.caughtBy)") }
    }

    @Test func aClaimOfTheCallersOwnIsCheckedOnEveryEventItWatches() {
        var configuration = smallWorld()
        configuration.lifecycles = 500
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3),
                                   extraClaims: [CapturesFollowAHold.self]).run()
        let record = result.monitors.first { $0.invariant == "TEST-1" }
        #expect(record?.claim == "CapturesFollowAHold")
        #expect((record?.checked ?? 0) > 0 && record?.violations == 0, "\(String(describing: record))")
        #expect(result.violations.isEmpty)
    }

    @Test func theFirstBrokenClaimStopsTheRunAtItsEvent() {
        let result = PaymentsWorld(configuration: smallWorld(), options: .init(seed: 3),
                                   extraClaims: [NoCardIsEverApproved.self]).run()
        let violation = result.violations.first
        #expect(violation?.invariant == "TEST-2")
        #expect(result.violations.count == 1)
        #expect(result.end == .stopped(reason: "TEST-2 NoCardIsEverApproved"), "\(result.end)")
        // The run stopped at the violating step: it is the last in the trace, about the same payment.
        #expect(result.recentTrace.last?.subject == violation?.traceSubject)
    }

    @Test func claimsOnTheSameEventAreCheckedInCatalogueOrder() {
        // G-10 before G-2: an unusable card approved over its balance is reported as G-10.
        let order = InvariantRegistry.catalogue.map { $0.invariant }
        let g10 = order.firstIndex(of: "G-10"), g2 = order.firstIndex(of: "G-2")
        #expect(g10 != nil && g2 != nil && g10! < g2!)
    }

    @Test func everyClaimIsCheckedInTheDefaultMixOfTheCardCore() {
        // The claims of the card core, each more than once in a plain run; none is a dead entry.
        let result = PaymentsWorld(configuration: smallWorld(), options: .init(seed: 42)).run()
        let cardCore = ["G-1", "G-2", "G-3", "G-4", "G-5", "G-6", "G-7", "G-8", "G-9", "G-10", "G-11", "G-12", "SALE-1",
                        "AUTH-1", "RES-2"]
        for id in cardCore {
            let record = result.monitors.first { $0.invariant == id }
            #expect((record?.checked ?? 0) > 0, "\(id) was checked \(record?.checked ?? 0) times")
        }
    }
}

@Suite struct LifecycleShadowsTests {
    @Test func aNewTenantOfASlotStartsFresh() {
        var shadows = LifecycleShadows<PaymentID, Int>(fresh: 0)
        let first = PaymentID(slot: 3, generation: 1), second = PaymentID(slot: 3, generation: 2)
        shadows.update(first) { $0 = 5 }
        #expect(shadows[first] == 5)
        #expect(shadows[second] == 0)
        shadows.update(second) { $0 = 7 }
        #expect(shadows[second] == 7)
    }

    @Test func aLateMessageOfAnEarlierTenantKeepsItsShadowApart() {
        var shadows = LifecycleShadows<PaymentID, Int>(fresh: 0)
        let earlier = PaymentID(slot: 0, generation: 1), newer = PaymentID(slot: 0, generation: 2)
        shadows.update(newer) { $0 = 1 }
        shadows.update(earlier) { $0 += 10 }
        #expect(shadows[earlier] == 10)
        #expect(shadows[newer] == 1)
        shadows.forget(earlier)
        #expect(shadows[earlier] == 0)
        #expect(shadows[newer] == 1)
    }
}

@Suite struct PaymentCountersTests {
    @Test func addingSumsEveryCounter() {
        // The counters' own table (PaymentCounters.keyed), which CounterKeysTests checks is whole.
        let paths = PaymentCounters.keyed.map(\.path)
        // Mirror finds every stored counter, so one added to the struct but not to this list fails here.
        let scalars = Mirror(reflecting: PaymentCounters()).children.filter { $0.value is UInt64 }.count
        #expect(paths.count == scalars, "a counter is missing from this test's list")
        var all = PaymentCounters()
        for path in paths { all[keyPath: path] = 1 }
        all.threeDSResults = all.threeDSResults.map { _ in 1 }
        all.issuerAnswers = all.issuerAnswers.map { _ in 1 }
        all.expiries = all.expiries.map { _ in 1 }
        all.attemptsByProvider = all.attemptsByProvider.map { _ in 1 }
        all.prepaidPurchases.count(.locked, .token, approved: false)
        var twice = PaymentCounters()
        twice.add(all)
        twice.add(all)
        for path in paths { #expect(twice[keyPath: path] == 2, "\(path)") }
        #expect(twice.threeDSResults.allSatisfy { $0 == 2 })
        #expect(twice.issuerAnswers.allSatisfy { $0 == 2 })
        #expect(twice.expiries.allSatisfy { $0 == 2 })
        #expect(twice.attemptsByProvider.allSatisfy { $0 == 2 })
        #expect(twice.prepaidPurchases[.locked, .token, approved: false] == 2 && twice.prepaidPurchases.total(approved: true) == 0)
    }
}

@Suite struct WireCodecTests {
    @Test func attemptsAndCodesRoundTrip() {
        for attempt in [0, 1, 2, 255] {
            for code in [0, 1, 5, UInt64(1) << 40, AttemptWire.code.limit] {
                let word = AttemptWire.encode(attempt, code: code)
                #expect(AttemptWire.attempt(of: word) == attempt)
                #expect(AttemptWire.code(of: word) == code)
            }
        }
    }

    @Test func stepRequestsAndAnswersRoundTrip() {
        for step in SeedStep.allCases {
            for call in [0, 1, 300, StepWire.callMask] {
                let request = StepWire.request(step, try: call, payload: 123_456)
                #expect(StepWire.step(of: request) == step)
                #expect(StepWire.attempt(of: request) == call)
                #expect(StepWire.payload(of: request) == 123_456)
                for answer in StepAnswer.allCases {
                    let word = StepWire.answer(step, answer, call: call, payload: 99)
                    #expect(StepWire.step(of: word) == step)
                    #expect(StepWire.answer(of: word) == answer)
                    #expect(StepWire.call(of: word) == call)
                    #expect(StepWire.answerPayload(of: word) == 99)
                }
            }
        }
    }

    @Test func transStatusesRoundTripAndAChallengeHasItsOwnCode() {
        for status in WireTransStatus.all { #expect(WireTransStatus.decode(WireTransStatus.encode(status)) == status) }
        #expect(WireTransStatus.decode(WireTransStatus.encode(.challengeRequired)) == .challengeRequired)
        #expect(!WireTransStatus.all.indices.contains(Int(WireTransStatus.challengeRequired)))
    }

    @Test func identitiesKeepSlotAndGenerationAndPrintOneWay() {
        let payment = PaymentID(slot: 12, generation: 3)
        #expect(payment.slot == 12 && payment.generation == 3)
        #expect(PaymentID(rawValue: payment.rawValue) == payment)
        #expect("\(payment)" == "payment#12.3")
        #expect("\(LifecycleID(slot: 7, generation: 1))" == "lifecycle#7.1")
        #expect("\(AttemptID(payment, 1))" == "payment#12.3 attempt #2")
    }
}
