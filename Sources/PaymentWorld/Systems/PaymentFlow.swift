/// The card-payment core a flow ends in, run by merchant, gateway, ACS, acquirers, network and issuer.
public enum CardCore: Sendable, Hashable {
    /// LC-01, with 3-D Secure (LC-06), cascading (LC-08) and outcome resolution (LC-12).
    case sale
    /// LC-02 with its capture and refund children, and the same sub-machines.
    case authorization
}

/// What a flow does beyond its steps and core, for the shared actors that must know.
public struct FlowTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The card pays the amount plus the system's commission (Portmone P4).
    public static let chargesCommission = FlowTraits(rawValue: 1 << 0)
    /// The money goes to a payee (a bill or a top-up), the commission to the system.
    public static let paysPayee = FlowTraits(rawValue: 1 << 1)
    /// The sale pays with a card-on-file token the app saved earlier, which the gateway looks up
    /// first (ecommpay's token sale: 3101, PAYMENT_TOKEN_NOT_EXIST).
    public static let paysWithSavedToken = FlowTraits(rawValue: 1 << 2)
    /// A step may grow code sub-steps at run time (an OTP after 2113, an SCA step-up) that the
    /// customer may take their whole validity over: the lifecycle's budget allows for them.
    public static let growsCodeSteps = FlowTraits(rawValue: 1 << 3)
    /// The flow pushes a card into the phone's mobile wallet (LC-11), whose completion may take the
    /// provisioning's whole budget.
    public static let provisionsToWallet = FlowTraits(rawValue: 1 << 4)
}

/// One flow as its system declares it: its name, the SDK steps before the core, the core it
/// ends in if it moves money, and its traits.
public struct FlowDefinition: Sendable, Hashable {
    /// The name in scenarios' `workload.mix` and in summaries (`portmone_bill`).
    public let name: String
    public let steps: [SeedStep]
    public let core: CardCore?
    public let traits: FlowTraits
    /// For a flow that `paysWithSavedToken`: the steps a customer's saved card makes unnecessary,
    /// skipped when the card on file pays (ecommpay: the tokenization; MPGS: the session and the
    /// token made from it, since PAY then names the token).
    public let savedCardSkips: [SeedStep]

    public init(_ name: String, steps: [SeedStep] = [], core: CardCore?, traits: FlowTraits = [],
                savedCardSkips: [SeedStep] = [.tokenizeCard]) {
        self.name = name
        self.steps = steps
        self.core = core
        self.traits = traits
        self.savedCardSkips = traits.contains(.paysWithSavedToken) ? savedCardSkips : []
    }
}

/// A flow the device can start (design §4.2): the steps of its system's SDK, then (for the
/// financial ones) the card core. Each step is served by the actor that owns its lifecycle.
/// Flows are declared by their systems (`PaymentSystemModel.flows`); each system's folder
/// names its own constants (`PaymentFlow.portmoneBill`).
public struct PaymentFlow: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    private let slot: UInt8

    /// Its place among every registered flow: systems in registration order, each system's flows in
    /// its order. Per-flow figures and the scenario's mix are indexed by it.
    public var rawValue: Int { Int(slot) }

    public static let allCases: [PaymentFlow] = Table.definitions.indices.map { PaymentFlow(slot: UInt8($0)) }

    private init(slot: UInt8) { self.slot = slot }

    /// The registered flow of this name; only for the systems' own constants (a user's name goes
    /// through `named(_:)`).
    package init(registered name: String) {
        guard let index = Table.definitions.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("no flow named \(name) is declared by a registered payment system")
        }
        slot = UInt8(index)
    }

    /// The registered flow of a user's name, or nil.
    public static func named(_ name: String) -> PaymentFlow? {
        Table.definitions.firstIndex { $0.name == name }.map { PaymentFlow(slot: UInt8($0)) }
    }

    public var description: String { Table.definitions[rawValue].name }
    public var system: PaymentSystem { Table.systems[rawValue] }
    /// The card core the flow ends in, if it moves money.
    public var core: CardCore? { Table.definitions[rawValue].core }
    public var traits: FlowTraits { Table.definitions[rawValue].traits }

    /// The SDK steps before the core, in order (domain §1). A step may grow sub-steps at run
    /// time (an OTP after 2113, an SCA step-up), which the device runs in place.
    public var steps: [SeedStep] { Table.definitions[rawValue].steps }
    /// The steps a saved card makes unnecessary (`FlowDefinition.savedCardSkips`).
    public var savedCardSkips: [SeedStep] { Table.definitions[rawValue].savedCardSkips }

    /// Every registered flow, gathered once: the device reads them on every answer.
    private enum Table {
        static let definitions: [FlowDefinition] = PaymentSystems.registered.flatMap(\.flows)
        static let systems: [PaymentSystem] = PaymentSystem.allCases.flatMap { system in
            Array(repeating: system, count: system.model.flows.count)
        }
    }
}
