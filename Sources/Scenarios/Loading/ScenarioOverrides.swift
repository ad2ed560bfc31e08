/// `--set path=value` on the command line: any field of a scenario, changed without editing it.
///
/// The value is read as JSON when it parses as JSON (`300`, `true`, `"x"`, `{"servers": 4}`),
/// and as a plain string otherwise (`lognormal(median: 10ms, sigma: 0.5)`, `< 800`), so the
/// common cases need no quoting beyond the shell's.
public struct ScenarioOverride: Sendable, Hashable {
    public var path: String
    public var value: JSONNode
    /// The flag as the user wrote it, for error messages: `--set workload.rate=300`, or
    /// `--vary workload.rate=300` for a sweep point's value.
    public var flag: String

    /// The most keys a path may have: scenarios nest a few levels, and a deeper path is a mistake
    /// (and would recurse without end of stack).
    static let maximumDepth = 32

    /// Parses `path=value`, or says what was expected; `flagName` is the flag it came with.
    public init(parsing text: String, flagName: String = "--set") throws(ScenarioError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ScenarioError(file: flagName, fieldPath: text, expected: "path=value, such as workload.rate=300",
                                found: "no '='")
        }
        let path = String(text[..<equals]).trimmingWhitespace()
        let raw = String(text[text.index(after: equals)...]).trimmingWhitespace()
        let keys = fieldPathKeys(path, omittingEmptyKeys: false)
        guard !path.isEmpty, keys.allSatisfy({ !$0.isEmpty }) else {
            throw ScenarioError(file: flagName, fieldPath: text,
                                expected: "a dotted field path before '=', such as workload.rate", found: "\"\(path)\"")
        }
        guard keys.count <= Self.maximumDepth else {
            throw ScenarioError(file: flagName + " " + (text.count > 80 ? text.prefix(80) + "…" : text),
                                fieldPath: String(path.prefix(40)) + (path.count > 40 ? "…" : ""),
                                expected: "a field path of at most \(Self.maximumDepth) keys", found: "\(keys.count) keys")
        }
        self.path = path
        // Messages name the flag once per problem: a long value is shown by its start and length.
        self.flag = flagName + " " + (text.count <= 100 ? text : text.prefix(60) + "… (\(text.count) characters)")
        let overridden = SourcePosition(line: 0, column: 0)
        if let parsed = try? JSONParser.parse(raw) {
            value = JSONNode(parsed.value, at: overridden)
        } else {
            value = JSONNode(.string(raw), at: overridden)
        }
    }

    /// Writes the value into `root` at the path, creating objects on the way. A key `name[i]` is
    /// element `i` of the list `name`; `i` equal to the list's length (0 for a missing list) appends an object.
    func apply(to root: inout JSONNode) throws(ScenarioError) {
        let keys = fieldPathKeys(path)
        try Self.set(value, at: keys[...], in: &root, walked: "", flag: flag)
    }

    private static func set(_ value: JSONNode, at keys: ArraySlice<String>, in node: inout JSONNode,
                            walked: String, flag: String) throws(ScenarioError) {
        guard let key = keys.first else {
            node = value
            return
        }
        guard case .object(var members) = node.value else {
            throw ScenarioError(file: flag, fieldPath: walked.isEmpty ? "(top level)" : walked,
                                expected: "an object to hold \"\(key)\"", found: node.value.summary)
        }
        let path = walked.isEmpty ? key : walked + "." + key
        if listElement(key) == nil, let open = key.firstIndex(of: "["), key.hasSuffix("]") {
            throw ScenarioError(file: flag, fieldPath: path,
                                expected: "a list index in brackets, a whole number from 0",
                                found: "\"\(key[open...])\"")
        }
        if let (name, position) = listElement(key) {
            // `outages[1]`: element 1 of the list `outages`; one past the end appends an object.
            let existing = members.firstIndex(where: { $0.key == name })
            var elements: [JSONNode] = []
            if let existing {
                guard let list = members[existing].value.value.arrayElements else {
                    throw ScenarioError(file: flag, fieldPath: walked.isEmpty ? name : walked + "." + name,
                                        expected: "a list to hold element \(position)",
                                        found: members[existing].value.value.summary)
                }
                elements = list
            }
            guard position <= elements.count else {
                throw ScenarioError(file: flag, fieldPath: path,
                                    expected: "an index from 0 to \(elements.count) (the list has \(elements.count) element(s); "
                                        + "the next index appends one)",
                                    found: "\(position)")
            }
            if position == elements.count { elements.append(JSONNode(.object([]), at: value.position)) }
            try set(value, at: keys.dropFirst(), in: &elements[position], walked: path, flag: flag)
            if let existing {
                members[existing].value.value = .array(elements)
            } else {
                members.append(JSONMember(key: name, keyPosition: value.position,
                                          value: JSONNode(.array(elements), at: value.position)))
            }
        } else if let index = members.firstIndex(where: { $0.key == key }) {
            try set(value, at: keys.dropFirst(), in: &members[index].value, walked: path, flag: flag)
        } else {
            var child = JSONNode(.object([]), at: value.position)
            try set(value, at: keys.dropFirst(), in: &child, walked: path, flag: flag)
            members.append(JSONMember(key: key, keyPosition: value.position, value: child))
        }
        node.value = .object(members)
    }

    /// `name[i]` as the list's name and the index, as the reader looks it up; nil for a plain key.
    private static func listElement(_ key: String) -> (name: String, index: Int)? {
        guard let open = key.firstIndex(of: "["), key.hasSuffix("]"),
              let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]), index >= 0
        else { return nil }
        return (String(key[..<open]), index)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
        return String(scalars[first...last])
    }
}
