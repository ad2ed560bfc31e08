import PaymentWorld
import Scenarios
import SimulationKernel

// The shrinker's passes. Each tries smaller values of one field, keeping a value only when the
// candidate still breaks the target invariant, so the tree kept always failed.

extension Shrinker {
    /// One round: every pass once, in a fixed order.
    mutating func shrinkRound() {
        let duration = tree["run"]?["duration"] != nil
        if tree["run"]?["lifecycles"] != nil || !duration {
            shrinkCount(["run", "lifecycles"], label: "lifecycles") { scenario in
                switch scenario.model {
                case .payments(let world): world.lifecycles
                case .referencePipeline(let pipeline): pipeline.lifecycles
                }
            }
        }
        if duration { shrinkDuration() }
        if tree["run"]?["warmup"] != nil { tryRemoving(["run", "warmup"], label: "warmup") }
        for (key, label) in [("outages", "outage"), ("windows", "fault window"), ("slowdowns", "slowdown")] {
            removeElements(["faults", key], label: label)
        }
        for key in ["loss", "duplication", "reordering"] where tree["faults"]?[key] != nil {
            tryRemoving(["faults", key], label: "faults.\(key)")
        }
        removeElements(["defects"], label: "defect")
        guard let scenario = load(tree) else { return }
        switch scenario.model {
        case .payments:
            shrinkCount(["workload", "merchants"], label: "merchants") {
                if case .payments(let world) = $0.model { world.merchants } else { 1 }
            }
            shrinkCount(["workload", "cards", "count"], label: "cards") {
                if case .payments(let world) = $0.model { world.cards.count } else { 1 }
            }
            // Fewer customers: a race between two of one customer's lifecycles shrinks to a handful. Who
            // meets whom changes with the population's size, so a failure is not monotone in it: the
            // smallest sizes are tried one by one before the binary search.
            trySmallest(["workload", "customers"], label: "customers", upTo: 8) {
                if case .payments(let world) = $0.model { world.customers } else { 1 }
            }
            shrinkCount(["workload", "customers"], label: "customers") {
                if case .payments(let world) = $0.model { world.customers } else { 1 }
            }
            for (station, servers) in [("gateway", \PaymentStations.gateway.servers), ("acs", \.acs.servers),
                                       ("acquirer", \.acquirer.servers), ("network", \.network.servers),
                                       ("issuer", \.issuer.servers)] {
                shrinkCount(["topology", station, "servers"], label: "\(station) servers") {
                    if case .payments(let world) = $0.model { world.stations[keyPath: servers] } else { 1 }
                }
            }
        case .referencePipeline:
            for (station, servers) in [("gateway", \PipelineConfiguration.gateway.servers), ("acs", \.acs.servers),
                                       ("acsBackup", \.acsBackup.servers), ("issuer", \.issuer.servers)] {
                shrinkCount(["topology", station, "servers"], label: "\(station) servers") {
                    if case .referencePipeline(let pipeline) = $0.model { pipeline[keyPath: servers] } else { 1 }
                }
            }
        }
        if case .pct = scheduling.strategy { shrinkDepth() }
    }

    // MARK: Passes

    /// Binary search for the smallest whole number at `path` that still fails: each probe that
    /// fails lowers the bound, so the value kept always failed.
    mutating func shrinkCount(_ path: [String], label: String, current: (Scenario) -> Int) {
        guard let scenario = load(tree) else { return }
        let original = current(scenario)
        var low = 1
        var high = original
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var candidate = tree
            candidate.set(path, .number(Double(middle), literal: "\(middle)"))
            if attempt(candidate, "\(label) \(middle)") { high = middle } else { low = middle + 1 }
        }
        if high < original { record(label, from: "\(original)", to: "\(high)") }
    }

    /// Tries 1, 2, … `upTo` at `path` in turn and keeps the first that still fails.
    mutating func trySmallest(_ path: [String], label: String, upTo limit: Int, current: (Scenario) -> Int) {
        guard let scenario = load(tree) else { return }
        let original = current(scenario)
        for value in 1..<min(limit + 1, original) where runs < maxRuns {
            var candidate = tree
            candidate.set(path, .number(Double(value), literal: "\(value)"))
            if attempt(candidate, "\(label) \(value)") {
                record(label, from: "\(original)", to: "\(value)")
                return
            }
        }
    }

    /// The same search on `run.duration`, in whole milliseconds.
    mutating func shrinkDuration() {
        guard let scenario = load(tree) else { return }
        let duration: SimDuration? = switch scenario.model {
        case .payments(let world): world.duration
        case .referencePipeline(let pipeline): pipeline.duration
        }
        guard let duration, duration.nanoseconds >= 2_000_000 else { return }
        let original = duration.nanoseconds / 1_000_000
        var low: Int64 = 1
        var high = original
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var candidate = tree
            candidate.set(["run", "duration"], .string("\(SimDuration.milliseconds(middle))"))
            if attempt(candidate, "duration \(SimDuration.milliseconds(middle))") {
                high = middle
            } else {
                low = middle + 1
            }
        }
        if high < original { record("duration", from: "\(duration)", to: "\(SimDuration.milliseconds(high))") }
    }

    /// Tries the array at `path` without each of its elements in turn, first to last.
    mutating func removeElements(_ path: [String], label: String) {
        var index = 0
        while let elements = tree.node(path)?.value.arrayElements, index < elements.count, runs < maxRuns {
            let element = elements[index]
            var candidate = tree
            candidate.removeElement(path, at: index)
            if elements.count == 1 { candidate.remove(path) }  // No empty list left behind.
            let text = element.serialized(pretty: false)
            if attempt(candidate, "without \(label) \(text)") {
                steps.append(ShrinkStep(label: label, from: text, to: nil))
            } else {
                index += 1
            }
        }
    }

    mutating func tryRemoving(_ path: [String], label: String) {
        guard runs < maxRuns, let node = tree.node(path) else { return }
        var candidate = tree
        candidate.remove(path)
        if path.count > 1, candidate.node(path.dropLast())?.value.objectMembers?.isEmpty == true {
            candidate.remove(Array(path.dropLast()))  // No empty object left behind.
        }
        let text = node.serialized(pretty: false)
        if attempt(candidate, "without \(label)") { record(label, from: text, to: "none") }
    }

    mutating func shrinkDepth() {
        guard case .pct(let original) = scheduling.strategy else { return }
        var low = 1
        var high = original
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var candidate = scheduling
            candidate.strategy = .pct(depth: middle)
            if attempt(tree, "pct depth \(middle)", scheduling: candidate) {
                high = middle
                scheduling = candidate
            } else {
                low = middle + 1
            }
        }
        if high < original { record("pct depth", from: "\(original)", to: "\(high)") }
    }
}
