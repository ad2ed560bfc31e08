import PaymentWorld

// The one place this module reads a `Violation` beyond its invariant, claim and kind. How a
// violation names its lifecycle belongs to the world (it is about to become a typed ID), so the
// text here is cut from the world's own `description` rather than rebuilt from raw fields.

extension Violation {
    /// Where and when it broke, and what happened, without the invariant's name:
    /// `payment#12.1  t=00:00:00.240: card#171 is not usable but was approved`.
    package var whereAndWhat: String {
        let text = description
        let name = "\(invariant) \(claim)"
        guard text.hasPrefix(name) else { return text }
        return String(text.dropFirst(name.count).drop { $0 == " " })
    }

    /// The trace subject of the lifecycle it names: what a trace record of that lifecycle
    /// carries in its `subject` field.
    package var traceSubject: UInt64 { lifecycle }
}
