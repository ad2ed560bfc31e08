/// The Sips server (W): orderInitialize's one-shot context, which ends after 15 minutes without a
/// customer action, and the wallet read under it (W5).
extension Platform {
    func serveSogenactif(_ step: SeedStep, payment: LifecycleID, record: inout Record) -> StepAnswer {
        let seed = desk.seed
        switch step {
        case .orderInitialize:
            if desk.random.chance(seed.functionNotAllowed) { return .refused }  // 40: never retried.
            if desk.random.chance(seed.temporaryError) { return .retryLater }   // 90 / 99: a new context later.
            record.session = .opened  // Each try gets a fresh one-shot context (SES-5).
            return bind(.initializeContext, payment, &record)
        case .getWalletData:
            // W5 under the context: one left 15 minutes without a customer action is gone (97).
            if record.session == .expired { return .expired }
            if desk.random.chance(seed.walletServerError) { return .retryLater }
            desk.context.observe(.sessionUsed(payment, apiVersion: 0, deviceSubmission: true))
            return .ok
        default:
            preconditionFailure("the Sips server cannot serve \(step)")
        }
    }
}
