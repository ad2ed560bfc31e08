import Exploration
import Foundation
import Reporting
import Scenarios
import Studies

/// `paystorm fit FILE [--column N|NAME] [--out DIR]`: proposes a distribution string for a column
/// of observed durations, with how well each family fits.
enum FitCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "column", valueName: "N|NAME",
                 help: "the column holding the durations: a number from 1, or a header name (default: the file's only column)"),
        FlagSpec(name: "out", valueName: "DIR", help: "also write fit.json and report.html (the CDF plot) there"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "fit", synopsis: "FILE [--column N|NAME] [--out DIR]",
        summary: "Fits exponential, lognormal, gamma, Weibull and Pareto distributions to observed durations by\n"
            + "maximum likelihood, ranks them (BIC) with each one's Kolmogorov-Smirnov D, p-value and Anderson-Darling A²,\n"
            + "and prints the best as a distribution string for a scenario, with the empirical(file: ...) line that\n"
            + "replays the file exactly.",
        specs: specs,
        notes: ["FILE: one duration a line (\"12.5ms\", or a number of milliseconds), or a CSV column; a header line",
                "and # comments are allowed. At least \(DistributionFit.minimumObservations) observations. See docs/fit.md.",
                "exit status: 0 fitted, 64 bad input"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "fit", positionals: true)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard parsed.positionals.count == 1, let file = parsed.positionals.first else {
            throw UsageError("paystorm fit: expected one file of observed durations, found \(parsed.positionals.count); "
                             + "see paystorm fit --help")
        }
        let column = try self.column(parsed.value("column"))
        let observations: [Int64]
        do {
            let bytes = try ObservationFile.contents(of: file, shownAs: file)
            observations = try ObservationFile.durations(in: bytes, file: file, column: column)
        } catch {
            var problem = error
            // The reader suggests a column in words; here the way to choose one is the flag.
            if let hint = problem.hint, hint.hasPrefix(ObservationFile.columnsHintPrefix) {
                problem.hint = "choose one with --column: " + hint.dropFirst(ObservationFile.columnsHintPrefix.count)
            }
            throw UsageError("paystorm fit: \(problem)")
        }
        guard observations.count >= DistributionFit.minimumObservations else {
            throw UsageError("paystorm fit: \(file): expected at least \(DistributionFit.minimumObservations) observed "
                             + "durations to fit, found \(observations.count) (\(exactLine(file: file, column: column)) "
                             + "replays them as they are)")
        }
        // Claimed after the file is read: bad input leaves no directory behind.
        if let directory = parsed.value("out") { try OutputDirectory.claim(directory, command: "fit") }
        let fit = DistributionFit(observations: observations)
        let exact = exactLine(file: file, column: column)
        output.out(FitText.render(fit, file: file, column: column, exact: exact))
        guard let directory = parsed.value("out") else { return .passed }
        let command = (["paystorm", "fit"] + arguments).map(shellQuoted).joined(separator: " ")
        let paths: [String]
        do {
            paths = try ResultSet.write([("fit.json", FitOutputs.json(fit, file: file, column: column, exact: exact).serialized() + "\n"),
                                         ("report.html", FitOutputs.html(fit, file: file, exact: exact, command: command))],
                                        into: directory, command: command, identity: [("observations", .integer(Int64(fit.sorted.count)))])
        } catch {
            output.err("paystorm fit: \(error)")
            return .ioError
        }
        output.out("files: " + paths.joined(separator: ", "))
        return .passed
    }

    /// `--column`: a number from 1 to 1,000, or a header name.
    static func column(_ text: String?) throws(UsageError) -> DurationColumn {
        guard let text else { return .sole }
        guard !text.isEmpty else {
            throw UsageError("paystorm fit: --column: expected a column number from 1 or a header name, found an empty string")
        }
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first) || first == "-" || first == "+" {
            guard let number = Int(text), (1...1_000).contains(number) else {
                throw UsageError("paystorm fit: --column: expected a column number from 1 to 1,000 or a header name, found \"\(text)\"")
            }
            return .number(number)
        }
        return .named(text)
    }

    /// The `empirical(…)` string that replays `file`: its path unquoted when the syntax allows,
    /// so that it pastes into a JSON string without escapes.
    static func exactLine(file: String, column: DurationColumn) -> String {
        let bare = !file.contains { ",()\"\\".contains($0) } && file.trimmingCharacters(in: .whitespaces) == file
        var text = "empirical(file: " + (bare ? file : "\"\(file)\"")
        switch column {
        case .sole: break
        case .number(let number): text += ", column: \(number)"
        case .named(let name): text += ", column: " + (name.contains { ",()\"".contains($0) } ? "\"\(name)\"" : name)
        }
        return text + ")"
    }
}
