/// Escaping and size estimates for text placed in SVG and HTML.
public enum MarkupText {
    /// Escapes `& < > " '` as entities and drops control characters XML does not allow,
    /// so any string (a scenario name, a failure code) is safe in element text and in attributes.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids C0 controls (other than the three above) and U+FFFE/U+FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A generous width estimate for `text` in a sans-serif face, in the same units as `fontSize`.
    ///
    /// SVG cannot measure text without a script, so layout uses this estimate: 0.6 em a character
    /// is wider than the average of common sans-serif faces, so labels get room to spare
    /// rather than overlap.
    public static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }
}
