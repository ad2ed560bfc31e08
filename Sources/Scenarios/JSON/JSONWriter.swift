extension JSONNode {
    /// The value as JSON text: objects keep their member order, numbers their literal as written
    /// (`1`, `0.25`, `1e3`), strings are escaped as RFC 8259 requires. Pretty output indents by
    /// two spaces and keeps arrays of scalars on one line, like the shipped scenario files.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        value.write(into: &out, indent: pretty ? 0 : nil)
        return out
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    fileprivate func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(_, let literal): out += literal
        case .string(let text): JSONValue.quote(text, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { return out += "[]" }
            // Short lists of scalars (`"between": ["gateway", "acs"]`) stay on one line.
            let inline = indent == nil || elements.allSatisfy(\.value.isScalar)
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += inline && indent != nil ? ", " : "," }
                if !inline, let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                element.value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if !inline, let indent { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.quote(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                member.value.value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    fileprivate static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
