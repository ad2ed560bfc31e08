import Scenarios
import Testing

private func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

@Test func parsesScalarsWithTheirLiterals() throws {
    let table: [(String, JSONValue)] = [
        ("null", .null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(0, literal: "0")),
        ("-0", .number(-0.0, literal: "-0")),
        ("400", .number(400, literal: "400")),
        ("-12.5e-3", .number(-0.0125, literal: "-12.5e-3")),
        ("1E+2", .number(100, literal: "1E+2")),
        ("1.0", .number(1, literal: "1.0")),
        ("1e-400", .number(0, literal: "1e-400")),  // Underflow rounds to zero, as RFC 8259 allows.
        ("1.7976931348623157e308", .number(1.7976931348623157e308, literal: "1.7976931348623157e308")),
        (#""""#, .string("")),
        (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        (#""\u00e9\u20AC\u0000""#, .string("é€\u{0}")),
        (#""\uD83D\uDE00""#, .string("😀")),
        ("\"é😀\"", .string("é😀")),
        ("  \r\n\t 7 \n", .number(7, literal: "7")),
    ]
    for (text, expected) in table {
        let node = try JSONParser.parse(text)
        #expect(node.value == expected, "\(text)")
    }
}

@Test func keepsKeyOrderAndPositions() throws {
    let text = """
        {
          "zeta": 1,
          "alpha": [true, null, {"x": "é"}],
          "mid": {}
        }
        """
    let root = try JSONParser.parse(text)
    #expect(root.position == at(1, 1))
    let members = try #require(root.value.objectMembers)
    #expect(members.map(\.key) == ["zeta", "alpha", "mid"])
    #expect(members.map(\.keyPosition) == [at(2, 3), at(3, 3), at(4, 3)])
    #expect(members[0].value.position == at(2, 11))
    let alpha = try #require(members[1].value.value.arrayElements)
    #expect(alpha.map(\.position) == [at(3, 13), at(3, 19), at(3, 25)])
    #expect(alpha[2]["x"]?.value == .string("é"))
    #expect(alpha[2]["x"]?.position == at(3, 31))
    #expect(root["mid"]?.value == .object([]))
    #expect(root["missing"] == nil)
}

@Test func countsColumnsInUnicodeScalarsAndLinesOverCRLF() throws {
    // "é" and "😀" are one column each; CR LF and a lone CR each end one line.
    let root = try JSONParser.parse("[\"é😀\", 1,\r\n 2,\r3]")
    let elements = try #require(root.value.arrayElements)
    #expect(elements.map(\.position) == [at(1, 2), at(1, 8), at(2, 2), at(3, 1)])
}

@Test func skipsAByteOrderMark() throws {
    let node = try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
    #expect(node.position == at(1, 1))
    #expect(node["a"]?.position == at(1, 7))
}

/// Malformed documents and their exact messages.
let malformedDocuments: [(String, String)] = [
    ("", "line 1, column 1: expected a JSON value, found end of input (the document is empty)"),
    ("  \n ", "line 2, column 2: expected a JSON value, found end of input (the document holds only whitespace)"),
    (#"{"a": 1"#, "line 1, column 8: expected ',' or '}' after an object member, found end of input"),
    ("{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}",
     #"line 4, column 3: expected ',' or '}' after an object member, found '"'"#),
    (#"[1, 2"#, "line 1, column 6: expected ',' or ']' after an array element, found end of input"),
    (#"[1 2]"#, "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
    (#"[1,]"#, "line 1, column 4: expected a value after ',', found ']' (JSON does not allow a trailing comma)"),
    (#"{"a": 1,}"#, "line 1, column 9: expected a string key after ',', found '}' (JSON does not allow a trailing comma)"),
    (#"{a: 1}"#, "line 1, column 2: expected a string key or '}', found 'a' (keys must be in double quotes)"),
    (#"{'a': 1}"#, #"line 1, column 2: expected a string key or '}', found "'" (JSON strings use double quotes)"#),
    (#"{"a" 1}"#, #"line 1, column 6: expected ':' after the key "a", found '1'"#),
    (#"{"a":}"#, #"line 1, column 6: expected a value for the key "a", found '}'"#),
    ("{\"rate\": 1,\n \"rate\": 2}",
     #"line 2, column 2: expected a key not already in this object, found duplicate key "rate" (first defined at line 1, column 2)"#),
    ("[1] x", "line 1, column 5: expected end of input after the top-level value, found 'x'"),
    ("{} {}", "line 1, column 4: expected end of input after the top-level value, found '{'"),
    (#""abc"#, #"line 1, column 5: expected '"' to end the string that starts at line 1, column 1, found end of input"#),
    (#"["a\x"]"#, #"line 1, column 4: expected an escape sequence (\" \\ \/ \b \f \n \r \t or \uXXXX), found '\x'"#),
    (#"["\u12G4"]"#, #"line 1, column 3: expected 4 hex digits after \u, found '\u12G'"#),
    (#"["\uD83D"]"#, #"line 1, column 9: expected a low surrogate (\uDC00 to \uDFFF) after \uD83D, found '"'"#),
    (#"["\uD83D\u0041"]"#, #"line 1, column 9: expected a low surrogate (\uDC00 to \uDFFF) after \uD83D, found '\u0041'"#),
    (#"["\uDE00"]"#, #"line 1, column 3: expected a high surrogate (\uD800 to \uDBFF) before a low surrogate, found '\uDE00' on its own"#),
    ("[\"a\tb\"]",
     #"line 1, column 4: expected a printable character or an escape sequence in the string, found control character U+0009 (write it as \t)"#),
    ("{\"a\": \"x\n}",
     #"line 1, column 9: expected a printable character or an escape sequence in the string, found control character U+000A (a string cannot span lines: write \n, or close the string with '"')"#),
    ("[012]", "line 1, column 2: expected a number without leading zeros, found '012'"),
    ("[-01.5]", "line 1, column 2: expected a number without leading zeros, found '-01.5'"),
    ("[1.]", "line 1, column 4: expected a digit after the decimal point, found ']'"),
    ("[1e+]", "line 1, column 5: expected a digit in the exponent, found ']'"),
    ("[-]", "line 1, column 3: expected a digit after '-', found ']'"),
    ("[+1]", "line 1, column 2: expected a value or ']', found '+' (JSON numbers have no '+' sign)"),
    ("[.5]", "line 1, column 2: expected a value or ']', found '.' (JSON numbers start with a digit, as in 0.5)"),
    ("[NaN]", "line 1, column 2: expected a value or ']', found 'NaN' (JSON has no NaN or Infinity)"),
    ("[-Infinity]", "line 1, column 3: expected a digit after '-', found 'Infinity' (JSON has no NaN or Infinity)"),
    ("[1e400]", "line 1, column 2: expected a number within the range of a Double (magnitude below about 1.8e308), found '1e400' (number out of range)"),
    ("[True]", "line 1, column 2: expected a value or ']', found 'True' (JSON literals are lowercase: true)"),
    ("[tru]", "line 1, column 2: expected a value or ']', found 'tru' (strings must be in double quotes)"),
    ("[nulll]", "line 1, column 2: expected a value or ']', found 'nulll' (strings must be in double quotes)"),
    ("[1] // done", "line 1, column 5: expected end of input after the top-level value, found '/' (JSON has no comments)"),
    ("[\u{FEFF}]", "line 1, column 2: expected a value or ']', found '\u{FEFF}' (U+FEFF)"),  // A BOM only counts first.
    ("{\"a\":\n\n   @}", #"line 3, column 4: expected a value for the key "a", found '@'"#),
]

@Test(arguments: malformedDocuments)
func rejectsMalformedDocumentWithExactMessage(text: String, message: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    do {
        _ = try JSONParser.parse(text)
    } catch {
        #expect(error.description == message, "\(text.debugDescription)")
    }
}

@Test func rejectsInvalidUTF8WithAMessage() {
    let table: [([UInt8], String)] = [
        ([0x22, 0x61, 0xFF, 0x22], "line 1, column 3: expected valid UTF-8 in the string, found invalid UTF-8 byte 0xFF"),
        ([0x22, 0xC3, 0x28, 0x22], "line 1, column 2: expected valid UTF-8 in the string, found invalid UTF-8 byte 0xC3"),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: expected valid UTF-8 in the string, found invalid UTF-8 byte 0xED"),
        ([0x22, 0xF0, 0x9F, 0x98], "line 1, column 2: expected valid UTF-8 in the string, found invalid UTF-8 byte 0xF0"),
        ([0xFE], "line 1, column 1: expected a JSON value, found invalid UTF-8 byte 0xFE"),
        ([0x5B, 0x31, 0x2C, 0x80, 0x5D], "line 1, column 4: expected a value after ',', found invalid UTF-8 byte 0x80"),
    ]
    for (bytes, message) in table {
        do {
            let node = try JSONParser.parse(bytes: bytes)
            Issue.record("parsed \(bytes) as \(node)")
        } catch {
            #expect(error.description == message, "\(bytes)")
        }
    }
}

@Test func acceptsSixtyFourLevelsAndRejectsTheSixtyFifth() throws {
    let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    _ = try JSONParser.parse(deepest)
    let tooDeep = String(repeating: "[", count: 64) + "{}" + String(repeating: "]", count: 64)
    #expect(throws: JSONSyntaxError(
        position: SourcePosition(line: 1, column: 65), expected: "at most 64 levels of nested arrays and objects",
        found: "'{' opening level 65")) { try JSONParser.parse(tooDeep) }
}

@Test func rejectsAHundredThousandOpeningBracketsWithoutCrashing() {
    let text = String(repeating: "[", count: 100_000)
    do {
        _ = try JSONParser.parse(text)
        Issue.record("parsed 100,000 '['")
    } catch {
        #expect(error.description
            == "line 1, column 65: expected at most 64 levels of nested arrays and objects, found '[' opening level 65")
    }
    let objects = String(repeating: "{\"a\":", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(objects) }
}
