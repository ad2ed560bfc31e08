/// A place in a JSON document: 1-based line and column.
///
/// Lines end at `\n`, at `\r\n` (one line break) or at a lone `\r`. The column counts Unicode
/// scalars from the start of the line, not bytes and not grapheme clusters: `"é"` written as one
/// scalar is one column, a tab is one column. In bytes that are not valid UTF-8, each byte that is
/// not a UTF-8 continuation byte (`0x80...0xBF`) counts as one column. A UTF-8 byte order mark at
/// the start of the document is skipped and takes no column.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `line 3, column 14`, the form every message uses.
    public var description: String { "line \(line), column \(column)" }
}

/// A JSON value and where it starts in its document.
///
/// Equality compares positions too: two nodes are equal only if they hold the same value at the
/// same place. Compare `value` to ignore positions of the node itself (nested nodes still carry
/// theirs).
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    /// The first character of the value: its `{`, `[`, `"`, `-`, first digit or first letter.
    public var position: SourcePosition

    public init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// One `"key": value` member of a JSON object, in the order it appears in the document.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    /// The opening `"` of the key.
    public var keyPosition: SourcePosition
    public var value: JSONNode

    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A JSON value as RFC 8259 defines it, keeping what a validator needs to point at mistakes.
///
/// - Numbers keep their source text next to the `Double`, so `1`, `1.0` and `1e0` stay
///   distinguishable (a validator can insist on an integer) and messages quote what was written.
///   Because of that, `.number(1, literal: "1") != .number(1, literal: "1.0")`.
/// - Objects are a list of members in document order, not a `Dictionary`: order is kept, so
///   reports and messages read the same on every run. The parser rejects duplicate keys, so a
///   key occurs at most once in a parsed object.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double, literal: String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

extension JSONNode {
    /// The value of `key` when this node is an object that has it; `nil` otherwise.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension JSONValue {
    /// What kind of value this is, with an article: `an object`, `a string`, `null`, `true`.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as a message's "found" part: numbers as written (`-5`), strings quoted
    /// (`"abc"`, shortened past 60 characters), containers by kind (`an object`, `an array`).
    public var summary: String {
        switch self {
        case .null, .bool, .array, .object: return kindDescription
        case .number(_, let literal): return shortened(literal)
        case .string(let text): return quotedForMessage(text)
        }
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let number, _) = self { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var arrayElements: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

/// `text` in double quotes, with `"`, `\` and control characters escaped as in JSON, and
/// shortened to about 60 scalars with `…`, so one bad value cannot flood a message.
package func quotedForMessage(_ text: String, limit: Int = 60) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u" + hex4(scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// An object key as a message shows it inside a field path: control characters escaped as in
/// JSON (so a key holding a line break cannot split a message), shortened like
/// ``quotedForMessage(_:limit:)``, no quotes.
package func keyForPath(_ key: String, limit: Int = 60) -> String {
    let quoted = quotedForMessage(key, limit: limit)
    return String(quoted.dropFirst().dropLast())
}

/// `text` cut to `limit` scalars with `…` appended when it was longer.
package func shortened(_ text: String, limit: Int = 60) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > limit else { return text }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars.prefix(limit))
    return String(result) + "…"
}

/// Four uppercase hex digits, zero-padded: `000A`, `D83D`.
package func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
