import SimulationKernel

/// The world's money (domain §2.3): one double-entry ledger in minor units that the actors which
/// move money (the issuer placing and releasing holds, the gateway capturing and refunding) post
/// to, with every card's and merchant's accounts.
///
/// A component of its own, not an actor: money moves inside the step that moved it, so the
/// monitors can check "after every event". Only actors that own a money movement post; the
/// monitors read balances; nobody else touches it.
final class WorldLedger {
    @exclusivity(unchecked) private(set) var ledger = Ledger()
    @exclusivity(unchecked) private var cardAccounts: [CardAccounts] = []
    @exclusivity(unchecked) private var merchantAccounts: [MerchantAccounts] = []
    @exclusivity(unchecked) private var payeeAccounts: [AccountID] = []

    /// The [P] payees bills are paid to: utilities and mobile operators, a few of each.
    static let payees = 16

    /// Opens every card, funded with its opening balance, every merchant and every payee.
    init(cards: Int, balance: Int64, merchants: Int, opensEmpty: (Int) -> Bool = { _ in false }) {
        ledger.reserveAccounts(3 + 2 * (cards + merchants) + Self.payees)
        cardAccounts.reserveCapacity(cards)
        for index in 0..<cards {
            let accounts = ledger.openCard(CardID(UInt32(index)))
            cardAccounts.append(accounts)
            // A prepaid or debit card starts funded from the outside world, whose account may go negative.
            do {
                let opening = opensEmpty(index) ? 0 : balance
                guard opening > 0 else { continue }
                try ledger.postBatch(Ledger.prepaidLoad(card: accounts, amount: MinorUnits(opening), lifecycle: 0))
            } catch {
                preconditionFailure("an opening balance of \(balance) was refused: \(error)")
            }
        }
        for index in 0..<merchants {
            merchantAccounts.append(ledger.openMerchant(MerchantID(UInt32(index))))
        }
        for index in 0..<Self.payees {
            payeeAccounts.append(ledger.openPayee(PayeeID(UInt32(index))))
        }
    }

    /// The payee a bill of `merchant`'s checkout is paid to: Portmone's catalogue stands where a
    /// merchant would, so the order's merchant number picks it, with no draw of its own.
    func payee(for merchant: MerchantID) -> AccountID { payeeAccounts[payeeNumber(for: merchant)] }

    /// The payee's number, 0 ..< `payees`, for a bill of `merchant`'s checkout.
    func payeeNumber(for merchant: MerchantID) -> Int { Int(merchant.rawValue) % Self.payees }

    /// What a payee has been paid so far, in minor units.
    func paid(_ payee: AccountID) -> Int64 { ledger.balance(of: payee).value }

    /// Opens a prepaid account (a Paysafe customer's balance, which all their cards spend): a card's
    /// two accounts, numbered after the workload's cards in the order the platform opens them, so
    /// holds and captures on it are the card core's and the money claims read it as any card.
    func openPrepaidAccount() -> CardID {
        let card = CardID(UInt32(cardAccounts.count))
        cardAccounts.append(ledger.openCard(card))
        return card
    }

    func accounts(of card: CardID) -> CardAccounts { cardAccounts[Int(card.rawValue)] }
    func accounts(of merchant: MerchantID) -> MerchantAccounts { merchantAccounts[Int(merchant.rawValue)] }

    func available(_ card: CardID) -> Int64 { ledger.balance(of: cardAccounts[Int(card.rawValue)].available).value }
    func held(_ card: CardID) -> Int64 { ledger.balance(of: cardAccounts[Int(card.rawValue)].held).value }

    /// Posts transfers all-or-none; returns why they were refused, leaving the ledger as it was.
    func post<Transfers: RandomAccessCollection<Transfer>>(_ transfers: Transfers) -> LedgerError?
    where Transfers.Index == Int {
        do {
            try ledger.postBatch(transfers)
            return nil
        } catch {
            return error
        }
    }
}
