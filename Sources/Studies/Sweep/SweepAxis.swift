import Foundation
import Reporting
import Scenarios

extension SweepPlan.Axis {
    /// The most values one `--vary` axis may have.
    public static let maximumValues = 10_000

    /// `path=from..to:step` (inclusive) or `path=a,b,c`. A range is counted before it is built, so
    /// `1e300..1e300:1` is one value, and a step too small to move its numbers is refused.
    public init(parsing text: String) throws(InputError) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw InputError("paystorm sweep: --vary: expected PATH=FROM..TO:STEP or PATH=A,B,C, found \"\(Self.shown(text))\"")
        }
        // `workload.rate =60` names the same field as `workload.rate=60`.
        let path = text[..<equals].trimmingCharacters(in: .whitespaces)
        let spec = String(text[text.index(after: equals)...])
        if spec.contains("..") {
            self.init(path: path, values: try Self.range(spec, path: path))
            return
        }
        let values = spec.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty, values.allSatisfy({ !$0.isEmpty }), values.count <= Self.maximumValues else {
            throw InputError("paystorm sweep: --vary \(path): expected FROM..TO:STEP or a list A,B,C of at most 10,000 values, "
                             + "none empty, found \"\(Self.shown(spec))\"")
        }
        self.init(path: path, values: values)
    }

    private static func range(_ spec: String, path: String) throws(InputError) -> [String] {
        let expected = "expected FROM..TO:STEP with FROM <= TO, STEP > 0 and at most 10,000 values, found \"\(shown(spec))\""
        guard let dots = spec.range(of: "..") else { throw InputError("paystorm sweep: --vary \(path): \(expected)") }
        let rest = spec[dots.upperBound...].split(separator: ":", maxSplits: 1)
        guard let from = Double(spec[..<dots.lowerBound]), let to = rest.first.flatMap({ Double($0) }), rest.count == 2,
              let step = Double(rest[1]), from.isFinite, to.isFinite, step.isFinite, step > 0, from <= to else {
            throw InputError("paystorm sweep: --vary \(path): \(expected)")
        }
        // The count comes first, from arithmetic: nothing is built for a range past the limit.
        let steps = ((to - from) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps < Double(maximumValues) else { throw InputError("paystorm sweep: --vary \(path): \(expected)") }
        let count = Int(steps) + 1
        let values = (0..<count).map { number(from + Double($0) * step) }
        if count > 1 && Set(values).count < count {
            throw InputError("paystorm sweep: --vary \(path): STEP \(rest[1]) is too small to tell the values from \(number(from)) "
                             + "to \(number(to)) apart; use a larger STEP")
        }
        return values
    }

    /// A number as the shortest text that reads back the same: 50, 62.5.
    public static func number(_ value: Double) -> String {
        let rounded = (value * 1e9).rounded() / 1e9
        let shown = rounded.isFinite ? rounded : value
        return shown == shown.rounded() && abs(shown) < 1e15 ? String(Int64(shown)) : "\(shown)"
    }

    /// A value as an error message shows it: whole when short, else its first 60 characters.
    public static func shown(_ text: String) -> String { text.count <= 80 ? text : String(text.prefix(60)) + "… (\(text.count) characters)" }
}
