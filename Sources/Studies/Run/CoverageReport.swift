import PaymentWorld
import Reporting

/// State-space coverage (issue 7) for people and for machines: one line per lifecycle a run
/// used, and a JSON object with every pair reached and every pair never reached, and which of
/// them the lifecycle's table allows (legal) or refuses (illegal).
public enum CoverageReport {
    /// `LC-01 Sale  legal pairs 7 of 23 reached; illegal pairs tried 2 of 85`, per used lifecycle:
    /// legal as the lifecycle's own transition function says (`LegalPairs`), so a gap in the
    /// legal pairs is a path never taken and an illegal pair tried is a refusal (G-6).
    public static func lines(_ coverage: StateCoverage) -> [String] {
        zip(coverage.machines, coverage.byLegality).filter { $0.0.isUsed }.map { _, lifecycle in
            "\(lifecycle.lifecycle.padding(toLength: 26, withPad: " ", startingAt: 0))"
                + " legal pairs \(lifecycle.legalReached.count) of \(lifecycle.legalPairs) reached;"
                + " illegal pairs tried \(lifecycle.illegalTried.count) of \(lifecycle.illegalPairs)"
        }
    }

    public static func json(_ coverage: StateCoverage) -> JSONOutput {
        .object(zip(coverage.machines, coverage.byLegality).filter { $0.0.isUsed }.map { machine, lifecycle in
            let table = machine.table
            let reached = table.filter { $0.applied > 0 || $0.rejected > 0 }
            let never = table.filter { $0.applied == 0 && $0.rejected == 0 }
            return (machine.lifecycle, .object([
                ("states", .array(machine.states.map { .string($0) })),
                ("events", .array(machine.events.map { .string($0) })),
                ("pairs", .integer(Int64(machine.pairs))),
                ("reached", .integer(Int64(reached.count))),
                ("reached_pairs", .array(reached.map { pair in
                    .object([("state", .string(pair.state)), ("event", .string(pair.event)),
                             ("applied", .unsigned(pair.applied)), ("rejected", .unsigned(pair.rejected))])
                })),
                // Includes pairs the table forbids: a pair never tried is not a gap unless the table allows it.
                ("never_reached", .array(never.map { .string("\($0.state) × \($0.event)") })),
                ("legal_pairs", .integer(Int64(lifecycle.legalPairs))),
                ("legal_not_reached", .array(lifecycle.legalNotReached.map { .string("\($0.state) × \($0.event)") })),
                ("illegal_tried", .array(lifecycle.illegalTried.map { .string("\($0.state) × \($0.event)") })),
            ]))
        })
    }
}
