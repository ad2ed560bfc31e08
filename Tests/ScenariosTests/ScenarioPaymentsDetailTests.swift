import PaymentWorld
import Scenarios
import SimulationKernel
import Testing

/// `network.links`, `topology.{issuer,acs}.operations`, `workload.cards.bins` and
/// `policies.exemptions`: bad values give exact messages, like the fields of `malformedScenarios`;
/// messages were produced by the loader, then checked by hand.
let malformedPaymentsDetailScenarios: [MalformedScenario] = [
    MalformedScenario("walkAwayAndTimerBadValues",
                      #"{"model": "payments", "behaviour": {"walkAway": 1.5, "walkAwayTime": "lognormal(median: 20m)"}, "policies": {"timeouts": {"scaEventExpiry": "0s", "sessionLifetime": -1, "sessionInactivity": "15 minutes", "provisioningCompletion": "10m", "otpValidty": "5m"}}}"#,
                      [
                          #"scenarios/x.json: policies.timeouts.scaEventExpiry: expected a positive duration with a unit, such as "250ms", found "0s""#,
                          #"scenarios/x.json: policies.timeouts.sessionLifetime: expected a duration with a unit, such as "250ms" or "2h", found -1"#,
                          #"scenarios/x.json: policies.timeouts.sessionInactivity: expected a duration unit (ns, us, ms, s, m or h), found "15 minutes" (did you mean "15m"?)"#,
                          #"scenarios/x.json: behaviour.walkAway: expected a probability between 0 and 1 (the share of customer waits at which the customer walks away), found 1.5"#,
                          #"scenarios/x.json: behaviour.walkAwayTime: expected lognormal(median: <duration>, sigma: <number>), such as "lognormal(median: 15ms, sigma: 0.5)", found "lognormal(median: 20m)""#,
                          #"scenarios/x.json: policies.timeouts.otpValidty: expected one of the fields of policies.timeouts: "deviceCall", "merchantCall", "authorization", "issuerStandIn", "authentication", "challenge", "resolutionHop", "lifecycleBudget", "otpValidity", "scaEventExpiry", "sessionLifetime", "sessionInactivity", "provisioningCompletion", "captureDay", "cascadeConsent", "paymentDeadline", "inquiryDelay", "cardValidity", "tokenValidity", found an unknown field at line 1, column 238 (did you mean "otpValidity"?)"#,
                      ]),
    MalformedScenario("saleEndsBadValues",
                      #"{"model": "payments", "behaviour": {"paymentCancel": 2, "cancelTime": "soon", "acquirerErrors": -0.5}, "policies": {"timeouts": {"paymentDeadline": "0s", "inquiryDelay": "-2s"}}}"#,
                      [
                          #"scenarios/x.json: policies.timeouts.paymentDeadline: expected a positive duration with a unit, such as "250ms", found "0s""#,
                          #"scenarios/x.json: policies.timeouts.inquiryDelay: expected a duration that is not negative, found "-2s""#,
                          #"scenarios/x.json: behaviour.paymentCancel: expected a probability between 0 and 1 (the share of card-core payments the customer cancels while they run), found 2"#,
                          #"scenarios/x.json: behaviour.cancelTime: expected a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "constant(20ms)" or "uniform(10ms, 30ms)", found "soon""#,
                          #"scenarios/x.json: behaviour.acquirerErrors: expected a probability between 0 and 1 (the share of authorization answers the acquirer loses to a system error), found -0.5"#,
                      ]),
    MalformedScenario("threeDSSharesBadValues",
                      #"{"model": "payments", "behaviour": {"challengeAbandon": 1.5, "challengeRatio": "20%", "decoupledRatio": -0.1, "frictionless": {"attempted": 0.6, "rejected": 0.5, "informationl": 0.1}}}"#,
                      [
                          #"scenarios/x.json: behaviour.challengeRatio: expected a probability between 0 and 1 (the share of 3DS attempts challenged), found "20%""#,
                          #"scenarios/x.json: behaviour.challengeAbandon: expected a probability between 0 and 1 (the share of challenges the cardholder cancels), found 1.5"#,
                          #"scenarios/x.json: behaviour.decoupledRatio: expected a probability between 0 and 1 (the share of challenges run decoupled), found -0.1"#,
                          #"scenarios/x.json: behaviour.frictionless: expected shares of A, N, U, R and I that add up to at most 1 (the rest is Y), found shares adding up to 1.125"#,
                          #"scenarios/x.json: behaviour.frictionless.informationl: expected one of the fields of behaviour.frictionless: "attempted", "notAuthenticated", "unavailable", "rejected", "informational", found an unknown field at line 1, column 163 (did you mean "informational"?)"#,
                      ]),
    MalformedScenario("linkBetweenBadValues",
                      #"{"model": "payments", "network": {"links": [{"between": ["gateway", "acss"]}, {"between": ["gateway"]}, {"between": ["acs", "acs"]}, {"latency": "40ms"}, {"between": ["gateway", "acs", "issuer"]}, {"between": "gateway"}]}}"#,
                      [
                          #"scenarios/x.json: network.links[0].between[1]: expected one of "device", "merchant", "gateway", "acs", "acquirer", "acquirer_backup", "network", "issuer", "platform", "wallet", "message_channel", "token_service", "card_platform", "sca_authority", "mobile_wallet", "directory_server", found "acss" (did you mean "acs"?)"#,
                          #"scenarios/x.json: network.links[1].between: expected two actors, such as ["gateway", "acs"], found 1"#,
                          #"scenarios/x.json: network.links[2].between: expected two different actors, such as ["gateway", "acs"], found "acs" twice"#,
                          #"scenarios/x.json: network.links[3].between: expected two actors, such as ["gateway", "acs"], found nothing"#,
                          #"scenarios/x.json: network.links[4].between: expected two actors, such as ["gateway", "acs"], found 3"#,
                          #"scenarios/x.json: network.links[5].between: expected a list of names, found "gateway""#,
                      ]),
    MalformedScenario("linkListedTwiceBadLatencyUnknownField",
                      #"{"model": "payments", "network": {"links": [{"between": ["acs", "gateway"], "latency": "lognormal(median: 40ms)"}, {"between": ["gateway", "acs"], "latncy": "1ms"}]}}"#,
                      [
                          #"scenarios/x.json: network.links[0].latency: expected lognormal(median: <duration>, sigma: <number>), such as "lognormal(median: 15ms, sigma: 0.5)", found "lognormal(median: 40ms)""#,
                          #"scenarios/x.json: network.links[1].between: expected each link at most once, found ["gateway", "acs"] (network.links[0] is the same link)"#,
                          #"scenarios/x.json: network.links[1].latncy: expected one of the fields of network.links: "between", "latency", found an unknown field at line 1, column 148 (did you mean "latency"?)"#,
                      ]),
    MalformedScenario("linksNotAList", #"{"model": "payments", "network": {"links": {"between": ["gateway", "acs"]}}}"#,
                      [#"scenarios/x.json: network.links: expected a list of at most 1,000 links, found an object"#]),
    MalformedScenario("operationBadValuesAndUnknownOperations",
                      #"{"model": "payments", "topology": {"issuer": {"operations": {"inquiry": "fast", "reversal": 3, "refund": "1ms"}}, "acs": {"operations": {"challengeResult": "exponential(mean: -1ms)", "challenge": "2ms"}}}}"#,
                      [
                          #"scenarios/x.json: topology.issuer.operations.inquiry: expected a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "constant(20ms)" or "uniform(10ms, 30ms)", found "fast""#,
                          #"scenarios/x.json: topology.issuer.operations.reversal: expected a distribution such as "exponential(mean: 20ms)", found 3"#,
                          #"scenarios/x.json: topology.acs.operations.challengeResult: expected the mean to be a duration that is not negative, found "-1ms""#,
                          #"scenarios/x.json: topology.issuer.operations.refund: expected one of the fields of topology.issuer.operations: "authorization", "inquiry", "reversal", found an unknown field at line 1, column 96"#,
                          #"scenarios/x.json: topology.acs.operations.challenge: expected one of the fields of topology.acs.operations: "authentication", "challengeResult", found an unknown field at line 1, column 184"#,
                      ]),
    MalformedScenario("operationsAndLinksAreUnknownInThePipeline",
                      #"{"topology": {"issuer": {"operations": {"inquiry": "1ms"}}}, "network": {"links": []}}"#,
                      [
                          #"scenarios/x.json: topology.issuer.operations: expected one of the fields of topology.issuer: "servers", "service", "queueLimit", "declineRatio", found an unknown field at line 1, column 26"#,
                          #"scenarios/x.json: network.links: expected one of the fields of network: "latency", found an unknown field at line 1, column 74"#,
                      ]),
    MalformedScenario("binBadValues",
                      #"{"model": "payments", "workload": {"cards": {"bins": [{"prefix": "5", "scheme": "visa", "share": 0.5}, {"prefix": "4x", "scheme": "mastercad", "share": 1.5}, {"prefix": "123456789", "share": 0.2, "threeDSecureEnrolled": "90%"}, {"prefix": 4, "scheme": "amex", "shar": 0.1}]}}}"#,
                      [
                          #"scenarios/x.json: workload.cards.bins[0].prefix: expected a prefix of visa cards (4), found "5""#,
                          #"scenarios/x.json: workload.cards.bins[1].prefix: expected the first 1 to 8 digits of a card number, such as "4" or "2221", found "4x""#,
                          #"scenarios/x.json: workload.cards.bins[1].scheme: expected one of visa, mastercard, amex, discover, jcb, unionpay, maestro, mir, found "mastercad" (did you mean "mastercard"?)"#,
                          #"scenarios/x.json: workload.cards.bins[1].share: expected a probability between 0 and 1 (the share of cards in this range), found 1.5"#,
                          #"scenarios/x.json: workload.cards.bins[2].prefix: expected the first 1 to 8 digits of a card number, such as "4" or "2221", found "123456789""#,
                          #"scenarios/x.json: workload.cards.bins[2].threeDSecureEnrolled: expected a probability between 0 and 1 (the share of this range's cards enrolled in 3-D Secure), found "90%""#,
                          #"scenarios/x.json: workload.cards.bins[3].prefix: expected the first 1 to 8 digits of a card number, such as "4" or "2221", found 4"#,
                          #"scenarios/x.json: workload.cards.bins[3].shar: expected one of the fields of workload.cards.bins: "prefix", "scheme", "share", "threeDSecureEnrolled", found an unknown field at line 1, column 261 (did you mean "share"?)"#,
                      ]),
    MalformedScenario("binPrefixOutsideItsSchemeAndSchemeNotAString",
                      #"{"model": "payments", "workload": {"cards": {"bins": [{"prefix": "2300", "scheme": "mastercard"}, {"prefix": "5", "scheme": "mir", "share": 0}, {"prefix": "2720", "scheme": 7}, {"prefix": "2721", "scheme": "mastercard"}]}}}"#,
                      [
                          #"scenarios/x.json: workload.cards.bins[1].prefix: expected a prefix of mir cards (2200-2204), found "5""#,
                          #"scenarios/x.json: workload.cards.bins[2].scheme: expected one of visa, mastercard, amex, discover, jcb, unionpay, maestro, mir, found 7"#,
                          #"scenarios/x.json: workload.cards.bins[3].prefix: expected a prefix of mastercard cards (51-55, 2221-2720), found "2721""#,
                      ]),
    MalformedScenario("binSharesShort", #"{"model": "payments", "workload": {"cards": {"bins": [{"share": 0.5}, {"scheme": "mastercard", "share": 0.4}]}}}"#,
                      [#"scenarios/x.json: workload.cards.bins: expected shares that add up to 1, found a sum of 0.9"#]),
    MalformedScenario("binSharesOverWithARest",
                      #"{"model": "payments", "workload": {"cards": {"bins": [{"share": 0.7}, {"scheme": "mastercard", "share": 0.4}, {"scheme": "mir"}]}}}"#,
                      [#"scenarios/x.json: workload.cards.bins: expected shares that add up to at most 1 (the ranges without one share the rest), found a sum of 1.1"#]),
    MalformedScenario("binsNotAList", #"{"model": "payments", "workload": {"cards": {"bins": 3}}}"#,
                      [#"scenarios/x.json: workload.cards.bins: expected a list of at most 1,000 BIN ranges, found 3"#]),
    MalformedScenario("exemptionBadValueAndUnknownExemption",
                      #"{"model": "payments", "policies": {"exemptions": {"lowValue": -1, "lowvalue": 5, "highValue": 5}}}"#,
                      [
                          #"scenarios/x.json: policies.exemptions.lowValue: expected an amount in minor units from 0 to 10^12 (0: no exemption), found -1"#,
                          #"scenarios/x.json: policies.exemptions.lowvalue: expected one of the fields of policies.exemptions: "lowValue", found an unknown field at line 1, column 67 (did you mean "lowValue"?)"#,
                          #"scenarios/x.json: policies.exemptions.highValue: expected one of the fields of policies.exemptions: "lowValue", found an unknown field at line 1, column 82"#,
                      ]),
    MalformedScenario("cascadeBadValues",
                      #"{"model": "payments", "policies": {"cascadeProviders": 0}, "behaviour": {"cascadeConsent": 0.9, "cascadeRefusal": 0.2}}"#,
                      [
                          #"scenarios/x.json: policies.cascadeProviders: expected a whole number of providers in routing order from 1 to 8 (the primary included), found 0"#,
                          #"scenarios/x.json: behaviour.cascadeConsent: expected shares of customers who consent to or refuse a 3DS cascade that add up to at most 1 (the rest never answer), found shares adding up to 1.1"#,
                      ]),
    MalformedScenario("exemptionFromTheCommandLine", #"{"model": "payments"}"#, set: ["policies.exemptions.lowValue=1.5"],
                      [#"--set policies.exemptions.lowValue=1.5: policies.exemptions.lowValue: expected an amount in minor units from 0 to 10^12 (0: no exemption), found 1.5"#]),
    MalformedScenario("prepaidPurchaseSharesAboveOne",
                      #"{"model": "payments", "behaviour": {"seed": {"purchaseCardNotPresent": 0.7, "purchaseToken": 0.5}}}"#,
                      [#"scenarios/x.json: behaviour.seed.purchaseToken: expected shares of purchases by token and by purchaseCardNotPresent that add up to at most 1 (the rest pay with the plastic), found shares adding up to 1.2"#]),
    MalformedScenario("prepaidPurchaseSharesBadValues",
                      #"{"model": "payments", "behaviour": {"seed": {"purchaseCardNotPresent": 1.5, "purchaseToken": "half"}}}"#,
                      [
                          #"scenarios/x.json: behaviour.seed.purchaseCardNotPresent: expected a probability between 0 and 1 (the share of prepaid purchases made with the card's details), found 1.5"#,
                          #"scenarios/x.json: behaviour.seed.purchaseToken: expected a probability between 0 and 1 (the share of prepaid purchases made with the phone's token), found "half""#,
                      ]),
    MalformedScenario("refundSharesAboveOneAndBadDecline",
                      #"{"model": "payments", "behaviour": {"refundInParts": 0.8, "refundExcess": 0.3, "refundDecline": -0.1}}"#,
                      [
                          #"scenarios/x.json: behaviour.refundExcess: expected shares of refunds in parts and refundExcess that add up to at most 1 (the rest are refunded once, by half), found shares adding up to 1.1"#,
                          #"scenarios/x.json: behaviour.refundDecline: expected a probability between 0 and 1 (the share of refunds the acquirer declines), found -0.1"#,
                      ]),
    MalformedScenario("provisioningSharesBadValues",
                      #"{"model": "payments", "behaviour": {"seed": {"googleWallet": 2, "walletIneligible": -0.5, "passSheetLeftOpen": "often", "identityVerification": 1.01}}}"#,
                      [
                          #"scenarios/x.json: behaviour.seed.walletIneligible: expected a probability between 0 and 1 (the share of phones that cannot add the card to their wallet), found -0.5"#,
                          #"scenarios/x.json: behaviour.seed.googleWallet: expected a probability between 0 and 1 (the share of provisionings to Google Pay), found 2"#,
                          #"scenarios/x.json: behaviour.seed.passSheetLeftOpen: expected a probability between 0 and 1 (the share of provisionings whose wallet sheet is left open), found "often""#,
                          #"scenarios/x.json: behaviour.seed.identityVerification: expected a probability between 0 and 1 (the share of Google passes that need identity verification), found 1.01"#,
                      ]),
    MalformedScenario("expiryAndSuspensionBadValues",
                      #"{"model": "payments", "behaviour": {"seed": {"tokenSuspension": 1.5}}, "policies": {"timeouts": {"cardValidity": "0s", "tokenValidity": "3 years"}}}"#,
                      [
                          #"scenarios/x.json: policies.timeouts.cardValidity: expected a positive duration with a unit, such as "250ms", found "0s""#,
                          #"scenarios/x.json: policies.timeouts.tokenValidity: expected a duration unit (ns, us, ms, s, m or h), found "3 years""#,
                          #"scenarios/x.json: behaviour.seed.tokenSuspension: expected a probability between 0 and 1 (the share of card-on-file tokens the issuer suspends), found 1.5"#,
                      ]),
    MalformedScenario("sessionCardChangeBadValues",
                      #"{"model": "payments", "behaviour": {"seed": {"sessionCardChange": 1.2}}}"#,
                      [#"scenarios/x.json: behaviour.seed.sessionCardChange: expected a probability between 0 and 1 (the share of Mastercard payments whose customer changes the card on the session), found 1.2"#]),
    MalformedScenario("sessionCardChangeNotANumber",
                      #"{"model": "payments", "behaviour": {"seed": {"sessionCardChange": "sometimes"}}}"#,
                      [#"scenarios/x.json: behaviour.seed.sessionCardChange: expected a probability between 0 and 1 (the share of Mastercard payments whose customer changes the card on the session), found "sometimes""#]),
    MalformedScenario("refundShareNotANumber", #"{"model": "payments", "behaviour": {"refundInParts": "most"}}"#,
                      [#"scenarios/x.json: behaviour.refundInParts: expected a probability between 0 and 1 (the share of refunded payments refunded in two parts), found "most""#]),
]

@Suite struct ScenarioPaymentsDetailTests {
    @Test(arguments: malformedPaymentsDetailScenarios)
    func malformedDetailReportsItsExactMessages(_ example: MalformedScenario) {
        do {
            _ = try ScenarioLoader.load(bytes: Array(example.json.utf8), file: "scenarios/x.json", overrides: example.overrides)
            Issue.record("\(example.name): loaded without an error; expected \(example.errors)")
        } catch {
            #expect(error.errors.map(\.description) == example.errors, "\(example.name)")
        }
    }

    /// Every field as written, and every default of an element that gives none.
    @Test func detailsLoadWithTheirDefaults() throws {
        let text = #"""
            {
              "model": "payments",
              "workload": {
                "cards": {
                  "threeDSecureEnrolled": 0.5,
                  "bins": [
                    {"prefix": "4", "scheme": "visa", "share": 0.6, "threeDSecureEnrolled": 0.9},
                    {"scheme": "mastercard"},
                    {"prefix": "37", "scheme": "amex"}
                  ]
                }
              },
              "network": {
                "latency": "constant(10ms)",
                "links": [{"between": ["gateway", "acs"], "latency": "lognormal(median: 40ms, sigma: 0.5)"}, {"between": ["network", "issuer"]}]
              },
              "topology": {
                "issuer": {"service": "constant(7ms)", "operations": {"inquiry": "constant(2ms)", "reversal": "exponential(mean: 5ms)"}},
                "acs": {"operations": {"authentication": "uniform(10ms, 30ms)"}}
              },
              "policies": {"exemptions": {"lowValue": 3000}}
            }
            """#
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "scenarios/x.json")
        let world = try #require(payments(of: scenario))
        #expect(world.cards.bins == [
            CardBIN(prefix: "4", scheme: .visa, share: Ratio(6, 10), threeDSecureEnrolled: Ratio(9, 10)),
            CardBIN(prefix: "51", scheme: .mastercard, share: Ratio(2, 10)),
            CardBIN(prefix: "37", scheme: .amex, share: Ratio(2, 10)),
        ])
        #expect(world.links == [
            LinkLatency(between: [.gateway, .acs], latency: .lognormal(median: .milliseconds(40), sigma: 0.5)),
            LinkLatency(between: [.network, .issuer], latency: .constant(.milliseconds(10))),
        ])
        #expect(world.stations.operations == [
            .inquiry: .constant(.milliseconds(2)), .reversal: .exponential(mean: .milliseconds(5)),
            .authentication: .uniform(.milliseconds(10), .milliseconds(30)),
        ])
        #expect(world.policies.lowValueExemption == 3000)
        let defaults = try #require(payments(of: ScenarioLoader.load(bytes: Array(#"{"model": "payments"}"#.utf8), file: "d.json")))
        #expect(defaults.cards.bins.isEmpty && defaults.links.isEmpty && defaults.stations.operations.isEmpty)
        #expect(defaults.policies.lowValueExemption == 0)
    }

    /// Shares left out split the rest evenly; the last one takes the rounding, so they add up to 1.
    @Test func sharesLeftOutSplitTheRest() throws {
        let text = #"{"model": "payments", "workload": {"cards": {"bins": [{"share": 0.1}, {"scheme": "mir"}, {"scheme": "jcb"}, {"scheme": "maestro"}]}}}"#
        let world = try #require(payments(of: ScenarioLoader.load(bytes: Array(text.utf8), file: "x.json")))
        let parts = world.cards.bins.map { $0.share.numerator * (1_000_000_000 / $0.share.denominator) }
        #expect(parts == [100_000_000, 300_000_000, 300_000_000, 300_000_000])
        let thirds = #"{"model": "payments", "workload": {"cards": {"bins": [{}, {"scheme": "mir"}, {"scheme": "jcb"}]}}}"#
        let split = try #require(payments(of: ScenarioLoader.load(bytes: Array(thirds.utf8), file: "x.json")))
        #expect(split.cards.bins.map { $0.share.numerator * (1_000_000_000 / $0.share.denominator) }
            == [333_333_333, 333_333_333, 333_333_334])
    }

    @Test func schemePrefixesFollowTheIINTable() {
        #expect(CardScheme.mastercard.admits(prefix: "2") && CardScheme.mastercard.admits(prefix: "27")
            && CardScheme.mastercard.admits(prefix: "27201234") && !CardScheme.mastercard.admits(prefix: "2721"))
        #expect(CardScheme.mir.admits(prefix: "2") && CardScheme.mir.admits(prefix: "22041") && !CardScheme.mir.admits(prefix: "2205"))
        #expect(CardScheme.discover.admits(prefix: "6011") && CardScheme.discover.admits(prefix: "6449")
            && !CardScheme.discover.admits(prefix: "6012") && !CardScheme.discover.admits(prefix: "643"))
        #expect(CardScheme.visa.admits(prefix: "41111111") && !CardScheme.visa.admits(prefix: "5"))
    }
}

/// A list a `--set` creates where the model has no such field blames the flag, not the file.
@Suite struct ScenarioCreatedListTests {
    @Test func anUnknownListCreatedByASetNamesTheFlag() {
        let problems = loaderProblems(Array(#"{"network": {"latency": "1ms"}}"#.utf8), file: "scenarios/x.json",
                                      overrides: ["network.links[0].between=1"])
        #expect(problems.map(\.description) == [
            #"--set network.links[0].between=1: network.links: expected one of the fields of network: "latency", found an unknown field"#,
        ])
    }
}
