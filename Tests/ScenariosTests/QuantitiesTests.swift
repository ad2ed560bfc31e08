import Scenarios
import SimulationKernel
import Testing

let goodDurations: [(String, Int64)] = [
    ("250ms", 250_000_000),
    ("2h", 7_200_000_000_000),
    ("1.5s", 1_500_000_000),
    ("90us", 90_000),
    ("500ns", 500),
    ("3m", 180_000_000_000),
    ("0ms", 0),
    (" 20 ms ", 20_000_000),
    ("0.5ns", 1),  // Rounded to the nearest nanosecond, halves up.
    ("0.4ns", 0),
    ("1.0000000001s", 1_000_000_000),
    ("0.001ms", 1_000),
    ("876000h", 3_153_600_000_000_000_000),  // Exactly 100 years of 365 days.
]

@Test(arguments: goodDurations)
func parsesDuration(text: String, nanoseconds: Int64) throws {
    #expect(try Quantities.duration(text) == SimDuration(nanoseconds: nanoseconds))
}

let badDurations: [(String, String)] = [
    ("", #"expected a duration such as "250ms", "1.5s" or "2h", found """#),
    ("ms", #"expected a duration such as "250ms", "1.5s" or "2h", found "ms""#),
    ("-5ms", #"expected a duration that is not negative, found "-5ms""#),
    ("250", #"expected a duration with a unit (ns, us, ms, s, m or h), found "250""#),
    ("5sec", #"expected a duration unit (ns, us, ms, s, m or h), found "5sec" (did you mean "5s"?)"#),
    ("1.5 minutes", #"expected a duration unit (ns, us, ms, s, m or h), found "1.5 minutes" (did you mean "1.5m"?)"#),
    ("20MS", #"expected a duration unit (ns, us, ms, s, m or h), found "20MS" (did you mean "20ms"?)"#),
    ("3d", #"expected a duration unit (ns, us, ms, s, m or h), found "3d""#),
    ("1e3ms", #"expected a duration unit (ns, us, ms, s, m or h), found "1e3ms""#),
    ("inf ms", #"expected a duration such as "250ms", "1.5s" or "2h", found "inf ms" (a duration must be finite)"#),
    ("1.s", #"expected a duration such as "250ms", "1.5s" or "2h", found "1.s""#),
    (".5s", #"expected a duration such as "250ms", "1.5s" or "2h", found ".5s""#),
    ("+5s", #"expected a duration such as "250ms", "1.5s" or "2h", found "+5s""#),
    ("876001h", #"expected a duration of at most 100 years, found "876001h""#),
    ("99999999999999999999999h", #"expected a duration of at most 100 years, found "99999999999999999999999h""#),
]

@Test(arguments: badDurations)
func rejectsDurationWithExactMessage(text: String, message: String) {
    do {
        let duration = try Quantities.duration(text)
        Issue.record("parsed \(text.debugDescription) as \(duration)")
    } catch {
        #expect(error.description == message)
    }
}

let goodDistributions: [(String, DistributionSpec)] = [
    ("constant(20ms)", .constant(.milliseconds(20))),
    ("20ms", .constant(.milliseconds(20))),
    ("exponential(mean: 20ms)", .exponential(mean: .milliseconds(20))),
    ("  exponential (  mean :20ms ) ", .exponential(mean: .milliseconds(20))),
    ("lognormal(median: 15ms, sigma: 0.5)", .lognormal(median: .milliseconds(15), sigma: 0.5)),
    ("lognormal(median:1.5s,sigma:0)", .lognormal(median: .milliseconds(1500), sigma: 0)),
    ("lognormal(median: 1us, sigma: 10)", .lognormal(median: .microseconds(1), sigma: 10)),
    ("uniform(10ms, 30ms)", .uniform(.milliseconds(10), .milliseconds(30))),
    ("uniform(5s,5s)", .uniform(.seconds(5 as Int64), .seconds(5 as Int64))),
]

@Test(arguments: goodDistributions)
func parsesDistribution(text: String, expected: DistributionSpec) throws {
    #expect(try Quantities.distribution(text) == expected)
}

private let distributionExamples =
    #"a distribution such as "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "constant(20ms)" or "uniform(10ms, 30ms)""#

let badDistributions: [(String, String)] = [
    ("", #"expected \#(distributionExamples), found """#),
    ("normal(20ms)", #"expected \#(distributionExamples), found "normal(20ms)""#),
    ("exponental(mean: 20ms)", #"expected \#(distributionExamples), found "exponental(mean: 20ms)" (did you mean "exponential"?)"#),
    ("Uniform(1ms, 2ms)", #"expected \#(distributionExamples), found "Uniform(1ms, 2ms)" (did you mean "uniform"?)"#),
    ("empirical(file.csv)", #"expected empirical(file: "<path>"), optionally followed by histogram: true or column: <number or name>, such as empirical(file: "times/gateway.csv"), found "empirical(file.csv)""#),
    ("exponential", #"expected \#(distributionExamples), found "exponential""#),
    ("exponential(20ms)", #"expected exponential(mean: <duration>), such as "exponential(mean: 20ms)", found "exponential(20ms)""#),
    ("exponential(mean: 20ms", #"expected exponential(mean: <duration>), such as "exponential(mean: 20ms)", found "exponential(mean: 20ms""#),
    ("exponential(mean: 20)", #"expected the mean to be a duration with a unit (ns, us, ms, s, m or h), found "20""#),
    ("constant(20ms, 30ms)", #"expected constant(<duration>), such as "constant(20ms)", found "constant(20ms, 30ms)""#),
    ("constant(-1s)", #"expected the value of constant(…) to be a duration that is not negative, found "-1s""#),
    ("20", #"expected a duration with a unit (ns, us, ms, s, m or h), found "20""#),
    ("lognormal(median: 15ms)", #"expected lognormal(median: <duration>, sigma: <number>), such as "lognormal(median: 15ms, sigma: 0.5)", found "lognormal(median: 15ms)""#),
    ("lognormal(sigma: 0.5, median: 15ms)", #"expected lognormal(median: <duration>, sigma: <number>), such as "lognormal(median: 15ms, sigma: 0.5)", found "lognormal(sigma: 0.5, median: 15ms)""#),
    ("lognormal(median: 0ms, sigma: 0.5)", #"expected the median to be a positive duration, found "0ms""#),
    ("lognormal(median: 15ms, sigma: -0.5)", #"expected sigma to be a finite number from 0 to 10, found "-0.5""#),
    ("lognormal(median: 15ms, sigma: 11)", #"expected sigma to be a finite number from 0 to 10, found "11""#),
    ("lognormal(median: 15ms, sigma: nan)", #"expected sigma to be a finite number from 0 to 10, found "nan""#),
    ("uniform(30ms, 10ms)", #"expected the low bound to be at most the high bound, found "uniform(30ms, 10ms)""#),
    ("uniform(10ms, 30)", #"expected the high bound to be a duration with a unit (ns, us, ms, s, m or h), found "30""#),
    ("uniform(10ms)", #"expected uniform(<low duration>, <high duration>), such as "uniform(10ms, 30ms)", found "uniform(10ms)""#),
    ("uniform(10ms, 30ms) x", #"expected uniform(<low duration>, <high duration>), such as "uniform(10ms, 30ms)", found "uniform(10ms, 30ms) x""#),
]

@Test(arguments: badDistributions)
func rejectsDistributionWithExactMessage(text: String, message: String) {
    do {
        let distribution = try Quantities.distribution(text)
        Issue.record("parsed \(text.debugDescription) as \(distribution)")
    } catch {
        #expect(error.description == message)
    }
}

@Test func distributionDescriptionIsItsSyntax() throws {
    for text in ["constant(20ms)", "exponential(mean: 20ms)", "lognormal(median: 15ms, sigma: 0.5)", "uniform(10ms, 30ms)"] {
        #expect(try Quantities.distribution(text).description == text)
    }
}

let goodComparisons: [(String, ComparisonThreshold.Operator, Double, String)] = [
    ("< 800", .lessThan, 800, "< 800"),
    ("<= 0.5", .lessThanOrEqual, 0.5, "<= 0.5"),
    ("> 0.97", .greaterThan, 0.97, "> 0.97"),
    (">= 10", .greaterThanOrEqual, 10, ">= 10"),
    ("== 0", .equal, 0, "== 0"),
    ("!= 3", .notEqual, 3, "!= 3"),
    ("<800", .lessThan, 800, "< 800"),
    ("  >=  -1.5e3 ", .greaterThanOrEqual, -1500, ">= -1500"),
]

@Test(arguments: goodComparisons)
func parsesComparison(text: String, op: ComparisonThreshold.Operator, value: Double, description: String) throws {
    let threshold = try Quantities.comparison(text)
    #expect(threshold == ComparisonThreshold(op: op, value: value))
    #expect(threshold.description == description)
}

private let comparisonExamples = #"a comparison such as "< 800", "<= 0.5", ">= 10", "== 0" or "!= 3""#

let badComparisons: [(String, String)] = [
    ("", #"expected \#(comparisonExamples), found """#),
    ("800", #"expected \#(comparisonExamples), found "800" (add an operator, as in "< 800")"#),
    ("= 0", #"expected \#(comparisonExamples), found "= 0" (did you mean "=="?)"#),
    ("=> 5", #"expected \#(comparisonExamples), found "=> 5" (did you mean ">="?)"#),
    ("less than 5", #"expected \#(comparisonExamples), found "less than 5""#),
    ("<", #"expected a finite number after "<", found "<""#),
    ("< abc", #"expected a finite number after "<", found "< abc""#),
    ("< 1e400", #"expected a finite number after "<", found "< 1e400""#),
    ("<< 5", #"expected a finite number after "<", found "<< 5" (one operator only: <, <=, >, >=, == or !=)"#),
    ("< 80%", #"expected a finite number after "<", found "< 80%""#),
]

@Test(arguments: badComparisons)
func rejectsComparisonWithExactMessage(text: String, message: String) {
    do {
        let threshold = try Quantities.comparison(text)
        Issue.record("parsed \(text.debugDescription) as \(threshold)")
    } catch {
        #expect(error.description == message)
    }
}

@Test func thresholdsHoldExactlyAndNeverForNaN() {
    let table: [(ComparisonThreshold.Operator, Double, Double, Bool)] = [
        (.lessThan, 800, 799.9, true), (.lessThan, 800, 800, false),
        (.lessThanOrEqual, 0.5, 0.5, true), (.lessThanOrEqual, 0.5, 0.51, false),
        (.greaterThan, 0.97, 0.98, true), (.greaterThan, 0.97, 0.97, false),
        (.greaterThanOrEqual, 10, 10, true), (.greaterThanOrEqual, 10, 9, false),
        (.equal, 0, 0, true), (.equal, 0, 1, false),
        (.notEqual, 3, 4, true), (.notEqual, 3, 3, false),
    ]
    for (op, value, actual, holds) in table {
        #expect(ComparisonThreshold(op: op, value: value).holds(for: actual) == holds, "\(op.rawValue) \(value) for \(actual)")
    }
    for op in ComparisonThreshold.Operator.allCases {
        #expect(!ComparisonThreshold(op: op, value: 1).holds(for: .nan), "\(op.rawValue) 1 for NaN")
    }
}

@Test func quantityParsersNeverCrashOnRandomText() {
    let alphabet = Array("0123456789.-+ :,()<>=!eEmunshlogrcatxipdwfé😀\t")
    var random = SplitMix64(seed: 7)
    for _ in 0..<3_000 {
        let text = String((0..<random.below(24)).map { _ in alphabet[random.below(alphabet.count)] })
        if let duration = try? Quantities.duration(text) {
            #expect(duration >= .zero && duration <= Quantities.maximumDuration, "\(text.debugDescription)")
        }
        if case .uniform(let low, let high)? = try? Quantities.distribution(text) {
            #expect(low <= high, "\(text.debugDescription)")
        }
        if let threshold = try? Quantities.comparison(text) {
            #expect(threshold.value.isFinite, "\(text.debugDescription)")
        }
    }
}
