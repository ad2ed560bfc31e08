/// Portmone's server (P4): the commission quote and the payment's 3D-or-2D split.
extension Platform {
    func servePortmone(_ step: SeedStep, payment: LifecycleID) -> StepAnswer {
        switch step {
        case .getCommission:
            return desk.random.chance(desk.seed.payeeWithoutGate) ? .refused : .ok  // 2013: no gate type.
        case .proceedPayment:
            // P4: an enrolled card goes the 3D way (the core's 3-D Secure); the others need 2D.
            return desk.context.cards[desk.context.bodies[payment].card].enrolled ? .ok : .need2D
        default:
            preconditionFailure("Portmone's server cannot serve \(step)")
        }
    }
}
