import PaymentWorld
import Reporting

/// The card platform's purchase decisions (CARD-3) in `summary.json` and the run's summary: how
/// many it approved and declined, and by the card's status and the channel; and in the summary
/// what they moved on the prepaid balances (`prepaid_money` in `summary.json`'s counters).
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

    /// `prepaid purchases: approved 9,120, declined 4,002 (LOCKED 3,011, CANCELLED 991)`, when any were made,
    /// then what they moved: `prepaid money: held 9,120, captured 9,120 (70,680,000 minor units), …`.
    public static func prepaidPurchaseLines(_ counts: PrepaidPurchaseCounts, _ money: PaymentCounters)
        -> [String] {
        let approved = counts.total(approved: true), declined = counts.total(approved: false)
        guard approved + declined > 0 else { return [] }
        let byStatus = CardStatus.allCases.compactMap { status -> String? in
            let declines = PurchaseChannel.allCases.reduce(0) { $0 + counts[status, $1, approved: false] }
            return declines > 0 ? "\(status) \(SummaryTable.grouped(declines))" : nil
        }
        let grouped = SummaryTable.grouped
        return ["prepaid purchases: approved \(grouped(approved)), declined \(grouped(declined))"
                + (byStatus.isEmpty ? "" : " (" + byStatus.joined(separator: ", ") + ")")
                + "; of the declines, \(grouped(money.prepaidInsufficientBalance)) for the balance",
                "prepaid money: \(grouped(money.prepaidAccountsOpened)) accounts opened; held \(grouped(money.prepaidHolds)), "
                + "captured \(grouped(money.prepaidCaptures)) (\(grouped(money.prepaidCaptured)) minor units), "
                + "timed out \(grouped(money.prepaidPurchasesTimedOut)) (holds voided \(grouped(money.prepaidHoldsVoided))); "
                + "top-ups \(grouped(money.prepaidTopUps)) (\(grouped(money.prepaidToppedUp)) minor units); "
                + "wallet tokens resolved at the token service \(grouped(money.prepaidTokensResolved)), "
                + "not found \(grouped(money.prepaidTokensMissing))"]
    }
}
