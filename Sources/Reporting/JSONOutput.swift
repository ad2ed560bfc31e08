/// A JSON value to write, with object keys kept in the order given, so a summary reads the same
/// on every run and diffs cleanly.
public indirect enum JSONOutput: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    /// Written in the shortest form that reads back to the same value; non-finite values as null.
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.serialized() == b.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// The text, pretty-printed with two-space indents, or on one line.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .unsigned(let value): out += String(value)
        case .number(let value): out += value.isFinite ? JSONOutput.format(value) : "null"
        case .string(let value): JSONOutput.quote(value, into: &out)
        case .array(let items):
            writeContainer(items.map { (nil as String?, $0) }, open: "[", close: "]", into: &out, indent: indent)
        case .object(let members):
            writeContainer(members.map { (Optional($0.0), $0.1) }, open: "{", close: "}", into: &out, indent: indent)
        }
    }

    private func writeContainer(_ items: [(String?, JSONOutput)], open: String, close: String,
                                into out: inout String, indent: Int?) {
        guard !items.isEmpty else {
            out += open + close
            return
        }
        out += open
        for (index, (key, value)) in items.enumerated() {
            if index > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
            if let key {
                JSONOutput.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
            }
            value.write(into: &out, indent: indent.map { $0 + 1 })
        }
        if let indent { out += "\n" + String(repeating: "  ", count: indent) }
        out += close
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
