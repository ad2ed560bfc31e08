import PaymentWorld

extension Violation {
    /// Where and when it broke, and what happened, without the invariant's name:
    /// `payment#12.1  t=00:00:00.240: card#171 is not usable but was approved`.
    package var whereAndWhat: String { "\(subject)  t=\(time): \(detail)" }
}
