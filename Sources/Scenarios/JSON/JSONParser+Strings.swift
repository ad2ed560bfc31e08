extension JSONReader {
    /// Parses a string whose opening `"` is the next byte: escapes, surrogate pairs, and UTF-8
    /// checked scalar by scalar.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        advance()  // "
        var buffer: [UInt8] = []
        while true {
            guard let byte = peek else {
                throw failure("'\"' to end the string that starts at \(start)")
            }
            switch byte {
            case ASCII.quote:
                advance()
                return String(decoding: buffer, as: UTF8.self)  // Validated below, so nothing is replaced.
            case ASCII.backslash:
                try parseEscape(into: &buffer)
            case 0x00..<0x20:
                throw failure(
                    "a printable character or an escape sequence in the string", hint: controlHint(byte))
            case 0x80...:
                guard let length = validUTF8Length(at: offset) else {
                    throw failure("valid UTF-8 in the string")
                }
                for _ in 0..<length {
                    buffer.append(bytes[offset])
                    advance()
                }
            default:
                buffer.append(byte)
                advance()
            }
        }
    }

    private func controlHint(_ byte: UInt8) -> String {
        switch byte {
        case ASCII.lineFeed, ASCII.carriageReturn:
            return "a string cannot span lines: write \\n, or close the string with '\"'"
        case ASCII.tab:
            return "write it as \\t"
        default:
            return "write it as \\u\(hex4(UInt32(byte)))"
        }
    }

    /// Parses one escape sequence at the next byte (a backslash) and appends its UTF-8.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let start = position
        advance()  // \
        let escapes = "an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"
        guard let byte = peek else { throw failure(escapes, at: start) }
        let simple: UInt8?
        switch byte {
        case ASCII.quote, ASCII.backslash, ASCII.slash: simple = byte
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = ASCII.lineFeed
        case UInt8(ascii: "r"): simple = ASCII.carriageReturn
        case UInt8(ascii: "t"): simple = ASCII.tab
        case UInt8(ascii: "u"): simple = nil
        default:
            throw failure(escapes, found: escapeFound(prefix: "\\"), at: start)
        }
        if let simple {
            advance()
            buffer.append(simple)
            return
        }
        advance()  // u
        let first = try parseHex4(escapeStart: start)
        let scalarValue: UInt32
        switch first {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed at once by an escaped low surrogate.
            let pairStart = position
            let lowExpected = "a low surrogate (\\uDC00 to \\uDFFF) after \\u\(hex4(first))"
            guard peek == ASCII.backslash, byteAt(offset + 1) == UInt8(ascii: "u") else {
                throw failure(lowExpected, found: escapeFound(prefix: ""))
            }
            advance()
            advance()
            let second = try parseHex4(escapeStart: pairStart)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure(lowExpected, found: "'\\u\(hex4(second))'", at: pairStart)
            }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw failure(
                "a high surrogate (\\uD800 to \\uDBFF) before a low surrogate",
                found: "'\\u\(hex4(first))' on its own", at: start)
        default:
            scalarValue = first
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            // Unreachable: surrogates are handled above and four hex digits stay below 0x110000.
            throw failure("a Unicode scalar", found: "'\\u\(hex4(scalarValue))'", at: start)
        }
        UTF8.encode(scalar) { buffer.append($0) }
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func parseHex4(escapeStart: SourcePosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        var seen = ""
        for _ in 0..<4 {
            guard let byte = peek, let digit = hexValue(byte) else {
                throw failure("4 hex digits after \\u", found: escapeFound(prefix: "\\u" + seen), at: escapeStart)
            }
            seen.unicodeScalars.append(Unicode.Scalar(byte))
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case ASCII.zero...ASCII.nine: return UInt32(byte - ASCII.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode Table 3-7), or `nil` if
    /// the bytes there are not one: overlong forms, surrogates and values past U+10FFFF included.
    func validUTF8Length(at index: Int) -> Int? {
        guard let lead = byteAt(index) else { return nil }
        func continuation(_ i: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            guard let byte = byteAt(index + i) else { return false }
            return range.contains(byte)
        }
        switch lead {
        case 0x00...0x7F:
            return 1
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }
}
