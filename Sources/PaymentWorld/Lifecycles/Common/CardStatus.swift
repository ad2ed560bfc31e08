/// The Paysafe card status (domain.md §1.5 S1): the seed's enum plus ISSUED, LOCKED and CANCELLED.
///
/// `unknown` exists for decoding only; no transition leads to it. LC-09 (`PrepaidCardState`) uses these as the
/// target of `update` and as its reported status; LC-11 reads them for PROV-1.
public enum CardStatus: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case applied = "APPLIED"
    case issued = "ISSUED"
    case digital = "DIGITAL"
    case active = "ACTIVE"
    case locked = "LOCKED"
    case cancelled = "CANCELLED"
    case expired = "EXPIRED"
    case unknown = "UNKNOWN"

    public var description: String { rawValue }
}

/// Whether a Paysafe card is plastic or only digital (S1 `cardType`).
public enum CardType: String, Sendable, Hashable, CaseIterable {
    case physical = "PHYSICAL"
    case virtual = "VIRTUAL"
}
