import Foundation
import Reporting

/// Runs ../shared/peers/simpy_payments.py in the same sitting, so the speed ratio compares two
/// runs on one machine at one moment (these machines are noisy).
enum SimPyPeer {
    /// One run of the peer: its payments per wall second and the JSON line it printed.
    struct Run {
        var paymentsPerWallSecond: Double
        var figures: [String: Any]
    }

    private static let python = ".venv-peers/bin/python"
    private static let script = "../shared/peers/simpy_payments.py"

    /// Why the peer cannot run here, or nil when it can; says how to set it up when it cannot.
    static func unavailable() -> String? {
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
            print("simpy: skipped; set up the peer with: python3 -m venv .venv-peers && .venv-peers/bin/pip install simpy==4.1.2")
            return ".venv-peers or \(script) missing"
        }
        return nil
    }

    /// Runs the peer once; the error says why it gave no figures.
    static func run(payments: Int, seed: UInt64) -> Result<Run, PeerError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--payments", "\(payments)", "--seed", "\(seed)", "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return .failure(PeerError(reason: "\(error)"))
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let jsonLine = lines.last(where: { $0.hasPrefix("{") }),
              let object = try? JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any],
              let rate = object["payments_per_wall_s"] as? Double else {
            return .failure(PeerError(reason: "no JSON line from the peer"))
        }
        return .success(Run(paymentsPerWallSecond: rate, figures: object))
    }

    struct PeerError: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static func measure(payments: Int, seed: UInt64, ours: [(String, JSONOutput)]) -> [(String, JSONOutput)] {
        if let missing = unavailable() { return [("simpy", .string("not run: \(missing)"))] }
        print("simpy: \(payments) payments, seed \(seed) (SimPy 4.1.2, same machine, same sitting)")
        let run: Run
        switch Self.run(payments: payments, seed: seed) {
        case .success(let done): run = done
        case .failure(let error): return [("simpy", .string("not run: \(error)"))]
        }
        let rate = run.paymentsPerWallSecond
        let oursMedian = ours.first { $0.0 == "payments_per_wall_second" }.flatMap { entry -> Double? in
            guard case .object(let members) = entry.1, case .number(let median)? = members.first(where: { $0.0 == "median" })?.1
            else { return nil }
            return median
        } ?? 0
        let ratio = oursMedian / rate
        print("simpy: \(SummaryTable.grouped(UInt64(rate))) payments/s; PayStorm median / SimPy = \(SummaryTable.fixed(ratio, 1))x")
        return [("simpy", .object([
            ("payments", .integer(Int64(payments))),
            ("payments_per_wall_second", .number(rate.rounded())),
            ("latency_ms_mean", .number(run.figures["latency_mean_ms"] as? Double ?? .nan)),
            ("latency_ms_p99", .number(run.figures["latency_p99_ms"] as? Double ?? .nan)),
            ("success_rate", .number(run.figures["success_rate"] as? Double ?? .nan)),
        ])), ("speed_ratio_vs_simpy", .number((ratio * 10).rounded() / 10))]
    }
}
