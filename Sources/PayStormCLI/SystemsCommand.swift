import Reporting
import Studies

/// `paystorm systems [--json]`: the payment systems the world models, with their flows, scenarios,
/// own claims and docs pages.
enum SystemsCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "json", valueName: nil, help: "print the list as JSON, for scripts"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "systems", synopsis: "[--json]",
        summary: "Lists the registered payment systems: each one's source (a seed SDK or public docs), flows, "
            + "scenario, own claims and generated docs page. docs/model-your-own-payment-system.md says how to add one.",
        specs: specs, notes: ["exit status: 0 listed, 64 bad input"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "systems", positionals: false)
        if parsed.has("help") {
            output.out(help)
        } else if parsed.has("json") {
            output.out(SystemsListing.json.serialized())
        } else {
            output.out(SystemsListing.lines.joined(separator: "\n"))
        }
        return .passed
    }
}
