/// What the hold claims know of a payment's holds (SALE-1, RES-2, AUTH-4): one copy for the three,
/// in 24 bytes an entry where their own copies took 56.
struct HoldShadow: BitwiseCopyable {
    /// Held now: the holds placed, less those released or captured.
    var held: Int64 = 0
    /// Since the payment last held nothing: the issuer's holds of each attempt, a byte each (a
    /// cascade makes up to eight; any later ones share the last byte), and the attempts the network
    /// stood in for, a bit each (SALE-1).
    var issuerHolds: UInt64 = 0
    var standIns: UInt8 = 0
    /// How the payment went final first, nil before (RES-2).
    var final: Bool?

    static func lane(_ attempt: Int) -> Int { min(max(attempt, 0), 7) }

    func issuerHolds(of lane: Int) -> UInt8 { UInt8(truncatingIfNeeded: issuerHolds >> UInt64(8 * lane)) }

    mutating func addIssuerHold(_ attempt: Int) {
        let lane = Self.lane(attempt)
        if issuerHolds(of: lane) < .max { issuerHolds &+= 1 << UInt64(8 * lane) }
    }

    /// Attempts approved, by the issuer or by the network standing in: a stand-in for an attempt
    /// the issuer approved too is the same authorization.
    var approvals: Int {
        (0..<8).reduce(0) { count, lane in count + (issuerHolds(of: lane) > 0 || standIns & 1 << UInt8(lane) != 0 ? 1 : 0) }
    }
    var mostIssuerHoldsOfOneAttempt: UInt8 { (0..<8).reduce(0) { max($0, issuerHolds(of: $1)) } }
}

/// The payments' hold shadows, followed once per event for the three claims that read them. Each
/// field changes only on events that every claim reading it watches, so a claim sees what its own
/// copy would show, with or without the others in the catalogue.
struct HoldShadows {
    private var payments = LifecycleShadows<PaymentID, HoldShadow>(fresh: HoldShadow())

    /// The payment's shadow now.
    subscript(payment: PaymentID) -> HoldShadow { payments[payment] }

    /// The payments whose shadows `matter` (`LifecycleShadows.identities`).
    func identities(where matter: (HoldShadow) -> Bool) -> [PaymentID] { payments.identities(where: matter) }

    /// Follows `event`; the payment's shadow after it (for a retirement, as it stood when the
    /// payment retired), or nil for an event about no payment's holds.
    mutating func follow(_ event: WorldEvent) -> HoldShadow? {
        switch event {
        case .holdPlaced(let payment, _, let amount, let attempt, let standIn, _):
            return payments.update(payment) { shadow in
                shadow.held += amount
                if standIn {
                    shadow.standIns |= 1 << UInt8(HoldShadow.lane(attempt))
                } else {
                    shadow.addIssuerHold(attempt)
                }
                return shadow
            }
        case .holdReleased(let payment, _, let amount), .captured(let payment, _, let amount):
            // A hold released or captured in full ends that approval: a later one is not a second charge.
            return payments.update(payment) { shadow in
                shadow.held -= amount
                if shadow.held == 0 {
                    shadow.issuerHolds = 0
                    shadow.standIns = 0
                }
                return shadow
            }
        case .paymentFinal(let payment, _, let succeeded):
            return payments.update(payment) { shadow in
                if shadow.final == nil { shadow.final = succeeded }
                return shadow
            }
        case .outcomeResolved(let payment, _), .paymentStatusAtEnd(let payment, _):
            return payments[payment]
        case .paymentRetired(let payment, _):
            defer { payments.forget(payment) }
            return payments[payment]
        default:
            return nil
        }
    }
}
