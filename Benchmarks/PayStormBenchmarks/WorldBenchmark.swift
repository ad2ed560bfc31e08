import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// `scenarios/default.json` (all five seed systems) at several sizes, each in its own process so
/// that peak RSS belongs to that size alone: throughput per size, and whether memory stays flat
/// as the number of lifecycles grows ten-fold (issue 4: 10^5 vs 10^6 within 20 %).
struct WorldBenchmark {
    var sizes: [Int]
    var seed: UInt64
    var scenario = "scenarios/default.json"
    /// When set, SimPy's reference pipeline on this many payments and the world at
    /// `pairLifecycles` run alternately, `pairs` times, in this sitting: issue 32's speed bar is the
    /// world's lifecycles per wall second over SimPy's payments per wall second, measured so.
    var simPyPayments: Int?
    var pairs = 3
    var pairLifecycles = 1_000_000

    /// One size, in this process: prints one JSON line for the parent to read.
    static func runChild(lifecycles: Int, seed: UInt64, scenario path: String) -> Never {
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(file: path, overrides: ["run.lifecycles=\(lifecycles)"])
        } catch {
            FileHandle.standardError.write(Data("paystorm-bench: \(error)\n".utf8))
            exit(64)
        }
        guard case .payments(var configuration) = scenario.model else {
            FileHandle.standardError.write(Data("paystorm-bench: \(path) is not a payments scenario\n".utf8))
            exit(64)
        }
        // Long runs spend every card's balance; fund them so declines stay at their modelled rate.
        configuration.cards.balance = max(configuration.cards.balance, Int64(lifecycles) * 200)
        let world = PaymentsWorld(configuration: configuration, options: .init(seed: seed))
        let start = ContinuousClock.now
        var lastPrint = start
        let result = world.run(reportingEvery: .seconds(60)) { progress in
            let now = ContinuousClock.now
            if now - lastPrint > .seconds(10) {
                lastPrint = now
                let line = "  … \(progress.completed) of \(lifecycles), peak RSS "
                    + "\(SummaryTable.roundedMiB(ProcessMemory.peakResidentBytes())) MiB\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
            return true
        }
        let elapsed = seconds(ContinuousClock.now - start)
        let line = JSONOutput.object([
            ("lifecycles", .unsigned(result.completed)),
            ("wall_seconds", .number(elapsed)),
            ("lifecycles_per_wall_second", .number((Double(result.completed) / elapsed).rounded())),
            ("steps_per_wall_second", .number((Double(result.steps) / elapsed).rounded())),
            ("steps", .unsigned(result.steps)),
            ("stale_events_dropped", .integer(Int64(world.simulation.staleEventsDropped))),
            ("peak_rss_mib", .number(SummaryTable.roundedMiB(ProcessMemory.peakResidentBytes()))),
            ("violations", .integer(Int64(result.violations.count))),
            ("unfinished", .integer(Int64(result.unfinished))),
            ("trace_hash", .string(Trace.hex(result.traceHash))),
            ("simulated_seconds", .number(result.lastTime.seconds)),
        ])
        print(line.serialized(pretty: false))
        exit(result.violations.isEmpty ? 0 : 1)
    }

    func measure() -> [(String, JSONOutput)] {
        print("world: \(scenario), seed \(seed), sizes \(sizes.map { SummaryTable.grouped(UInt64($0)) }.joined(separator: ", ")),"
              + " one process per size, one thread")
        var rows: [(size: Int, figures: [String: Any])] = []
        for size in sizes {
            guard let figures = child(size) else {
                FileHandle.standardError.write(Data("paystorm-bench: the \(size) run failed\n".utf8))
                exit(70)
            }
            rows.append((size, figures))
            let rate = (figures["lifecycles_per_wall_second"] as? NSNumber)?.doubleValue ?? 0
            let rss = (figures["peak_rss_mib"] as? NSNumber)?.doubleValue ?? 0
            print("  \(SummaryTable.grouped(UInt64(size))) lifecycles: \(SummaryTable.grouped(UInt64(rate))) per wall s,"
                  + " peak RSS \(rss) MiB, violations \(figures["violations"] ?? "?")")
        }
        let rss = rows.map { ($0.figures["peak_rss_mib"] as? NSNumber)?.doubleValue ?? 0 }
        let growth = rss.count > 1 && rss[0] > 0 ? rss[rss.count - 1] / rss[0] : 1
        print("world: peak RSS grows \(SummaryTable.fixed(growth, 2))× from the smallest to the largest size"
              + " (issue 32 asks at most 1.10× from 10^5 to 10^7)")
        var figures: [(String, JSONOutput)] = [
            ("parameters", .object([("scenario", .string(scenario)), ("seed", .unsigned(seed))])),
            ("sizes", .array(rows.map { row in
                .object(row.figures.keys.sorted().map { key in (key, json(row.figures[key])) })
            })),
            ("rss_growth", .number((growth * 100).rounded() / 100)),
        ]
        if let simPyPayments { figures += againstSimPy(payments: simPyPayments, size: pairLifecycles) }
        return figures
    }

    /// SimPy and the world, alternately, so that the host's drift falls on both alike.
    private func againstSimPy(payments: Int, size: Int) -> [(String, JSONOutput)] {
        if let missing = SimPyPeer.unavailable() { return [("against_simpy", .string("not run: \(missing)"))] }
        print("world against SimPy: \(pairs) alternating pairs, SimPy's reference pipeline on"
              + " \(SummaryTable.grouped(UInt64(payments))) payments, the world at \(SummaryTable.grouped(UInt64(size))) lifecycles")
        var rows: [JSONOutput] = []
        var ratios: [Double] = []
        for pair in 1...pairs {
            let peer: SimPyPeer.Run
            switch SimPyPeer.run(payments: payments, seed: seed) {
            case .success(let run): peer = run
            case .failure(let error): return [("against_simpy", .string("not run: \(error)"))]
            }
            guard let world = child(size), let rate = (world["lifecycles_per_wall_second"] as? NSNumber)?.doubleValue else {
                FileHandle.standardError.write(Data("paystorm-bench: the \(size) run failed\n".utf8))
                exit(70)
            }
            let ratio = rate / peer.paymentsPerWallSecond
            ratios.append(ratio)
            print("  pair \(pair): SimPy \(SummaryTable.grouped(UInt64(peer.paymentsPerWallSecond))) payments/s,"
                  + " world \(SummaryTable.grouped(UInt64(rate))) lifecycles/s: \(SummaryTable.fixed(ratio, 2))×")
            rows.append(.object([
                ("simpy_payments_per_wall_second", .number(peer.paymentsPerWallSecond.rounded())),
                ("world_lifecycles_per_wall_second", .number(rate)),
                ("ratio", .number((ratio * 100).rounded() / 100)),
            ]))
        }
        let sorted = ratios.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        print("world against SimPy: median \(SummaryTable.fixed(median, 2))× (issue 32's bar is 6×, its goal 15×)")
        return [("against_simpy", .object([
            ("simpy_payments", .integer(Int64(payments))),
            ("world_lifecycles", .integer(Int64(size))),
            ("pairs", .array(rows)),
            ("median_ratio", .number((median * 100).rounded() / 100)),
        ]))]
    }

    private func json(_ value: Any?) -> JSONOutput {
        if let number = value as? NSNumber { return .number(number.doubleValue) }
        if let text = value as? String { return .string(text) }
        return .null
    }

    private func child(_ size: Int) -> [String: Any]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["world-run", "--lifecycles", "\(size)", "--seed", "\(seed)", "--scenario", scenario]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
