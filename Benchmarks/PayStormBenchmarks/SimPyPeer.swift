import Foundation
import Reporting

/// Runs ../shared/peers/simpy_payments.py in the same sitting, so the speed ratio compares two
/// runs on one machine at one moment (these machines are noisy).
enum SimPyPeer {
    static func measure(payments: Int, seed: UInt64, ours: [(String, JSONOutput)]) -> [(String, JSONOutput)] {
        let python = ".venv-peers/bin/python"
        let script = "../shared/peers/simpy_payments.py"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
            print("simpy: skipped; set up the peer with: python3 -m venv .venv-peers && .venv-peers/bin/pip install simpy==4.1.2")
            return [("simpy", .string("not run: .venv-peers or \(script) missing"))]
        }
        print("simpy: \(payments) payments, seed \(seed) (SimPy 4.1.2, same machine, same sitting)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--payments", "\(payments)", "--seed", "\(seed)", "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return [("simpy", .string("not run: \(error)"))]
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let jsonLine = lines.last(where: { $0.hasPrefix("{") }),
              let object = try? JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any],
              let rate = object["payments_per_wall_s"] as? Double else {
            return [("simpy", .string("not run: no JSON line from the peer"))]
        }
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
            ("latency_ms_mean", .number(object["latency_mean_ms"] as? Double ?? .nan)),
            ("latency_ms_p99", .number(object["latency_p99_ms"] as? Double ?? .nan)),
            ("success_rate", .number(object["success_rate"] as? Double ?? .nan)),
        ])), ("speed_ratio_vs_simpy", .number((ratio * 10).rounded() / 10))]
    }
}
