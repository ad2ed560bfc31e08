import Foundation
import Reporting
import Studies

/// `paystorm`: the command line. Thin: flags, output and exit codes; the work is in the modules.

/// One command: its name, its line in the usage text, and what runs it. A new command is one row.
struct Command {
    var name: String
    var summary: String
    var main: ([String], inout Output) throws(UsageError) -> ExitStatus
}

let commandTable: [Command] = [
    Command(name: "run", summary: "run one simulation of a scenario (default scenarios/default.json)", main: RunCommand.main),
    Command(name: "replay", summary: "run a seed again with the full trace on: the command a failed run prints",
            main: RunCommand.replay),
    Command(name: "validate", summary: "check scenario files and report every problem", main: ValidateCommand.main),
    Command(name: "soak", summary: "soak testing: a scenario for a simulated length, each window's trend, stationary or drifting",
            main: SoakCommand.main),
    Command(name: "sweep", summary: "capacity planning: vary load or capacity, with confidence intervals, the knee and Erlang C",
            main: SweepCommand.main),
    Command(name: "size", summary: "the fewest servers per station that meet objectives at a target rate, as scenario lines",
            main: SizeCommand.main),
    Command(name: "report", summary: "merge sweep shards into one sweep's files", main: ReportCommand.main),
    Command(name: "explore", summary: "run a range of seeds looking for invariant violations, each with its replay command",
            main: ExploreCommand.main),
    Command(name: "shrink", summary: "make a failing seed's scenario as small as it can be while the same invariant still fails",
            main: ShrinkCommand.main),
    Command(name: "check-determinism", summary: "run one seed in several processes and compare their traces",
            main: DeterminismCommand.main),
    Command(name: "fit", summary: "propose a distribution string for a file of observed durations, with KS and Anderson-Darling figures",
            main: FitCommand.main),
    Command(name: "coverage", summary: "run a scenario once and count every operation and code of the payment systems it drives",
            main: SeedCoverageCommand.main),
    Command(name: "systems", summary: "list the payment systems the world models: flows, scenarios, own claims, docs pages",
            main: SystemsCommand.main),
]
let commands = commandTable.map(\.name)
let usage = (["usage: paystorm <command> [flags]", "", "commands:"]
    + commandTable.map { "  " + ($0.name.count < 10 ? $0.name.padding(toLength: 11, withPad: " ", startingAt: 0) : $0.name + "  ") + $0.summary }
    + ["", "paystorm <command> --help shows a command's flags; paystorm --version prints the version."]).joined(separator: "\n")

// A file size limit (`ulimit -f`) makes a write fail with EFBIG, which the commands report, rather
// than kill the process with no word and a torn file.
signal(SIGXFSZ, SIG_IGN)
// SIGQUIT stops with a core dump, as Unix means it, rather than a backtrace after which the run went on.
signal(SIGQUIT, SIG_DFL)
// Tables that grow give their old buffers back to the system (ProcessMemory says why).
ProcessMemory.returnLargeBlocksWhenFreed()
var output = Output()
var arguments = Array(CommandLine.arguments.dropFirst())
let status: ExitStatus
if arguments.first == "--version" {
    output.out("paystorm \(PayStormVersion.current)")
    status = .passed
} else if arguments.isEmpty || arguments.first == "--help" || arguments.first == "help" {
    output.out(usage)
    status = .passed
} else {
    let command = arguments.removeFirst()
    if arguments.contains("--json") { output.info = output.err }
    do throws(UsageError) {
        guard let entry = commandTable.first(where: { $0.name == command }) else {
            let hint = closestCommand(command).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("paystorm: unknown command \"\(command)\"\(hint)\n\(usage)")
        }
        status = try entry.main(arguments, &output)
    } catch {
        output.err(error.description)
        status = .badInput
    }
}
// A full or closed stdout (`> /dev/full`) loses results: that is a failure, not a pass.
if let failure = StandardOutput.failure.withLock({ $0 }) {
    output.err("paystorm: could not write to standard output: \(failure)")
    exit(ExitStatus.ioError.rawValue)
}
exit(status.rawValue)
