/// The arguments of a command line as a shell would split them: words apart at spaces, single
/// quotes keeping what they hold (with `'\''` for a quote inside), as `ReplayCommand` writes them.
public func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quoted = false
    var escaped = false
    for character in line {
        if escaped {
            word.append(character)
            escaped = false
        } else if quoted {
            if character == "'" { quoted = false } else { word.append(character) }
        } else if character == "'" || character == "\\" {
            quoted = character == "'"
            escaped = character == "\\"
            inWord = true
        } else if character == " " {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        } else {
            word.append(character)
            inWord = true
        }
    }
    if inWord { words.append(word) }
    return words
}
