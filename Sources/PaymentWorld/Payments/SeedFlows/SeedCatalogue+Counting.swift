extension SeedCatalogueEntry {
    /// How many times the run produced this entry; nil when the model cannot produce it.
    public func count(flows: [FlowMetrics], counters: PaymentCounters) -> UInt64? {
        switch counting {
        case .endCode:
            flows.filter { $0.flow.system == system }.reduce(0) { $0 &+ ($1.codes[name] ?? 0) }
        case .detailCode:
            flows.filter { $0.flow.system == system }.reduce(0) { $0 &+ ($1.details[name] ?? 0) }
        case .endCodes(let named, let codes):
            flows.filter { named.contains($0.flow) }.reduce(0) { sum, flow in
                codes.reduce(sum) { $0 &+ (flow.codes[$1] ?? 0) }
            }
        case .endOutcomes(let named, let outcomes):
            flows.filter { named.contains($0.flow) }.reduce(0) { sum, flow in
                outcomes.reduce(sum) { $0 &+ flow.outcomes[Int($1.rawValue)] }
            }
        case .answers(let steps, let answers):
            steps.reduce(0) { sum, step in
                guard let answers else { return sum &+ counters.stepAnswers.calls(step) }
                return answers.reduce(sum) { $0 &+ counters.stepAnswers[step, $1] }
            }
        case .statusChecks:
            counters.statusChecks[system.index]
        case .repeatsFoundFinal:
            counters.repeatsFinal[system.index]
        case .repeatsFoundInProgress:
            counters.repeatsInProgress[system.index]
        case .appRecovery(let event):
            counters.appRecovery[system, event]
        case .threeDS1(let named, let steps):
            named.reduce(0) { sum, flow in steps.reduce(sum) { $0 &+ counters.threeDS1[flow.rawValue][$1.rawValue] } }
        case .savedTokenSales(let named):
            named.reduce(0) { $0 &+ counters.savedTokenSales[$1.rawValue] }
        case .counter(let key):
            // A key the table lacks reads as nothing counted; CounterKeysTests checks every catalogue key.
            PaymentCounters.keyed.first { $0.key == key }.map { counters[keyPath: $0.path] } ?? 0
        case .expiries(let timer):
            counters.expiries[timer.rawValue]
        case .notModelled:
            nil
        }
    }

    /// Where the count comes from, for people: `lifecycles ended 2013`, `answers to getCommission`.
    public var countedAs: String {
        switch counting {
        case .endCode:
            "lifecycles ended \(name)"
        case .detailCode:
            "lifecycles whose code came with \(name)"
        case .endCodes(let flows, let codes):
            "\(flows.map(\.description).joined(separator: ", ")) ended \(codes.joined(separator: " or "))"
        case .endOutcomes(let flows, let outcomes):
            "\(flows.map(\.description).joined(separator: ", ")) ended \(outcomes.map(\.description).joined(separator: " or "))"
        case .answers(let steps, let answers):
            (answers.map { "answers " + $0.map(\.description).joined(separator: " or ") + " to " } ?? "answers to ")
                + steps.map(\.description).joined(separator: ", ")
        case .statusChecks:
            "the merchant's status checks after its retries"
        case .repeatsFoundFinal:
            "repeated requests the gateway found final"
        case .repeatsFoundInProgress:
            "repeated requests the gateway found still running"
        case .appRecovery(let event):
            switch event {
            case .timeout: "the app's calls for a result that went unanswered"
            case .reinit: "the app's re-inits with the same payment"
            case .inProgress: "the app's re-inits that found the payment still running"
            case .final: "the app's re-inits that found the payment final"
            case .toldUnknown: "customers the app told the outcome is unknown"
            case .secondPayRefused: "second pays of a payment already made (double taps) refused"
            }
        case .threeDS1(let flows, let steps):
            "3-D Secure 1.0 " + steps.map(\.description).joined(separator: " or ") + " in "
                + flows.map(\.description).joined(separator: ", ")
        case .savedTokenSales(let flows):
            "sales of " + flows.map(\.description).joined(separator: ", ") + " paid with the customer's saved token"
        case .counter(let key):
            "summary.json \(key)"
        case .expiries(let timer):
            "\(timer) timers that ran out"
        case .notModelled(let reason):
            "not modelled: \(reason)"
        }
    }
}
