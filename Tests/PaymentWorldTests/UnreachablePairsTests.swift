@testable import PaymentWorld
import Testing

/// The reasons given for legal pairs no run reaches name real lifecycles and legal pairs, so the
/// list cannot drift from the tables it explains.
@Suite struct UnreachablePairsTests {
    @Test func everyReasonNamesALegalPairOfItsTable() {
        let machines = Dictionary(uniqueKeysWithValues: zip(StateCoverage().machines, LegalPairs.bySlot).map {
            ($0.0.lifecycle, (machine: $0.0, legal: $0.1))
        })
        for table in UnreachablePairs.unsteppedTables.keys { #expect(machines[table] != nil, "\(table)") }
        for (lifecycle, reasons) in UnreachablePairs.pairs.merging(UnreachablePairs.settings, uniquingKeysWith: { $0.merging($1) { a, _ in a } }) {
            let found = try? #require(machines[lifecycle], "\(lifecycle) is not a lifecycle")
            guard let (machine, legal) = found else { continue }
            let legalPairs = Set(machine.table.enumerated().filter { legal[$0.offset] }.map { "\($0.element.state) × \($0.element.event)" })
            for pair in reasons.keys {
                if pair.hasPrefix("* × ") {
                    let event = String(pair.dropFirst(4))
                    #expect(legalPairs.contains { $0.hasSuffix(" × " + event) }, "\(lifecycle): no legal pair has event \(event)")
                } else {
                    #expect(legalPairs.contains(pair), "\(lifecycle): \(pair) is not a legal pair")
                }
            }
        }
    }

    @Test func aPairOfAnUnsteppedTableOrAWildcardGetsItsReason() {
        // Every table is stepped now: LC-06 at the gateway, LC-11 at the app, the LC-02 refund at the gateway.
        #expect(UnreachablePairs.unsteppedTables.isEmpty)
        for table in ["LC-06 ThreeDS", "LC-11 Provisioning", "LC-02 Refund"] { #expect(UnreachablePairs.unstepped(table) == nil) }
        #expect(UnreachablePairs.reason(lifecycle: "LC-01 Sale", state: "authenticating", event: "abandon") == nil)
        #expect(UnreachablePairs.reason(lifecycle: "LC-01 Sale", state: "authorizing", event: "abandon") == nil)
        #expect(UnreachablePairs.reason(lifecycle: "LC-01 Sale", state: "screening", event: "deadline") != nil)
        #expect(UnreachablePairs.reason(lifecycle: "LC-01 Sale", state: "authorizing", event: "approve") == nil)
    }
}
