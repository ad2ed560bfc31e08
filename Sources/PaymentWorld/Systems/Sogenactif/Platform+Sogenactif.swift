/// The Sips server (W): each initialize call opens a one-shot context, which ends after 15 minutes
/// without a customer action, and the one SDK call it backs spends it ([A]: reusing it fails):
/// walletInitialize backs getWalletData (W5), orderInitialize backs the cardOrder or walletOrder.
extension Platform {
    func serveSogenactif(_ step: SeedStep, payment: LifecycleID, record: inout Record) -> StepAnswer {
        let seed = desk.seed
        switch step {
        case .orderInitialize, .walletInitialize:
            if step == .orderInitialize && desk.random.chance(seed.functionNotAllowed) { return .refused }  // 40: never retried.
            if desk.random.chance(seed.temporaryError) { return .retryLater }   // 90 / 99: a new context later.
            if step == .orderInitialize, record.session == .consumed, desk.context.has(.sipsContextsReused) {
                return .ok  // The planted bug: the order keeps the context the wallet read spent.
            }
            record.session = .opened  // Each try gets a fresh one-shot context (SES-5).
            return bind(.initializeContext, payment, &record)
        case .getWalletData:
            // W5 under its context: one left 15 minutes without a customer action is gone (97).
            if record.session == .expired { return .expired }
            if desk.random.chance(seed.temporaryError) { return .retryLater }
            return use(.readWallet, payment, &record)
        case .cardOrder, .walletOrder:
            if record.session == .consumed, desk.context.has(.sipsContextsReused) {
                // The planted bug: a spent context taken for a reusable one.
                desk.context.observe(.sessionUsed(payment, apiVersion: 0, deviceSubmission: true))
                return .ok
            }
            // The order spends its context; the authorization then runs in the card core.
            return use(.pay, payment, &record)
        default:
            preconditionFailure("the Sips server cannot serve \(step)")
        }
    }
}
