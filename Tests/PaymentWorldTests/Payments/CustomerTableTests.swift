@testable import PaymentWorld
import Testing

/// The per-customer table reads as the array it replaced, and keeps records only for customers written.
@Suite struct CustomerTableTests {
    @Test func readsAsAnArrayAndStoresOnlyWhatWasWritten() {
        var table = CustomerTable(empty: -1)
        var array: [Int] = []
        let customers = [99_999, 3, 50_000, 3, 77, 99_999, 12]
        for (step, customer) in customers.enumerated() {
            table.makeRoom(upTo: customer)
            while array.count <= customer { array.append(-1) }
            table[customer] += step + 10
            array[customer] += step + 10
        }
        #expect(table.count == array.count && table.count == 100_000)
        #expect((0..<array.count).allSatisfy { table[$0] == array[$0] })
        // Five customers written, of 100,000 made room for.
        #expect(table.recordCount == 5)
    }

    @Test func aReadMakesNoRecord() {
        var table = CustomerTable<String?>(empty: nil)
        table.makeRoom(upTo: 9)
        #expect(table[4] == nil && table[9] == nil)
        #expect(table.recordCount == 0)
        table[4] = "card"
        #expect(table[4] == "card" && table[3] == nil && table.recordCount == 1)
    }
}
