/// Card-on-file across a customer's payments (domain §1.2 E2, §1.3 M4). At MPGS the merchant server
/// keeps the token Create or Update Token made, and a later PAY names it with no session. At
/// ecommpay the init of a customer's token sale lists their saved card, and the app pays with it
/// instead of tokenizing again, in the seed's own two ways: a card tokenized by CardTokenizeRequest is paid with by its token
/// (CardSaleTokenizeRequest with `account_token`); one the customer chose to save while verifying it
/// (VER-3) is a saved account, paid with by its `accountId` (SavedCardSaleRequest), which is valid
/// only with its own `customer_id`. Either way the gateway resolves it at the token service's vault.
/// One the vault no longer has (the customer removed the card, or it expired) is refused, and the
/// app stops listing it.
struct SavedCard {
    /// The lifecycle that saved it: the token's, or the saved account's, identity.
    var id: LifecycleID
    /// Saved at the customer's choice (an accountId), not by tokenizing (a token).
    var isAccount: Bool
}

extension DeviceApp {
    /// Whether the customer's saved card pays for this sale: decided once, at the first step it
    /// makes unnecessary (ecommpay's tokenization, after the init listed the card; MPGS's session).
    func paysSavedCard(_ payment: LifecycleID) -> Bool {
        if let decided = cursors[payment.slot].paysSaved { return decided }
        let pays = paysWithSavedToken(payment)
        cursors[payment.slot].paysSaved = pays
        return pays
    }

    /// Whether this token sale pays with the customer's saved card: then its name is on the
    /// order, and the tokenization step is not made. A sale that names another token already (a
    /// stale one, `tokenSaleForeignToken`) keeps it.
    func paysWithSavedToken(_ payment: LifecycleID) -> Bool {
        var order = context.bodies[payment]
        let index = Int(order.customer.rawValue)
        guard order.namedToken == nil, index < savedCards.count, let saved = savedCards[index] else { return false }
        order.namedToken = saved.id
        context.bodies.publish(order, for: payment)
        cursors[payment.slot].paysBySavedAccount = saved.isAccount
        if saved.isAccount {
            counters.savedAccountSales &+= 1
        } else {
            counters.savedTokensReused &+= 1
            counters.savedTokenSales[flow(of: payment).rawValue] &+= 1
        }
        return true
    }

    /// The customer's card is tokenized, or verified and saved: the app lists it for their later
    /// token sales, unless they removed the card before paying.
    func saveCard(_ payment: LifecycleID, asAccount: Bool) {
        let order = context.bodies[payment]
        guard !order.deletesToken else { return }
        let index = Int(order.customer.rawValue)
        savedCards.makeRoom(upTo: index)
        savedCards[index] = SavedCard(id: payment, isAccount: asAccount)
    }

    /// The vault no longer has the saved card the sale named: the app stops listing it.
    func forgetSavedCard(_ payment: LifecycleID, _ refusal: TokenLookupWire.Result?) {
        let order = context.bodies[payment]
        let index = Int(order.customer.rawValue)
        guard refusal == .missing, index < savedCards.count, let saved = savedCards[index],
              saved.id == order.namedToken else { return }
        savedCards[index] = nil
    }
}
