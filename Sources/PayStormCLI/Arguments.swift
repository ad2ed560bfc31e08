import Exploration
import Foundation
import Reporting
import Scenarios
import Studies

/// One flag a command accepts.
struct FlagSpec {
    var name: String
    /// The placeholder for its value in help (`N`, `FILE`), or nil for a switch.
    var valueName: String?
    var help: String
    var repeatable = false
}

extension FlagSpec {
    /// The scheduling flags, as every command that runs a simulation accepts them.
    static let scheduling = SchedulingOptions.flags.map { FlagSpec(name: $0.name, valueName: $0.valueName, help: $0.help) }
}

/// Flags and positionals as given, checked against a command's specs.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The scheduling flags given to `command`, checked.
    func schedulingOptions(command: String) throws(UsageError) -> SchedulingOptions {
        do {
            return try SchedulingOptions(flagValue: value)
        } catch {
            throw UsageError("paystorm \(command): \(error)")
        }
    }

    /// `--seed`, or nil when absent; hexadecimal with `0x`.
    /// `--scenario FILE`, which the command requires.
    func scenarioFile(command: String) throws(UsageError) -> String {
        guard let file = value("scenario") else { throw UsageError("paystorm \(command): --scenario FILE is required") }
        return file
    }

    /// The scenario in `file` with this command line's `--set` overrides; nil once its problems
    /// are printed, and the command exits 64.
    func loadScenario(_ file: String, output: inout Output) -> Scenario? {
        do {
            return try ScenarioLoader.load(file: file, overrides: all("set"))
        } catch {
            output.err(error.description)
            return nil
        }
    }

    func seed(command: String) throws(UsageError) -> UInt64? {
        guard let text = value("seed") else { return nil }
        guard let seed = parseSeed(text) else {
            throw UsageError("paystorm \(command): --seed: expected a whole number from 0 to 18446744073709551615, found \"\(text)\"")
        }
        return seed
    }

    /// A whole-number flag within `range`, or `value` when absent.
    func wholeNumber(_ name: String, command: String, default value: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = self.value(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("paystorm \(command): --\(name): expected a whole number from \(SummaryTable.grouped(UInt64(range.lowerBound))) to "
                             + "\(SummaryTable.grouped(UInt64(range.upperBound))), found \"\(text)\"")
        }
        return number
    }

    /// `--shard I/N`, or `--shard auto` read from a Kubernetes Indexed Job or a Slurm array in
    /// `environment` (``ClusterShard``), or nil when absent. `source` names the variables `auto` read.
    func shard(command: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError) -> (index: Int, count: Int, source: String?)? {
        guard let text = value("shard") else { return nil }
        if text == "auto" {
            do {
                let shard = try ClusterShard(environment: environment)
                return (shard.index, shard.count, shard.source)
            } catch {
                throw UsageError("paystorm \(command): --shard auto: \(error)")
            }
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, index >= 0, index < count else {
            throw UsageError("paystorm \(command): --shard: expected I/N with 0 <= I < N, such as 0/3, or auto "
                             + "(from a Kubernetes Indexed Job or a Slurm array), found \"\(text)\"")
        }
        return (index, count, nil)
    }

    /// Parses `arguments` (without the command name). Accepts `--flag value` and `--flag=value`;
    /// everything after `--` is positional.
    static func parse(_ arguments: [String], specs: [FlagSpec], command: String,
                      positionals allowed: Bool) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                guard allowed else {
                    throw UsageError("paystorm \(command): unexpected argument \"\(argument)\"; see paystorm \(command) --help")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = specs.first(where: { "--" + $0.name == name }) else {
                throw unknownFlag(name, specs: specs, command: command)
            }
            let value = try flagValue(spec, name: name, inline: inlineValue, arguments: arguments, index: &index, command: command)
            // A switch given twice means what it means once; a value given twice is ambiguous.
            if !spec.repeatable && spec.valueName != nil && parsed.values[spec.name] != nil {
                throw UsageError("paystorm \(command): \(name) given twice; it takes one value")
            }
            // Each repeat is a field to apply and check: a bound keeps a runaway script's flags cheap to refuse.
            if spec.repeatable && parsed.values[spec.name]?.count ?? 0 >= maximumRepeats {
                throw UsageError("paystorm \(command): \(name) given more than \(maximumRepeats) times; put the fields in a "
                                 + "scenario file instead")
            }
            parsed.values[spec.name, default: []].append(value)
        }
        return parsed
    }

    /// The flag's value: after `=`, or the next argument; a switch takes none.
    private static func flagValue(_ spec: FlagSpec, name: String, inline: String?, arguments: [String], index: inout Int,
                                  command: String) throws(UsageError) -> String {
        guard let valueName = spec.valueName else {
            guard inline == nil else { throw UsageError("paystorm \(command): \(name) takes no value, found \"\(inline ?? "")\"") }
            return ""
        }
        if let inline { return inline }
        guard index < arguments.count else { throw UsageError("paystorm \(command): \(name) needs a value (\(valueName))") }
        index += 1
        return arguments[index - 1]
    }

    /// The most values one repeatable flag (`--set`, `--vary`, `--slo`) takes.
    static let maximumRepeats = 1_000

    private static func unknownFlag(_ name: String, specs: [FlagSpec], command: String) -> UsageError {
        let hint = closestMatch(to: name, among: specs.map { "--" + $0.name }).map { " (did you mean \($0)?)" } ?? ""
        return UsageError("paystorm \(command): unknown flag \(name)\(hint); see paystorm \(command) --help")
    }
}

/// Bad usage: a message for the user and exit status 64.
/// A bad flag or file: the command prints it and exits 64. The library's ``InputError``, by the
/// name the commands use.
typealias UsageError = InputError

/// The help text of a command, generated from its specs so that every flag is documented.
func helpText(command: String, synopsis: String, summary: String, specs: [FlagSpec], notes: [String] = []) -> String {
    var lines = ["usage: paystorm \(command) \(synopsis)", "", summary, "", "flags:"]
    let rendered = specs.map { spec in "  --\(spec.name)" + (spec.valueName.map { " \($0)" } ?? "") }
    let width = (rendered.map(\.count).max() ?? 0) + 2
    for (spec, left) in zip(specs, rendered) {
        lines.append(left + String(repeating: " ", count: width - left.count) + spec.help)
    }
    if !notes.isEmpty { lines += [""] + notes }
    return lines.joined(separator: "\n")
}
