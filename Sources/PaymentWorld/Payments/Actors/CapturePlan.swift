/// How a merchant captures an authorization: LC-02's capture modes as the merchant uses them.
enum CapturePlan: Hashable {
    /// One capture of the whole amount (single mode, the default).
    case inOne
    /// The order ships in `parts`: each part but the last a partial capture, the last a final
    /// capture of the rest, which releases whatever the parts did not take (multi mode).
    case inParts(Int)
    /// The platform captures the whole amount by itself on the capture day; the merchant only
    /// asks if it has not heard by then (automatic mode: Sips AUTHOR_CAPTURE, ecommpay auto-capture).
    case automatic

    static let mostParts = 3

    var mode: CaptureMode {
        switch self {
        case .inOne: .single
        case .inParts: .multi
        case .automatic: .automatic
        }
    }

    /// How many captures the merchant waits for.
    var captures: Int {
        if case .inParts(let parts) = self { return parts }
        return 1
    }

    /// Whether capture `number` is a multi-capture authorization's final one.
    func isFinal(_ number: Int) -> Bool {
        if case .inParts(let parts) = self { return number == parts }
        return false
    }

    /// What capture `number` (from 1) takes of `total`: equal parts, the last with the remainder.
    func amount(ofCapture number: Int, total: Int64) -> Int64 {
        let parts = Int64(captures)
        let part = total / parts
        return number == captures ? total - part * (parts - 1) : part
    }
}
