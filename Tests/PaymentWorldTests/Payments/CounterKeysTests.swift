@testable import PaymentWorld
import Testing

/// The counters' table (`PaymentCounters.keyed`): every one-number counter has a row, once, with
/// a key of its own, so the sum over actors and the summary cannot miss one.
@Suite struct CounterKeysTests {
    @Test func everyOneNumberCounterHasExactlyOneRow() {
        var counters = PaymentCounters()
        for (index, row) in PaymentCounters.keyed.enumerated() {
            #expect(counters[keyPath: row.path] == 0, "\(row.key) shares its counter with an earlier row")
            counters[keyPath: row.path] = UInt64(index + 1)
        }
        let unkeyed = Mirror(reflecting: counters).children.compactMap { child -> String? in
            guard let value = child.value as? UInt64 else { return nil }
            return value == 0 ? child.label : nil
        }
        #expect(unkeyed.isEmpty, "counters without a row in PaymentCounters.keyed: \(unkeyed)")
        let keys = PaymentCounters.keyed.map(\.key)
        #expect(Set(keys).count == keys.count, "a key is given twice")
    }

    @Test func addingSumsEveryCounter() {
        var one = PaymentCounters()
        for (index, row) in PaymentCounters.keyed.enumerated() { one[keyPath: row.path] = UInt64(index + 1) }
        one.expiries[0] = 3
        one.statusChecks[1] = 4
        var sum = one
        sum.add(one)
        for row in PaymentCounters.keyed { #expect(sum[keyPath: row.path] == 2 * one[keyPath: row.path], "\(row.key)") }
        #expect(sum.expiries[0] == 6 && sum.statusChecks[1] == 8)
    }

    /// The seed catalogue counts some entries by a counter's key: each key is a row of the table,
    /// or the entry would read as never reached.
    @Test func everyCatalogueCounterKeyIsARow() {
        let keys = Set(PaymentCounters.keyed.map(\.key))
        for entry in SeedCatalogue.entries {
            guard case .counter(let key) = entry.counting else { continue }
            #expect(keys.contains(key), "\(entry.system) \(entry.name) counts \(key), which PaymentCounters.keyed lacks")
        }
    }
}
