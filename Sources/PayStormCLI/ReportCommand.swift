import Exploration
import Foundation
import Reporting
import Studies

/// `paystorm report DIR…`: merges sweep shards into one sweep's files, or explore shards into one
/// explore's `explore.json` (``ExploreMerge``).
enum ReportCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "out", valueName: "DIR",
                 help: "where to write the merged files (default for sweep shards: the first DIR; required for explore shards)"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]
    static let help = helpText(command: "report", synopsis: "DIR... [--out DIR]",
                               summary: "Merges the sweep-shard-*.json files in the given directories into sweep.json, "
                                   + "sweep.csv and report.html, the same files an unsharded sweep writes; or, when each DIR "
                                   + "holds an explore shard's explore.json, merges them into the explore.json and report.html "
                                   + "of one explore of the whole seed range (failures in seed order, groups, state coverage summed).",
                               specs: specs,
                               notes: ["Explore shards of different explores, a shard given twice or a shard missing are refused.",
                                       "exit status for explore shards: as paystorm explore (0 no seed failed, 1 safety, 2 liveness only)"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "report", positionals: true)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let first = parsed.positionals.first else {
            throw UsageError("paystorm report: expected at least one directory of sweep shards or explore shards; "
                             + "see paystorm report --help")
        }
        let explores = parsed.positionals.filter(ExploreMerge.holdsExplore)
        if !explores.isEmpty {
            if let other = parsed.positionals.first(where: { !ExploreMerge.holdsExplore($0) }) {
                throw UsageError("paystorm report: \(explores[0]) holds an explore shard (explore.json) but \(other) does not; "
                                 + "give the directories of one explore's shards, or of one sweep's")
            }
            return try mergeExplores(parsed.positionals, into: parsed.value("out"), output: &output)
        }
        let (plan, scenario, command, samples) = try SweepFiles.readShards(parsed.positionals)
        let directory = parsed.value("out") ?? first
        try OutputDirectory.claim(directory, command: "report")
        return SweepCommand.finish(written: { () throws in
            try SweepFiles.write(plan: plan, samples: samples, scenario: scenario, command: command, directory: directory,
                                 seconds: nil)
        }, runs: samples.count, of: plan.items.count, points: plan.points.count, output: &output)
    }

    /// Merges `directories` into `output`'s explore.json and prints what `explore` would have.
    static func mergeExplores(_ directories: [String], into directory: String?, output: inout Output) throws(InputError) -> ExitStatus {
        guard let directory else {
            throw InputError("paystorm report: --out DIR is required to merge explore shards: each shard's directory "
                             + "holds its own explore.json, which the merged one must not replace")
        }
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        if let clash = directories.first(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == target }) {
            throw InputError("paystorm report: --out \(directory) is the shard directory \(clash); choose another --out "
                             + "so the shard's explore.json stays")
        }
        let (merged, notes) = try ExploreMerge.merge(directories)
        try OutputDirectory.claim(directory, command: "report")
        for note in notes { output.err("paystorm report: note: " + note) }
        let header = merged.header
        output.out(merged.summaryText(headline: "merged \(directories.count) shards of \(header.scenarioName) seeds "
            + "\(header.seeds.lowerBound)..\(header.seeds.upperBound): explored \(merged.ran) seeds in "
            + "\(SummaryTable.fixed(merged.wallSeconds, 1)) wall s (the shards' added up)"))
        do {
            try merged.write(to: directory)
        } catch {
            output.err("paystorm report: could not write \(directory)/\(ExploreFile.name): \(error)")
            return .ioError
        }
        output.info("wrote \(directory)/\(ExploreFile.name) and \(directory)/report.html")
        return merged.status
    }
}
