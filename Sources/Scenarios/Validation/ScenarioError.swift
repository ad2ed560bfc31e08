/// One problem in a scenario file: the file, where in it, what was expected and what was found.
///
/// ```swift
/// let error = ScenarioError(file: "scenarios/peak.json", fieldPath: "workload.rate",
///                           expected: "a positive number (payments per second)", found: "-5")
/// #expect(error.description
///     == "scenarios/peak.json: workload.rate: expected a positive number (payments per second), found -5")
/// ```
///
/// A syntax error uses its position as the field path, so both kinds read alike:
/// `scenarios/x.json: line 3, column 14: expected ',' or '}' after an object member, found '"'`.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String  // "scenarios/peak.json"
    public let fieldPath: String  // "workload.rate", or "line 3, column 14" for a syntax error
    public let expected: String  // "a positive number (payments per second)"
    public let found: String  // "-5"
    public var hint: String? = nil  // "did you mean \"rate\"?"

    public init(file: String, fieldPath: String, expected: String, found: String, hint: String? = nil) {
        self.file = file
        self.fieldPath = fieldPath
        self.expected = expected
        self.found = found
        self.hint = hint
    }

    /// The error for a file that is not JSON, placed at the syntax error's line and column.
    public init(file: String, syntaxError: JSONSyntaxError) {
        self.init(
            file: file, fieldPath: syntaxError.position.description, expected: syntaxError.expected,
            found: syntaxError.found, hint: syntaxError.hint)
    }

    /// The error for a bad string value at `fieldPath`, as a quantity parser described it.
    public init(file: String, fieldPath: String, quantityError: QuantityError) {
        self.init(
            file: file, fieldPath: fieldPath, expected: quantityError.expected, found: quantityError.found,
            hint: quantityError.hint)
    }

    public var description: String {
        "\(file): \(fieldPath): expected \(expected), found \(found)" + (hint.map { " (\($0))" } ?? "")
    }
}

/// Every problem validation found, in the order found: validation reports all of them at once.
public struct ScenarioErrors: Error, Sendable, Hashable, CustomStringConvertible {
    public var errors: [ScenarioError]

    public init(_ errors: [ScenarioError]) {
        self.errors = errors
    }

    /// The most problems printed: past it, a count. A value with thousands of wrong fields is one
    /// mistake, and its message should not run to megabytes.
    public static let shownProblems = 100

    /// One error per line, no trailing newline.
    public var description: String {
        let shown = errors.prefix(Self.shownProblems).map(\.description)
        let more = errors.count - shown.count
        return (shown + (more > 0 ? ["… and \(more) more problems like these; fix these first"] : [])).joined(separator: "\n")
    }
}
