extension DistributionSyntax {
    /// `empirical(file: "times/gateway.csv")`, `empirical(file: "h.csv", histogram: true)` or
    /// `empirical(file: "log.csv", column: latency_ms)`. The path may be written without quotes
    /// when it has no comma or parenthesis (quotes inside a JSON string need escaping).
    static func parseEmpirical(_ arguments: [Substring], formError: QuantityError) throws(QuantityError) -> DistributionSpec {
        guard (1...2).contains(arguments.count), let fileText = value(arguments[0], labelled: "file") else {
            throw formError
        }
        let file = unquoted(fileText)
        guard !file.isEmpty, !file.contains("\"") else {
            throw QuantityError(expected: "the file to be a path such as \"times/gateway.csv\"",
                                found: quotedForMessage(String(fileText)))
        }
        guard arguments.count == 2 else { return .empirical(file: String(file), histogram: false, column: .sole) }
        if let flag = value(arguments[1], labelled: "histogram") {
            guard flag == "true" || flag == "false" else {
                throw QuantityError(expected: "histogram to be true or false", found: quotedForMessage(String(flag)))
            }
            return .empirical(file: String(file), histogram: flag == "true", column: .sole)
        }
        if let columnText = value(arguments[1], labelled: "column") {
            return .empirical(file: String(file), histogram: false, column: try column(columnText))
        }
        throw formError
    }

    /// `2` is the second column; anything else not empty is a header name (quotes optional).
    static func column(_ text: Substring) throws(QuantityError) -> DurationColumn {
        let expected = "column to be a column number from 1 to 1000, or a name from the header line"
        if let first = text.first, first.isNumber || first == "-" || first == "+" {
            guard let number = Int(text), (1...1000).contains(number) else {
                throw QuantityError(expected: expected, found: quotedForMessage(String(text)))
            }
            return .number(number)
        }
        let name = unquoted(text)
        guard !name.isEmpty, !name.contains("\"") else {
            throw QuantityError(expected: expected, found: quotedForMessage(String(text)))
        }
        return .named(String(name))
    }

    /// `"a b"` → `a b`; text without surrounding quotes as it is.
    static func unquoted(_ text: Substring) -> Substring {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return text.dropFirst().dropLast()
    }
}
