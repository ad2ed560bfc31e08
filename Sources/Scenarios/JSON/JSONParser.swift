/// Our own JSON parser (RFC 8259), written for error messages rather than speed.
///
/// It keeps what Foundation's `JSONSerialization` throws away: the line and column of every value
/// and key, the order of object members, and the source text of every number. It rejects what
/// RFC 8259 rejects and a few things it merely allows, each with a message that names the place:
///
/// - duplicate keys in one object (the message names the key and both places);
/// - numbers outside the range of a `Double` (`1e400`); numbers too small to represent round to
///   zero, as RFC 8259 allows;
/// - nesting deeper than ``maximumDepth`` arrays and objects, so no input can exhaust the stack.
///
/// It accepts a UTF-8 byte order mark at the start and skips it. It never traps on any input:
/// every byte sequence either parses or throws a ``JSONSyntaxError`` with line and column ≥ 1.
/// It does not promise linear time on pathological inputs other than that nesting bound, and it
/// does not accept JSON5 extensions (comments, trailing commas, single quotes, `NaN`), though it
/// names them in hints.
///
/// ```swift
/// let node = try JSONParser.parse(#"{"rate": 400}"#)
/// #expect(node["rate"]?.value == .number(400, literal: "400"))
/// #expect(node["rate"]?.position == SourcePosition(line: 1, column: 10))
/// ```
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted: a top-level `[` is level 1. Scenario
    /// files need five or six levels; the bound keeps recursion shallow whatever the input.
    public static let maximumDepth = 64

    /// Parses one JSON document from text.
    /// - Throws: `JSONSyntaxError` naming the first problem.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses one JSON document from UTF-8 bytes, as read from a file. Invalid UTF-8 is an error,
    /// reported where it occurs.
    /// - Throws: `JSONSyntaxError` naming the first problem.
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        return try reader.parseDocument()
    }
}

/// The parser's state: the bytes, the offset of the next one and its position.
///
/// Recursion depth is bounded by `JSONParser.maximumDepth`; every loop advances `offset` or
/// throws, so parsing ends on every input.
struct JSONReader {
    let bytes: [UInt8]
    var offset = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func byteAt(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte, keeping line and column (Unicode scalars) up to date.
    mutating func advance() {
        precondition(offset < bytes.count, "JSONReader: advance past the end at offset \(offset)")
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case ASCII.lineFeed:
            line += 1
            column = 1
        case ASCII.carriageReturn:
            if peek != ASCII.lineFeed {  // A lone CR ends a line; CR LF ends one line, at the LF.
                line += 1
                column = 1
            }
        case 0x80...0xBF:
            break  // A continuation byte belongs to the scalar its lead byte started.
        default:
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while let byte = peek, byte == ASCII.space || byte == ASCII.tab
            || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
        {
            advance()
        }
    }

    func failure(
        _ expected: String, found: String? = nil, at position: SourcePosition? = nil, hint: String? = nil
    ) -> JSONSyntaxError {
        JSONSyntaxError(
            position: position ?? self.position, expected: expected, found: found ?? foundHere(), hint: hint)
    }

    // MARK: Document and values

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3  // The byte order mark takes no column.
        }
        let contentStart = offset
        skipWhitespace()
        if peek == nil {
            let empty = contentStart == bytes.count
            throw failure("a JSON value", hint: empty ? "the document is empty" : "the document holds only whitespace")
        }
        let node = try parseValue(depth: 0, expected: "a JSON value", afterComma: false)
        skipWhitespace()
        if peek != nil {
            throw failure("end of input after the top-level value", hint: hintHere(afterComma: false))
        }
        return node
    }

    /// Parses the value that starts at the next byte. `depth` counts the arrays and objects
    /// around it; `expected` says what the context wanted, for the message if none is there.
    mutating func parseValue(depth: Int, expected: String, afterComma: Bool) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        guard let byte = peek else { throw failure(expected) }
        switch byte {
        case ASCII.openBrace, ASCII.openBracket:
            guard depth < JSONParser.maximumDepth else {
                throw failure(
                    "at most \(JSONParser.maximumDepth) levels of nested arrays and objects",
                    found: "'\(Character(Unicode.Scalar(byte)))' opening level \(depth + 1)")
            }
            if byte == ASCII.openBrace {
                return JSONNode(.object(try parseObject(depth: depth + 1)), at: start)
            }
            return JSONNode(.array(try parseArray(depth: depth + 1)), at: start)
        case ASCII.quote:
            return JSONNode(.string(try parseString()), at: start)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try parseNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return try parseLiteral(expected: expected)
        default:
            throw failure(expected, hint: hintHere(afterComma: afterComma))
        }
    }

    mutating func parseLiteral(expected: String) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        let word = wordHere()
        let value: JSONValue
        switch word {
        case "true": value = .bool(true)
        case "false": value = .bool(false)
        case "null": value = .null
        default: throw failure(expected, hint: wordHint(word) ?? "strings must be in double quotes")
        }
        for _ in 0..<word.utf8.count { advance() }
        return JSONNode(value, at: start)
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        advance()  // [
        skipWhitespace()
        if peek == ASCII.closeBracket {
            advance()
            return []
        }
        var elements: [JSONNode] = []
        var expected = "a value or ']'"
        var afterComma = false
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth, expected: expected, afterComma: afterComma))
            skipWhitespace()
            switch peek {
            case ASCII.comma:
                advance()
                expected = "a value after ','"
                afterComma = true
            case ASCII.closeBracket:
                advance()
                return elements
            default:
                throw failure("',' or ']' after an array element", hint: hintHere(afterComma: false))
            }
        }
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        advance()  // {
        skipWhitespace()
        if peek == ASCII.closeBrace {
            advance()
            return []
        }
        var members: [JSONMember] = []
        var seen: [String: SourcePosition] = [:]  // Looked up, never iterated.
        var expectedKey = "a string key or '}'"
        var afterComma = false
        while true {
            skipWhitespace()
            guard peek == ASCII.quote else {
                throw failure(expectedKey, hint: keyHint(afterComma: afterComma))
            }
            let keyPosition = position
            let key = try parseString()
            if let first = seen[key] {
                throw failure(
                    "a key not already in this object", found: "duplicate key \(quotedForMessage(key))",
                    at: keyPosition, hint: "first defined at \(first)")
            }
            seen[key] = keyPosition
            skipWhitespace()
            guard peek == ASCII.colon else {
                throw failure("':' after the key \(quotedForMessage(key))", hint: hintHere(afterComma: false))
            }
            advance()
            skipWhitespace()
            let value = try parseValue(
                depth: depth, expected: "a value for the key \(quotedForMessage(key))", afterComma: false)
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch peek {
            case ASCII.comma:
                advance()
                expectedKey = "a string key after ','"
                afterComma = true
            case ASCII.closeBrace:
                advance()
                return members
            default:
                throw failure("',' or '}' after an object member", hint: hintHere(afterComma: false))
            }
        }
    }
}

/// The bytes the parser names.
enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")

    static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= zero && byte <= nine
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), zero...nine,
            UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
