import PaymentWorld
import Reporting

/// The card platform's purchase decisions (CARD-3) in `summary.json` and the run's summary: how
/// many it approved and declined, and by the card's status and the channel.
extension PaymentsRun {
    /// `prepaid_purchases`: the totals, then `by_status.<STATUS>.<channel>.{approved, declined}`
    /// for each status that saw a purchase, statuses and channels in their enums' order.
    public static func prepaidPurchasesJSON(_ counts: PrepaidPurchaseCounts) -> JSONOutput {
        let seen = CardStatus.allCases.filter { status in
            PurchaseChannel.allCases.contains { counts[status, $0, approved: true] + counts[status, $0, approved: false] > 0 }
        }
        return .object([
            ("approved", .unsigned(counts.total(approved: true))),
            ("declined", .unsigned(counts.total(approved: false))),
            ("by_status", .object(seen.map { status in
                (status.rawValue, .object(PurchaseChannel.allCases.map { channel in
                    (channel.description, .object([("approved", .unsigned(counts[status, channel, approved: true])),
                                                   ("declined", .unsigned(counts[status, channel, approved: false]))]))
                }))
            })),
        ])
    }

    /// `prepaid purchases: approved 9,120, declined 4,002 (LOCKED 3,011, CANCELLED 991)`, when any were made.
    public static func prepaidPurchaseLines(_ counts: PrepaidPurchaseCounts) -> [String] {
        let approved = counts.total(approved: true), declined = counts.total(approved: false)
        guard approved + declined > 0 else { return [] }
        let byStatus = CardStatus.allCases.compactMap { status -> String? in
            let declines = PurchaseChannel.allCases.reduce(0) { $0 + counts[status, $1, approved: false] }
            return declines > 0 ? "\(status) \(SummaryTable.grouped(declines))" : nil
        }
        return ["prepaid purchases: approved \(SummaryTable.grouped(approved)), declined \(SummaryTable.grouped(declined))"
                + (byStatus.isEmpty ? "" : " (" + byStatus.joined(separator: ", ") + ")")]
    }
}
