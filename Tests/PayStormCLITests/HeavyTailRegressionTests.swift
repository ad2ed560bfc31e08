import Testing

/// Heavy-tailed networks deliver copies of messages long after their payments ended. Before the
/// fixes each of these runs broke a claim with no planted defect: a late request opened a second
/// payment or was stood in for (AUTH-4, SALE-1, RES-2), a late capture retry told a charged
/// customer "failed" (RES-5), a budget ran out on a network no duration bounds (G-7). Each case
/// failed on commit 3411373 and must now run clean.
@Suite struct HeavyTailRegressionTests {
    static let cases: [(sigma: Int, seed: Int)] = [(3, 1), (3, 2), (5, 1), (5, 2), (5, 3), (10, 1), (10, 2), (10, 3), (10, 4)]

    @Test(arguments: cases)
    func cardPaymentsRunsCleanOnAHeavyTailedNetwork(sigma: Int, seed: Int) throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/card-payments.json", "--seed", "\(seed)",
                                   "--out", scratch.path("run"),
                                   "--set", "run.lifecycles=2000",
                                   "--set", "network.latency=lognormal(median: 15ms, sigma: \(sigma))",
                                   "--set", "slo={}"])
        #expect(result.status == 0, "sigma \(sigma), seed \(seed)\n\(result)")
        #expect(result.stdout.contains("none violated"), "sigma \(sigma), seed \(seed)\n\(result)")
    }
}
