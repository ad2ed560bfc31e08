/// LC-09 prepaid card issuing / activation / lock / unlock / cancel: exactly the Paysafe S1 machine
/// (domain.md §1.5, §2.4; serves CARD-1, CARD-2, CARD-4, CARD-6, CARD-7, G-10).
///
/// Guards are event data: `eligible` (program eligible, allowableCards > 0, and a delivery address for PHYSICAL,
/// CARD-5), `credentialsMatch` (last four and CVV), `scaVerified` (a verified, unexpired, unused LC-10 event for the
/// same walletOperationId, CARD-4). A VIRTUAL card starts `active` and never passes `issued` or `digital`, so
/// `activate` on it, or a second `activate`, finds no row (CARD-2).
public enum PrepaidCardState: LifecycleState {
    case notCreated
    case applied
    case issued
    case digital
    case active
    case locked
    case cancelled
    case expired

    public static let lifecycleName = "LC-09 PrepaidCard"

    public var isTerminal: Bool {
        switch self {
        case .notCreated, .applied, .issued, .digital, .active, .locked: return false
        case .cancelled, .expired: return true
        }
    }

    /// The Paysafe status a card in this state reports; `nil` before it exists.
    public var status: CardStatus? {
        switch self {
        case .notCreated: return nil
        case .applied: return .applied
        case .issued: return .issued
        case .digital: return .digital
        case .active: return .active
        case .locked: return .locked
        case .cancelled: return .cancelled
        case .expired: return .expired
        }
    }
}

public enum PrepaidCardEvent: Sendable, Hashable {
    case create(CardType, eligible: Bool)
    /// The platform issued the plastic; `digitalTwin` when the program gives a usable digital card meanwhile [A].
    case issue(digitalTwin: Bool)
    case activate(credentialsMatch: Bool)
    case firstChipAndPinUse
    case update(CardStatus, scaVerified: Bool)
    case setPin(scaVerified: Bool)
    case expiryReached
}

public enum PrepaidCardEffect: Sendable, Hashable {
    case allocateCard(CardType)
    case scheduleDelivery
    case recordActivation
    case recordPinSet
    /// CARD-6 [A]: cancelling a card deactivates all its tokens (PROV-4).
    case deactivateTokens
    case reportStatus(CardStatus)
}

public typealias PrepaidCardTransition = LifecycleTransition<PrepaidCardState, PrepaidCardEffect>

extension PrepaidCardState {
    public func applying(_ event: PrepaidCardEvent) throws(IllegalTransition) -> PrepaidCardTransition {
        switch self {
        case .notCreated:
            if case .create(let type, eligible: true) = event {
                // [A] a virtual card is usable at once; a physical one waits for issuing and delivery.
                return to(type == .virtual ? .active : .applied, .allocateCard(type))
            }
        case .applied:
            switch event {
            case .issue(let twin): return to(twin ? .digital : .issued, .scheduleDelivery)
            case .expiryReached: return expire()
            default: break
            }
        case .issued, .digital:
            switch event {
            case .activate(credentialsMatch: true):
                return to(.active, .recordActivation, .reportStatus(.active))  // CARD-2: once, PHYSICAL only.
            case .firstChipAndPinUse where self == .digital:
                return to(.active, .reportStatus(.active))  // The only other DIGITAL → ACTIVE path.
            default:
                if let transition = operating(on: event) { return transition }
            }
        case .active, .locked:
            if let transition = operating(on: event) { return transition }
        case .cancelled, .expired:
            break  // Terminal (CARD-1: absorbing).
        }
        throw illegal(event)
    }

    /// SCA-protected updates, PIN changes and expiry, shared by the states that have them.
    private func operating(on event: PrepaidCardEvent) -> PrepaidCardTransition? {
        switch event {
        case .update(let target, scaVerified: true):
            return updating(to: target)
        case .setPin(scaVerified: true) where self != .issued:
            return to(self, .recordPinSet)
        case .expiryReached:
            return expire()
        default:
            return nil
        }
    }

    private func expire() -> PrepaidCardTransition { to(.expired, .reportStatus(.expired)) }

    /// The ✅ cells of the S1 update matrix; `nil` for every ❌ (CARD-7).
    private func updating(to target: CardStatus) -> PrepaidCardTransition? {
        switch (self, target) {
        case (.active, .locked), (.digital, .locked):
            return to(.locked, .reportStatus(.locked))
        case (.locked, .active):
            return to(.active, .reportStatus(.active))  // Unlock; DIGITAL → ACTIVE never goes through update.
        case (.active, .cancelled), (.locked, .cancelled), (.digital, .cancelled):
            return to(.cancelled, .deactivateTokens, .reportStatus(.cancelled))  // Irreversible (CARD-1).
        default:
            return nil
        }
    }
}
