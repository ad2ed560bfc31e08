import PaymentWorld
import Reporting
import SimulationKernel

/// What one run produced of the seed catalogue (`SeedCatalogue`) and of each lifecycle's legal
/// (state, event) pairs: the figures of `paystorm coverage`, for the terminal, coverage.json and
/// coverage.md (`SeedCoverageReport+Markdown.swift`).
public struct SeedCoverageReport {
    /// How the run was made, for the files' headers.
    public struct Origin {
        public var scenario: String
        public var seed: UInt64
        public var lifecycles: UInt64
        public var traceHash: UInt64
        public var command: String

        public init(scenario: String, seed: UInt64, lifecycles: UInt64, traceHash: UInt64, command: String) {
            self.scenario = scenario
            self.seed = seed
            self.lifecycles = lifecycles
            self.traceHash = traceHash
            self.command = command
        }
    }

    public struct Row {
        public let entry: SeedCatalogueEntry
        /// nil when the model cannot produce the entry.
        public let count: UInt64?

        /// `5,932`, `not reached` or `not modelled: reason`.
        public var status: String {
            guard let count else { return entry.countedAs }
            return count == 0 ? "not reached" : SummaryTable.grouped(count)
        }
    }

    /// Reached, not reached and not modelled, for one kind of entry.
    public struct Totals {
        public var reached = 0
        public var notReached = 0
        public var notModelled = 0
        public var all: Int { reached + notReached + notModelled }
    }

    /// One timer of domain §2.7 with its duration in the run and how many times it ran out.
    public struct TimerRow {
        public let timer: ExpiringTimer
        public let duration: SimDuration
        public let expiries: UInt64

        public var status: String { expiries == 0 ? "not reached" : SummaryTable.grouped(expiries) }
    }

    public let origin: Origin
    /// The systems with a catalogue whose flows the run started, in registration order; every
    /// catalogued system when the run started none of them.
    public let systems: [PaymentSystem]
    public let rows: [Row]
    public let lifecycles: [LegalityCoverage]
    public let timers: [TimerRow]

    public init(origin: Origin, result: PaymentsResult, timeouts: PaymentTimeouts = PaymentTimeouts()) {
        self.origin = origin
        let catalogued = PaymentSystem.allCases.filter { !$0.model.catalogue.isEmpty }
        let ran = catalogued.filter { system in result.flows.contains { $0.flow.system == system && $0.started > 0 } }
        let systems = ran.isEmpty ? catalogued : ran
        self.systems = systems
        rows = SeedCatalogue.entries.filter { systems.contains($0.system) }.map { Row(entry: $0, count: $0.count(flows: result.flows, counters: result.counters)) }
        lifecycles = result.coverage.byLegality
        timers = ExpiringTimer.allCases.map {
            TimerRow(timer: $0, duration: $0.duration(in: timeouts), expiries: result.counters.expiries[$0.rawValue])
        }
    }

    public func totals(_ kind: SeedCatalogueEntry.Kind) -> Totals {
        rows.filter { $0.entry.kind == kind }.reduce(into: Totals()) { totals, row in
            switch row.count {
            case nil: totals.notModelled += 1
            case 0: totals.notReached += 1
            default: totals.reached += 1
            }
        }
    }

    /// `codes: 28 reached, 9 not reached, 124 not modelled (of 161)`.
    public func headline(_ kind: SeedCatalogueEntry.Kind) -> String {
        let totals = totals(kind)
        return "\(kind.plural): \(totals.reached) reached, \(totals.notReached) not reached, "
            + "\(totals.notModelled) not modelled (of \(totals.all))"
    }

    /// The terminal's text: every entry by system, then each lifecycle's legal pairs.
    public var lines: [String] {
        var lines = ["seed coverage  scenario=\(origin.scenario)  seed=\(origin.seed)  lifecycles=\(origin.lifecycles)",
                     headline(.operation), headline(.code)]
        for system in systems {
            lines.append("")
            lines.append(system.title)
            for row in rows where row.entry.system == system {
                let name = row.entry.name.count > 44 ? String(row.entry.name.prefix(43)) + "…" : row.entry.name
                lines.append("  \(row.entry.kind.rawValue.padding(9)) \(name.padding(45)) \(row.status)")
            }
        }
        lines.append("")
        lines.append("timers (domain §2.7): expiries that moved their lifecycle")
        for row in timers {
            lines.append("  \(row.timer.description.padding(24)) \(row.duration.description.padding(7)) \(row.status)")
        }
        lines.append("")
        lines.append("state coverage: legal (state, event) pairs by the tables' own transition functions")
        for lifecycle in lifecycles {
            lines.append("  \(lifecycle.lifecycle.padding(26)) " + Self.pairCounts(lifecycle))
        }
        return lines
    }

    public static func pairCounts(_ lifecycle: LegalityCoverage) -> String {
        "legal \(lifecycle.legalReached.count) of \(lifecycle.legalPairs) reached, "
            + "\(lifecycle.legalNotReached.count) not reached; illegal tried \(lifecycle.illegalTried.count) "
            + "of \(lifecycle.illegalPairs)"
    }

    public var json: JSONOutput {
        .object([
            ("scenario", .string(origin.scenario)),
            ("seed", .unsigned(origin.seed)),
            ("lifecycles", .unsigned(origin.lifecycles)),
            ("trace_hash", .string(Trace.hex(origin.traceHash))),
            ("command", .string(origin.command)),
            ("totals", .object(SeedCatalogueEntry.Kind.allCases.map { kind in
                let totals = totals(kind)
                return (kind.plural, .object([("reached", .integer(Int64(totals.reached))),
                                              ("not_reached", .integer(Int64(totals.notReached))),
                                              ("not_modelled", .integer(Int64(totals.notModelled)))]))
            })),
            ("catalogue", .array(rows.map { row in
                .object([("system", .string(row.entry.system.description)), ("kind", .string(row.entry.kind.rawValue)),
                         ("name", .string(row.entry.name)), ("meaning", .string(row.entry.meaning)),
                         ("modelled", .bool(row.count != nil)), ("counted_as", .string(row.entry.countedAs)),
                         ("count", row.count.map { .unsigned($0) } ?? .null)])
            })),
            ("timers", .array(timers.map(Self.timerJSON))),
            ("state_coverage", .object(lifecycles.map { lifecycle in
                (lifecycle.lifecycle, .object([
                    ("legal_pairs", .integer(Int64(lifecycle.legalPairs))),
                    ("illegal_pairs", .integer(Int64(lifecycle.illegalPairs))),
                    ("legal_reached", .array(lifecycle.legalReached.map(Self.pairJSON))),
                    ("legal_not_reached", .array(lifecycle.legalNotReached.map { .string("\($0.state) × \($0.event)") })),
                    ("illegal_tried", .array(lifecycle.illegalTried.map(Self.pairJSON))),
                ]))
            })),
        ])
    }

    public static func timerJSON(_ row: TimerRow) -> JSONOutput {
        let fields: [(String, JSONOutput)] = [
            ("timer", .string(row.timer.description)), ("field", .string(row.timer.field)),
            ("duration", .string(row.duration.description)), ("expiries", .unsigned(row.expiries)),
        ]
        return .object(fields)
    }

    public static func pairJSON(_ pair: LegalityCoverage.Pair) -> JSONOutput {
        .object([("state", .string(pair.state)), ("event", .string(pair.event)),
                 ("applied", .unsigned(pair.applied)), ("rejected", .unsigned(pair.rejected))])
    }
}

extension SeedCatalogueEntry.Kind {
    public var plural: String { rawValue + "s" }
}

extension String {
    /// Padded with spaces to `width`, never cut.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
