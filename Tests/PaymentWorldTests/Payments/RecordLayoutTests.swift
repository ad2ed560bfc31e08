@testable import PaymentWorld
import Testing

/// Records kept per payment slot or per customer, tens of thousands at once: their size is memory.
/// Swift lays a struct's fields out in the order written, so a field added in the wrong place can
/// grow every record by a padding's worth without a word. Reorder before raising these.
@Suite struct RecordLayoutTests {
    @Test func theGatewaysRecordAndACustomersCardStayPacked() {
        #expect(MemoryLayout<Gateway.Record>.stride <= 280, "Gateway.Record: \(MemoryLayout<Gateway.Record>.stride) bytes")
        #expect(MemoryLayout<CardPlatform.Card>.stride <= 64, "CardPlatform.Card: \(MemoryLayout<CardPlatform.Card>.stride) bytes")
    }
}
