/// The generic card flows of domain.md §2: a sale and an authorization straight into the card
/// core, with no SDK steps and the shared machines' own outcome names as codes.
struct GenericCardFlows: PaymentSystemModel {
    let name = "generic"
    let title = "generic card flows"
    let source = PaymentSystemSource.domain
    let flows = [FlowDefinition("sale", core: .sale), FlowDefinition("authorization", core: .authorization)]
    /// LC-08 is part of the generic card core (domain.md §2.4).
    let cascades = true
    let threeDSVersion = ThreeDSVersion.v2
    let statusCheck = StatusCheckWords.plain
    let stepTimeoutCode = "timed_out"
    let catalogue: [SeedCatalogueEntry] = []
    var scenario: String? { "scenarios/card-payments.json" }

    func code(for outcome: PaymentOutcome) -> String { outcome.description }
}

extension PaymentSystem {
    public static let generic = PaymentSystem(registered: "generic")
}

extension PaymentFlow {
    public static let sale = PaymentFlow(registered: "sale")
    public static let authorization = PaymentFlow(registered: "authorization")
}
