import SimulationKernel

/// Reads typed fields out of a parsed scenario, collecting every problem instead of stopping at
/// the first, and remembering which fields it read so that every other field can be reported as
/// unknown, with a "did you mean" drawn from the fields that exist beside it.
///
/// Each read names the field by its dotted path and says what a valid value is; a missing field
/// takes its documented default.
public struct ScenarioReader {
    public let file: String
    let root: JSONNode
    /// Fields set on the command line: their errors name the flag, not the file's line.
    let overrides: [String: String]
    public private(set) var errors: [ScenarioError] = []
    /// Parent path → the child keys read under it, in reading order.
    private var readKeys: [String: [String]] = [:]
    private var containersReported: Set<String> = []
    /// False when the fields that exist cannot be known (the model is not one of the models):
    /// then no field is reported as unknown.
    var knowsEveryField = true

    init(file: String, root: JSONNode, overrides: [String: String]) {
        self.file = file
        self.root = root
        self.overrides = overrides
        if root.value.objectMembers == nil {
            errors.append(ScenarioError(file: file, fieldPath: "(top level)", expected: "an object", found: root.value.summary))
        }
    }

    // MARK: Typed reads

    public mutating func number(_ path: String, expected: String, default value: Double,
                                isValid: (Double) -> Bool) -> Double {
        guard let node = lookup(path) else { return value }
        guard let number = node.value.doubleValue, number.isFinite, isValid(number) else {
            report(path, expected: expected, found: node.value.summary)
            return value
        }
        return number
    }

    /// A whole number from 0 to 2^64 - 1, read from its digits so that no value above 2^53 is
    /// rounded to its nearest `Double` (a seed of 9007199254740993 stays itself).
    public mutating func unsigned(_ path: String, expected: String, default value: UInt64) -> UInt64 {
        guard let node = lookup(path) else { return value }
        if case .number(_, let literal) = node.value, let exact = UInt64(literal) { return exact }
        // `1e3` and `1000.0` are whole numbers too, when a Double holds them exactly: below 2^53,
        // where `9007199254740993.0` would already have been rounded to 2^53.
        if let number = node.value.doubleValue, number >= 0, number.rounded() == number, number < 9_007_199_254_740_992 {
            return UInt64(number)
        }
        report(path, expected: expected, found: node.value.summary)
        return value
    }

    public mutating func integer(_ path: String, expected: String, default value: Int, in range: ClosedRange<Int>) -> Int {
        guard let node = lookup(path) else { return value }
        guard let number = node.value.doubleValue, number.isFinite, number.rounded() == number,
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            report(path, expected: expected, found: node.value.summary)
            return value
        }
        return Int(number)
    }

    /// A probability written as a number in [0, 1].
    public mutating func ratio(_ path: String, what: String, default value: Ratio) -> Ratio {
        guard let node = lookup(path) else { return value }
        guard let number = node.value.doubleValue, number >= 0, number <= 1 else {
            report(path, expected: "a probability between 0 and 1 (\(what))", found: node.value.summary)
            return value
        }
        return Ratio(probability: number)
    }

    public mutating func duration(_ path: String, default value: SimDuration, allowZero: Bool = true) -> SimDuration {
        guard let node = lookup(path) else { return value }
        guard let text = node.value.stringValue else {
            report(path, expected: "a duration with a unit, such as \"250ms\" or \"2h\"", found: node.value.summary)
            return value
        }
        do {
            let duration = try Quantities.duration(text)
            if !allowZero && duration == .zero {
                report(path, expected: "a positive duration with a unit, such as \"250ms\"", found: node.value.summary)
                return value
            }
            return duration
        } catch {
            errors.append(ScenarioError(file: origin(of: path), fieldPath: path, quantityError: error))
            return value
        }
    }

    public mutating func distribution(_ path: String, default value: Distribution) -> Distribution {
        guard let node = lookup(path) else { return value }
        guard let text = node.value.stringValue else {
            report(path, expected: "a distribution such as \"exponential(mean: 20ms)\"", found: node.value.summary)
            return value
        }
        let spec: DistributionSpec
        do {
            spec = try Quantities.distribution(text)
        } catch {
            errors.append(ScenarioError(file: origin(of: path), fieldPath: path, quantityError: error))
            return value
        }
        // An empirical file is read now, relative to the scenario file even when a --set named it.
        do {
            return try spec.distribution(relativeTo: file)
        } catch {
            errors.append(ScenarioError(file: origin(of: path), fieldPath: path, expected: error.expectedWithPlace,
                                        found: error.found, hint: error.hint))
            return value
        }
    }

    public mutating func string(_ path: String, expected: String, default value: String,
                                isValid: (String) -> Bool = { _ in true }) -> String {
        guard let node = lookup(path) else { return value }
        guard let text = node.value.stringValue, isValid(text) else {
            report(path, expected: expected, found: node.value.summary)
            return value
        }
        return text
    }

    /// A string from a fixed list (the type *name* of docs/scenario-format.md); a near miss gets a
    /// `did you mean` hint, as in `names`.
    public mutating func name(_ path: String, allowed: [String], default value: String) -> String {
        guard let node = lookup(path) else { return value }
        guard let text = node.value.stringValue, allowed.contains(text) else {
            let hint = node.value.stringValue.flatMap { closestMatch(to: $0, among: allowed) }
            report(path, expected: "one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", "),
                   found: node.value.summary, hint: hint.map { "did you mean \"\($0)\"?" })
            return value
        }
        return text
    }

    /// A list of numbers, each checked; an empty list is an error.
    public mutating func numbers(_ path: String, expected: String, default value: [Double],
                                 isValid: (Double) -> Bool) -> [Double] {
        guard let node = lookup(path) else { return value }
        guard let elements = node.value.arrayElements, !elements.isEmpty, elements.count <= 10_000 else {
            let found = node.value.arrayElements.map { $0.isEmpty ? "an empty list" : "a list of \($0.count) numbers" }
            report(path, expected: "a list of 1 to 10,000 numbers, each \(expected)", found: found ?? node.value.summary)
            return value
        }
        var result: [Double] = []
        for (index, element) in elements.enumerated() {
            guard let number = element.value.doubleValue, number.isFinite, isValid(number) else {
                report("\(path)[\(index)]", expected: expected, found: element.value.summary)
                return value
            }
            result.append(number)
        }
        return result
    }

    public mutating func bool(_ path: String, default value: Bool) -> Bool {
        guard let node = lookup(path) else { return value }
        guard let flag = node.value.boolValue else {
            report(path, expected: "true or false", found: node.value.summary)
            return value
        }
        return flag
    }

    /// A list of strings, each one of `allowed`.
    public mutating func names(_ path: String, allowed: [String]) -> [String] {
        guard let node = lookup(path) else { return [] }
        guard let elements = node.value.arrayElements else {
            report(path, expected: "a list of names", found: node.value.summary)
            return []
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard let name = element.value.stringValue, allowed.contains(name) else {
                let hint = element.value.stringValue.flatMap { closestMatch(to: $0, among: allowed) }
                report("\(path)[\(index)]", expected: "one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", "),
                       found: element.value.summary, hint: hint.map { "did you mean \"\($0)\"?" })
                continue
            }
            result.append(name)
        }
        return result
    }

    /// The elements of the list at `path` (each read by the caller with its own index path).
    public mutating func count(of path: String, expected: String) -> Int {
        guard let node = lookup(path) else { return 0 }
        guard let elements = node.value.arrayElements, elements.count <= 1_000 else {
            report(path, expected: expected, found: node.value.summary)
            return 0
        }
        return elements.count
    }

    /// Whether the scenario (or a `--set`) gives a value at `path`; marks it read.
    public mutating func has(_ path: String) -> Bool { lookup(path) != nil }

    /// The keys present in the object at `path` (document order), each marked as read.
    public mutating func keys(of path: String) -> [String] {
        guard let node = lookup(path) else { return [] }
        guard let members = node.value.objectMembers else {
            report(path, expected: "an object", found: node.value.summary)
            return []
        }
        for member in members { markRead(path + "." + member.key) }
        return members.map(\.key)
    }

    /// Adds an error for a value that reads well alone but not with the others.
    public mutating func report(_ path: String, expected: String, found: String, hint: String? = nil) {
        errors.append(ScenarioError(file: origin(of: path), fieldPath: path, expected: expected, found: found, hint: hint))
    }

    // MARK: Unknown fields

    /// Reports every field in the file that no read asked for, in document order.
    public mutating func reportUnknownFields() {
        guard knowsEveryField, let members = root.value.objectMembers else { return }
        reportUnknown(members, parent: "", shown: "")
    }

    /// `parent` is the path fields are known under (`faults.outages`); `shown` is the same place
    /// as messages name it, with list indices (`faults.outages[1]`).
    private mutating func reportUnknown(_ members: [JSONMember], parent: String, shown: String) {
        let known = readKeys[parent] ?? []
        for member in members {
            let path = parent.isEmpty ? member.key : parent + "." + member.key
            let shownPath = shown.isEmpty ? keyForPath(member.key) : shown + "." + keyForPath(member.key)
            if known.contains(member.key) {
                if let children = member.value.value.objectMembers, readKeys[path] != nil {
                    reportUnknown(children, parent: path, shown: shownPath)
                } else if let elements = member.value.value.arrayElements, readKeys[path] != nil {
                    for (index, element) in elements.enumerated() {
                        if let children = element.value.objectMembers {
                            reportUnknown(children, parent: path, shown: shownPath + "[\(index)]")
                        }
                    }
                }
                continue
            }
            let hint = closestMatch(to: member.key, among: known).map { "did you mean \"\($0)\"?" }
            // A key an override created on its way (`--set worklaod.rate=5` creates "worklaod")
            // has no place in the file: position line 0. Blame the flag, not the file.
            let created = member.keyPosition.line == 0
            let flag = overrideFlag(for: shownPath)
                ?? (created ? overrides.filter { $0.key.hasPrefix(shownPath + ".") || $0.key.hasPrefix(shownPath + "[") }
                    .map(\.value).min() : nil)
            let location = flag == nil ? " at \(member.keyPosition)" : ""
            errors.append(ScenarioError(file: flag ?? file, fieldPath: shownPath,
                                        expected: expectedFields(known, parent: parent),
                                        found: "an unknown field" + location, hint: hint))
        }
    }

    private func expectedFields(_ known: [String], parent: String) -> String {
        // A long list (behaviour.seed has dozens) would make a line no one reads: the count and
        // where they are listed, with the "did you mean" hint beside it.
        if known.count > Self.fieldsListedInFull {
            return "one of the \(known.count) fields of \(parent.isEmpty ? "the top level" : parent) (docs/scenario-format.md lists them)"
        }
        let listed = known.map { quotedForMessage($0) }.joined(separator: ", ")
        return parent.isEmpty ? "one of the top-level fields \(listed)" : "one of the fields of \(parent): \(listed)"
    }

    /// The most fields an unknown-field message names one by one.
    static let fieldsListedInFull = 32

    // MARK: Navigation

    /// The node at `path`, or nil if absent. Marks the path read, and reports a parent that is
    /// not an object (once).
    private mutating func lookup(_ path: String) -> JSONNode? {
        markRead(path)
        var node = root
        var walked = ""
        for key in fieldPathKeys(path) {
            if let open = key.firstIndex(of: "["), key.hasSuffix("]"),
               let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]) {
                // `name[i]`: the member, then the i-th element of its list.
                let name = String(key[..<open])
                guard let members = node.value.objectMembers,
                      let child = members.first(where: { $0.key == name }),
                      let elements = child.value.value.arrayElements, index < elements.count else { return nil }
                walked = walked.isEmpty ? key : walked + "." + key
                node = elements[index]
                continue
            }
            guard let members = node.value.objectMembers else {
                if !walked.isEmpty && !containersReported.contains(walked) {
                    containersReported.insert(walked)
                    report(walked, expected: "an object", found: node.value.summary)
                }
                return nil
            }
            walked = walked.isEmpty ? key : walked + "." + key
            guard let child = members.first(where: { $0.key == key }) else { return nil }
            node = child.value
        }
        return node
    }

    private mutating func markRead(_ path: String) {
        var parent = ""
        for part in fieldPathKeys(path) {
            // A list element's fields are known under the list's name: `outages[2].actor` → `outages.actor`.
            let key = part.firstIndex(of: "[").map { String(part[..<$0]) } ?? part
            if !(readKeys[parent]?.contains(key) ?? false) { readKeys[parent, default: []].append(key) }
            parent = parent.isEmpty ? key : parent + "." + key
        }
    }

    /// Who wrote `path`: the `--set` that wrote it or an object around it; else the flags that
    /// wrote inside it (`workload.mix` checked as a whole after two `--set workload.mix.X`); else the file.
    private func origin(of path: String) -> String {
        if let flag = overrideFlag(for: path) { return flag }
        let inside = overrides.filter { $0.key.hasPrefix(path + ".") || $0.key.hasPrefix(path + "[") }.map(\.value).sorted()
        return inside.isEmpty ? file : inside.joined(separator: ", ")
    }

    /// The `--set` flag that wrote `path`, itself or as part of an object set above it
    /// (`--set 'topology.gateway={"servers": 0}'` wrote `topology.gateway.servers`).
    private func overrideFlag(for path: String) -> String? {
        var candidate = path[...]
        while true {
            if let flag = overrides[String(candidate)] { return flag }
            // `faults.outages[0]` lies inside `faults.outages`, then `faults`.
            let cut = candidate.last == "]" ? candidate.lastIndex(of: "[") : candidate.lastIndex(of: ".")
            guard let cut, cut > candidate.startIndex else { return nil }
            candidate = candidate[..<cut]
        }
    }
}

/// The keys of a dotted field path. It splits at every `.` scalar, not at `.` characters: a key
/// that starts with a combining mark (`"\u{301}rate"`) joins the dot before it into one
/// character, and must still be a key of its own.
func fieldPathKeys(_ path: String, omittingEmptyKeys: Bool = true) -> [String] {
    path.unicodeScalars.split(separator: ".", omittingEmptySubsequences: omittingEmptyKeys).map { String($0) }
}
