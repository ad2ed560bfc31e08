/// What happened at the app to its calls for a payment's result (E1/E2, domain §2.2): how a
/// call went unanswered, how the app asked again for the same payment, and what it heard back.
public enum AppRecoveryEvent: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// A call for the payment's result got no answer in `timeouts.deviceCall` (ecommpay NETWORK_TIMEOUT).
    case timeout
    /// The app asked again for the same payment (ecommpay: init with the same paymentId).
    case reinit
    /// The answer: the payment is still running, and the app goes on waiting for it
    /// (ecommpay onPaymentRestored, then PaymentRestoreRequest).
    case inProgress
    /// The answer: the payment is final, with its result (ecommpay PAYMENT_HAS_FINAL_STATUS).
    case final
    /// The app stopped asking after `policies.appReinits` unanswered re-inits and told the
    /// customer the outcome is unknown; the customer opens the app again later, and it asks again.
    case toldUnknown
    /// A second pay of a payment already made (a double tap), refused to the duplicate only
    /// (ecommpay PAYMENT_ALREADY_EXIST); the first goes on.
    case secondPayRefused

    public var description: String {
        switch self {
        case .timeout: "timeouts"
        case .reinit: "reinits"
        case .inProgress: "found_in_progress"
        case .final: "found_final"
        case .toldUnknown: "customers_told_unknown"
        case .secondPayRefused: "second_pays_refused"
        }
    }
}

/// `AppRecoveryEvent` counts by system, in `PaymentSystem.allCases` order.
public struct AppRecoveryCounts: Sendable, Hashable {
    var counts = [UInt64](repeating: 0, count: PaymentSystem.allCases.count * AppRecoveryEvent.allCases.count)

    public subscript(system: PaymentSystem, event: AppRecoveryEvent) -> UInt64 {
        get { counts[system.index * AppRecoveryEvent.allCases.count + event.rawValue] }
        set { counts[system.index * AppRecoveryEvent.allCases.count + event.rawValue] = newValue }
    }

    mutating func count(_ event: AppRecoveryEvent, of system: PaymentSystem) { self[system, event] &+= 1 }

    /// Whether anything happened at the system's apps.
    public func any(of system: PaymentSystem) -> Bool { AppRecoveryEvent.allCases.contains { self[system, $0] > 0 } }
}
