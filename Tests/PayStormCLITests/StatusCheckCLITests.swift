import Foundation
import Testing

/// After its retries the merchant asks each system for the payment's status in that system's own
/// way (ecommpay's Gate API status request, MPGS's Retrieve Transaction, Sips's getTransactionData),
/// and the summary says how often and what the repeated requests found. The app's own side (its
/// timeouts and re-inits) is reported beside it, in the SDK's words.
@Suite struct StatusCheckCLITests {
    @Test func eachSystemChecksTheStatusInItsOwnWords() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/default.json", "--set", "run.lifecycles=3000",
                                   "--set", "faults.loss=0.02", "--set", "slo={}", "--out", scratch.path("run")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("ecommpay payment status request (Gate API, the same payment_id) "), "\(result.stdout)")
        #expect(result.stdout.contains("ecommpay app: calls unanswered "), "\(result.stdout)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("run/summary.json")))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let recovery = try #require(summary["recovery"] as? [String: Any])
        let bySystem = try #require(recovery["by_system"] as? [String: [String: Any]])
        let expected = ["ecommpay": ("payment status request (Gate API, the same payment_id)", "final status"),
                        "mastercard": ("Retrieve Transaction", "final status"),
                        "sogenactif": ("getTransactionData", "transactionStatus final")]
        for (system, words) in expected {
            let entry = try #require(bySystem[system], "\(system) missing: \(bySystem.keys.sorted())")
            #expect(entry["operation"] as? String == words.0)
            #expect((entry["status_checks"] as? Int ?? 0) > 0, "\(system): \(entry)")
            let repeated = try #require(entry["repeated_requests"] as? [String: Any])
            #expect(repeated["final_means"] as? String == words.1)
            #expect((repeated["in_progress"] as? Int ?? 0) + (repeated["final"] as? Int ?? 0) > 0, "\(system): \(repeated)")
        }
        #expect((recovery["status_recoveries"] as? Int) == bySystem.values.reduce(0) { $0 + ($1["status_checks"] as? Int ?? 0) })

        // The app: at 2 % loss some of its calls go unanswered, and it re-inits with the same payment.
        let app = try #require(summary["app_recovery"] as? [String: [String: [String: Any]]])
        let words = ["ecommpay": ("NETWORK_TIMEOUT", "onPaymentRestored, then PaymentRestoreRequest"),
                     "mastercard": ("result UNKNOWN", "result PENDING")]
        for (system, (timeout, inProgress)) in words {
            let entry = try #require(app[system], "\(system) missing: \(app.keys.sorted())")
            #expect(entry["timeouts"]?["means"] as? String == timeout)
            #expect((entry["timeouts"]?["count"] as? Int ?? 0) > 0, "\(system): \(entry)")
            #expect(entry["found_in_progress"]?["means"] as? String == inProgress)
            #expect((entry["reinits"]?["count"] as? Int ?? 0) > 0, "\(system): \(entry)")
        }
    }
}
