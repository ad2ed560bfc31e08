/// The state and event enums of the lifecycles, read from their source text: the names of their
/// cases in declaration order, which is all the generated conformances need.
///
/// The reading is deliberately narrow, to match how the lifecycle files are written (one enum per
/// declaration, cases at the top level of its body):
/// - an enum is `public enum NAME`, optionally `: …` conformances, then `{`, and its body runs
///   to the first line that starts with `}`, the declaration's closing brace at column 0;
/// - its cases are the body's lines that start with exactly four spaces and `case `; one line may
///   declare several, separated by commas outside parentheses (commas inside belong to associated
///   values), and a `//` comment at the end of the line is not part of any;
/// - a case's name is the identifier that starts its item, before any `(` or `=`.
///
/// Only enums named `…State` or `…Event` are kept. Cases nested deeper (in a method's `switch`,
/// in a nested type) are indented further and ignored.
struct LifecycleEnums {
    /// Case names by enum name.
    private(set) var cases: [String: [String]] = [:]
    /// The file each enum came from, to name both files when a name is declared twice.
    private var files: [String: String] = [:]

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the enums of one file.
    ///
    /// - Throws: `ReadError` for a case item with no name, or an enum declared in two files.
    mutating func read(_ text: String, file: String) throws {
        let declaration = try Regex(#"public enum (\w+)\s*(?::[^{]*)?\{(.*?)\n\}"#).dotMatchesNewlines()
        for match in text.matches(of: declaration) {
            guard let name = match.output[1].substring.map(String.init),
                  let body = match.output[2].substring,
                  name.hasSuffix("State") || name.hasSuffix("Event") else { continue }
            if let earlier = files[name] {
                throw ReadError(description: "\(file): enum \(name) is also declared in \(earlier)")
            }
            files[name] = file
            cases[name] = try body.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                try Self.caseNames(onLine: line, of: name, in: file)
            }
        }
    }

    /// The names a `case` line declares, or none if the line is not a case line of the body.
    static func caseNames(onLine line: Substring, of name: String, in file: String) throws -> [String] {
        guard line.hasPrefix("    case ") else { return [] }
        var code = line.dropFirst("    case ".count)
        if let comment = code.firstRange(of: "//") { code = code[..<comment.lowerBound] }
        return try topLevelItems(code).map { item in
            let identifier = item.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard let first = identifier.first, !first.isNumber else {
                throw ReadError(description: "\(file): enum \(name): no case name in \"\(line)\"")
            }
            return String(identifier)
        }
    }

    /// `code` split at the commas outside parentheses.
    static func topLevelItems(_ code: Substring) -> [Substring] {
        var items: [Substring] = []
        var depth = 0
        var start = code.startIndex
        for index in code.indices {
            switch code[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                items.append(code[start..<index])
                start = code.index(after: index)
            default: break
            }
        }
        items.append(code[start...])
        return items
    }

    /// Every lifecycle: a `…State` enum with an `…Event` enum of the same stem, sorted by name, so
    /// a lifecycle's coverage slot does not depend on the order the files were read in.
    var lifecycles: [(state: String, event: String)] {
        cases.keys.filter { $0.hasSuffix("State") }.sorted().compactMap { state in
            let event = String(state.dropLast("State".count)) + "Event"
            return cases[event] == nil ? nil : (state, event)
        }
    }
}
