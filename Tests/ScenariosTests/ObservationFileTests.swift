import Scenarios
import Testing

/// The nanoseconds in `text` read as a file of observations, or the error's message.
func observed(_ text: String, column: DurationColumn = .sole) -> Result<[Int64], ObservationFileError> {
    Result { () throws(ObservationFileError) in
        try ObservationFile.durations(in: Array(text.utf8), file: "t.csv", column: column)
    }
}

let goodObservationFiles: [(String, DurationColumn, [Int64])] = [
    ("12.5\n13\n", .sole, [12_500_000, 13_000_000]),
    ("# gateway, 2024-05-01\nlatency_ms\n12.5ms\n 1.5s \n\n250us\r\n0\n", .sole, [12_500_000, 1_500_000_000, 250_000, 0]),
    ("1.5e1\n0.0000005\n", .sole, [15_000_000, 1]),  // An exponent; half a nanosecond rounds up.
    (#""latency""# + "\n" + #""7ms""# + "\n", .sole, [7_000_000]),
    ("time,latency\n1,2\n3,4ms\n", .number(2), [2_000_000, 4_000_000]),
    ("time,latency\n1,2\n3,4ms\n", .named("latency"), [2_000_000, 4_000_000]),
    ("1,2,3\n", .number(1), [1_000_000]),
    ("876000h\n", .sole, [3_153_600_000_000_000_000]),
]

@Test(arguments: goodObservationFiles)
func readsObservationFile(text: String, column: DurationColumn, expected: [Int64]) throws {
    #expect(try observed(text, column: column).get() == expected)
}

private let valueForm = #"a duration such as "250ms" or a number of milliseconds such as "12.5""#

let badObservationFiles: [(String, DurationColumn, String)] = [
    ("12.5\nabc\n", .sole, #"t.csv line 2: expected \#(valueForm), found "abc""#),
    ("latency\n12.5\nlatency\n", .sole, #"t.csv line 3: expected \#(valueForm), found "latency""#),
    ("12.5\n-3\n", .sole, #"t.csv line 2: expected a duration that is not negative, found "-3""#),
    ("5sec\n", .sole, #"t.csv line 1: expected a duration unit (ns, us, ms, s, m or h), found "5sec" (did you mean "5s"?)"#),
    ("876001h\n", .sole, #"t.csv line 1: expected a duration of at most 100 years, found "876001h""#),
    ("1e30\n", .sole, #"t.csv line 1: expected a duration of at most 100 years, found "1e30""#),
    ("", .sole, "t.csv: expected at least one observed duration, found none"),
    ("latency\n# nothing yet\n", .sole, "t.csv: expected at least one observed duration, found only a header"),
    ("a,b\n1,2\n", .sole,
     #"t.csv line 2: expected one duration per line, found 2 comma-separated values (choose one of its columns: 1 "a", 2 "b")"#),
    ("1,2\n", .number(3), "t.csv line 1: expected a value in column 3, found 2 columns (choose one of its columns: 1, 2)"),
    ("a,b\n1,2\n", .named("c"),
     #"t.csv line 1: expected a header line naming the column "c", found "a,b" (choose one of its columns: 1 "a", 2 "b")"#),
    ("1,2\n", .named("b"), #"t.csv line 1: expected a header line naming the column "b", found "1,2" (choose one of its columns: 1, 2)"#),
]

@Test(arguments: badObservationFiles)
func rejectsObservationFileWithExactMessage(text: String, column: DurationColumn, message: String) {
    switch observed(text, column: column) {
    case .success(let values): Issue.record("read \(values) from \(text.debugDescription)")
    case .failure(let error): #expect(error.description == message)
    }
}

/// The bins in `text` read as a histogram, or the error's message.
func histogram(_ text: String) -> Result<[Int64], ObservationFileError> {
    Result { () throws(ObservationFileError) in
        let bins = try ObservationFile.histogram(in: Array(text.utf8), file: "h.csv")
        return zip(bins.upperBounds, bins.counts).flatMap { [$0, Int64($1)] }
    }
}

@Test func readsHistogram() throws {
    #expect(try histogram("upper_bound_ms,count\n10,100\n# a gap\n20,0\n50ms,300\n").get()
            == [10_000_000, 100, 20_000_000, 0, 50_000_000, 300])
}

let badHistograms: [(String, String)] = [
    ("10,5\n5,3\n", #"h.csv line 2: expected an upper bound above the previous one (10ms), found "5" (bins go in increasing order, each bound once)"#),
    ("10,-1\n", #"h.csv line 1: expected the count to be a whole number from 0 to 10,000,000, found "-1""#),
    ("10,1.5\n", #"h.csv line 1: expected the count to be a whole number from 0 to 10,000,000, found "1.5""#),
    ("10,10000001\n", #"h.csv line 1: expected the count to be a whole number from 0 to 10,000,000, found "10000001""#),
    ("10,6000000\n20,6000000\n", "h.csv line 2: expected at most 10,000,000 observations, found more"),
    ("10\n", #"h.csv line 1: expected a line upper_bound_ms,count, such as "40,1250", found "10""#),
    ("x1,3\n", #"h.csv line 1: expected the upper bound to be \#(valueForm), found "x1""#),
    ("10,0\n20,0\n", "h.csv: expected at least one observation in the histogram's counts, found only zeros"),
    ("bound,count\n", "h.csv: expected at least one observation in the histogram's counts, found no bins"),
]

@Test(arguments: badHistograms)
func rejectsHistogramWithExactMessage(text: String, message: String) {
    switch histogram(text) {
    case .success(let values): Issue.record("read \(values) from \(text.debugDescription)")
    case .failure(let error): #expect(error.description == message)
    }
}

@Test func refusesMoreObservationsThanTheLimit() {
    // The limit is ten million; the same check with a limit of 3 costs nothing to run.
    do {
        let values = try ObservationFile.durations(in: Array("1\n2\n3\n4\n".utf8), file: "t.csv", limit: 3)
        Issue.record("read \(values)")
    } catch {
        #expect(error.description == "t.csv line 4: expected at most 3 observations, found more "
                + "(sample the log, or count it into a histogram (histogram: true))")
    }
    #expect(ObservationFile.maximumObservations == 10_000_000)
}

/// After the first line, plain numbers are read from their bytes; every value must be what the
/// first line (always read through the duration parser) gives for the same text.
@Test(arguments: ["12.5", "0", "007", "0.000001", "0.0000005", "123456789012.123456", "999999999999.999999",
                  "3153600000000", "3153600000000.0000001", "1e3", "12.", "12.5ms", " 4.25 ", "4.25\r"])
func plainNumbersReadFromBytesAsTheParserReadsThem(text: String) throws {
    let alone = observed(text + "\n")
    let second = observed("1\n" + text + "\n")
    switch (alone, second) {
    case (.success(let first), .success(let values)):
        #expect(values == [1_000_000] + first)
    case (.failure(let first), .failure(let error)):
        #expect(error.expected == first.expected && error.found == first.found && error.line == 2)
    default:
        Issue.record("\(text.debugDescription): alone \(alone), second \(second)")
    }
}
