import PaymentWorld
import Reporting

/// State-space coverage (issue 7) for people and for machines: one line per lifecycle a run
/// used, and a JSON object with every pair reached and every pair never reached.
public enum CoverageReport {
    /// `LC-01 Sale  23 of 108 (state, event) pairs reached (2 rejected as illegal)`, per used lifecycle.
    public static func lines(_ coverage: StateCoverage) -> [String] {
        coverage.machines.filter(\.isUsed).map { machine in
            let rejected = machine.rejected.filter { $0 > 0 }.count
            return "\(machine.lifecycle.padding(toLength: 26, withPad: " ", startingAt: 0))"
                + " \(machine.reached) of \(machine.pairs) (state, event) pairs reached"
                + (rejected > 0 ? " (\(rejected) rejected as illegal)" : "")
        }
    }

    public static func json(_ coverage: StateCoverage) -> JSONOutput {
        .object(coverage.machines.filter(\.isUsed).map { machine in
            let table = machine.table
            let reached = table.filter { $0.applied > 0 || $0.rejected > 0 }
            let never = table.filter { $0.applied == 0 && $0.rejected == 0 }
            return (machine.lifecycle, .object([
                ("pairs", .integer(Int64(machine.pairs))),
                ("reached", .integer(Int64(reached.count))),
                ("reached_pairs", .array(reached.map { pair in
                    .object([("state", .string(pair.state)), ("event", .string(pair.event)),
                             ("applied", .unsigned(pair.applied)), ("rejected", .unsigned(pair.rejected))])
                })),
                // Includes pairs the table forbids: a pair never tried is not a gap unless the table allows it.
                ("never_reached", .array(never.map { .string("\($0.state) × \($0.event)") })),
            ]))
        })
    }
}
