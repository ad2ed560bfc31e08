import Scenarios
import SimulationKernel
import Testing

/// Sixteen equal components, the most a mixture may have.
let sixteenComponents = "mixture(" + (0..<16).map { "0.0625: \($0 + 1)ms" }.joined(separator: ", ") + ")"

let goodNewDistributions: [(String, DistributionSpec)] = [
    ("gamma(mean: 40ms, shape: 2)", .gamma(mean: .milliseconds(40), shape: 2)),
    (" gamma ( mean:40ms ,shape : 0.1 ) ", .gamma(mean: .milliseconds(40), shape: 0.1)),
    ("gamma(mean: 1us, shape: 1000)", .gamma(mean: .microseconds(1), shape: 1000)),
    ("weibull(scale: 40ms, shape: 1.5)", .weibull(scale: .milliseconds(40), shape: 1.5)),
    ("weibull(scale: 876000h, shape: 100)", .weibull(scale: .hours(876_000), shape: 100)),
    ("pareto(scale: 10ms, shape: 2.5)", .pareto(scale: .milliseconds(10), shape: 2.5)),
    ("pareto(scale: 1ns, shape: 0.1)", .pareto(scale: .nanoseconds(1), shape: 0.1)),
    ("mixture(0.9: lognormal(median: 20ms, sigma: 0.3), 0.1: exponential(mean: 2s))",
     .mixture([MixtureComponentSpec(weight: 0.9, distribution: .lognormal(median: .milliseconds(20), sigma: 0.3)),
               MixtureComponentSpec(weight: 0.1, distribution: .exponential(mean: .seconds(2 as Int64)))])),
    ("mixture(0.5: 20ms, 0.5: uniform(10ms, 30ms))",
     .mixture([MixtureComponentSpec(weight: 0.5, distribution: .constant(.milliseconds(20))),
               MixtureComponentSpec(weight: 0.5, distribution: .uniform(.milliseconds(10), .milliseconds(30)))])),
    // Weights that add up to 1 within 1e-9, not exactly.
    ("mixture(0.3333333333: gamma(mean: 1ms, shape: 2), 0.6666666667: pareto(scale: 1ms, shape: 3))",
     .mixture([MixtureComponentSpec(weight: 0.3333333333, distribution: .gamma(mean: .milliseconds(1), shape: 2)),
               MixtureComponentSpec(weight: 0.6666666667, distribution: .pareto(scale: .milliseconds(1), shape: 3))])),
    (sixteenComponents,
     .mixture((0..<16).map { MixtureComponentSpec(weight: 0.0625, distribution: .constant(.milliseconds(Int64($0 + 1)))) })),
    (#"empirical(file: "times/gateway.csv")"#, .empirical(file: "times/gateway.csv", histogram: false, column: .sole)),
    ("empirical(file: times/gateway.csv)", .empirical(file: "times/gateway.csv", histogram: false, column: .sole)),
    (#"empirical(file: "h.csv", histogram: true)"#, .empirical(file: "h.csv", histogram: true, column: .sole)),
    ("empirical(file: h.csv, histogram: false)", .empirical(file: "h.csv", histogram: false, column: .sole)),
    ("empirical(file: log.csv, column: 2)", .empirical(file: "log.csv", histogram: false, column: .number(2))),
    ("empirical(file: log.csv, column: latency_ms)", .empirical(file: "log.csv", histogram: false, column: .named("latency_ms"))),
    (#"empirical(file: log.csv, column: "latency ms")"#, .empirical(file: "log.csv", histogram: false, column: .named("latency ms"))),
    (#"mixture(0.5: empirical(file: "a,b (1).csv"), 0.5: 1ms)"#,
     .mixture([MixtureComponentSpec(weight: 0.5, distribution: .empirical(file: "a,b (1).csv", histogram: false, column: .sole)),
               MixtureComponentSpec(weight: 0.5, distribution: .constant(.milliseconds(1)))])),
]

@Test(arguments: goodNewDistributions)
func parsesNewDistribution(text: String, expected: DistributionSpec) throws {
    let parsed = try Quantities.distribution(text)
    #expect(parsed == expected)
    // The description is the syntax again, and reads back to the same value.
    #expect(try Quantities.distribution(parsed.description) == parsed)
}

private let gammaForm = #"gamma(mean: <duration>, shape: <number>), such as "gamma(mean: 40ms, shape: 2)""#
private let weibullForm = #"weibull(scale: <duration>, shape: <number>), such as "weibull(scale: 40ms, shape: 1.5)""#
private let paretoForm = #"pareto(scale: <duration>, shape: <number>), such as "pareto(scale: 10ms, shape: 2.5)""#
private let mixtureForm = #"mixture(<weight>: <distribution>, …), such as "mixture(0.9: lognormal(median: 20ms, sigma: 0.3), 0.1: exponential(mean: 2s))""#
private let empiricalForm = #"empirical(file: "<path>"), optionally followed by histogram: true or column: <number or name>, such as empirical(file: "times/gateway.csv")"#
private let examples = #"a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "constant(20ms)" or "uniform(10ms, 30ms)""#
private let component = #"each component of a mixture to be <weight>: <distribution>, such as "0.9: lognormal(median: 20ms, sigma: 0.3)""#
private let columnExpected = "column to be a column number from 1 to 1000, or a name from the header line"

let badNewDistributions: [(String, String)] = [
    ("gamma(mean: 40ms)", #"expected \#(gammaForm), found "gamma(mean: 40ms)""#),
    ("gamma(shape: 2, mean: 40ms)", #"expected \#(gammaForm), found "gamma(shape: 2, mean: 40ms)""#),
    ("gamma(mean: 0ms, shape: 2)", #"expected the mean to be a positive duration, found "0ms""#),
    ("gamma(mean: 40, shape: 2)", #"expected the mean to be a duration with a unit (ns, us, ms, s, m or h), found "40""#),
    ("gamma(mean: 40ms, shape: 0)", #"expected shape to be a finite number from 0.1 to 1000, found "0""#),
    ("gamma(mean: 40ms, shape: 1001)", #"expected shape to be a finite number from 0.1 to 1000, found "1001""#),
    ("gamma(mean: 40ms, shape: inf)", #"expected shape to be a finite number from 0.1 to 1000, found "inf""#),
    ("Gamma(mean: 40ms, shape: 2)", #"expected \#(examples), found "Gamma(mean: 40ms, shape: 2)" (did you mean "gamma"?)"#),
    ("weibull(mean: 40ms, shape: 1.5)", #"expected \#(weibullForm), found "weibull(mean: 40ms, shape: 1.5)""#),
    ("weibull(scale: 40ms, shape: 101)", #"expected shape to be a finite number from 0.1 to 100, found "101""#),
    ("weibull(scale: 40ms, shape: 0.05)", #"expected shape to be a finite number from 0.1 to 100, found "0.05""#),
    ("weibul(scale: 40ms, shape: 1.5)", #"expected \#(examples), found "weibul(scale: 40ms, shape: 1.5)" (did you mean "weibull"?)"#),
    ("pareto(scale: -1ms, shape: 2)", #"expected the scale to be a duration that is not negative, found "-1ms""#),
    ("pareto(scale: 0s, shape: 2)", #"expected the scale to be a positive duration, found "0s""#),
    ("pareto(scale: 876001h, shape: 2)", #"expected the scale to be a duration of at most 100 years, found "876001h""#),
    ("pareto(scale: 10ms, shape: -2.5)", #"expected shape to be a finite number from 0.1 to 100, found "-2.5""#),
    ("pareto(10ms, 2.5)", #"expected \#(paretoForm), found "pareto(10ms, 2.5)""#),
    ("mixture(0.9: lognormal(median: 20ms, sigma: 0.3), 0.2: exponential(mean: 2s))",
     "expected the mixture weights to add up to 1, found weights adding up to 1.1"),
    ("mixture(0.5: 1ms, 0.4999: 2ms)", "expected the mixture weights to add up to 1, found weights adding up to 0.9999"),
    ("mixture(1: exponential(mean: 2s))", "expected a mixture of 2 to 16 components, found 1 component"),
    ("mixture(" + (0..<17).map { _ in "0.1: 1ms" }.joined(separator: ", ") + ")",
     "expected a mixture of 2 to 16 components, found 17 components"),
    ("mixture(0.5: exponential(mean: 2s), exponential(mean: 1s))", #"expected \#(component), found "exponential(mean: 1s)""#),
    ("mixture(0.5: 1ms, )", #"expected \#(component), found """#),
    ("mixture(0: 1ms, 1: 2ms)", #"expected a mixture weight to be a number above 0 and at most 1, found "0""#),
    ("mixture(1.5: 1ms, -0.5: 2ms)", #"expected a mixture weight to be a number above 0 and at most 1, found "1.5""#),
    ("mixture(0.5: mixture(0.5: 1ms, 0.5: 2ms), 0.5: 3ms)",
     #"expected a mixture component that is not itself a mixture, found "mixture(0.5: 1ms, 0.5: 2ms)""#),
    ("mixture(0.5: exponential(mean: 20), 0.5: 1ms)",
     #"expected the mean to be a duration with a unit (ns, us, ms, s, m or h), found "20""#),
    ("mixture(0.5: (1ms, 0.5: 2ms)", #"expected \#(mixtureForm), found "mixture(0.5: (1ms, 0.5: 2ms)""#),
    ("mixture(0.5: 1ms, 0.5: 2ms", #"expected \#(mixtureForm), found "mixture(0.5: 1ms, 0.5: 2ms""#),
    ("empirical(file.csv)", #"expected \#(empiricalForm), found "empirical(file.csv)""#),
    ("empirical(file: a.csv, bins: 3)", #"expected \#(empiricalForm), found "empirical(file: a.csv, bins: 3)""#),
    ("empirical(file: a.csv, histogram: true, column: 2)",
     #"expected \#(empiricalForm), found "empirical(file: a.csv, histogram: true, column: 2)""#),
    (#"empirical(file: "a.csv)"#, #"expected \#(empiricalForm), found "empirical(file: \"a.csv)""#),
    ("empirical(file: )", #"expected the file to be a path such as "times/gateway.csv", found """#),
    (#"empirical(file: "")"#, #"expected the file to be a path such as "times/gateway.csv", found "\"\"""#),
    ("empirical(file: a.csv, histogram: yes)", #"expected histogram to be true or false, found "yes""#),
    ("empirical(file: a.csv, column: 0)", #"expected \#(columnExpected), found "0""#),
    ("empirical(file: a.csv, column: 1001)", #"expected \#(columnExpected), found "1001""#),
]

@Test(arguments: badNewDistributions)
func rejectsNewDistributionWithExactMessage(text: String, message: String) {
    do {
        let distribution = try Quantities.distribution(text)
        Issue.record("parsed \(text.debugDescription) as \(distribution)")
    } catch {
        #expect(error.description == message)
    }
}

@Test func newDistributionsMapOntoTheKernel() throws {
    let spec = try Quantities.distribution("mixture(0.9: gamma(mean: 40ms, shape: 2), 0.1: pareto(scale: 10ms, shape: 2.5))")
    let distribution = try spec.distribution(relativeTo: "scenarios/x.json")
    #expect(distribution == .mixture(DistributionMixture([
        .init(weight: 0.9, distribution: .gamma(mean: .milliseconds(40), shape: 2)),
        .init(weight: 0.1, distribution: .pareto(scale: .milliseconds(10), shape: 2.5)),
    ])))
    #expect(distribution.description == spec.description)
    #expect(try Quantities.distribution("weibull(scale: 40ms, shape: 1.5)").distribution(relativeTo: "x.json")
            == .weibull(scale: .milliseconds(40), shape: 1.5))
}
