import Exploration
import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel
import Synchronization
import Studies

/// `paystorm sweep`: every point of a cross product of `--vary` axes, with replications, one
/// simulation per thread; sweep.json, sweep.csv and report.html at the end.
enum SweepCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to sweep (required)"),
        FlagSpec(name: "vary", valueName: "PATH=FROM..TO:STEP",
                 help: "an axis, e.g. workload.rate=50..400:25, or PATH=A,B,C (repeatable: the points are the cross product)",
                 repeatable: true),
        FlagSpec(name: "replications", valueName: "N", help: "runs per point, seeds derived from the base seed (default 5)"),
        FlagSpec(name: "threads", valueName: "N", help: "simulations in parallel, one per thread (default: all cores)"),
        FlagSpec(name: "shard", valueName: "I/N|auto",
                 help: "run only slice I of N (0-based) and write a shard file for paystorm report; auto: as paystorm explore"),
        FlagSpec(name: "seed", valueName: "N", help: "base seed (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field at every point (repeatable)",
                 repeatable: true),
        FlagSpec(name: "out", valueName: "DIR", help: "output directory (default results/sweeps/<scenario>-<seed>/)"),
        FlagSpec(name: "allow-large", valueName: nil,
                 help: "run a sweep past the work budget: over 100,000 runs or 10^10 lifecycles in all (docs/limits.md)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "sweep", synopsis: "--scenario FILE --vary PATH=FROM..TO:STEP [--vary …] [--replications N] [--threads N] [--shard I/N]",
        summary: "Runs a capacity sweep: throughput, latency percentiles with 95 % confidence intervals, utilization per actor, "
            + "the knee and the binding actor, and Erlang C beside M/M/c stations.", specs: specs,
        notes: ["Statistics exclude the scenario's run.warmup. Shards: run --shard 0/3, 1/3, 2/3 anywhere (a Kubernetes Indexed Job,",
                "a Slurm array, GNU parallel), then paystorm report DIR… merges them into the same files an unsharded sweep writes."])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "sweep", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let file = try parsed.scenarioFile(command: "sweep")
        let axes = try parsed.all("vary").map { text throws(UsageError) in try SweepPlan.Axis(parsing: text) }
        let replications = try parsed.wholeNumber("replications", command: "sweep", default: 5, in: 1...1_000)
        let threads = try parsed.wholeNumber("threads", command: "sweep", default: ProcessInfo.processInfo.activeProcessorCount,
                                             in: 1...256)
        let shard = try parsed.shard(command: "sweep")
        let seed = try parsed.seed(command: "sweep")
        // Ctrl-C during the setup (a large sweep builds every point first) stops it there.
        Interrupt.install()
        guard let study = try SweepStudy.prepare(file: file, axes: axes, replications: replications, overrides: parsed.all("set"),
                                                 seed: seed, allowLarge: parsed.has("allow-large"), stop: Interrupt.condition) else {
            output.err("interrupted (\(Interrupt.cause)) while the sweep's points were built; nothing ran")
            return Interrupt.status
        }
        output.info("paystorm \(PayStormVersion.current) sweep  scenario=\(file)  base seed=\(study.plan.baseSeed)"
                    + "  points=\(study.plan.points.count)  replications=\(replications)  threads=\(threads)"
                    + (shard.map { "  shard=\($0.index)/\($0.count)" + ($0.source.map { " (\($0))" } ?? "") } ?? ""))
        let directory = parsed.value("out") ?? "results/sweeps/\(study.base.name)-\(study.plan.baseSeed)"
        try OutputDirectory.claim(directory, command: "sweep")
        try OutputPaths.checkDistinct(command: "sweep", inputs: [("--scenario", file)],
                                      outputs: ["sweep.json", "sweep.csv", "report.html", "sweep-shard-\(shard?.index ?? 0)-of-\(shard?.count ?? 1).json"]
                                          .map { ("--out", directory + "/" + $0) })
        let items = study.items(shard: shard.map { ($0.index, $0.count) })
        let start = ContinuousClock.now
        let reporter = ProgressReporter(enabled: !parsed.has("quiet") && isatty(STDERR_FILENO) != 0, total: items.count)
        let (samples, pooled) = study.run(items, threads: threads, stop: Interrupt.condition) { finished in
            reporter.reportPool(finished: finished, total: items.count, showsRemaining: true)
        }
        reporter.finish()
        let run = Finished(study: study, items: items.count, samples: samples, seconds: wallSeconds(since: start),
                           command: study.command(varyFlags: parsed.all("vary")), directory: directory)
        if let shard { return run.writeShard(index: shard.index, count: shard.count, output: &output) }
        return finish(written: { () throws in
            try SweepFiles.write(plan: study.plan, samples: samples, scenario: study.base.name, command: run.command,
                                 directory: directory, seconds: run.seconds, interrupted: run.interrupted, pooled: pooled,
                                 lifecycles: study.lifecyclesPerRun)
        }, runs: samples.count, of: study.plan.items.count, points: study.plan.points.count, output: &output)
    }

    /// A sweep's runs, done: what its files and last lines are made of.
    struct Finished {
        var study: SweepStudy
        var items: Int
        var samples: [SweepSample]
        var seconds: Double
        var command: String
        var directory: String
        var interrupted: Bool { Interrupt.requested && samples.count < items }

        func writeShard(index: Int, count: Int, output: inout Output) -> ExitStatus {
            let path = directory + "/sweep-shard-\(index)-of-\(count).json"
            do {
                try WriteError.writing(SweepFiles.shard(plan: study.plan, scenario: study.base, command: command, samples: samples,
                                                        digest: study.digest), to: path)
            } catch {
                output.err("paystorm sweep: \(error)")
                return .ioError
            }
            output.out("shard \(index)/\(count): \(samples.count) runs in \(SummaryTable.fixed(seconds, 1)) s; wrote \(path)")
            guard interrupted else { return .passed }
            output.err("interrupted (\(Interrupt.cause)) after \(samples.count) of \(items) runs; the shard holds "
                       + "those, and paystorm report will say which runs are missing")
            return Interrupt.status
        }
    }

    /// Prints what writing a sweep's files came to (for `sweep` and `report`), and its exit status.
    static func finish(written: () throws -> SweepFiles.Written, runs: Int, of total: Int, points: Int,
                       output: inout Output) -> ExitStatus {
        let outcome: SweepFiles.Written
        do {
            outcome = try written()
        } catch let error as WriteError {
            output.err("paystorm: \(error)")
            return .ioError
        } catch {
            output.err("\(error)")
            return .badInput
        }
        switch outcome {
        case .nothingFinished:
            output.err("interrupted (\(Interrupt.cause)) after \(runs) of \(total) runs, before any point finished its "
                       + "replications: nothing to write")
            return Interrupt.status
        case .files(_, let table, let pointsWritten):
            output.out(table)
            guard runs < total else { return .passed }
            output.err("interrupted (\(Interrupt.cause)) after \(runs) of \(total) runs; "
                       + "wrote the \(pointsWritten) of \(points) points whose replications all finished")
            return Interrupt.status
        }
    }
}
