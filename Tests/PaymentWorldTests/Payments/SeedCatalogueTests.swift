import PaymentWorld
import SimulationKernel
import Testing

/// The seed catalogue against the code that gives the codes (each system's `code(for:)` and `code(failedAt:)` in its folder) and the steps the
/// flows call: every code the model can give is catalogued as modelled, nothing catalogued as
/// modelled is out of reach by construction, and a run's counts land on the entries.
@Suite struct SeedCatalogueTests {
    static let seedSystems = PaymentSystem.allCases.filter { $0 != .generic }

    /// The steps a system's lifecycles can call: its flows' steps, and the sub-steps the app runs
    /// in place (DeviceApp+Steps): the code and its resend after 2113 / 2114 or the 2D check, the
    /// 2D check after need2D, an SCA attempt after scaRequired, and the change `manageCard` picks.
    static func callableSteps(_ system: PaymentSystem) -> Set<SeedStep> {
        Set(system.flows.flatMap(\.steps) + system.stepsInPlace)
    }

    /// Every final code its model can give a lifecycle of `system`: the card core's outcomes
    /// (for a system with a flow that ends in the core), a success, a step unanswered through
    /// every repeat, each answer the app gives up on at each step it can call, ecommpay's 108
    /// for a payment that failed for a cause with a code of its own, and its token refusals. The
    /// fall-through (the answer's own name) is left out: it is for answers the system's servers
    /// never give.
    static func producibleCodes(_ system: PaymentSystem) -> Set<String> {
        let flows = PaymentFlow.allCases.filter { $0.system == system }
        var codes: Set = [system.code(for: .succeeded), system.stepTimeoutCode]
        if flows.contains(where: { $0.core != nil }) {
            codes.formUnion(PaymentOutcome.allCases.map(system.code(for:)))
            for cause in FailureCause.allCases {
                codes.formUnion(PaymentOutcome.allCases.map { system.code(for: $0, cause: cause) })
            }
            for reason in issuerDeclines { codes.insert(system.code(for: .declined, cause: .unstated, declinedBy: reason)) }
            codes.formUnion(system.tokenRefusalCodes)
        }
        let givenUpOn: [StepAnswer] = [.refused, .notVerified, .codeFailed, .scaFailed, .retryLater, .apiVersionMismatch,
                                       .expired, .alreadyDone]
        for step in callableSteps(system) {
            for answer in givenUpOn where system.code(failedAt: step, answer) != answer.description {
                codes.insert(system.code(failedAt: step, answer))
            }
        }
        return codes
    }

    /// The issuer's decline reasons a run can give (every issuer answer but the approvals).
    static let issuerDeclines: [ResponseCode] = PaymentSystem.issuerPaymentAnswers.filter { $0 != "00" }.map(ResponseCode.init)

    /// Every detail code the system can add to a card-core lifecycle's code: on a success, and on
    /// each issuer decline.
    static func producibleDetails(_ system: PaymentSystem) -> Set<String> {
        guard system.flows.contains(where: { $0.core != nil }) else { return [] }
        var details = Set(PaymentOutcome.allCases.compactMap { system.detailCode(for: $0, declinedBy: nil) })
        details.formUnion(issuerDeclines.compactMap { system.detailCode(for: .declined, declinedBy: $0) })
        return details
    }

    static func entry(_ system: PaymentSystem, _ kind: SeedCatalogueEntry.Kind, _ name: String) -> SeedCatalogueEntry? {
        SeedCatalogue.entries.first { $0.system == system && $0.kind == kind && $0.name == name }
    }

    @Test(arguments: seedSystems)
    func everyCodeTheModelCanGiveIsCataloguedAsModelled(system: PaymentSystem) {
        for code in Self.producibleCodes(system).union(Self.producibleDetails(system)).sorted() {
            let entry = Self.entry(system, .code, code)
            #expect(entry?.isModelled == true, "\(system) \(code): \(entry.map { "\($0.counting)" } ?? "not in the catalogue")")
        }
    }

    @Test(arguments: seedSystems)
    func nothingMarkedModelledIsOutOfReachByConstruction(system: PaymentSystem) {
        let flows = Set(PaymentFlow.allCases.filter { $0.system == system })
        let codes = Self.producibleCodes(system)
        let steps = Self.callableSteps(system)
        for entry in SeedCatalogue.entries where entry.system == system {
            switch entry.counting {
            case .endCode:
                #expect(codes.contains(entry.name), "\(system) \(entry.name): its model never gives it")
            case .detailCode:
                #expect(Self.producibleDetails(system).contains(entry.name), "\(system) \(entry.name): no detail code it gives")
            case .endCodes(let named, let ended):
                #expect(flows.isSuperset(of: named), "\(system) \(entry.name): flows of another system \(named)")
                #expect(codes.isSuperset(of: ended), "\(system) \(entry.name): its model never gives \(Set(ended).subtracting(codes))")
            case .endOutcomes(let named, let outcomes):
                #expect(!named.isEmpty && flows.isSuperset(of: named), "\(system) \(entry.name): flows \(named)")
                // Counting captures alone needs flows that capture: an authorization's.
                if outcomes == [.captured] {
                    #expect(named.allSatisfy { $0.core == .authorization }, "\(entry.name): only an authorization is captured")
                }
            case .answers(let named, let answers):
                let uncalled = Set(named).subtracting(steps)
                #expect(!named.isEmpty && uncalled.isEmpty, "\(system) \(entry.name): steps it never calls \(uncalled)")
                #expect(answers.map { !$0.isEmpty } ?? true, "\(entry.name): an empty list of answers counts nothing")
            case .savedTokenSales(let named):
                // Only the system's own flows, and only those that pay with a saved token.
                #expect(!named.isEmpty && flows.isSuperset(of: named), "\(system) \(entry.name): \(named)")
                #expect(named.allSatisfy { $0.traits.contains(.paysWithSavedToken) }, "\(entry.name): \(named)")
            case .threeDS1(let named, let counted):
                // Only flows of the system, whose 3-D Secure is the seed's 1.0, and whose payments reach the gateway.
                #expect(!named.isEmpty && !counted.isEmpty && flows.isSuperset(of: named), "\(system) \(entry.name): \(named)")
                #expect(system.threeDSVersion == .v1 && named.allSatisfy { $0.core != nil },
                        "\(system) \(entry.name): no 3-D Secure 1.0 in \(named)")
            case .statusChecks, .repeatsFoundFinal, .repeatsFoundInProgress, .appRecovery:
                // The merchant checks the status of card-core payments only, and the app calls it for them.
                #expect(flows.contains { $0.core != nil }, "\(system) \(entry.name): no flow of it reaches the gateway")
            case .counter(let key):
                #expect(PaymentCounters.keyed.contains { $0.key == key }, "\(system) \(entry.name): no counter \(key)")
            case .expiries(let timer):
                // A timer of its own system's lifecycles: the card's validity is Paysafe's.
                #expect(timer != .cardValidity || system == .paysafe, "\(system) \(entry.name): \(timer) is Paysafe's card")
            case .notModelled(let reason):
                #expect(!reason.isEmpty, "\(system) \(entry.name): not modelled needs its reason")
                if entry.kind == .code {
                    #expect(!codes.contains(entry.name), "\(system) \(entry.name): marked not modelled, but its model gives it")
                }
            }
        }
    }

    @Test func namesAreUniquePerSystemAndKind() {
        var seen = Set<String>()
        for entry in SeedCatalogue.entries {
            let key = "\(entry.system) \(entry.kind) \(entry.name)"
            #expect(seen.insert(key).inserted, "\(key) is catalogued twice")
            #expect(!entry.name.isEmpty && !entry.meaning.isEmpty, "\(key) needs a name and a meaning")
        }
        #expect(Set(SeedCatalogue.entries.map(\.system)) == Set(Self.seedSystems))
    }

    /// One small run of every seed flow: each final code it gives is a catalogued, modelled code of
    /// its system, and the common operations and codes are counted.
    @Test func aRunsCountsLandOnTheCatalogue() {
        let flows = PaymentFlow.allCases.filter { $0.system != .generic }
        let result = PaymentsWorld(configuration: seedWorld(flows), options: .init(seed: 5)).run()
        for metrics in result.flows where metrics.flow.system != .generic {
            for code in metrics.codes.keys.sorted() {
                #expect(Self.entry(metrics.flow.system, .code, code)?.isModelled == true,
                        "\(metrics.flow) ended \(code), which the catalogue does not have as modelled")
            }
            // No "not modelled" row is produced by a run: every detail code is a modelled entry too.
            for detail in metrics.details.keys.sorted() {
                #expect(Self.entry(metrics.flow.system, .code, detail)?.isModelled == true,
                        "\(metrics.flow) gave the detail \(detail), which the catalogue does not have as modelled")
            }
        }
        let common: [(PaymentSystem, SeedCatalogueEntry.Kind, String)] = [
            (.portmone, .operation, "getCommission(CommissionParams, payeeId or phoneNumber)"), (.portmone, .code, "paid"),
            (.portmone, .code, "2113"), (.ecommpay, .operation, "NewCardSaleRequest"), (.ecommpay, .code, "success"),
            (.mastercard, .operation, "updateSession(id, apiVersion, payload)"), (.mastercard, .code, "APPROVED"),
            (.sogenactif, .code, "00"), (.paysafe, .operation, "submitAttempt(method, channel, code)"),
            (.paysafe, .code, "ok"),
        ]
        for (system, kind, name) in common {
            let count = Self.entry(system, kind, name)?.count(flows: result.flows, counters: result.counters)
            #expect((count ?? 0) > 0, "\(system) \(name): \(count.map(String.init) ?? "not catalogued as modelled")")
        }
        let notModelled = Self.entry(.portmone, .code, "2004")
        #expect(notModelled?.count(flows: result.flows, counters: result.counters) == nil)
    }
}
