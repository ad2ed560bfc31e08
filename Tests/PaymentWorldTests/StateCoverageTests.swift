import Foundation
import PaymentWorld
import SimulationKernel
import Testing

/// State-space coverage: the generated case indices match the lifecycle enums, and a world run
/// counts the (state, event) pairs its actors drive.
@Suite struct StateCoverageTests {
    static let lifecycles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PaymentWorld/Lifecycles")

    /// The cases of `public enum NAME`, read from the source as the generator reads them.
    static func cases(of name: String) throws -> [String] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: lifecycles.path).filter { $0.hasSuffix(".swift") }
        for file in files {
            let source = try String(contentsOf: lifecycles.appendingPathComponent(file), encoding: .utf8)
            guard let start = source.range(of: "public enum \(name):") ?? source.range(of: "public enum \(name) {"),
                  let end = source.range(of: "\n}", range: start.upperBound..<source.endIndex) else { continue }
            var names: [String] = []
            for line in source[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("    case ") {
                var depth = 0
                var current = ""
                for character in line.dropFirst(9) {
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    if character == "," && depth == 0 {
                        names.append(current)
                        current = ""
                    } else {
                        current.append(character)
                    }
                }
                names.append(current)
            }
            return names.map { String($0.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber }) }
        }
        return []
    }

    @Test func generatedIndicesMatchTheEnums() throws {
        var coverage = StateCoverage()
        coverage.record(OtpState.issuing(OtpCounters()), .sendCode, legal: true)
        for machine in coverage.machines {
            #expect(Set(machine.states).count == machine.states.count, "\(machine.lifecycle): duplicate state names")
        }
        let pairs: [(String, [String], [String])] = coverage.machines.map { ($0.lifecycle, $0.states, $0.events) }
        for (lifecycle, states, events) in pairs {
            let stem = coverableLifecycles.first { $0.lifecycleName == lifecycle }.map { "\($0)" } ?? ""
            let base = String(stem.dropLast("State".count))
            #expect(try Self.cases(of: stem) == states,
                    "\(lifecycle): run scripts/generate-case-indices.py (states drifted)")
            #expect(try Self.cases(of: base + "Event") == events,
                    "\(lifecycle): run scripts/generate-case-indices.py (events drifted)")
        }
        #expect(coverage.machines.first { $0.lifecycle == OtpState.lifecycleName }?.reached == 1)
    }

    @Test func aWorldRunCountsThePairsItsActorsDrive() {
        let configuration = seedWorld(PaymentFlow.allCases)
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.violations.isEmpty)
        let used = Dictionary(uniqueKeysWithValues: result.coverage.machines.filter(\.isUsed).map { ($0.lifecycle, $0) })
        for lifecycle in ["LC-00 CheckoutSession", "LC-01 Sale", "LC-02 Authorization", "LC-04 Token", "LC-05 WalletCard",
                          "LC-07 Otp", "LC-09 PrepaidCard", "LC-10 Sca"] {
            #expect((used[lifecycle]?.reached ?? 0) >= 1, "\(lifecycle) not reached: \(used.keys.sorted())")
        }
        // A clean run rejects nothing; every pair it reached was a legal row.
        #expect(result.coverage.machines.allSatisfy { $0.rejected.allSatisfy { $0 == 0 } })
        let otp = used["LC-07 Otp"]
        #expect(otp?.table.contains { $0.state == "checking" && $0.event == "match" && $0.applied > 0 } == true)
    }
}
