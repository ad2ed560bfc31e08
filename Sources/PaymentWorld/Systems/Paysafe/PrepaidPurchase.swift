/// One prepaid purchase at the card platform's API face, from the app's call to its answer
/// (domain §2.1: the WalletPlatform is the purchase's API face and the card's issuer-processor,
/// with the network between them and the token service before it for a wallet token).
///
/// A value with one transition function: the platform offers it what happened and does what it
/// returns. What came twice (a duplicate on the wire, an answer after the purchase was answered)
/// returns `.ignore`, so a purchase is captured at most once, and a purchase the network did not
/// answer in time is given up once: its hold, if the issuer-processor placed one, is voided.
struct PrepaidPurchase: Equatable {
    enum Stage: UInt8 {
        case idle, lookingUpToken, authorizing, answered
    }

    enum Event: Equatable {
        /// The app's first call, by the way the customer pays.
        case call(PurchaseChannel)
        /// The app called again while the purchase waits: a message on the way may have been lost.
        case callAgain
        /// The token service found the wallet token's card, or did not.
        case tokenLookedUp(found: Bool)
        /// The issuer-processor's decision, back through the network.
        case networkAnswered(PrepaidDecision)
        /// No answer from the network within `policies.timeouts.authorization` of the first ask.
        case timedOut
    }

    enum Effect: Equatable {
        /// Ask the token service for the token's card (detokenize).
        case askTokenService
        /// Send the authorization through the network to the card's issuer-processor; `first`: the
        /// first time, which opens the purchase's ticket and arms its timer.
        case askNetwork(first: Bool)
        /// Approved: capture the hold to the merchant, then answer the app.
        case capture
        /// Declined or refused: answer the app at once.
        case answer(StepAnswer)
        /// Timed out: void the hold if there is one, close the ticket, tell the app it expired.
        case giveUp
        /// A duplicate or a late message: nothing to do.
        case ignore
    }

    private(set) var stage = Stage.idle
    private(set) var channel = PurchaseChannel.cardNotPresent

    mutating func apply(_ event: Event) -> Effect {
        switch (stage, event) {
        case (.idle, .call(let channel)):
            self.channel = channel
            stage = channel == .token ? .lookingUpToken : .authorizing
            return channel == .token ? .askTokenService : .askNetwork(first: true)
        case (.lookingUpToken, .callAgain):
            return .askTokenService
        case (.authorizing, .callAgain):
            return .askNetwork(first: false)
        case (.lookingUpToken, .tokenLookedUp(let found)):
            stage = found ? .authorizing : .answered
            return found ? .askNetwork(first: true) : .answer(.refused)
        case (.authorizing, .networkAnswered(let decision)):
            stage = .answered
            return decision == .approved ? .capture : .answer(decision.stepAnswer)
        case (.authorizing, .timedOut):
            stage = .answered
            return .giveUp
        case (.idle, _), (.lookingUpToken, _), (.authorizing, _), (.answered, _):
            return .ignore
        }
    }

    /// Waiting for the token service or the network: a repeated call asks again instead of starting anew.
    var isWaiting: Bool { stage == .lookingUpToken || stage == .authorizing }
}

/// The issuer-processor's decision on a prepaid purchase, as the network carries it back.
enum PrepaidDecision: UInt8, Equatable {
    /// The card's status allows the channel and the balance covers the amount: held.
    case approved = 1
    /// The card's status forbids it (CARD-3): locked, cancelled, expired, not yet active, or a
    /// digital card's plastic at a terminal.
    case declinedByStatus
    /// The status allows it, but the prepaid balance is short of the amount (G-2).
    case insufficientBalance

    /// What the app is told.
    var stepAnswer: StepAnswer {
        switch self {
        case .approved: .ok
        case .declinedByStatus: .refused
        case .insufficientBalance: .declined
        }
    }
}
