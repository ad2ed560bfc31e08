/// A document that is not JSON: where, what the parser expected there, and what it found.
///
/// Messages have three parts so they slot into a `ScenarioError` unchanged:
/// `line 3, column 14: expected ',' or '}' after an object member, found '"'`.
/// `found` is `end of input` when the document stops early, a quoted character such as `'"'`,
/// a quoted word such as `'NaN'`, `control character U+0009`, or `invalid UTF-8 byte 0xFF`.
/// `hint`, when present, says what probably went wrong (`JSON does not allow a trailing comma`).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var position: SourcePosition
    public var expected: String
    public var found: String
    public var hint: String?

    public init(position: SourcePosition, expected: String, found: String, hint: String? = nil) {
        self.position = position
        self.expected = expected
        self.found = found
        self.hint = hint
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    /// `expected …, found …` and the hint in parentheses, without the position.
    public var message: String {
        "expected \(expected), found \(found)" + (hint.map { " (\($0))" } ?? "")
    }

    /// `line 3, column 14: expected ',' or '}' after an object member, found '"'`.
    public var description: String { "\(position): \(message)" }
}
