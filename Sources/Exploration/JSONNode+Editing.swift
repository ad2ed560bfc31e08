import Scenarios

// Edits of a scenario's JSON tree, as the shrinker makes them: it edits the tree rather than the
// loaded scenario so that what it writes is a scenario file a person can read and run.

extension JSONNode {
    /// The node at `path` (object keys from the root), or nil where the path leaves the tree.
    public func node(_ path: some Sequence<String>) -> JSONNode? {
        var node: JSONNode? = self
        for key in path { node = node?[key] }
        return node
    }

    /// Sets the value at `path`, creating objects on the way (as `--set` does).
    public mutating func set(_ path: [String], _ newValue: JSONValue) {
        guard let key = path.first else {
            value = newValue
            return
        }
        var members = value.objectMembers ?? []
        let origin = SourcePosition(line: 0, column: 0)
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value.set(Array(path.dropFirst()), newValue)
        } else {
            var child = JSONNode(.object([]), at: origin)
            child.set(Array(path.dropFirst()), newValue)
            members.append(JSONMember(key: key, keyPosition: origin, value: child))
        }
        value = .object(members)
    }

    /// Removes the member at `path`; nothing when it is not there.
    public mutating func remove(_ path: [String]) {
        guard let key = path.first, var members = value.objectMembers,
              let index = members.firstIndex(where: { $0.key == key }) else { return }
        if path.count == 1 {
            members.remove(at: index)
        } else {
            members[index].value.remove(Array(path.dropFirst()))
        }
        value = .object(members)
    }

    /// Removes element `index` of the array at `path`; nothing when there is no such element.
    public mutating func removeElement(_ path: [String], at index: Int) {
        guard var elements = node(path)?.value.arrayElements, elements.indices.contains(index) else { return }
        elements.remove(at: index)
        set(path, .array(elements))
    }
}
