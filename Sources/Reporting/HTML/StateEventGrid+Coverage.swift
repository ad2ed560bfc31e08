/// Grids from the `state_coverage` object of summary.json and explore.json, so that a report
/// rebuilt from its file draws the same grids as the run that wrote it.
extension StateEventGrid {
    /// One grid per lifecycle of `coverage` (`{lifecycle: {states, events, reached_pairs,
    /// legal_not_reached, illegal_tried, …}}`), in the file's order; lifecycles written before the
    /// files carried their states and events are left out.
    public static func grids(fromCoverage coverage: JSONOutput) -> [StateEventGrid] {
        guard case .object(let lifecycles) = coverage else { return [] }
        return lifecycles.compactMap { name, value in
            guard case .object(let fields) = value,
                  let states = strings(RunReport.member(fields, "states")), let events = strings(RunReport.member(fields, "events")) else { return nil }
            var counts: [String: UInt64] = [:]  // Looked up, never iterated.
            if case .array(let reached)? = RunReport.member(fields, "reached_pairs") {
                for pair in reached {
                    guard case .object(let pairFields) = pair, case .string(let state)? = RunReport.member(pairFields, "state"),
                          case .string(let event)? = RunReport.member(pairFields, "event") else { continue }
                    counts["\(state) × \(event)"] = count(RunReport.member(pairFields, "applied")) &+ count(RunReport.member(pairFields, "rejected"))
                }
            }
            let refused = Set(strings(RunReport.member(fields, "illegal_tried")) ?? [])
            let unreached = Set(strings(RunReport.member(fields, "legal_not_reached")) ?? [])
            let cells = states.map { state in
                events.map { event -> Cell in
                    let pair = "\(state) × \(event)"
                    if let count = counts[pair] { return refused.contains(pair) ? .illegalTried(count) : .legalReached(count) }
                    return unreached.contains(pair) ? .legalNotReached : .illegal
                }
            }
            return StateEventGrid(lifecycle: name, states: states, events: events, cells: cells)
        }
    }

    private static func strings(_ value: JSONOutput?) -> [String]? {
        guard case .array(let items)? = value else { return nil }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    private static func count(_ value: JSONOutput?) -> UInt64 {
        switch value {
        case .unsigned(let count)?: count
        case .integer(let count)? where count > 0: UInt64(count)
        default: 0
        }
    }
}
