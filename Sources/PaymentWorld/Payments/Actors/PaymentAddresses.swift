import SimulationKernel

/// Where each actor of a payments world is, fixed before any is built.
struct PaymentAddresses: Sendable {
    var ids: [ReceiverID]  // Indexed by PaymentActorKind.rawValue.

    subscript(kind: PaymentActorKind) -> ReceiverID { ids[kind.rawValue] }

    func acquirer(attempt: Int) -> ReceiverID { attempt == 0 ? self[.acquirer] : self[.backupAcquirer] }
}
