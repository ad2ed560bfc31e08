import Foundation
import Testing

// The scenario half of the hostile-input table: files that are not scenarios, and `--set` values
// of the wrong path, type or range. `HostileInputTests` runs these with the flag cases.

// MARK: Fixtures

/// The files every case finds in its `$TMP`: a path and its bytes, or nil for a directory.
let hostileFixtures: [(path: String, bytes: [UInt8]?)] = [
    ("a-directory", nil),
    ("plain.json", Array(#"{"note": "a file where a directory belongs"}"#.utf8)),
    ("huge-seed.json", Array(#"{"seed": 18446744073709551616}"#.utf8)),
    ("big-seed.json", Array(#"{"seed": 9007199254740993, "slo": {}}"#.utf8)),
    ("empty-dir", nil),
    ("empty.json", []),
    ("whitespace.json", Array("  \n\t ".utf8)),
    ("not-json.json", Array("hello world".utf8)),
    ("binary.json", [0x00, 0x01, 0xFF, 0xFE, 0x80] + Array("garbage".utf8)),
    ("utf16.json", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]),
    ("bad-utf8.json", Array(#"{"name": "a"#.utf8) + [0xC3] + Array(#""}"#.utf8)),
    ("truncated.json", Array(#"{"name": "x", "run": {"lifecycles": 5"#.utf8)),
    ("top-level-array.json", Array(#"[{"name": "x"}]"#.utf8)),
    ("top-level-string.json", Array(#""just a string""#.utf8)),
    ("top-level-null.json", Array("null".utf8)),
    ("deep-arrays.json", Array((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8)),
    ("deep-objects.json", Array((String(repeating: #"{"a": "#, count: 70) + "1" + String(repeating: "}", count: 70)).utf8)),
    ("duplicate-keys.json", Array(#"{"seed": 1, "seed": 2}"#.utf8)),
    ("unknown-top-level.json", Array(#"{"sed": 1}"#.utf8)),
    ("unknown-nested.json", Array(#"{"workload": {"rat": 5}}"#.utf8)),
    ("unknown-payments.json", Array(#"{"model": "payments", "workload": {"mix": {"sale": 1}}, "wrkload": 1}"#.utf8)),
    ("misspelt-model.json", Array(#"{"model": "paymens", "wrkload": 1}"#.utf8)),
    ("trailing-comma.json", Array(#"{"seed": 1,}"#.utf8)),
    ("single-quotes.json", Array("{'seed': 1}".utf8)),
    ("comment.json", Array(#"{"seed": 1} // the seed"#.utf8)),
    ("nan.json", Array(#"{"seed": NaN}"#.utf8)),
    ("huge-number.json", Array(#"{"seed": 1e999}"#.utf8)),
    ("leading-zero.json", Array(#"{"seed": 01}"#.utf8)),
    ("two-documents.json", Array(#"{"name": "x"} {"name": "y"}"#.utf8)),
    ("control-character.json", Array(#"{"name": "bad"#.utf8) + [0x01] + Array(#"ctl"}"#.utf8)),
    ("lone-surrogate.json", Array(#"{"name": "\ud800"}"#.utf8)),
    ("wrong-containers.json", Array(#"{"workload": null, "run": "fast"}"#.utf8)),
    ("bad-fields.json", Array(#"{"workload": {"rate": "fast"}, "run": {"lifecycles": 1e12}, "topology": {"issuer": {"servers": -2}}}"#.utf8)),
    ("shards-not-json/sweep-shard-0-of-1.json", Array("not json".utf8)),
    ("shards-other-kind/sweep-shard-0-of-1.json", Array(#"{"kind": "something-else"}"#.utf8)),
    ("shards-truncated/sweep-shard-0-of-1.json", Array(#"{"kind": "paystorm-sweep-shard", "plan": {"#.utf8)),
]

func writeHostileFixtures(into directory: TemporaryDirectory) throws {
    for (path, bytes) in hostileFixtures {
        let url = directory.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: bytes == nil ? url : url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        if let bytes { try Data(bytes).write(to: url) }
    }
}

let hostileScenarioCases: [HostileCase] = scenarioFileCases + setPathAndTypeCases + setRangeCases + distributionCases
    + objectiveCases

// MARK: Scenario files

private let scenarioFileCases: [HostileCase] = {
    func file(_ name: String, _ stderr: String...) -> HostileCase {
        HostileCase(arguments: ["validate", "$TMP/" + name], status: 64, stderr: ["$TMP/\(name): " + stderr[0]] + stderr.dropFirst())
    }
    return [
        .rejects(["run", "--scenario", "$TMP/no-such.json"] + Hostile.out,
                 "$TMP/no-such.json: (file): expected a readable scenario file (JSON), found no such file"),
        file("a-directory", "(file): expected a readable scenario file (JSON), found a directory"),
        file("empty.json", "line 1, column 1: expected a JSON value, found end of input (the document is empty)"),
        file("whitespace.json", "line 2, column 3: expected a JSON value, found end of input (the document holds only whitespace)"),
        file("not-json.json", "line 1, column 1: expected a JSON value, found 'hello'"),
        file("binary.json", "line 1, column 1: expected a JSON value, found control character U+0000"),
        file("utf16.json", "line 1, column 1: expected a JSON value, found invalid UTF-8 byte 0xFF"),
        file("bad-utf8.json", "line 1, column 12: expected valid UTF-8 in the string, found invalid UTF-8 byte 0xC3"),
        file("truncated.json", "line 1, column 38: expected ',' or '}' after an object member, found end of input"),
        file("top-level-array.json", "(top level): expected an object, found an array"),
        file("top-level-string.json", #"(top level): expected an object, found "just a string""#),
        file("top-level-null.json", "(top level): expected an object, found null"),
        file("deep-arrays.json", "line 1, column 65: expected at most 64 levels of nested arrays and objects, found '[' opening level 65"),
        file("deep-objects.json", "line 1, column 385: expected at most 64 levels of nested arrays and objects, found '{' opening level 65"),
        file("duplicate-keys.json",
             #"line 1, column 13: expected a key not already in this object, found duplicate key "seed" (first defined at line 1, column 2)"#),
        file("unknown-top-level.json", "sed: expected one of the top-level fields", "found an unknown field at line 1, column 2",
             #"(did you mean "seed"?)"#),
        file("unknown-nested.json", "workload.rat: expected one of the fields of workload", #"(did you mean "rate"?)"#),
        file("unknown-payments.json", "wrkload: expected one of the top-level fields", #""faults""#, #"(did you mean "workload"?)"#),
        // A misspelt model hides which fields exist: the model is the one problem reported.
        HostileCase(arguments: ["validate", "$TMP/misspelt-model.json"], status: 64,
                    stderr: [#"$TMP/misspelt-model.json: model: expected one of "reference-pipeline", "payments", found "paymens""#,
                             #"(did you mean "payments"?)"#],
                    lacking: ["wrkload"]),
        file("trailing-comma.json", "line 1, column 12: expected a string key after ','", "(JSON does not allow a trailing comma)"),
        file("single-quotes.json", "line 1, column 2: expected a string key or '}'", "(JSON strings use double quotes)"),
        file("comment.json", "line 1, column 13: expected end of input after the top-level value", "(JSON has no comments)"),
        file("nan.json", #"line 1, column 10: expected a value for the key "seed", found 'NaN' (JSON has no NaN or Infinity)"#),
        file("huge-number.json", "line 1, column 10: expected a number within the range of a Double", "found '1e999'"),
        file("leading-zero.json", "line 1, column 10: expected a number without leading zeros, found '01'"),
        file("two-documents.json", "line 1, column 15: expected end of input after the top-level value, found '{'"),
        file("control-character.json", "line 1, column 14:", "found control character U+0001"),
        file("lone-surrogate.json", #"line 1, column 17: expected a low surrogate (\uDC00 to \uDFFF) after \uD800"#),
        file("wrong-containers.json", "workload: expected an object, found null", #"run: expected an object, found "fast""#),
        // Every problem of a file at once, each naming the file and the field.
        file("bad-fields.json", "run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found 1e12",
             #"workload.rate: expected a positive rate in payments per second (at most 10,000,000), found "fast""#,
             "topology.issuer.servers: expected a whole number of servers from 1 to 100,000, found -2"),
        .rejects(["run", "--scenario", "$TMP/unknown-top-level.json"] + Hostile.out,
                 "$TMP/unknown-top-level.json: sed: expected one of the top-level fields", #"(did you mean "seed"?)"#),
    ]
}()

/// `paystorm validate FILE --set OVERRIDE`: exit 64, each piece after `--set OVERRIDE: ` on stderr
/// (the message names the flag the value came from).
private func set(_ override: String, in file: String = Hostile.pipeline, _ stderr: String...) -> HostileCase {
    HostileCase(arguments: ["validate", file, "--set", override], status: 64,
                stderr: ["--set \(override): " + stderr[0]] + stderr.dropFirst())
}

/// The same through `paystorm run`, which must stop before running.
private func runSet(_ override: String, in file: String = Hostile.pipeline, _ stderr: String...) -> HostileCase {
    HostileCase(arguments: ["run", "--scenario", file, "--set", override] + Hostile.out, status: 64,
                stderr: ["--set \(override): " + stderr[0]] + stderr.dropFirst())
}

// MARK: --set paths and types

private let setPathAndTypeCases: [HostileCase] = {
    let dotted = "expected a dotted field path before '=', such as workload.rate"
    let rate = "workload.rate: expected a positive rate in payments per second (at most 10,000,000)"
    let deepPath = Array(repeating: "a", count: 100).joined(separator: ".") + "=1"
    return [
        .rejects(["validate", Hostile.pipeline, "--set", "=5"], "--set: =5: " + dotted, #"found """#),
        .rejects(["validate", Hostile.pipeline, "--set", ".rate=5"], "--set: .rate=5: " + dotted, #"found ".rate""#),
        .rejects(["validate", Hostile.pipeline, "--set", "workload..rate=5"], dotted, #"found "workload..rate""#),
        .rejects(["validate", Hostile.pipeline, "--set", "workload.rate.=5"], dotted, #"found "workload.rate.""#),
        set("worklaod.rate=5", "worklaod: expected one of the top-level fields", #"(did you mean "workload"?)"#),
        set("topology.gatway.servers=4", "topology.gatway: expected one of the fields of topology", #"(did you mean "gateway"?)"#),
        set("workload.rate.x=5", #"workload.rate: expected an object to hold "x", found 200"#),
        set("run.lifecycles[0]=5", "run.lifecycles: expected a list to hold element 0, found 100000"),
        set("faults.outages[3].actor=issuer", in: Hostile.cards, "faults.outages[3]: expected an index from 0 to 0", "found 3"),
        set("faults.outages[0]=5", in: Hostile.cards, "faults.outages[0]: expected an object, found 5"),
        set("slo=5", "slo: expected an object, found 5"),
        .rejects(["validate", Hostile.pipeline, "--set", deepPath], "expected a field path of at most 32 keys", "found 100 keys"),
        // Values of the wrong type: a string, a number, a list, an object or null where another is wanted.
        set("workload.rate=abc", rate, #"found "abc""#),
        set(#"workload.rate="300""#, rate, #"found "300""#),
        set("workload.rate=[1,2]", rate, "found an array"),
        set(#"workload.rate={"a":1}"#, rate, "found an object"),
        set("workload.rate=null", rate, "found null"),
        set("name=5", "name: expected a short name of letters, digits, '-' or '_', found 5"),
        set("name=has space", "name: expected a short name", #"found "has space""#),
        set(#"seed="7""#, "seed: expected a whole number from 0 to 18446744073709551615", #"found "7""#),
        set("model=5", #"model: expected one of "reference-pipeline", "payments", found 5"#),
        set("model=paymens", #"model: expected one of "reference-pipeline", "payments""#, #"(did you mean "payments"?)"#),
        set("network.latency=20", #"network.latency: expected a distribution such as "exponential(mean: 20ms)", found 20"#),
        set("run.duration=5", #"run.duration: expected a duration with a unit, such as "250ms" or "2h", found 5"#),
        set("workload.arrivals=burst", #"workload.arrivals: expected one of "poisson", "constant""#, #"found "burst""#),
        set("policies.cascading=yes", in: Hostile.cards, #"policies.cascading: expected true or false, found "yes""#),
        set("defects=5", in: Hostile.cards, "defects: expected a list of names, found 5"),
        set(#"defects=["no-such-defect"]"#, in: Hostile.cards, #"defects[0]: expected one of "retry-new-idempotency-key""#,
            #"found "no-such-defect""#),
        set(#"network.links[0].between=["gateway","gateway"]"#, in: Hostile.cards,
            "network.links[0].between: expected two different actors", #"found "gateway" twice"#),
        set("faults.outages[0].actor=isuer", in: Hostile.cards, #"faults.outages[0].actor: expected one of "device""#,
            #"found "isuer" (did you mean "issuer"?)"#),
        runSet("workload.rate=1e400", rate, #"found "1e400""#),
    ]
}()

// MARK: --set out of range

private let setRangeCases: [HostileCase] = {
    let rate = "workload.rate: expected a positive rate in payments per second (at most 10,000,000)"
    let lifecycles = "run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000"
    let servers = "topology.gateway.servers: expected a whole number of servers from 1 to 100,000"
    let ratio = "workload.threeDSecureRatio: expected a probability between 0 and 1"
    return [
        runSet("workload.rate=0", rate, "found 0"),
        runSet("workload.rate=-5", rate, "found -5"),
        set("workload.rate=1e9", rate, "found 1e9"),
        runSet("run.lifecycles=-1", lifecycles, "found -1"),
        set("run.lifecycles=1.5", lifecycles, "found 1.5"),
        set("run.lifecycles=2000000000", lifecycles, "found 2000000000"),
        runSet("topology.gateway.servers=0", servers, "found 0"),
        set("topology.gateway.servers=1000000", servers, "found 1000000"),
        set(#"topology.gateway={"servers": 0}"#, servers, "found 0"),
        runSet("workload.threeDSecureRatio=1.5", ratio, "found 1.5"),
        set("workload.threeDSecureRatio=-0.1", ratio, "found -0.1"),
        set("policies.acsQueueTimeout=-5ms", #"policies.acsQueueTimeout: expected a duration that is not negative, found "-5ms""#),
        set("policies.acsQueueTimeout=0ms", #"policies.acsQueueTimeout: expected a positive duration with a unit, such as "250ms", found "0ms""#),
        runSet("run.warmup=-1s", #"run.warmup: expected a duration that is not negative, found "-1s""#),
        set("seed=-1", "seed: expected a whole number from 0 to 18446744073709551615 (the default run seed), found -1"),
        set("seed=1.5", "seed: expected a whole number from 0 to 18446744073709551615", "found 1.5"),
        set("run.replications=0", "run.replications: expected a whole number of runs from 1 to 1,000, found 0"),
        set("run.replications=1001", "run.replications: expected a whole number of runs from 1 to 1,000, found 1001"),
        set("run.maxInFlight=0", "run.maxInFlight: expected a whole number of payments in flight from 1 to 10,000,000, found 0"),
        set("workload.customers=0", "workload.customers: expected a whole number of customers from 1 to 10,000,000, found 0"),
        set("topology.gateway.queueLimit=-1", "topology.gateway.queueLimit: expected a whole number of waiting payments from 0", "found -1"),
        set("workload.profile.multipliers=[1,-1]", "workload.profile.multipliers[1]: expected a rate multiplier from 0 to 1,000, found -1"),
        set("workload.customerSkew=6", in: Hostile.cards, "workload.customerSkew: expected a Zipf exponent from 0 (all alike) to 5, found 6"),
        set("workload.mix.sale=-1", in: Hostile.cards, "workload.mix.sale: expected a weight of 0 or more, found -1"),
        set(#"workload.mix={"sale": 0}"#, in: Hostile.cards,
            "workload.mix: expected at least one flow with a weight above 0, found all weights 0"),
        set("workload.amounts.min=0", in: Hostile.cards, "workload.amounts.min: expected an amount in minor units from 1 to 10^12, found 0"),
        set("workload.cards.unusable=2", in: Hostile.cards, "workload.cards.unusable: expected a probability between 0 and 1", "found 2"),
        set("workload.merchants=0", in: Hostile.cards, "workload.merchants: expected a whole number of merchants from 1 to 100,000, found 0"),
        set("workload.fee=1.01", in: Hostile.cards, "workload.fee: expected a probability between 0 and 1", "found 1.01"),
        runSet("faults.loss=1.5", in: Hostile.cards, "faults.loss: expected a probability between 0 and 1", "found 1.5"),
        set("faults.outages[0].duration=0s", in: Hostile.cards,
            #"faults.outages[0].duration: expected a positive duration with a unit, such as "250ms", found "0s""#),
        set("faults.slowdowns[0].factor=0.5", in: Hostile.cards,
            "faults.slowdowns[0].factor: expected a service-time multiplier from 1 to 1,000, found 0.5"),
        set("policies.merchantRetries=11", in: Hostile.cards, "policies.merchantRetries: expected a whole number of retries from 0 to 10, found 11"),
        set("policies.timeouts.authorization=0ms", in: Hostile.cards,
            "policies.timeouts.authorization: expected a positive duration with a unit", #"found "0ms""#),
        set("behaviour.challengeRatio=1.01", in: Hostile.cards, "behaviour.challengeRatio: expected a probability between 0 and 1",
            "found 1.01"),
        set("behaviour.seed.otpAttempts=0", in: Hostile.cards,
            "behaviour.seed.otpAttempts: expected a whole number of attempts from 1 to 10, found 0"),
    ]
}()

// MARK: Distributions

private let distributionCases: [HostileCase] = {
    let families = #"network.latency: expected a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)""#
    return [
        runSet("network.latency=lognormal(median: -1ms, sigma: 1)",
               #"network.latency: expected the median to be a duration that is not negative, found "-1ms""#),
        set("network.latency=lognormal(median: 0ms, sigma: 1)",
            #"network.latency: expected the median to be a positive duration, found "0ms""#),
        set("network.latency=lognormal(median: 5ms, sigma: 11)",
            #"network.latency: expected sigma to be a finite number from 0 to 10, found "11""#),
        set("network.latency=gamma(shape: 2)", "network.latency: expected gamma(mean: <duration>, shape: <number>)",
            #"found "gamma(shape: 2)""#),
        set("network.latency=cauchy(scale: 2ms)", families, #"found "cauchy(scale: 2ms)""#),
        set("network.latency=exponentail(mean: 5ms)", families, #"(did you mean "exponential"?)"#),
        set("network.latency=empirical(a.csv)", #"network.latency: expected empirical(file: "<path>")"#, #"found "empirical(a.csv)""#),
        set("network.latency=empirical(file: no-such.csv)",
            "network.latency: expected no-such.csv to be a readable file of observed durations, found no such file"),
        set("network.latency=mixture(0.5: 1ms, 0.6: 2ms)",
            "network.latency: expected the mixture weights to add up to 1, found weights adding up to 1.1"),
        set("network.latency=pareto(scale: 1ms, shape: 0)",
            #"network.latency: expected shape to be a finite number from 0.1 to 100, found "0""#),
        set("network.latency=exponential(mean: 5)",
            #"network.latency: expected the mean to be a duration with a unit (ns, us, ms, s, m or h), found "5""#),
        set("network.latency=exponential(mean: 5sec)", "network.latency: expected the mean to be a duration unit",
            #"found "5sec" (did you mean "5s"?)"#),
        set("network.latency=exponential(5ms)",
            #"network.latency: expected exponential(mean: <duration>), such as "exponential(mean: 20ms)", found "exponential(5ms)""#),
        set("network.latency=uniform(30ms, 10ms)",
            #"network.latency: expected the low bound to be at most the high bound, found "uniform(30ms, 10ms)""#),
        set("network.latency=constant(20ms", #"network.latency: expected constant(<duration>)"#, #"found "constant(20ms""#),
        set("network.latency=200years", "network.latency: expected a duration unit (ns, us, ms, s, m or h)", #"found "200years""#),
        set("network.latency=exponential(mean: 1000000h)",
            #"network.latency: expected the mean to be a duration of at most 100 years, found "1000000h""#),
        set("topology.gateway.service=exponential(mean: nanms)", "topology.gateway.service: expected the mean to be a duration",
            #"found "nanms" (a duration must be finite)"#),
        set("topology.issuer.service=", "topology.issuer.service: expected a distribution such as", #"found """#),
    ]
}()

// MARK: Objectives

private let objectiveCases: [HostileCase] = {
    let comparison = #"slo.latency_ms_p99: expected a comparison such as "< 800""#
    let metric = "expected a metric, one of latency_ms_mean"
    return [
        set("slo.latency_ms_p99=800", comparison, "found 800"),
        set(#"slo.latency_ms_p99="800""#, comparison, #"found "800" (add an operator, as in "< 800")"#),
        set("slo.latency_ms_p99=true", comparison, "found true"),
        set(#"slo.latency_ms_p99=["< 800"]"#, comparison, "found an array"),
        set("slo.latency_ms_p99=<< 800", #"slo.latency_ms_p99: expected a finite number after "<", found "<< 800""#,
            "(one operator only: <, <=, >, >=, == or !=)"),
        set("slo.latency_ms_p99=< abc", #"slo.latency_ms_p99: expected a finite number after "<", found "< abc""#),
        set("slo.latency_ms_p99=> NaN", #"slo.latency_ms_p99: expected a finite number after ">", found "> NaN""#),
        runSet("slo.latency_ms_p99=< 1e400", #"slo.latency_ms_p99: expected a finite number after "<", found "< 1e400""#),
        set("slo.latency_ms_p99=~ 800", comparison, #"found "~ 800""#),
        set("slo.success_rate=>= 0.9 or so", #"slo.success_rate: expected a finite number after ">=""#, #"found ">= 0.9 or so""#),
        set("slo.latency_ms_p99==> 0.9", comparison, #"found "=> 0.9" (did you mean ">="?)"#),
        set("slo.latncy_ms_p99=< 800", "slo.latncy_ms_p99: " + metric, #"found "latncy_ms_p99" (did you mean "latency_ms_p99"?)"#),
        set("slo.foo=< 800", "slo.foo: " + metric, #"found "foo""#),
        set("slo.flows.sale.latency_ms_p90=< 5", in: Hostile.cards,
            "slo.flows.sale.latency_ms_p90: expected a flow metric, one of latency_ms_p50", #"found "latency_ms_p90""#),
        set("slo.flows.sale.success_rate=0.9", in: Hostile.cards,
            #"slo.flows.sale.success_rate: expected a comparison such as "< 800""#, "found 0.9"),
    ]
}()
