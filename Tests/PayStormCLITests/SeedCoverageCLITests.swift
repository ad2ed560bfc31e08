import Foundation
import PaymentWorld
import SimulationTestSupport
import Testing

/// `paystorm coverage` on a small run of the default scenario: counts, "not reached" and "not
/// modelled" where due, legal pairs apart from illegal ones, and bad flags refused with exit 64.
@Suite struct SeedCoverageCLITests {
    @Test func aSmallDefaultRunCountsTheCommonCodesAndMarksTheRest() throws {
        let out = NSTemporaryDirectory() + "paystorm-coverage-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try paystorm(["coverage", "--scenario", "scenarios/default.json", "--set", "run.lifecycles=2000",
                                   "--out", out])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        /// The status printed for a catalogue row: its count, "not reached" or "not modelled: …".
        func status(_ kind: String, _ name: String) -> String? {
            lines.first { $0.hasPrefix("  \(kind) ") && $0.dropFirst(12).hasPrefix(name + " ") }
                .map { $0.dropFirst(58).trimmingCharacters(in: .whitespaces) }
        }
        for (kind, name) in [("code", "paid"), ("code", "success"), ("code", "APPROVED"), ("code", "00"), ("code", "ok"),
                             ("code", "2113"), ("operation", "getWalletData"), ("operation", "create(CardRequest)")] {
            let count = status(kind, name).map { $0.replacingOccurrences(of: ",", with: "") }.flatMap { UInt64($0) }
            #expect((count ?? 0) > 0, "\(kind) \(name): \(status(kind, name) ?? "missing")\n\(result)")
        }
        // Modelled, but a 2,000-lifecycle default run with no faults never times a payment out.
        #expect(status("code", "NETWORK_TIMEOUT") == "not reached", "\(result)")
        #expect(status("code", "2004")?.hasPrefix("not modelled: input validation") == true, "\(result)")
        #expect(result.stdout.contains("LC-09 PrepaidCard"), "\(result)")

        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/coverage.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The systems the default scenario drives: the five seeds, not Stripe, whose flows it leaves out.
        #expect((json["catalogue"] as? [Any])?.count == SeedCatalogue.entries.filter(\.system.isSeed).count)
        let otp = try #require((json["state_coverage"] as? [String: Any])?["LC-07 Otp"] as? [String: Any])
        #expect(((otp["legal_reached"] as? [Any])?.count ?? 0) > 0, "LC-07 reached no legal pair")
        #expect(otp["illegal_tried"] is [Any] && otp["legal_not_reached"] is [Any])
        #expect(otp["legal_pairs"] as? Int == LegalPairs.bySlot[OtpState.coverageSlot].filter { $0 }.count)
        #expect(FileManager.default.fileExists(atPath: out + "/coverage.md"))
    }

    /// The timers of domain §2.7 with their expiries: walk-aways on the Paysafe scenario run out
    /// its SCA events and provisionings, and the counts reach the terminal and coverage.json.
    @Test func theTimersTableCountsEachExpiry() throws {
        let out = NSTemporaryDirectory() + "paystorm-coverage-timers-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try paystorm(["coverage", "--scenario", "scenarios/paysafe-prepaid.json", "--set", "run.lifecycles=2000",
                                   "--set", "behaviour.walkAway=0.2", "--out", out])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func expiries(_ timer: String) -> UInt64? {
            lines.first { $0.hasPrefix("  \(timer) ") }?.split(separator: " ").last
                .flatMap { UInt64($0.replacingOccurrences(of: ",", with: "")) }
        }
        #expect((expiries("scaEventExpiry") ?? 0) > 0, "\(result)")
        #expect((expiries("provisioningCompletion") ?? 0) > 0, "\(result)")
        #expect(lines.contains { $0.hasPrefix("  otpValidity ") && $0.hasSuffix("not reached") }, "no OTP in Paysafe: \(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/coverage.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let timers = try #require(json["timers"] as? [[String: Any]])
        #expect(timers.map { $0["timer"] as? String } == ExpiringTimer.allCases.map(\.description))
        let sca = try #require(timers.first { $0["timer"] as? String == "scaEventExpiry" })
        #expect(sca["field"] as? String == "policies.timeouts.scaEventExpiry" && sca["duration"] as? String == "5m")
        #expect(UInt64(expiries("scaEventExpiry") ?? 0) == (sca["expiries"] as? NSNumber)?.uint64Value)
        let markdown = try String(contentsOfFile: out + "/coverage.md", encoding: .utf8)
        #expect(markdown.contains("| `scaEventExpiry` | `policies.timeouts.scaEventExpiry` | 5m |"), "\(markdown.prefix(300))")
    }

    @Test(arguments: [
        (["coverage", "--scenario", "scenarios/default.json", "--seed", "many"], "--seed"),
        (["coverage", "--seed", "1"], "--scenario"),
        (["coverage", "--scenario", "scenarios/default.json", "--lifecycles", "5"], "--lifecycles"),
        (["coverage", "--scenario", "scenarios/reference-pipeline.json"], "payments scenario"),
        (["coverage", "--scenario", "scenarios/default.json", "--set", "run.lifecycles=-3"], "run.lifecycles"),
    ])
    func badInputIsRefusedNamingTheFlag(arguments: [String], named: String) throws {
        let result = try paystorm(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(named), "\(result)")
    }
}
