import Foundation
import SimulationKernel

/// Reads files of observed durations: one per line, or one column of a CSV, or a histogram.
///
/// The format, shared by `empirical(file: …)` in scenarios and by `paystorm fit`:
///
/// - One value a line: a duration with a unit (`"12.5ms"`, `"1.2s"`, as everywhere in a scenario)
///   or a plain number of milliseconds (`12.5`, `1.25e1`). Values are rounded to the nanosecond and
///   must be from 0 to 100 years.
/// - Blank lines and lines starting with `#` are skipped; `\r\n` line ends are fine.
/// - The first other line may be a header: cells that do not start with a digit, a sign or a
///   point, with at least one letter (`latency_ms`). Any later line that is not a value is an error
///   naming its line.
/// - Cells are separated by commas; spaces around a cell and double quotes around it are dropped.
/// - A histogram has lines `upper_bound_ms,count`: bins `(previous bound, bound]` with the number
///   of observations in each, the first bin starting at 0, bounds strictly increasing.
/// - At least 1 and at most ``maximumObservations`` observations.
public enum ObservationFile {
    /// The most observations a file may hold (a histogram's counts added up, or its bins).
    public static let maximumObservations = 10_000_000

    /// What a value cell must be, for messages.
    static let valueForm = "a duration such as \"250ms\" or a number of milliseconds such as \"12.5\""

    /// The bytes of the file at `path`; `file` names it in messages.
    public static func contents(of path: String, shownAs file: String) throws(ObservationFileError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw ObservationFileError(
                file: file, line: nil, expected: "a readable file of observed durations",
                found: exists ? (isDirectory.boolValue ? "a directory" : "a file that cannot be read") : "no such file",
                hint: exists || path == file ? nil : "looked for \(path)", unreadable: true)
        }
        return [UInt8](data)
    }

    /// The durations in `column` of the file, in nanoseconds, in file order; at most `limit` of them.
    public static func durations(in bytes: [UInt8], file: String, column: DurationColumn = .sole,
                                 limit: Int = maximumObservations) throws(ObservationFileError) -> [Int64] {
        var values: [Int64] = []
        var header: [String]?
        var index: Int?  // The column's 0-based index, once known.
        var sawData = false
        var failure: ObservationFileError?
        forEachLine(of: bytes) { number, line in
            // The common line of a long log, a plain number of milliseconds in a one-column file,
            // is read straight from its bytes: ten times faster than through Strings, same value.
            if index == 0, column == .sole, let nanoseconds = plainMilliseconds(line) {
                guard values.count < limit else {
                    failure = tooMany(file: file, line: number, limit: limit)
                    return false
                }
                values.append(nanoseconds)
                return true
            }
            let cells = cells(of: line)
            if !sawData && header == nil {
                if case .named(let name) = column {
                    guard let position = cells.firstIndex(of: name) else {
                        failure = ObservationFileError(
                            file: file, line: number, expected: "a header line naming the column \"\(name)\"",
                            found: quotedForMessage(cells.joined(separator: ",")),
                            hint: columnsHint(cells, header: looksLikeHeader(cells)))
                        return false
                    }
                    header = cells
                    index = position
                    return true
                }
                if looksLikeHeader(cells) {
                    header = cells
                    return true
                }
            }
            sawData = true
            if index == nil {
                switch column {
                case .sole:
                    guard cells.count == 1 else {
                        failure = ObservationFileError(
                            file: file, line: number, expected: "one duration per line",
                            found: "\(cells.count) comma-separated values", hint: columnsHint(header ?? cells, header: header != nil))
                        return false
                    }
                    index = 0
                case .number(let wanted):
                    index = wanted - 1
                case .named:
                    break  // Resolved from the header above.
                }
            }
            let position = index ?? 0
            guard position < cells.count else {
                failure = ObservationFileError(
                    file: file, line: number, expected: "a value in column \(position + 1)",
                    found: cells.count == 1 ? "1 column" : "\(cells.count) columns", hint: columnsHint(header ?? cells, header: header != nil))
                return false
            }
            guard values.count < limit else {
                failure = tooMany(file: file, line: number, limit: limit)
                return false
            }
            do throws(QuantityError) {
                values.append(try value(cells[position]))
            } catch {
                failure = ObservationFileError(file: file, line: number, expected: error.expected, found: error.found, hint: error.hint)
                return false
            }
            return true
        }
        if let failure { throw failure }
        guard !values.isEmpty else {
            throw ObservationFileError(file: file, line: nil, expected: "at least one observed duration",
                                       found: header == nil ? "none" : "only a header")
        }
        return values
    }

    /// A histogram's bin upper bounds (nanoseconds, increasing) and counts.
    public static func histogram(in bytes: [UInt8], file: String) throws(ObservationFileError) -> (upperBounds: [Int64], counts: [UInt64]) {
        var bounds: [Int64] = []
        var counts: [UInt64] = []
        var total: UInt64 = 0
        var sawLine = false
        var failure: ObservationFileError?
        let form = "a line upper_bound_ms,count, such as \"40,1250\""
        forEachLine(of: bytes) { number, line in
            let cells = cells(of: line)
            defer { sawLine = true }
            if !sawLine && looksLikeHeader(cells) { return true }
            guard cells.count == 2 else {
                failure = ObservationFileError(file: file, line: number, expected: form,
                                               found: quotedForMessage(cells.joined(separator: ",")))
                return false
            }
            let bound: Int64
            do throws(QuantityError) {
                bound = try value(cells[0])
            } catch {
                failure = ObservationFileError(file: file, line: number, expected: "the upper bound to be " + error.expected,
                                               found: error.found, hint: error.hint)
                return false
            }
            if let previous = bounds.last, bound <= previous {
                failure = ObservationFileError(
                    file: file, line: number,
                    expected: "an upper bound above the previous one (\(SimDuration(nanoseconds: previous)))",
                    found: quotedForMessage(cells[0]), hint: "bins go in increasing order, each bound once")
                return false
            }
            guard cells[1].unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), !cells[1].isEmpty,
                  let count = UInt64(cells[1]), count <= UInt64(maximumObservations) else {
                failure = ObservationFileError(file: file, line: number,
                                               expected: "the count to be a whole number from 0 to 10,000,000",
                                               found: quotedForMessage(cells[1]))
                return false
            }
            total += count
            guard total <= UInt64(maximumObservations), bounds.count < maximumObservations else {
                failure = tooMany(file: file, line: number, limit: maximumObservations, histogram: true)
                return false
            }
            bounds.append(bound)
            counts.append(count)
            return true
        }
        if let failure { throw failure }
        guard total > 0 else {
            throw ObservationFileError(file: file, line: nil, expected: "at least one observation in the histogram's counts",
                                       found: bounds.isEmpty ? "no bins" : "only zeros")
        }
        return (bounds, counts)
    }

    private static func tooMany(file: String, line: Int, limit: Int, histogram: Bool = false) -> ObservationFileError {
        ObservationFileError(file: file, line: line, expected: "at most \(grouped(limit)) observations", found: "more",
                             hint: histogram ? nil : "sample the log, or count it into a histogram (histogram: true)")
    }

    /// `10,000,000`.
    static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }

    /// How a hint listing a file's columns starts.
    public static let columnsHintPrefix = "choose one of its columns: "

    /// `choose one of its columns: 1 "time", 2 "latency_ms"`, for a file with more than one.
    private static func columnsHint(_ cells: [String], header: Bool) -> String? {
        guard cells.count > 1 else { return nil }
        let listed = cells.prefix(8).enumerated().map { header ? "\($0.offset + 1) \"\($0.element)\"" : "\($0.offset + 1)" }
        return columnsHintPrefix + listed.joined(separator: ", ") + (cells.count > 8 ? ", …" : "")
    }

    /// A header line: no cell starts like a number, and some cell has a letter.
    static func looksLikeHeader(_ cells: [String]) -> Bool {
        let numberStart: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) || $0 == "-" || $0 == "+" || $0 == "." }
        return cells.allSatisfy { !($0.unicodeScalars.first.map(numberStart) ?? false) }
            && cells.contains { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
    }

    /// Calls `body` with each line's number and its bytes without surrounding spaces, tabs and
    /// `\r`, skipping blank and `#` lines, until it returns false.
    private static func forEachLine(of bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Bool) {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        var number = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            number += 1
            var line = bytes[start..<end]
            start = end + 1
            while let first = line.first, isSpace(first) { line = line.dropFirst() }
            while let last = line.last, isSpace(last) { line = line.dropLast() }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            if !body(number, line) { return }
        }
    }

    /// A line's comma-separated cells, each without surrounding spaces or double quotes.
    private static func cells(of line: ArraySlice<UInt8>) -> [String] {
        String(decoding: line, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map { cell in
            var text = Quantities.trimmingSpaces(cell)
            if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
            return String(text)
        }
    }

    /// `12.5` as nanoseconds when the line is only digits with at most six decimals (so the value
    /// is exact, as `value` would give it) and at most 100 years; nil for anything else, which
    /// `value` then reads or reports.
    static func plainMilliseconds(_ line: ArraySlice<UInt8>) -> Int64? {
        let zero = UInt8(ascii: "0")
        var index = line.startIndex
        var whole: Int64 = 0
        var digits = 0
        while index < line.endIndex, line[index] &- zero < 10 {
            guard digits < 12 else { return nil }
            whole = whole * 10 + Int64(line[index] &- zero)
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        var fraction: Int64 = 0
        var scale: Int64 = 1_000_000
        if index < line.endIndex, line[index] == UInt8(ascii: ".") {
            index += 1
            let first = index
            while index < line.endIndex, line[index] &- zero < 10 {
                guard scale > 1 else { return nil }
                scale /= 10
                fraction = fraction * 10 + Int64(line[index] &- zero)
                index += 1
            }
            guard index > first else { return nil }
        }
        guard index == line.endIndex else { return nil }
        let nanoseconds = whole * 1_000_000 + fraction * scale
        return nanoseconds <= Quantities.maximumDuration.nanoseconds ? nanoseconds : nil
    }

    /// One value cell in nanoseconds: a duration with a unit, or a plain number of milliseconds.
    static func value(_ cell: String) throws(QuantityError) -> Int64 {
        let scalars = cell.unicodeScalars
        let isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        // Digits with an optional fraction: milliseconds, converted exactly by the duration parser.
        if let first = scalars.first, isDigit(first), scalars.allSatisfy({ isDigit($0) || $0 == "." }),
           scalars.filter({ $0 == "." }).count <= 1 {
            if case .success(let duration) = Quantities.parseDuration(cell + "ms") { return duration.nanoseconds }
            if case .failure(.tooLong) = Quantities.parseDuration(cell + "ms") {
                throw QuantityError(expected: "a duration of at most 100 years", found: quotedForMessage(cell))
            }
        }
        // A sign or an exponent: still milliseconds, through a Double.
        if let number = Quantities.parseNumber(cell[...]) {
            guard number >= 0 else {
                throw QuantityError(expected: "a duration that is not negative", found: quotedForMessage(cell))
            }
            let nanoseconds = (number * 1e6).rounded()
            guard nanoseconds <= Double(Quantities.maximumDuration.nanoseconds) else {
                throw QuantityError(expected: "a duration of at most 100 years", found: quotedForMessage(cell))
            }
            return Int64(nanoseconds)
        }
        switch Quantities.parseDuration(cell) {
        case .success(let duration):
            return duration.nanoseconds
        case .failure(.malformed), .failure(.missingUnit):
            throw QuantityError(expected: valueForm, found: quotedForMessage(cell))
        case .failure(let problem):
            throw problem.error(text: cell, role: nil)
        }
    }
}
