import Scenarios
import Studies

/// `paystorm validate FILE…`: checks scenarios and reports every problem of every file.
enum ValidateCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "apply an override before validating (repeatable)",
                 repeatable: true),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(command: "validate", synopsis: "FILE... [--set PATH=VALUE]...",
                               summary: "Checks scenario files; prints every problem, each naming the file and field.",
                               specs: specs, notes: ["exit status: 0 all valid, 64 any invalid"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "validate", positionals: true)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard !parsed.positionals.isEmpty else {
            throw UsageError("paystorm validate: expected at least one scenario file; see paystorm validate --help")
        }
        var status = ExitStatus.passed
        for file in parsed.positionals {
            do {
                let scenario = try ScenarioLoader.load(file: file, overrides: parsed.all("set"))
                output.out("\(file): valid (\(scenario.name))")
            } catch {
                output.err(error.description)
                status = .badInput
            }
        }
        return status
    }
}

func closestCommand(_ command: String) -> String? { closestMatch(to: command, among: commands) }
