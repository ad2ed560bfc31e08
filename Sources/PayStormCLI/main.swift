import Foundation
import Studies

/// `paystorm`: the command line. Thin: flags, output and exit codes; the work is in the modules.
let commands = ["run", "replay", "validate", "sweep", "size", "report", "explore", "shrink", "check-determinism", "fit", "coverage"]
let usage = """
    usage: paystorm <command> [flags]

    commands:
      run        run one simulation of a scenario (default scenarios/default.json)
      replay     run a seed again with the full trace on: the command a failed run prints
      validate   check scenario files and report every problem
      sweep      capacity planning: vary load or capacity, with confidence intervals, the knee and Erlang C
      size       the fewest servers per station that meet objectives at a target rate, as scenario lines
      report     merge sweep shards into one sweep's files
      explore    run a range of seeds looking for invariant violations, each with its replay command
      shrink     make a failing seed's scenario as small as it can be while the same invariant still fails
      check-determinism  run one seed in several processes and compare their traces
      fit        propose a distribution string for a file of observed durations, with KS and Anderson-Darling figures
      coverage   run a scenario once and count every operation and code of the five seed systems it produced

    paystorm <command> --help shows a command's flags; paystorm --version prints the version.
    """

// A file size limit (`ulimit -f`) makes a write fail with EFBIG, which the commands report, rather
// than kill the process with no word and a torn file.
signal(SIGXFSZ, SIG_IGN)
// SIGQUIT stops with a core dump, as Unix means it, rather than a backtrace after which the run went on.
signal(SIGQUIT, SIG_DFL)
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
        switch command {
        case "run": status = try RunCommand.main(arguments, output: &output)
        case "replay": status = try RunCommand.main(arguments, output: &output, replay: true)
        case "validate": status = try ValidateCommand.main(arguments, output: &output)
        case "sweep": status = try SweepCommand.main(arguments, output: &output)
        case "size": status = try SizeCommand.main(arguments, output: &output)
        case "report": status = try ReportCommand.main(arguments, output: &output)
        case "explore": status = try ExploreCommand.main(arguments, output: &output)
        case "shrink": status = try ShrinkCommand.main(arguments, output: &output)
        case "check-determinism": status = try DeterminismCommand.main(arguments, output: &output)
        case "fit": status = try FitCommand.main(arguments, output: &output)
        case "coverage": status = try SeedCoverageCommand.main(arguments, output: &output)
        default:
            let hint = closestCommand(command).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("paystorm: unknown command \"\(command)\"\(hint)\n\(usage)")
        }
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
