import PaymentWorld
import Scenarios
import SimulationKernel
import Testing

/// The payments model's flows and actors as the loader lists them in a message, written out.
let paymentFlowList = "sale, authorization, portmone_bill, portmone_topup, portmone_wallet_card, ecommpay_sale, ecommpay_auth, ecommpay_verify, ecommpay_token_sale, mastercard_pay, mastercard_authorize, mastercard_token_pay, sogenactif_card_order, sogenactif_wallet_order, paysafe_card, paysafe_provisioning, stripe_payment, stripe_manual_capture"
let paymentActorList = #""device", "merchant", "gateway", "acs", "acquirer", "acquirer_backup", "network", "issuer", "platform", "wallet", "message_channel", "token_service", "card_platform", "sca_authority", "mobile_wallet", "directory_server""#

/// `faults.windows`, `faults.slowdowns` and `slo.flows`: bad values give exact messages, like the
/// fields of `malformedScenarios`; messages were produced by the loader, then checked by hand.
let malformedFaultWindowScenarios: [MalformedScenario] = [
    MalformedScenario("flowKeyWithAControlCharacter", #"{"model": "payments", "slo": {"flows": {"sal\u001fe": {"success_rate": "> 0.9"}}}}"#,
                      [#"scenarios/x.json: slo.flows.sal\u001Fe: expected a flow of this model, one of "# + paymentFlowList
                       + #", found "sal\u001Fe" (did you mean "sale"?)"#]),
    MalformedScenario("flowMetricUnknownOrWithANewline",
                      #"{"model": "payments", "slo": {"flows": {"sale": {"latency_ms_p90": "< 5", "succ\ness_rate": "> 0.9"}}}}"#,
                      [
                          #"scenarios/x.json: slo.flows.sale.latency_ms_p90: expected a flow metric, one of latency_ms_p50, latency_ms_p99, latency_ms_max, system_ms_p50, system_ms_p99, success_rate, completed, found "latency_ms_p90" (did you mean "latency_ms_p50"?)"#,
                          #"scenarios/x.json: slo.flows.sale.succ\ness_rate: expected a flow metric, one of latency_ms_p50, latency_ms_p99, latency_ms_max, system_ms_p50, system_ms_p99, success_rate, completed, found "succ\ness_rate" (did you mean "success_rate"?)"#,
                      ]),
    MalformedScenario("flowKeyTooLongIsShortened",
                      #"{"model": "payments", "slo": {"flows": {""# + String(repeating: "x", count: 100) + #"": {}}}}"#,
                      [#"scenarios/x.json: slo.flows."# + String(repeating: "x", count: 60) + #"…: expected a flow of this model, one of "# + paymentFlowList + #", found ""#
                          + String(repeating: "x", count: 60) + #"…""#]),
    MalformedScenario("flowComparisonWithoutOperatorAndFlowNotAnObject",
                      #"{"model": "payments", "slo": {"flows": {"sale": {"success_rate": "0.9"}, "authorization": 3}}}"#,
                      [
                          #"scenarios/x.json: slo.flows.sale.success_rate: expected a comparison such as "< 800", "<= 0.5", ">= 10", "== 0" or "!= 3", found "0.9" (add an operator, as in "< 0.9")"#,
                          #"scenarios/x.json: slo.flows.authorization: expected an object, found 3"#,
                      ]),
    MalformedScenario("flowsInTheReferencePipeline", #"{"slo": {"flows": {"sale": {"success_rate": "> 0.9"}}}}"#,
                      [#"scenarios/x.json: slo.flows.sale: expected no flows (this model has one flow: use slo.METRIC), found "sale""#]),
    MalformedScenario("faultWindowsBadValues",
                      #"{"model": "payments", "faults": {"windows": [{"kind": "latency"}, {"kind": "partition", "between": ["gateway"]}, {"between": ["gateway", "isuer"]}, {"rate": 2, "duration": "0s", "factor": 0.5}]}}"#,
                      [
                          #"scenarios/x.json: faults.windows[0].kind: expected one of "loss", "duplication", "reordering", "latencySpike", "partition", found "latency""#,
                          #"scenarios/x.json: faults.windows[1].between: expected two actors, such as ["gateway", "issuer"], found 1"#,
                          // Only the bad name: not also "found 1" for the one good name left.
                          #"scenarios/x.json: faults.windows[2].between[1]: expected one of "# + paymentActorList
                              + #", found "isuer" (did you mean "issuer"?)"#,
                          #"scenarios/x.json: faults.windows[3].duration: expected a positive duration with a unit, such as "250ms", found "0s""#,
                          #"scenarios/x.json: faults.windows[3].rate: expected a probability between 0 and 1 (the share of messages affected in the window), found 2"#,
                          #"scenarios/x.json: faults.windows[3].factor: expected a latency multiplier from 1 to 1,000, found 0.5"#,
                      ]),
    MalformedScenario("faultWindowBetweenOneActorTwice",
                      #"{"model": "payments", "faults": {"windows": [{"kind": "partition", "between": ["acs", "acs"]}, {"between": ["gateway", "acs", "issuer"]}]}}"#,
                      [
                          #"scenarios/x.json: faults.windows[0].between: expected two different actors, such as ["gateway", "issuer"], found "acs" twice"#,
                          #"scenarios/x.json: faults.windows[1].between: expected two actors, such as ["gateway", "issuer"], found 3"#,
                      ]),
    MalformedScenario("slowdownsBadValuesAndUnknownFields",
                      #"{"model": "payments", "faults": {"windows": [{"betwen": []}], "slowdowns": [{"actor": "isuer", "factor": 0.5, "duration": "0ms"}, {"actor": "acs", "facter": 2}]}}"#,
                      [
                          // A name like any other: quoted choices and a hint, as for `between`.
                          #"scenarios/x.json: faults.slowdowns[0].actor: expected one of "# + paymentActorList
                              + #", found "isuer" (did you mean "issuer"?)"#,
                          #"scenarios/x.json: faults.slowdowns[0].factor: expected a service-time multiplier from 1 to 1,000, found 0.5"#,
                          #"scenarios/x.json: faults.slowdowns[0].duration: expected a positive duration with a unit, such as "250ms", found "0ms""#,
                          #"scenarios/x.json: faults.windows[0].betwen: expected one of the fields of faults.windows: "kind", "start", "duration", "rate", "factor", "between", found an unknown field at line 1, column 47 (did you mean "between"?)"#,
                          #"scenarios/x.json: faults.slowdowns[1].facter: expected one of the fields of faults.slowdowns: "actor", "factor", "start", "duration", found an unknown field at line 1, column 148 (did you mean "factor"?)"#,
                      ]),
    MalformedScenario("faultListsNotLists", #"{"model": "payments", "faults": {"windows": {"kind": "loss"}, "slowdowns": 3}}"#,
                      [
                          #"scenarios/x.json: faults.windows: expected a list of at most 1,000 fault windows, found an object"#,
                          #"scenarios/x.json: faults.slowdowns: expected a list of at most 1,000 slowdown windows, found 3"#,
                      ]),
]

func payments(of scenario: Scenario) -> PaymentsConfiguration? {
    if case .payments(let configuration) = scenario.model { return configuration }
    return nil
}

@Suite struct ScenarioFaultWindowTests {
    @Test(arguments: malformedFaultWindowScenarios)
    func malformedWindowOrFlowObjectiveReportsItsExactMessages(_ example: MalformedScenario) {
        do {
            _ = try ScenarioLoader.load(bytes: Array(example.json.utf8), file: "scenarios/x.json")
            Issue.record("\(example.name): loaded without an error; expected \(example.errors)")
        } catch {
            #expect(error.errors.map(\.description) == example.errors, "\(example.name)")
        }
    }

    /// Every field as written, and every default of an element that gives none.
    @Test func windowsSlowdownsAndFlowObjectivesLoadWithTheirDefaults() throws {
        let text = #"""
            {
              "model": "payments",
              "faults": {
                "windows": [
                  {},
                  {"kind": "partition", "start": "60s", "duration": "15s", "between": ["gateway", "acs"]},
                  {"kind": "latencySpike", "factor": 20, "rate": 0.5},
                  {"kind": "duplication", "rate": 0.25, "between": []},
                  {"kind": "reordering", "rate": 0}
                ],
                "slowdowns": [{}, {"actor": "acquirer_backup", "factor": 1.5, "start": "2m", "duration": "1s"}]
              },
              "slo": {"success_rate": "> 0.5", "flows": {"authorization": {"latency_ms_max": "< 9000", "completed": ">= 1"}}}
            }
            """#
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "scenarios/x.json")
        let world = try #require(payments(of: scenario))
        #expect(world.faultWindows == [
            PaymentFaultWindow(kind: .loss(Ratio(1, 10)), start: .zero, duration: .seconds(30)),
            PaymentFaultWindow(kind: .partition, start: .seconds(60), duration: .seconds(15), between: [.gateway, .acs]),
            PaymentFaultWindow(kind: .latencySpike(factor: 20), start: .zero, duration: .seconds(30)),
            PaymentFaultWindow(kind: .duplication(Ratio(1, 4)), start: .zero, duration: .seconds(30)),
            PaymentFaultWindow(kind: .reordering(.zero), start: .zero, duration: .seconds(30)),
        ])
        #expect(world.slowdowns == [
            Slowdown(actor: .issuer, factor: 5, start: .zero, duration: .seconds(60)),
            Slowdown(actor: .backupAcquirer, factor: 1.5, start: .minutes(2), duration: .seconds(1)),
        ])
        #expect(scenario.objectives.map(\.description)
            == ["success_rate > 0.5", "flows.authorization.latency_ms_max < 9000", "flows.authorization.completed >= 1"])
    }
}
