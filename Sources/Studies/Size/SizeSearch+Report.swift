import Reporting

/// What a size search found, in words: the answer `paystorm size` prints, for any caller.
extension SizeSearch {
    /// Whether the scenario's own topology holds the load, and if not, what gave: the yes or no
    /// of "does it hold a 5x spike for a minute with p99 of system time under 2 s?".
    public static func verdict(_ judged: Judgement, objectives: [SizeObjective], replications: Int) -> String {
        let missed = objectives.filter { objective in
            guard let worst = judged.worst[objective.metric] else { return true }
            return !objective.threshold.holds(for: worst)
        }
        var reasons: [String] = []
        if let first = judged.firstSaturation {
            reasons.append("first saturated: \(first.station) at \(SummaryTable.fixed(first.seconds, 1)) s (utilization "
                           + "\(SummaryTable.fixed(first.utilization, 2)) in that second; \(judged.saturatedReplications) of "
                           + "\(replications) replications saturated a station)")
        } else if !judged.timeVarying, let binding = judged.binding, (judged.utilization[binding] ?? 0) >= saturated {
            reasons.append("saturated: \(binding) (utilization \(SummaryTable.fixed(judged.utilization[binding] ?? 0, 2)) over the window)")
        }
        reasons += missed.map {
            "\($0.metric) \($0.threshold) missed (worst replication \(SummaryTable.fixed(judged.worst[$0.metric] ?? .nan, 3)))"
        }
        let topology = "as given (the scenario's servers): "
        guard !judged.passed else {
            return topology + "holds the load" + (judged.timeVarying ? "; no station reached "
                + "\(SummaryTable.fixed(FirstSaturation.threshold, 2)) utilization in any second" : "")
        }
        return topology + "does not hold the load; " + reasons.joined(separator: "; ")
    }

    /// The sized topology as text: each station's servers and utilization, the worst replication
    /// of each objective, the binding station, and the lines to paste into the scenario.
    public func report(servers: [String: Int], judged: Judgement, objectives: [SizeObjective]) -> String {
        let names = stationOrder
        var lines = ["sized in \(candidates) candidates × \(replications) replications:"]
        let label = judged.timeVarying ? "utilization in its busiest second" : "utilization"
        for name in names {
            let utilization = judged.utilization[name] ?? 0
            lines.append("  \(name.padding(toLength: 18, withPad: " ", startingAt: 0))\(String(servers[name] ?? 0).leftPadded(6)) servers"
                         + "   \(label) \(SummaryTable.fixed(utilization, 2))")
        }
        for objective in objectives {
            lines.append("  \(objective.metric) \(objective.threshold): worst replication \(SummaryTable.fixed(judged.worst[objective.metric] ?? .nan, 3))")
        }
        let crowded = names.filter { (judged.utilization[$0] ?? 0) > Self.crowded }
        if !crowded.isEmpty {
            lines.append("little headroom: " + crowded.map { "\($0) \(SummaryTable.fixed(judged.utilization[$0] ?? 0, 2))" }
                .joined(separator: ", ") + "; confirm with a longer run (run.lifecycles or run.duration) before trusting it")
        }
        let alone = oneLess.filter { $0.outcome == .saturates }.map(\.station)
        if let binding {
            let check = switch binding.outcome {
            case .missesObjective: "misses"
            case .saturates: "saturates it, though every objective holds"
            case .saturatesInASecond: "saturates a station in some second: the load is not held"
            case .meets: "still meets them: the run may be too short to show the saturation"
            }
            lines.append("binding: \(binding.station) (one server less \(check))")
        } else if let binding = judged.binding {
            lines.append("binding: \(binding) (one server less not checked)")
        }
        if binding?.outcome == .missesObjective && !alone.isEmpty {
            lines.append("held up by their own saturation alone (one server less saturates them, every objective holds): "
                         + alone.joined(separator: ", "))
        }
        let sets = names.compactMap { name in Self.topologyKey(name).map { "--set topology.\($0).servers=\(servers[name] ?? 0)" } }
        lines.append("paste: " + sets.joined(separator: " "))
        var byKey: [(String, Int)] = []
        for name in names {
            guard let key = Self.topologyKey(name), !byKey.contains(where: { $0.0 == key }) else { continue }
            byKey.append((key, servers[name] ?? 0))
        }
        lines.append("\"topology\": {" + byKey.map { "\"\($0.0)\": {\"servers\": \($0.1)}" }.joined(separator: ", ") + "}")
        return lines.joined(separator: "\n")
    }
}
