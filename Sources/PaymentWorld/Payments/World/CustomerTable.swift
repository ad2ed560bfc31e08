/// What an actor keeps per customer, stored only for the customers it has written to.
///
/// A table indexed straight by customer number holds a record for every customer below the
/// highest one met: with a Zipf population of 100,000, the first few lifecycles already reach
/// customers near the end, and the card platform kept 100,000 cards for a run that met a hundred.
/// Here each customer of that range costs a 4-byte index, and a record exists once written.
///
/// It reads as the array it replaces: `count` is one past the highest customer made room for,
/// a customer below it that was never written reads as `empty`, and a write makes its record.
struct CustomerTable<Element> {
    /// Each customer's record's position in `records`, plus one; 0 for none yet.
    private var positions: [UInt32] = []
    private var records: [Element] = []
    private let empty: Element

    init(empty: Element) { self.empty = empty }

    /// One past the highest customer made room for (`makeRoom`), as the array's count was.
    var count: Int { positions.count }

    /// How many customers have a record of their own: the table's real size.
    var recordCount: Int { records.count }

    /// Makes room for customers up to `customer`, reading as `empty` until written.
    mutating func makeRoom(upTo customer: Int) {
        // `Array(repeating:count:)` fills in one step even in a debug build, where appending a
        // `repeatElement` went element by element through generic code: 29 % of a small debug run.
        if positions.count <= customer { positions.append(contentsOf: Array(repeating: 0, count: customer + 1 - positions.count)) }
    }

    subscript(customer: Int) -> Element {
        get {
            precondition(customer >= 0 && customer < positions.count, "customer \(customer) of \(positions.count)")
            let position = positions[customer]
            return position == 0 ? empty : records[Int(position) - 1]
        }
        _modify {
            precondition(customer >= 0 && customer < positions.count, "customer \(customer) of \(positions.count)")
            if positions[customer] == 0 {
                records.append(empty)
                positions[customer] = UInt32(records.count)
            }
            yield &records[Int(positions[customer]) - 1]
        }
    }
}
