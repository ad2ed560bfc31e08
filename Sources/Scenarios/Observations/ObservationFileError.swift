/// A problem in a file of observed durations: the file, the line, what was expected, what was found.
///
/// `paystorm fit` prints it as it is (`times.csv line 7: expected …, found "abc"`); a scenario's
/// `empirical(file: …)` wraps it into a ``ScenarioError`` for the field that named the file.
public struct ObservationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user wrote it.
    public var file: String
    /// The 1-based line, or nil for a problem with the whole file (missing, empty).
    public var line: Int?
    public var expected: String
    public var found: String
    public var hint: String?
    /// The file itself could not be read (missing, a directory): no line, nothing inside it.
    public var unreadable: Bool

    public init(file: String, line: Int?, expected: String, found: String, hint: String? = nil, unreadable: Bool = false) {
        self.file = file
        self.line = line
        self.expected = expected
        self.found = found
        self.hint = hint
        self.unreadable = unreadable
    }

    /// `times.csv line 7`, or `times.csv`.
    public var place: String { file + (line.map { " line \($0)" } ?? "") }

    /// What was expected, saying where, for a message that names another file and field first
    /// (`scenario.json: network.latency: expected …`): `a duration … in times.csv line 7`, or
    /// `times.csv to be a readable file of observed durations`.
    public var expectedWithPlace: String {
        unreadable ? "\(file) to be \(expected)" : "\(expected) in \(place)"
    }

    /// `times.csv line 7: expected a duration such as "250ms" …, found "abc"`.
    public var description: String {
        "\(place): expected \(expected), found \(found)" + (hint.map { " (\($0))" } ?? "")
    }
}

/// Which column of a file holds the durations.
public enum DurationColumn: Sendable, Hashable, CustomStringConvertible {
    /// The file has one column (the default): a line with a comma in it is an error.
    case sole
    /// The `n`th comma-separated column, counting from 1.
    case number(Int)
    /// The column whose header cell is this name; the file must start with a header line.
    case named(String)

    /// `2` or `"latency_ms"`, as the `column:` argument and `--column` write it.
    public var description: String {
        switch self {
        case .sole: return "1"
        case .number(let number): return "\(number)"
        case .named(let name): return "\"\(name)\""
        }
    }
}
