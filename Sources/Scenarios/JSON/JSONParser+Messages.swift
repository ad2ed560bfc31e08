/// How the parser describes what it found, and the hints it adds for common mistakes.
extension JSONReader {
    /// The "found" part of a message for the next byte: `end of input`, `'"'`, `'NaN'`,
    /// `control character U+0009`, `'é' (U+00E9)` or `invalid UTF-8 byte 0xFF`.
    func foundHere() -> String {
        guard let byte = peek else { return "end of input" }
        if ASCII.isWordByte(byte) { return "'\(wordHere())'" }
        switch byte {
        case ASCII.apostrophe:
            return "\"'\""
        case 0x00..<0x20, 0x7F:
            return "control character U+\(hex4(UInt32(byte)))"
        case 0x20..<0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            guard let scalar = scalarHere() else {
                return "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
            return "'\(Character(scalar))' (U+\(hex4(scalar.value)))"
        }
    }

    /// `'\x'`-style text for a bad escape: the next scalar after `prefix` in quotes when it is
    /// printable, else the plain description of what is there.
    func escapeFound(prefix: String) -> String {
        guard let byte = peek else { return "end of input" }
        if (0x21..<0x7F).contains(byte) { return "'\(prefix)\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80, let scalar = scalarHere(), scalar.value >= 0xA0 {
            return "'\(prefix)\(Character(scalar))'"
        }
        return foundHere()
    }

    /// The Unicode scalar at the next byte, when the bytes there are well-formed UTF-8.
    func scalarHere() -> Unicode.Scalar? {
        guard let length = validUTF8Length(at: offset) else { return nil }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self).unicodeScalars.first
    }

    /// The run of letters, digits and `_` at the next byte, cut at 40 with `…`.
    func wordHere() -> String {
        var end = offset
        while end < bytes.count, ASCII.isWordByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[offset..<min(end, offset + 40)], as: UTF8.self)
        return end - offset > 40 ? word + "…" : word
    }

    /// A hint for a bare word where a value was expected.
    func wordHint(_ word: String) -> String? {
        let lower = word.lowercased()
        if ["nan", "infinity", "inf"].contains(lower) { return "JSON has no NaN or Infinity" }
        if ["true", "false", "null"].contains(lower) { return "JSON literals are lowercase: \(lower)" }
        return nil
    }

    /// A hint for the next byte where a value or punctuation was expected, when the mistake is a
    /// common one: comments, single quotes, trailing commas, `+1`, `.5`, `NaN`.
    func hintHere(afterComma: Bool) -> String? {
        guard let byte = peek else { return nil }
        if ASCII.isWordByte(byte) { return wordHint(wordHere()) }
        switch byte {
        case ASCII.slash: return "JSON has no comments"
        case ASCII.apostrophe: return "JSON strings use double quotes"
        case ASCII.closeBracket, ASCII.closeBrace: return afterComma ? "JSON does not allow a trailing comma" : nil
        case ASCII.plus: return "JSON numbers have no '+' sign"
        case ASCII.dot: return "JSON numbers start with a digit, as in 0.5"
        default: return nil
        }
    }

    /// A hint for the next byte where an object key was expected.
    func keyHint(afterComma: Bool) -> String? {
        guard let byte = peek else { return nil }
        if ASCII.isWordByte(byte) { return "keys must be in double quotes" }
        return hintHere(afterComma: afterComma)
    }
}
