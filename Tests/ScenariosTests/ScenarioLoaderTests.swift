import Foundation
import SimulationTestSupport
import PaymentWorld
import Scenarios
import SimulationKernel
import Testing

// MARK: Malformed scenarios

/// One bad scenario: its text, the `--set` flags applied to it, and every message it must give,
/// in order. The messages were produced by the loader once, then read and checked by hand.
struct MalformedScenario: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var overrides: [String]
    var errors: [String]

    init(_ name: String, _ json: String, set overrides: [String] = [], _ errors: [String]) {
        self.name = name
        self.json = json
        self.overrides = overrides
        self.errors = errors
    }

    var testDescription: String { name }
}

/// Every message names the file (or the `--set` flag), the field, what was expected and what
/// was found. Several errors come in the order the loader reads fields (its schema order), then
/// unknown fields in document order: the same order on every run. `\#n` in a raw string is a line break, for the syntax errors' line numbers.
let malformedScenarios: [MalformedScenario] = [
    MalformedScenario("rateIsAString", #"{"workload": {"rate": "fast"}}"#,
                      [#"scenarios/x.json: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found "fast""#]),
    MalformedScenario("rateIsNegative", #"{"workload": {"rate": -5}}"#,
                      [#"scenarios/x.json: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found -5"#]),
    MalformedScenario("rateIsZero", #"{"workload": {"rate": 0}}"#,
                      [#"scenarios/x.json: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found 0"#]),
    MalformedScenario("rateIsHuge", #"{"workload": {"rate": 1e9}}"#,
                      [#"scenarios/x.json: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found 1e9"#]),
    MalformedScenario("rateIsNull", #"{"workload": {"rate": null}}"#,
                      [#"scenarios/x.json: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found null"#]),
    MalformedScenario("lifecyclesIsAFraction", #"{"run": {"lifecycles": 2.5}}"#,
                      [#"scenarios/x.json: run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found 2.5"#]),
    MalformedScenario("lifecyclesIsZero", #"{"run": {"lifecycles": 0}}"#,
                      [#"scenarios/x.json: run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found 0"#]),
    MalformedScenario("lifecyclesIsHuge", #"{"run": {"lifecycles": 2e9}}"#,
                      [#"scenarios/x.json: run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found 2e9"#]),
    MalformedScenario("lifecyclesIsAQuotedNumber", #"{"run": {"lifecycles": "100"}}"#,
                      [#"scenarios/x.json: run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found "100""#]),
    MalformedScenario("serversIsNegative", #"{"topology": {"gateway": {"servers": -1}}}"#,
                      [#"scenarios/x.json: topology.gateway.servers: expected a whole number of servers from 1 to 100,000, found -1"#]),
    MalformedScenario("serversIsAFraction", #"{"topology": {"acs": {"servers": 1.5}}}"#,
                      [#"scenarios/x.json: topology.acs.servers: expected a whole number of servers from 1 to 100,000, found 1.5"#]),
    MalformedScenario("serversIsTrue", #"{"topology": {"issuer": {"servers": true}}}"#,
                      [#"scenarios/x.json: topology.issuer.servers: expected a whole number of servers from 1 to 100,000, found true"#]),
    MalformedScenario("queueLimitIsNegative", #"{"topology": {"acsBackup": {"queueLimit": -1}}}"#,
                      [#"scenarios/x.json: topology.acsBackup.queueLimit: expected a whole number of waiting payments from 0 to 1,000,000,000 (omit for no limit), found -1"#]),
    MalformedScenario("threeDSecureRatioAboveOne", #"{"workload": {"threeDSecureRatio": 1.5}}"#,
                      [#"scenarios/x.json: workload.threeDSecureRatio: expected a probability between 0 and 1 (the share of payments that need 3-D Secure), found 1.5"#]),
    MalformedScenario("declineRatioNegative", #"{"topology": {"issuer": {"declineRatio": -0.1}}}"#,
                      [#"scenarios/x.json: topology.issuer.declineRatio: expected a probability between 0 and 1 (the share of authorizations the issuer declines), found -0.1"#]),
    MalformedScenario("ratioAsPercentString", #"{"workload": {"threeDSecureRatio": "30%"}}"#,
                      [#"scenarios/x.json: workload.threeDSecureRatio: expected a probability between 0 and 1 (the share of payments that need 3-D Secure), found "30%""#]),
    MalformedScenario("timeoutIsZero", #"{"policies": {"acsQueueTimeout": "0ms"}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a positive duration with a unit, such as "250ms", found "0ms""#]),
    MalformedScenario("timeoutIsABareNumber", #"{"policies": {"acsQueueTimeout": 200}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a duration with a unit, such as "250ms" or "2h", found 200"#]),
    MalformedScenario("timeoutWithoutUnit", #"{"policies": {"acsQueueTimeout": "200"}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a duration with a unit (ns, us, ms, s, m or h), found "200""#]),
    MalformedScenario("timeoutWithUnitTypo", #"{"policies": {"acsQueueTimeout": "200 secs"}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a duration unit (ns, us, ms, s, m or h), found "200 secs" (did you mean "200s"?)"#]),
    MalformedScenario("timeoutNegative", #"{"policies": {"acsQueueTimeout": "-5ms"}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a duration that is not negative, found "-5ms""#]),
    MalformedScenario("timeoutTooLong", #"{"policies": {"acsQueueTimeout": "1000000h"}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a duration of at most 100 years, found "1000000h""#]),
    MalformedScenario("timeoutNotFinite", #"{"policies": {"acsQueueTimeout": "infs"}}"#,
                      [#"scenarios/x.json: policies.acsQueueTimeout: expected a duration such as "250ms", "1.5s" or "2h", found "infs" (a duration must be finite)"#]),
    MalformedScenario("latencyMisspelledName", #"{"network": {"latency": "exponentail(mean: 20ms)"}}"#,
                      [#"scenarios/x.json: network.latency: expected a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "constant(20ms)" or "uniform(10ms, 30ms)", found "exponentail(mean: 20ms)" (did you mean "exponential"?)"#]),
    MalformedScenario("latencyUnknownName", #"{"network": {"latency": "cauchy(scale: 2ms)"}}"#,
                      [#"scenarios/x.json: network.latency: expected a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "constant(20ms)" or "uniform(10ms, 30ms)", found "cauchy(scale: 2ms)""#]),
    MalformedScenario("latencyParetoWithoutScale", #"{"network": {"latency": "pareto(alpha: 2)"}}"#,
                      [#"scenarios/x.json: network.latency: expected pareto(scale: <duration>, shape: <number>), such as "pareto(scale: 10ms, shape: 2.5)", found "pareto(alpha: 2)""#]),
    MalformedScenario("latencyEmpirical", #"{"network": {"latency": "empirical(data.csv)"}}"#,
                      [#"scenarios/x.json: network.latency: expected empirical(file: "<path>"), optionally followed by histogram: true or column: <number or name>, such as empirical(file: "times/gateway.csv"), found "empirical(data.csv)""#]),
    MalformedScenario("latencyMissingSigma", #"{"network": {"latency": "lognormal(median: 15ms)"}}"#,
                      [#"scenarios/x.json: network.latency: expected lognormal(median: <duration>, sigma: <number>), such as "lognormal(median: 15ms, sigma: 0.5)", found "lognormal(median: 15ms)""#]),
    MalformedScenario("latencyZeroMedian", #"{"network": {"latency": "lognormal(median: 0ms, sigma: 0.5)"}}"#,
                      [#"scenarios/x.json: network.latency: expected the median to be a positive duration, found "0ms""#]),
    MalformedScenario("latencySigmaTooLarge", #"{"network": {"latency": "lognormal(median: 15ms, sigma: 11)"}}"#,
                      [#"scenarios/x.json: network.latency: expected sigma to be a finite number from 0 to 10, found "11""#]),
    MalformedScenario("latencyUnclosed", #"{"network": {"latency": "exponential(mean: 20ms"}}"#,
                      [#"scenarios/x.json: network.latency: expected exponential(mean: <duration>), such as "exponential(mean: 20ms)", found "exponential(mean: 20ms""#]),
    MalformedScenario("serviceUniformReversed", #"{"topology": {"gateway": {"service": "uniform(30ms, 10ms)"}}}"#,
                      [#"scenarios/x.json: topology.gateway.service: expected the low bound to be at most the high bound, found "uniform(30ms, 10ms)""#]),
    MalformedScenario("serviceMeanWithoutUnit", #"{"topology": {"acs": {"service": "exponential(mean: 20)"}}}"#,
                      [#"scenarios/x.json: topology.acs.service: expected the mean to be a duration with a unit (ns, us, ms, s, m or h), found "20""#]),
    MalformedScenario("serviceIsANumber", #"{"topology": {"issuer": {"service": 20}}}"#,
                      [#"scenarios/x.json: topology.issuer.service: expected a distribution such as "exponential(mean: 20ms)", found 20"#]),
    MalformedScenario("unknownTopLevelField", #"{"sede": 7}"#,
                      [#"scenarios/x.json: sede: expected one of the top-level fields "name", "description", "seed", "model", "run", "workload", "network", "topology", "policies", "slo", found an unknown field at line 1, column 2 (did you mean "seed"?)"#]),
    MalformedScenario("unknownWorkloadField", #"{"workload": {"rat": 50}}"#,
                      [#"scenarios/x.json: workload.rat: expected one of the fields of workload: "rate", "arrivals", "ramp", "spike", "profile", "customers", "thinkTime", "threeDSecureRatio", found an unknown field at line 1, column 15 (did you mean "rate"?)"#]),
    MalformedScenario("unknownStation", #"{"topology": {"gatway": {"servers": 2}}}"#,
                      [#"scenarios/x.json: topology.gatway: expected one of the fields of topology: "gateway", "acs", "acsBackup", "issuer", found an unknown field at line 1, column 15 (did you mean "gateway"?)"#]),
    MalformedScenario("unknownStationField", #"{"topology": {"acs": {"severs": 2}}}"#,
                      [#"scenarios/x.json: topology.acs.severs: expected one of the fields of topology.acs: "servers", "service", "queueLimit", found an unknown field at line 1, column 23 (did you mean "servers"?)"#]),
    MalformedScenario("unknownFieldWithoutNearMatch", #"{"workload": {"banana": 1}}"#,
                      [#"scenarios/x.json: workload.banana: expected one of the fields of workload: "rate", "arrivals", "ramp", "spike", "profile", "customers", "thinkTime", "threeDSecureRatio", found an unknown field at line 1, column 15"#]),
    MalformedScenario("workloadIsAScalar", #"{"workload": 5}"#,
                      [#"scenarios/x.json: workload: expected an object, found 5"#]),
    MalformedScenario("stationIsAString", #"{"topology": {"gateway": "fast"}}"#,
                      [#"scenarios/x.json: topology.gateway: expected an object, found "fast""#]),
    MalformedScenario("topologyIsAnArray", #"{"topology": []}"#,
                      [#"scenarios/x.json: topology: expected an object, found an array"#]),
    MalformedScenario("unknownModel", #"{"model": "queueing"}"#,
                      [#"scenarios/x.json: model: expected one of "reference-pipeline", "payments", found "queueing""#]),
    MalformedScenario("modelIsMisspelled", #"{"model": "reference_pipeline"}"#,
                      [#"scenarios/x.json: model: expected one of "reference-pipeline", "payments", found "reference_pipeline" (did you mean "reference-pipeline"?)"#]),
    MalformedScenario("badSloMetric", #"{"slo": {"latency_p99": "< 800"}}"#,
                      [#"scenarios/x.json: slo.latency_p99: expected a metric, one of latency_ms_mean, latency_ms_p50, latency_ms_p90, latency_ms_p99, latency_ms_p999, latency_ms_max, system_ms_p50, system_ms_p99, success_rate, violations, completed, found "latency_p99" (did you mean "latency_ms_p99"?)"#]),
    MalformedScenario("sloComparisonWithoutOperator", #"{"slo": {"latency_ms_p99": "800"}}"#,
                      [#"scenarios/x.json: slo.latency_ms_p99: expected a comparison such as "< 800", "<= 0.5", ">= 10", "== 0" or "!= 3", found "800" (add an operator, as in "< 800")"#]),
    MalformedScenario("sloComparisonReversedOperator", #"{"slo": {"success_rate": "=> 0.9"}}"#,
                      [#"scenarios/x.json: slo.success_rate: expected a comparison such as "< 800", "<= 0.5", ">= 10", "== 0" or "!= 3", found "=> 0.9" (did you mean ">="?)"#]),
    MalformedScenario("sloComparisonNotANumber", #"{"slo": {"latency_ms_p99": "< fast"}}"#,
                      [#"scenarios/x.json: slo.latency_ms_p99: expected a finite number after "<", found "< fast""#]),
    MalformedScenario("sloComparisonIsANumber", #"{"slo": {"latency_ms_p99": 800}}"#,
                      [#"scenarios/x.json: slo.latency_ms_p99: expected a comparison such as "< 800" or ">= 0.97", found 800"#]),
    MalformedScenario("sloIsAString", #"{"slo": "fast"}"#,
                      [#"scenarios/x.json: slo: expected an object, found "fast""#]),
    MalformedScenario("nameHasASpace", #"{"name": "peak hour"}"#,
                      [#"scenarios/x.json: name: expected a short name of letters, digits, '-' or '_', found "peak hour""#]),
    MalformedScenario("seedIsNegative", #"{"seed": -1}"#,
                      [#"scenarios/x.json: seed: expected a whole number from 0 to 18446744073709551615 (the default run seed), found -1"#]),
    MalformedScenario("seedIsAFraction", #"{"seed": 1.5}"#,
                      [#"scenarios/x.json: seed: expected a whole number from 0 to 18446744073709551615 (the default run seed), found 1.5"#]),
    MalformedScenario("seedIsAString", #"{"seed": "42"}"#,
                      [#"scenarios/x.json: seed: expected a whole number from 0 to 18446744073709551615 (the default run seed), found "42""#]),
    MalformedScenario("descriptionIsANumber", #"{"description": 3}"#,
                      [#"scenarios/x.json: description: expected a string, found 3"#]),
    MalformedScenario("trailingComma", #"{"seed": 1,}"#,
                      [#"scenarios/x.json: line 1, column 12: expected a string key after ',', found '}' (JSON does not allow a trailing comma)"#]),
    MalformedScenario("missingComma", #"{\#n  "seed": 1\#n  "name": "x"\#n}"#,
                      [#"scenarios/x.json: line 3, column 3: expected ',' or '}' after an object member, found '"'"#]),
    MalformedScenario("singleQuotes", #"{'seed': 1}"#,
                      [#"scenarios/x.json: line 1, column 2: expected a string key or '}', found "'" (JSON strings use double quotes)"#]),
    MalformedScenario("comment", #"{\#n  // the seed\#n  "seed": 1\#n}"#,
                      [#"scenarios/x.json: line 2, column 3: expected a string key or '}', found '/' (JSON has no comments)"#]),
    MalformedScenario("nanNumber", #"{"workload": {"rate": NaN}}"#,
                      [#"scenarios/x.json: line 1, column 23: expected a value for the key "rate", found 'NaN' (JSON has no NaN or Infinity)"#]),
    MalformedScenario("truncated", #"{"workload": {"rate": 5"#,
                      [#"scenarios/x.json: line 1, column 24: expected ',' or '}' after an object member, found end of input"#]),
    MalformedScenario("emptyFile", #""#,
                      [#"scenarios/x.json: line 1, column 1: expected a JSON value, found end of input (the document is empty)"#]),
    MalformedScenario("whitespaceOnly", #"  \#n "#,
                      [#"scenarios/x.json: line 2, column 2: expected a JSON value, found end of input (the document holds only whitespace)"#]),
    MalformedScenario("topLevelArray", #"[{"seed": 1}]"#,
                      [#"scenarios/x.json: (top level): expected an object, found an array"#]),
    MalformedScenario("topLevelString", #""scenario""#,
                      [#"scenarios/x.json: (top level): expected an object, found "scenario""#]),
    MalformedScenario("severalErrorsInReadingOrder", #"{"workload": {"rate": -5}, "run": {"lifecycles": 0}, "sede": 1, "topology": {"acs": {"severs": 2}}}"#,
                      [
                          #"scenarios/x.json: run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found 0"#,
                          #"scenarios/x.json: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found -5"#,
                          #"scenarios/x.json: sede: expected one of the top-level fields "name", "description", "seed", "model", "run", "workload", "network", "topology", "policies", "slo", found an unknown field at line 1, column 54 (did you mean "seed"?)"#,
                          #"scenarios/x.json: topology.acs.severs: expected one of the fields of topology.acs: "servers", "service", "queueLimit", found an unknown field at line 1, column 86 (did you mean "servers"?)"#,
                      ]),
    MalformedScenario("setWithoutEquals", #"{}"#, set: [#"workload.rate"#],
                      [#"--set: workload.rate: expected path=value, such as workload.rate=300, found no '='"#]),
    MalformedScenario("setWithEmptyPath", #"{}"#, set: [#"=5"#],
                      [#"--set: =5: expected a dotted field path before '=', such as workload.rate, found """#]),
    MalformedScenario("setWithEmptyComponent", #"{}"#, set: [#"workload..rate=5"#],
                      [#"--set: workload..rate=5: expected a dotted field path before '=', such as workload.rate, found "workload..rate""#]),
    MalformedScenario("setThroughAScalar", #"{"workload": {"rate": 5}}"#, set: [#"workload.rate.mean=5"#],
                      [#"--set workload.rate.mean=5: workload.rate: expected an object to hold "mean", found 5"#]),
    MalformedScenario("setThroughTopLevelScalar", #"{"workload": 5}"#, set: [#"workload.rate=5"#],
                      [
                          #"--set workload.rate=5: workload: expected an object to hold "rate", found 5"#,
                          #"scenarios/x.json: workload: expected an object, found 5"#,
                      ]),
    MalformedScenario("setUnknownField", #"{}"#, set: [#"workload.rat=50"#],
                      [#"--set workload.rat=50: workload.rat: expected one of the fields of workload: "rate", "arrivals", "ramp", "spike", "profile", "customers", "thinkTime", "threeDSecureRatio", found an unknown field (did you mean "rate"?)"#]),
    MalformedScenario("setUnknownTopLevelObject", #"{}"#, set: [#"worklaod.rate=50"#],
                      [#"--set worklaod.rate=50: worklaod: expected one of the top-level fields "name", "description", "seed", "model", "run", "workload", "network", "topology", "policies", "slo", found an unknown field (did you mean "workload"?)"#]),
    MalformedScenario("setBadValue", #"{}"#, set: [#"workload.rate=-5"#],
                      [#"--set workload.rate=-5: workload.rate: expected a positive rate in payments per second (at most 10,000,000), found -5"#]),
    MalformedScenario("setBadDistribution", #"{}"#, set: [#"network.latency=lognormal(median: 15ms)"#],
                      [#"--set network.latency=lognormal(median: 15ms): network.latency: expected lognormal(median: <duration>, sigma: <number>), such as "lognormal(median: 15ms, sigma: 0.5)", found "lognormal(median: 15ms)""#]),
    MalformedScenario("setUnknownFieldInsideObjectValue", #"{}"#, set: [#"topology.gateway={"servers": 4, "sevrers": 2}"#],
                      [#"--set topology.gateway={"servers": 4, "sevrers": 2}: topology.gateway.sevrers: expected one of the fields of topology.gateway: "servers", "service", "queueLimit", found an unknown field (did you mean "servers"?)"#]),
    MalformedScenario("modelIsANumber", #"{"model": 1}"#,
                      [#"scenarios/x.json: model: expected one of "reference-pipeline", "payments", found 1"#]),
    MalformedScenario("setObjectWithABadField", #"{}"#, set: [#"topology.gateway={"servers": 0}"#],
                      [#"--set topology.gateway={"servers": 0}: topology.gateway.servers: expected a whole number of servers from 1 to 100,000, found 0"#]),
    MalformedScenario("setUnknownFieldInAnExistingObjectOfTheFile", #"{"worklaod": {"rate": 5}}"#, set: [#"worklaod.rate=50"#],
                      [#"scenarios/x.json: worklaod: expected one of the top-level fields "name", "description", "seed", "model", "run", "workload", "network", "topology", "policies", "slo", found an unknown field at line 1, column 2 (did you mean "workload"?)"#]),
    // Issue 19's findings: each of these was accepted, or blamed on the wrong thing, before.
    MalformedScenario("sloEmptyComparisonDropsNothingSilently", #"{"slo": {"success_rate": "> 0.9"}}"#, set: ["slo.success_rate="],
                      [#"--set slo.success_rate=: slo.success_rate: expected a comparison such as "< 800" or ">= 0.97", found an empty string (to drop every objective use --set 'slo={}')"#]),
    MalformedScenario("seedAbove2To64", #"{"seed": 18446744073709551616}"#,
                      [#"scenarios/x.json: seed: expected a whole number from 0 to 18446744073709551615 (the default run seed), found 18446744073709551616"#]),
    MalformedScenario("warmupAsLongAsTheRun", #"{"run": {"duration": "10s"}}"#, set: ["run.warmup=20s"],
                      [#"--set run.warmup=20s: run.warmup: expected a warm-up shorter than run.duration (10s), so that the run measures something, found 20s"#]),
    MalformedScenario("setNegativeListIndex", #"{}"#, set: ["faults.outages[-1].start=1s"],
                      [#"--set faults.outages[-1].start=1s: faults.outages[-1]: expected a list index in brackets, a whole number from 0, found "[-1]""#]),
    MalformedScenario("emptyProfileMultipliers", #"{"workload": {"arrivals": "profile", "profile": {"multipliers": []}}}"#,
                      [#"scenarios/x.json: workload.profile.multipliers: expected a list of 1 to 10,000 numbers, each a rate multiplier from 0 to 1,000, found an empty list"#]),
    MalformedScenario("twoSetsThatDisagreeTogetherAreBothBlamed", #"{"model": "payments"}"#,
                      set: ["workload.mix.sale=0", "workload.mix.authorization=0"],
                      [#"--set workload.mix.authorization=0, --set workload.mix.sale=0: workload.mix: expected at least one flow with a weight above 0, found all weights 0"#]),
]

// MARK: --set on every field of the reference pipeline

let referencePipelineFile = packageRoot.appendingPathComponent("scenarios/reference-pipeline.json").path

func pipeline(of scenario: Scenario) -> PipelineConfiguration {
    switch scenario.model {
    case .referencePipeline(let configuration): configuration
    case .payments: PipelineConfiguration(rate: -1)  // Not a pipeline: no field of it can match.
    }
}

/// One `--set` flag and the change it must make to the reference pipeline's configuration.
struct PipelineOverride: Sendable, CustomTestStringConvertible {
    var flag: String
    var change: @Sendable (inout PipelineConfiguration) -> Void

    init(_ flag: String, _ change: @escaping @Sendable (inout PipelineConfiguration) -> Void) {
        self.flag = flag
        self.change = change
    }

    var testDescription: String { "--set \(flag)" }
}

/// Every value differs from the reference file's, so a flag that changed nothing would fail.
let pipelineOverrides: [PipelineOverride] = [
    PipelineOverride("workload.rate=350.5") { $0.rate = 350.5 },
    PipelineOverride("run.lifecycles=2000") { $0.lifecycles = 2000 },
    PipelineOverride("workload.threeDSecureRatio=0.75") { $0.threeDSecureRatio = Ratio(3, 4) },
    PipelineOverride("network.latency=uniform(1ms, 3ms)") { $0.latency = .uniform(.milliseconds(1), .milliseconds(3)) },
    PipelineOverride("topology.gateway.servers=3") { $0.gateway.servers = 3 },
    PipelineOverride("topology.gateway.service=constant(7ms)") { $0.gateway.service = .constant(.milliseconds(7)) },
    PipelineOverride("topology.gateway.queueLimit=0") { $0.gateway.queueLimit = 0 },
    PipelineOverride("topology.acs.servers=2") { $0.acs.servers = 2 },
    PipelineOverride("topology.acs.service=lognormal(median: 30ms, sigma: 0.25)") {
        $0.acs.service = .lognormal(median: .milliseconds(30), sigma: 0.25)
    },
    PipelineOverride("topology.acs.queueLimit=100") { $0.acs.queueLimit = 100 },
    PipelineOverride("topology.acsBackup.servers=6") { $0.acsBackup.servers = 6 },
    PipelineOverride("topology.acsBackup.service=exponential(mean: 75ms)") {
        $0.acsBackup.service = .exponential(mean: .milliseconds(75))
    },
    PipelineOverride("topology.acsBackup.queueLimit=5") { $0.acsBackup.queueLimit = 5 },
    PipelineOverride("topology.issuer.servers=12") { $0.issuer.servers = 12 },
    PipelineOverride("topology.issuer.service=45us") { $0.issuer.service = .constant(.microseconds(45)) },
    PipelineOverride("topology.issuer.queueLimit=1000000000") { $0.issuer.queueLimit = 1_000_000_000 },
    PipelineOverride("topology.issuer.declineRatio=0") { $0.declineRatio = .zero },
    PipelineOverride("policies.acsQueueTimeout=1.5s") { $0.acsQueueTimeout = .milliseconds(1500) },
    // A whole object: the fields it leaves out take their defaults, not the file's values.
    PipelineOverride(#"topology.acs={"servers": 9}"#) { $0.acs.servers = 9 },
]

/// Loading scenarios: exact messages for bad input, `--set` on every field, defaults, shipped files.
@Suite struct ScenarioLoaderTests {
    @Test(arguments: malformedScenarios)
    func malformedScenarioReportsEveryProblemWithItsExactMessage(_ example: MalformedScenario) {
        do {
            _ = try ScenarioLoader.load(bytes: Array(example.json.utf8), file: "scenarios/x.json",
                                        overrides: example.overrides)
            Issue.record("\(example.name): loaded without an error; expected \(example.errors)")
        } catch {
            #expect(error.errors.map(\.description) == example.errors, "\(example.name)")
            #expect(error.description == example.errors.joined(separator: "\n"), "\(example.name)")
        }
    }

    @Test func malformedScenarioTableIsLargeAndNamesEachCaseOnce() {
        let names = malformedScenarios.map(\.name)
        #expect(names.count >= 40)
        #expect(Set(names).count == names.count, "duplicate case names in \(names)")
        #expect(malformedScenarios.contains { $0.errors.count >= 2 }, "no case checks collect-all")
    }

    @Test func seedsAbove2To53StayExact() throws {
        let scenario = try ScenarioLoader.load(bytes: Array(#"{"seed": 9007199254740993}"#.utf8), file: "scenarios/x.json")
        #expect(scenario.seed == 9_007_199_254_740_993)
        let largest = try ScenarioLoader.load(bytes: Array(#"{"seed": 18446744073709551615}"#.utf8), file: "scenarios/x.json")
        #expect(largest.seed == .max)
    }

    @Test func sloThresholdsTakeAnExplicitPlusSign() throws {
        let scenario = try ScenarioLoader.load(bytes: Array(#"{"slo": {"success_rate": "> +0.5", "latency_ms_p99": "< +5e2"}}"#.utf8),
                                               file: "scenarios/x.json")
        #expect(scenario.objectives.map(\.description).sorted() == ["latency_ms_p99 < 500", "success_rate > 0.5"])
    }

    @Test func overrideReplacesABadValueOfTheFileBeforeValidation() throws {
        let scenario = try ScenarioLoader.load(bytes: Array(#"{"workload": {"rate": -5}}"#.utf8), file: "scenarios/x.json",
                                               overrides: ["workload.rate=50"])
        #expect(pipeline(of: scenario).rate == 50)
        #expect(scenario.overrides == ["workload.rate=50"])
    }

    @Test func referencePipelineFileHoldsTheDefaults() throws {
        let scenario = try ScenarioLoader.load(file: referencePipelineFile)
        #expect(pipeline(of: scenario) == PipelineConfiguration())
        #expect(scenario.name == "reference-pipeline")
        #expect(scenario.seed == 42)
        #expect(scenario.objectives.map(\.description) == ["latency_ms_p99 < 800", "success_rate > 0.9"])
    }

    @Test(arguments: pipelineOverrides)
    func setChangesExactlyItsFieldOfTheReferencePipeline(_ override: PipelineOverride) throws {
        let scenario = try ScenarioLoader.load(file: referencePipelineFile, overrides: [override.flag])
        var expected = PipelineConfiguration()
        override.change(&expected)
        #expect(expected != PipelineConfiguration(), "the table's change for \(override.flag) changes nothing")
        #expect(pipeline(of: scenario) == expected, "--set \(override.flag)")
        #expect(scenario.overrides == [override.flag])
    }

    @Test func setChangesTheSeedTheNameAndAnObjective() throws {
        let scenario = try ScenarioLoader.load(
            file: referencePipelineFile, overrides: ["seed=7", "name=peak-2", "slo.latency_ms_p99=< 250"])
        #expect(scenario.seed == 7)
        #expect(scenario.name == "peak-2")
        // The override replaces the objective where it stands, so the order of the file is kept.
        #expect(scenario.objectives.map(\.metric) == ["latency_ms_p99", "success_rate"])
        #expect(scenario.objectives.map(\.threshold) == [
            ComparisonThreshold(op: .lessThan, value: 250), ComparisonThreshold(op: .greaterThan, value: 0.9),
        ])
        #expect(pipeline(of: scenario) == PipelineConfiguration())
    }

    @Test func laterSetOfOneFieldWins() throws {
        let scenario = try ScenarioLoader.load(file: referencePipelineFile,
                                               overrides: ["workload.rate=10", "workload.rate=20"])
        #expect(pipeline(of: scenario).rate == 20)
    }

    @Test func shortScenarioTakesEveryOtherValueFromTheDefaults() throws {
        let text = """
            {
              "workload": {"rate": 50},
              "run": {"lifecycles": 100}
            }

            """
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "scenarios/small.json")
        #expect(pipeline(of: scenario) == PipelineConfiguration(rate: 50, lifecycles: 100))
        #expect(scenario.name == "small")  // The file's base name.
        #expect(scenario.description == "")
        #expect(scenario.seed == 42)
        #expect(scenario.objectives.isEmpty)
        #expect(scenario.overrides.isEmpty)
    }

    @Test func everyShippedScenarioValidates() throws {
        let directory = packageRoot.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.contains("default.json"))
        #expect(files.contains("reference-pipeline.json"))
        for file in files {
            let path = directory.appendingPathComponent(file).path
            #expect(throws: Never.self, "\(file)") { _ = try ScenarioLoader.load(file: path) }
        }
    }

    @Test func missingFileAndDirectoryAreReportedAsFileErrors() {
        let missing = packageRoot.appendingPathComponent("scenarios/no-such.json").path
        let cases: [(String, String)] = [
            (missing, "\(missing): (file): expected a readable scenario file (JSON), found no such file "
                + "(run from the package root, or give the file's path)"),
            (packageRoot.appendingPathComponent("scenarios").path,
             "\(packageRoot.appendingPathComponent("scenarios").path): (file): expected a readable scenario file (JSON), "
                + "found a directory"),
        ]
        for (file, message) in cases {
            do {
                _ = try ScenarioLoader.load(file: file)
                Issue.record("\(file): loaded without an error")
            } catch {
                #expect(error.description == message)
            }
        }
    }
}
