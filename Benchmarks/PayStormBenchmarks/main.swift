import Foundation
import PaymentWorld
import Reporting
import SimulationKernel

// paystorm-bench: named benchmarks, release builds only, min/median/max of N runs with a
// checksum, and a JSON record appended to results/bench/ (style §10).

#if DEBUG
let isDebugBuild = true
#else
let isDebugBuild = false
#endif
if isDebugBuild {
    FileHandle.standardError.write(Data("paystorm-bench: debug build, figures would mislead; use swift run -c release paystorm-bench\n".utf8))
    exit(64)
}

// As `paystorm` does: tables that grow give their old buffers back to the system (ProcessMemory).
ProcessMemory.returnLargeBlocksWhenFreed()

let usage = """
    usage: paystorm-bench <benchmark> [flags]

    benchmarks:
      pipeline   the reference pipeline (scenarios/reference-pipeline.json's model), one thread
                 --payments N (default 1000000)  --runs N (default 3)  --seed N (default 42)
                 --simpy N    also run the SimPy peer on N payments in the same sitting (needs .venv-peers)
                 --no-record  print only; do not append to results/bench/
      world      scenarios/default.json (all five seed systems), one process per size, one thread
                 --sizes A,B,… (default 100000,1000000)  --seed N (default 42)  --scenario FILE
                 --simpy N    then SimPy on N payments and the world, alternately, in one sitting
                 --pairs N    how many such pairs (default 3); the median ratio is the speed figure
                 --pair-lifecycles N  the world's size in each pair (default 1000000)
                 --no-record  print only; do not append to results/bench/
      world-run  one size of world, printing one JSON line (what world runs per process)
                 --lifecycles N  --seed N  --scenario FILE
      coverage   how often sweeps' 95 % intervals hold exact M/M/c figures (M/M/1, M/M/10, ρ 0.5…0.9,
                 2,000 payments a replication), before and after pooling, and how often they warned
                 --sweeps N (default 200) independent sweeps per point  --seed N (default 1) the first base seed
                 --payments N  measured payments a replication at every point (default 2000)
                 --no-record  print only; do not append to results/bench/
    """

let commandLine = Array(CommandLine.arguments.dropFirst())
guard let name = commandLine.first, !name.hasPrefix("-") else {
    print(usage)
    exit(commandLine.isEmpty ? 0 : 64)
}
let arguments = Array(commandLine.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
// A mistyped flag must not silently run a long benchmark with defaults and record it.
let knownFlags: Set<String> = ["--payments", "--runs", "--seed", "--simpy", "--no-record", "--sizes", "--scenario", "--lifecycles", "--sweeps", "--pairs", "--pair-lifecycles"]
for argument in arguments where argument.hasPrefix("-") && !knownFlags.contains(argument) {
    FileHandle.standardError.write(Data("paystorm-bench: unknown flag \(argument)\n\(usage)\n".utf8))
    exit(64)
}

func flag(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func integerFlag(_ name: String, default value: Int) -> Int {
    guard let text = flag(name) else { return value }
    guard let number = Int(text), number > 0 else {
        FileHandle.standardError.write(Data("paystorm-bench: --\(name): expected a positive whole number, found \(text)\n".utf8))
        exit(64)
    }
    return number
}

switch name {
case "pipeline":
    let payments = integerFlag("payments", default: 1_000_000)
    let runs = integerFlag("runs", default: 3)
    let seed = UInt64(integerFlag("seed", default: 42))
    let simPyPayments = flag("simpy").flatMap { Int($0) }
    let record = PipelineBenchmark(payments: payments, runs: runs, seed: seed).measure()
    var figures = record
    if let simPyPayments { figures.append(contentsOf: SimPyPeer.measure(payments: simPyPayments, seed: seed, ours: record)) }
    if !arguments.contains("--no-record") { BenchRecord.append(benchmark: "pipeline", figures: figures) }
case "world":
    let sizes = (flag("sizes") ?? "100000,1000000").split(separator: ",").compactMap { Int($0) }
    guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else {
        FileHandle.standardError.write(Data("paystorm-bench: --sizes: expected positive whole numbers separated by commas\n".utf8))
        exit(64)
    }
    var benchmark = WorldBenchmark(sizes: sizes, seed: UInt64(integerFlag("seed", default: 42)))
    if let scenario = flag("scenario") { benchmark.scenario = scenario }
    if flag("simpy") != nil { benchmark.simPyPayments = integerFlag("simpy", default: 100_000) }
    benchmark.pairs = integerFlag("pairs", default: 3)
    benchmark.pairLifecycles = integerFlag("pair-lifecycles", default: 1_000_000)
    let figures = benchmark.measure()
    if !arguments.contains("--no-record") { BenchRecord.append(benchmark: "world", figures: figures) }
case "world-run":
    WorldBenchmark.runChild(lifecycles: integerFlag("lifecycles", default: 100_000), seed: UInt64(integerFlag("seed", default: 42)),
                            scenario: flag("scenario") ?? "scenarios/default.json")
case "coverage":
    let experiment = CoverageExperiment(sweeps: integerFlag("sweeps", default: 200), firstSeed: UInt64(integerFlag("seed", default: 1)),
                                        payments: integerFlag("payments", default: 2_000))
    let figures = experiment.run()
    if !arguments.contains("--no-record") { BenchRecord.append(benchmark: "coverage", figures: figures) }
default:
    FileHandle.standardError.write(Data("paystorm-bench: unknown benchmark \"\(name)\"\n\(usage)\n".utf8))
    exit(64)
}
