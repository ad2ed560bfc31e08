/// Why the ledger refused a transfer; the ledger is unchanged after either.
///
/// Two cases because callers react differently (style §8): insufficient funds is a decline the
/// modelled system should have prevented (an issuer that approves above the available balance,
/// a refund above what the merchant holds), so a monitor reports it; an invalid transfer is a
/// malformed request (zero amount, same account, unknown account) with its detail in words.
public enum LedgerError: Error, Hashable, CustomStringConvertible {
    /// `account` may not go below zero, and `amount` is more than its `balance`.
    case insufficientFunds(account: Account, balance: MinorUnits, amount: MinorUnits)
    /// `transfer` can never be posted; `detail` says why and names the values.
    case invalidTransfer(transfer: Transfer, detail: String)

    public var description: String {
        switch self {
        case .insufficientFunds(let account, let balance, let amount):
            "Ledger: insufficient funds in \(account): balance \(balance), transfer \(amount); "
                + "only external, issuer.creditLine and a STIP-flagged card available balance may go negative"
        case .invalidTransfer(let transfer, let detail):
            "Ledger: invalid transfer \(transfer): \(detail)"
        }
    }
}
