/// The Swift source of the case-index conformances: for every lifecycle, `CoverableLifecycle`
/// on its state enum and `CaseIndexed` on its event enum, then the list of every lifecycle.
///
/// `caseNames` and the `caseIndex` switch come from one list, so they cannot disagree, and the
/// switch names every case without a `default`, so a case the reading missed, or one it made up,
/// fails to compile instead of miscounting.
enum CaseIndexFile {
    static func text(for enums: LifecycleEnums) -> String {
        var lines = [
            "// Generated at build time by CaseIndexGenerator (Plugins/CaseIndexPlugin) from the lifecycle enums.",
            "",
        ]
        let lifecycles = enums.lifecycles
        for (slot, lifecycle) in lifecycles.enumerated() {
            for (name, isState) in [(lifecycle.state, true), (lifecycle.event, false)] {
                let cases = enums.cases[name] ?? []
                lines.append("extension \(name): \(isState ? "CoverableLifecycle" : "CaseIndexed") {")
                if isState { lines.append("    public static let coverageSlot = \(slot)") }
                lines.append("    public static let caseNames = [" + cases.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
                lines.append("    public var caseIndex: Int {")
                lines.append("        switch self {")
                for (index, name) in cases.enumerated() { lines.append("        case .\(name): \(index)") }
                lines.append("        }")
                lines.append("    }")
                lines.append("}")
                lines.append("")
            }
        }
        lines.append("/// Every coverable lifecycle, by `coverageSlot`.")
        lines.append("public let coverableLifecycles: [any CoverableLifecycle.Type] = ["
            + lifecycles.map { "\($0.state).self" }.joined(separator: ", ") + "]")
        if let facts = enums.cases[worldEvent] { lines += [""] + kindLines(facts) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The enum of the world's facts, whose `Kind` is generated from its cases.
    static let worldEvent = "WorldEvent"

    /// `WorldEvent.Kind`, one case per fact in declaration order, and `kind`: a new fact is its
    /// case alone, and the switch names every case, so a fact the reading missed fails to compile.
    static func kindLines(_ facts: [String]) -> [String] {
        var lines = [
            "extension \(worldEvent) {",
            "    /// What a monitor subscribes to: the registry hands each event only to the monitors that watch its kind.",
            "    public enum Kind: Int, CaseIterable, Sendable {",
        ]
        lines += facts.map { "        case \($0)" }
        lines += ["    }", "", "    public var kind: Kind {", "        switch self {"]
        lines += facts.map { "        case .\($0): .\($0)" }
        lines += ["        }", "    }", "}"]
        return lines
    }
}
