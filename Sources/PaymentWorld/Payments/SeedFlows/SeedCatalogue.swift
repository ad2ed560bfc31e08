/// Every operation and every result code of the five seed systems, as domain.md §1 lists them,
/// each with how a run counts it or why the model cannot produce it (`paystorm coverage`,
/// `docs/seed-coverage.md`). The entries are data, one line each, in each system's folder
/// (`Systems/Portmone/Portmone+Catalogue.swift`, …): a code the world learns to give is one line
/// changed from `.notModelled` to a count.
public enum SeedCatalogue {
    /// Every entry, system by system, in registration order.
    public static let entries: [SeedCatalogueEntry] = PaymentSystems.registered.flatMap(\.catalogue)
}

/// One operation or result code of a seed system.
public struct SeedCatalogueEntry: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case operation, code
    }

    public let system: PaymentSystem
    public let kind: Kind
    /// As the seed spells it (`getCommission`, `2113`, `PAYMENT_TOKEN_NOT_EXIST`); unique per system and kind.
    public let name: String
    /// What the seed says it means, and where the model gives it another meaning, that too.
    public let meaning: String
    /// How a run counts it, or why the model cannot produce it.
    public let counting: SeedCount

    public var isModelled: Bool {
        if case .notModelled = counting { return false }
        return true
    }

    static func operation(_ system: PaymentSystem, _ name: String, _ meaning: String, _ counting: SeedCount) -> Self {
        Self(system: system, kind: .operation, name: name, meaning: meaning, counting: counting)
    }

    static func code(_ system: PaymentSystem, _ name: String, _ meaning: String, _ counting: SeedCount) -> Self {
        Self(system: system, kind: .code, name: name, meaning: meaning, counting: counting)
    }
}

/// Where a run's count of a catalogue entry comes from: counters every run keeps, never an estimate.
public enum SeedCount: Sendable, Hashable {
    /// Lifecycles of the entry's system that ended with the entry's own name as their code
    /// (`summary.json` `flows.<flow>.codes`, from the system's model; measured lifecycles only,
    /// so the warm-up's are not counted).
    case endCode
    /// Lifecycles of the entry's system whose code came with the entry's name as its detail
    /// (`summary.json` `flows.<flow>.detail_codes`: Sips's acquirerResponseCode, Stripe's decline_code).
    case detailCode
    /// Lifecycles of these flows that ended with one of these codes (as `endCode`).
    case endCodes([PaymentFlow], [String])
    /// Lifecycles of these flows that ended with one of these outcomes (`flows.<flow>.outcomes`).
    case endOutcomes([PaymentFlow], [PaymentOutcome])
    /// Calls of these steps the seed servers answered, with one of these answers, or with any
    /// when nil (`PaymentCounters.stepAnswers`; every lifecycle, a repeated call counted once).
    case answers([SeedStep], [StepAnswer]?)
    /// Status checks the merchant made of a payment of the entry's system after its retries
    /// (`PaymentCounters.statusChecks`): the system's own way to ask how a payment ended.
    case statusChecks
    /// Repeated requests (retries and status checks) for a payment of the entry's system that the
    /// gateway found final (`PaymentCounters.repeatsFinal`).
    case repeatsFoundFinal
    /// Repeated requests for a payment of the entry's system that the gateway found still running
    /// (`PaymentCounters.repeatsInProgress`).
    case repeatsFoundInProgress
    /// What happened at the apps of the entry's system to their calls for a payment's result
    /// (`PaymentCounters.appRecovery`): calls unanswered, re-inits, and what the re-inits found.
    case appRecovery(AppRecoveryEvent)
    /// 3-D Secure 1.0 steps of these flows' authentications at the gateway (`PaymentCounters.threeDS1`).
    case threeDS1([PaymentFlow], [ThreeDS1Step])
    /// Sales of these flows paid with the customer's saved token (`PaymentCounters.savedTokenSales`).
    case savedTokenSales([PaymentFlow])
    /// A one-number counter, by its `summary.json` key (`PaymentCounters.keyed`): what the world
    /// counts where it does the thing, such as ecommpay's 903 on a refund above what is left.
    case counter(String)
    /// Timers of domain §2.7 that ran out and moved their lifecycle (`PaymentCounters.expiries`).
    case expiries(ExpiringTimer)
    /// The model cannot produce it; the reason in one line.
    case notModelled(String)
}
