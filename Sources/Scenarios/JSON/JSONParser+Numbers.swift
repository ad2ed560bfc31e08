extension JSONReader {
    /// Parses a number at the next byte (`-` or a digit) with RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        let startOffset = offset
        if peek == ASCII.minus {
            advance()
            guard ASCII.isDigit(peek) else {
                throw failure("a digit after '-'", hint: hintHere(afterComma: false))
            }
        }
        if peek == ASCII.zero {
            advance()
            if ASCII.isDigit(peek) {
                throw failure(
                    "a number without leading zeros", found: "'\(numberText(from: startOffset))'", at: start)
            }
        } else {
            skipDigits()
        }
        if peek == ASCII.dot {
            advance()
            guard ASCII.isDigit(peek) else { throw failure("a digit after the decimal point") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == ASCII.plus || peek == ASCII.minus { advance() }
            guard ASCII.isDigit(peek) else { throw failure("a digit in the exponent") }
            skipDigits()
        }
        let literal = String(decoding: bytes[startOffset..<offset], as: UTF8.self)
        // The standard library's conversion rounds correctly; it gives ±infinity past the range of
        // a Double, and zero below its smallest subnormal, which RFC 8259 permits.
        guard let number = Double(literal), number.isFinite else {
            throw failure(
                "a number within the range of a Double (magnitude below about 1.8e308)",
                found: "'\(shortened(literal, limit: 40))' (number out of range)", at: start)
        }
        return JSONNode(.number(number, literal: literal), at: start)
    }

    private mutating func skipDigits() {
        while ASCII.isDigit(peek) { advance() }
    }

    /// The number-like text from `start` on, for quoting in a message: `-012.5`.
    private func numberText(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 40 {
            switch bytes[end] {
            case ASCII.zero...ASCII.nine, ASCII.dot, ASCII.minus, ASCII.plus, UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
                continue
            default:
                break
            }
            break
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
