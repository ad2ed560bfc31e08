import Scenarios
import Testing

/// A scenario as the fuzzer edits it: a JSON tree that serializes back to text. Strings and keys
/// are Swift strings; three private-use scalars stand for what a Swift string cannot hold or the
/// serializer would not write by itself (see `escaped`).
indirect enum FuzzJSON {
    case literal(String)  // a number, true, false or null, as written
    case string(String)
    case array([FuzzJSON])
    case object([(key: String, value: FuzzJSON)])

    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .literal("null")
        case .bool(let flag): self = .literal(flag ? "true" : "false")
        case .number(_, let literal): self = .literal(literal)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(FuzzJSON.init))
        case .object(let members): self = .object(members.map { ($0.key, FuzzJSON($0.value)) })
        }
    }

    /// U+E000 is written `\uD800` (a lone high surrogate), U+E001 `\uDFFF` (a lone low one),
    /// U+E002 `\uD83D\uDE00` (an escaped emoji); other controls as `\u00XX`; everything else raw.
    static func escaped(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{E000}": result += "\\uD800"
            case "\u{E001}": result += "\\uDFFF"
            case "\u{E002}": result += "\\uD83D\\uDE00"
            case _ where scalar.value < 0x20: result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    var text: String {
        switch self {
        case .literal(let literal): literal
        case .string(let value): Self.escaped(value)
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { Self.escaped($0.key) + ": " + $0.value.text }.joined(separator: ", ") + "}"
        }
    }

    /// Every node's place: the indices of array elements and object members from the root.
    func places(_ prefix: [Int] = []) -> [[Int]] {
        switch self {
        case .literal, .string: [prefix]
        case .array(let elements): [prefix] + elements.indices.flatMap { elements[$0].places(prefix + [$0]) }
        case .object(let members): [prefix] + members.indices.flatMap { members[$0].value.places(prefix + [$0]) }
        }
    }

    /// The places of the objects that have at least one member.
    func objectPlaces(_ prefix: [Int] = []) -> [[Int]] {
        switch self {
        case .literal, .string: []
        case .array(let elements): elements.indices.flatMap { elements[$0].objectPlaces(prefix + [$0]) }
        case .object(let members):
            (members.isEmpty ? [] : [prefix]) + members.indices.flatMap { members[$0].value.objectPlaces(prefix + [$0]) }
        }
    }

    /// Applies `change` to the node at `place`.
    mutating func edit(at place: ArraySlice<Int>, _ change: (inout FuzzJSON) -> Void) {
        guard let first = place.first else { return change(&self) }
        switch self {
        case .array(var elements):
            elements[first].edit(at: place.dropFirst(), change)
            self = .array(elements)
        case .object(var members):
            members[first].value.edit(at: place.dropFirst(), change)
            self = .object(members)
        case .literal, .string: break
        }
    }
}

/// Values of the wrong type for almost every field.
let wrongTypes: [FuzzJSON] = [
    .literal("true"), .literal("null"), .string("text"), .array([]), .object([]), .literal("42"),
    .array([.literal("1"), .string("2")]), .object([(key: "x", value: .literal("1"))]),
]

/// Numbers at and past every edge: negative, zero, fractions, huge, beyond a Double.
let edgeNumbers = ["-1", "0", "-0", "0.5", "1e308", "-1e308", "1e999", "-1e999", "1e-400", "9007199254740993",
                   "1000000000000000000000", "2.0", "1e3", "3", "100"]

/// Quantities that are wrong in every way a person (or a stray byte) can make them.
let badQuantities = ["250parsecs", "-5ms", "5", "ms", "1e3ms", "NaNs", "inf s", "1.ms", ".5s", "5 sec", "5MS",
                     "99999999999999999999h", "876001h", "exponential(mean: -1ms)", "lognormal(median: 0ms, sigma: 11)",
                     "lognormal(median: 1ms, sigma: 1e999)", "uniform(30ms, 10ms)", "empirical(x)", "exponential(20ms)",
                     "constant(", "", " ", "< ", "<= NaN", "=> 3", "< 800 ms", "== 1e999", "poison", "paymnts",
                     "retry-new-idempotency-keys", "250ms", "1.5s", "< 800", "exponential(mean: 20ms)", "gateway"]

/// Odd scalars to insert into strings and keys (U+E000…U+E002: see `FuzzJSON.escaped`).
let oddScalars: [String] = ["\u{0}", "\u{E000}", "\u{E001}", "\u{E002}", "\u{200F}", "\u{202E}", "😀", "\u{FEFF}",
                            "\u{301}", "\n", "\u{7F}", "\u{1F}", "\"", "\\", "\u{10FFFF}"]

func nested(_ depth: Int, object: Bool) -> FuzzJSON {
    var value = FuzzJSON.literal("1")
    for _ in 0..<depth { value = object ? .object([(key: "a", value: value)]) : .array([value]) }
    return value
}

func inserting(_ odd: String, into text: String, using random: inout SplitMix64) -> String {
    var scalars = Array(text.unicodeScalars)
    scalars.insert(contentsOf: odd.unicodeScalars, at: random.below(scalars.count + 1))
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
}

/// One to three tree edits, or a cut of the text at a random byte.
func mutateScenario(_ original: FuzzJSON, using random: inout SplitMix64) -> [UInt8] {
    var tree = original
    for _ in 0...random.below(3) {
        let places = tree.places()
        let place = places[random.below(places.count)][...]
        switch random.below(10) {
        case 0:  // Delete a field of some object.
            let objects = tree.objectPlaces()
            guard !objects.isEmpty else { continue }
            tree.edit(at: objects[random.below(objects.count)][...]) { node in
                if case .object(var members) = node { members.remove(at: random.below(members.count)); node = .object(members) }
            }
        case 1: tree.edit(at: place) { $0 = wrongTypes[random.below(wrongTypes.count)] }
        case 2: tree.edit(at: place) { $0 = .literal(edgeNumbers[random.below(edgeNumbers.count)]) }
        case 3: tree.edit(at: place) { $0 = .string(badQuantities[random.below(badQuantities.count)]) }
        case 4: tree.edit(at: place) { $0 = nested(200, object: random.below(2) == 0) }
        case 5:  // Odd Unicode in a string value, or in a key.
            let odd = oddScalars[random.below(oddScalars.count)]
            tree.edit(at: place) { node in
                switch node {
                case .string(let text): node = .string(inserting(odd, into: text, using: &random))
                case .object(var members) where !members.isEmpty:
                    let index = random.below(members.count)
                    members[index].key = inserting(odd, into: members[index].key, using: &random)
                    node = .object(members)
                default: node = .string(odd)
                }
            }
        case 6:  // Misspell a key: swap two neighbours.
            tree.edit(at: place) { node in
                guard case .object(var members) = node, !members.isEmpty else { return }
                let index = random.below(members.count)
                var key = Array(members[index].key)
                if key.count >= 2 { key.swapAt(0, 1 + random.below(key.count - 1)) }
                members[index].key = String(key)
                node = .object(members)
            }
        case 7:  // Duplicate a field (the parser rejects duplicate keys).
            tree.edit(at: place) { node in
                guard case .object(var members) = node, !members.isEmpty else { return }
                members.append(members[random.below(members.count)])
                node = .object(members)
            }
        case 8:  // A long string, or a long key.
            let long = String(repeating: "ab\u{200F}", count: 300 + random.below(300))
            tree.edit(at: place) { node in
                if case .object(var members) = node {
                    members.append((key: long, value: .literal("1")))
                    node = .object(members)
                } else {
                    node = .string(long)
                }
            }
        default:  // Truncate the text at a random byte.
            let bytes = Array(tree.text.utf8)
            return Array(bytes.prefix(random.below(bytes.count + 1)))
        }
    }
    return Array(tree.text.utf8)
}

@Suite struct ScenarioFuzz {
    static let mutantsPerFile = 1_000

    /// 1,000 mutants of each checked-in scenario (11,000 for the eleven, about the 10,400 this
    /// began with for four), seeded per file; the files run in parallel. The loader never traps, and every problem names the file, a field (or place),
    /// what was expected and what was found, on one line of bounded length.
    @Test(arguments: checkedInScenarios)
    func mutatedScenariosLoadOrNameEveryProblem(file: String) throws {
        let original = FuzzJSON(try JSONParser.parse(bytes: packageFile(file)))
        var random = SplitMix64(seed: 0x5CE7_A210 &+ UInt64(file.utf8.count))
        var valid = 0
        var invalid = 0
        var bad: [String] = []
        for _ in 0..<Self.mutantsPerFile {
            let bytes = mutateScenario(original, using: &random)
            let problems = loaderProblems(bytes, file: file)
            if problems.isEmpty { valid += 1 } else { invalid += 1 }
            for problem in problems {
                let description = problem.description
                let oneLine = !description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
                guard problem.file != file || problem.fieldPath.isEmpty || problem.expected.isEmpty
                    || problem.found.isEmpty || !oneLine || description.count > 1_000 else { continue }
                if bad.count < 10 {
                    bad.append(String(description.prefix(300)) + " ← " + String(decoding: bytes.prefix(200), as: UTF8.self))
                }
            }
        }
        #expect(valid + invalid == Self.mutantsPerFile)
        #expect(bad == [])
        // Both kinds are well represented: a fuzzer whose edits all failed, or all passed, tests little.
        #expect(valid > Self.mutantsPerFile / 25, "valid \(valid)")
        #expect(invalid > Self.mutantsPerFile * 4 / 7, "invalid \(invalid)")
    }
}
