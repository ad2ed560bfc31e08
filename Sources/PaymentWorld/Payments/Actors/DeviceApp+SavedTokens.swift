/// Card-on-file across a customer's payments (domain §1.2 E2): once a token sale tokenized the
/// customer's card, the init of their next token sale lists it, and the app pays with its token
/// (CardSaleTokenizeRequest with the saved `account_token`) instead of tokenizing again. A saved
/// token the vault no longer has (the customer removed the card, or it expired) is refused as
/// PAYMENT_TOKEN_NOT_EXIST, and the app stops listing it.
extension DeviceApp {
    /// Whether this token sale pays with the customer's saved token: then its name is on the
    /// order, and the tokenization step is not made. A sale that names another token already (a
    /// stale one, `tokenSaleForeignToken`) keeps it.
    func paysWithSavedToken(_ payment: LifecycleID) -> Bool {
        var order = context.bodies[payment]
        let index = Int(order.customer.rawValue)
        guard order.namedToken == nil, index < savedTokens.count, let saved = savedTokens[index] else { return false }
        order.namedToken = saved
        context.bodies.publish(order, for: payment)
        counters.savedTokensReused &+= 1
        return true
    }

    /// The customer's card is tokenized, or verified and saved: the app lists the token for their
    /// later token sales, unless they removed the card before paying.
    func saveToken(_ payment: LifecycleID) {
        let order = context.bodies[payment]
        guard !order.deletesToken else { return }
        let index = Int(order.customer.rawValue)
        while savedTokens.count <= index { savedTokens.append(nil) }
        savedTokens[index] = payment
    }

    /// The vault no longer has the saved token the sale named: the app stops listing it.
    func forgetSavedToken(_ payment: LifecycleID, _ refusal: TokenLookupWire.Result?) {
        let order = context.bodies[payment]
        let index = Int(order.customer.rawValue)
        guard refusal == .missing, index < savedTokens.count, let saved = savedTokens[index],
              saved == order.namedToken else { return }
        savedTokens[index] = nil
    }
}
