import Scenarios
import Testing

/// SplitMix64: a tiny generator owned by the test, so a seed gives the same mutations on every
/// machine and toolchain (no global random source).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`; the slight modulo bias does not matter for fuzzing.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.below: bound \(bound) must be positive")
        return Int(next() % UInt64(bound))
    }
}

/// A scenario-shaped document that uses every JSON feature the parser knows.
let fuzzSeedDocument = """
    {
      "name": "peak \\"hour\\" \\u00e9\\uD83D\\uDE00 é",
      "seed": 8127361,
      "run": {"duration": "1h", "warmup": "5m", "maxInFlight": 10000, "replications": 1},
      "workload": {
        "kind": "poisson", "rate": 400.5, "mix": [{"flow": "sale", "weight": 0.7}, {"flow": "refund", "weight": 3e-1}],
        "amounts": [-1, 0, 12.5E+2, 1e-7, true, false, null, [], {}, [[[[1]]]]]
      },
      "slo": {"latency_ms_p99": "< 800", "success_rate": "> 0.97", "violations": "== 0"}
    }
    """

/// Bytes that make mutations interesting: every structural character, quotes, escapes,
/// digits, signs, whitespace, and bytes that break UTF-8.
let interestingBytes: [UInt8] = Array("{}[],:\"\\/-+.eE0123456789tfnu \n\r\t".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF8, 0xFF]

func mutate(_ document: [UInt8], using random: inout SplitMix64) -> [UInt8] {
    var bytes = document
    let steps = 1 + random.below(4)
    for _ in 0..<steps {
        let randomByte = random.below(2) == 0 ? interestingBytes[random.below(interestingBytes.count)] : UInt8(truncatingIfNeeded: random.next())
        switch random.below(6) {
        case 0 where !bytes.isEmpty:  // Delete a span.
            let start = random.below(bytes.count)
            let end = min(bytes.count, start + 1 + random.below(8))
            bytes.removeSubrange(start..<end)
        case 1:  // Insert a byte.
            bytes.insert(randomByte, at: random.below(bytes.count + 1))
        case 2 where !bytes.isEmpty:  // Replace a byte.
            bytes[random.below(bytes.count)] = randomByte
        case 3:  // Truncate.
            bytes.removeLast(random.below(bytes.count + 1))
        case 4 where !bytes.isEmpty:  // Duplicate a span somewhere else.
            let start = random.below(bytes.count)
            let end = min(bytes.count, start + 1 + random.below(64))
            let span = bytes[start..<end]
            bytes.insert(contentsOf: span, at: random.below(bytes.count + 1))
        default:  // Repeat an opening bracket many times (deep nesting).
            let opener: UInt8 = random.below(2) == 0 ? UInt8(ascii: "[") : UInt8(ascii: "{")
            bytes.insert(contentsOf: repeatElement(opener, count: random.below(200)), at: random.below(bytes.count + 1))
        }
    }
    return bytes
}

@Test func tenThousandMutationsEitherParseOrThrowAPositionedError() throws {
    let original = Array(fuzzSeedDocument.utf8)
    _ = try JSONParser.parse(bytes: original)  // The seed document itself is valid.
    let seed: UInt64 = 0x5EED_0F_15_0A_57
    var random = SplitMix64(seed: seed)
    var parsed = 0
    var rejected = 0
    for iteration in 0..<10_000 {
        let bytes = mutate(original, using: &random)
        let lineCount = 1 + bytes.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        do {
            _ = try JSONParser.parse(bytes: bytes)
            parsed += 1
        } catch {
            rejected += 1
            let valid = error.line >= 1 && error.line <= lineCount && error.column >= 1
                && !error.expected.isEmpty && !error.found.isEmpty
            #expect(valid, "seed \(seed), iteration \(iteration): \(error) for \(bytes)")
        }
    }
    #expect(parsed + rejected == 10_000)
    #expect(rejected > 5_000, "seed \(seed): most mutations should break the document")
}

@Test func randomBytesNeverCrashTheParser() {
    var random = SplitMix64(seed: 42)
    for iteration in 0..<2_000 {
        let count = random.below(64)
        let bytes = (0..<count).map { _ in interestingBytes[random.below(interestingBytes.count)] }
        do {
            _ = try JSONParser.parse(bytes: bytes)
        } catch {
            #expect(error.line >= 1 && error.column >= 1, "iteration \(iteration): \(error)")
        }
    }
}
