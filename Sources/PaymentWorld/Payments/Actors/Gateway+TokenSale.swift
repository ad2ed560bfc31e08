import SimulationKernel

/// LC-04's token payment at the gateway: a token sale names a card-on-file token, which the token
/// service resolves to its card for the paying customer before the sale starts (domain §1.2, §2.4).
/// Another customer's token is refused (3101), a token that is not live too (PAYMENT_TOKEN_NOT_EXIST):
/// the payment fails before any authorization. A resolved one runs LC-01 on the token's card, and
/// its issuer declines it if that card is cancelled, expired or locked (TOK-4).
extension Gateway {
    /// A token sale's wait for the token service to resolve its token.
    struct TokenSalePart {
        /// Tries to resolve a token before its payment is given up as failed.
        static let lookupTries = 3

        var awaitsToken = false
        var lookups = 0
        /// Why the token service refused the sale's token, told to the merchant with the failure.
        var refusal: TokenLookupWire.Result?

        mutating func startLookup() {
            awaitsToken = true
            lookups += 1
        }

        var mayLookUpAgain: Bool { lookups < Self.lookupTries }
    }

    /// The token the order names: its own tokenization's, or another one the app named instead.
    func token(of record: Record) -> LifecycleID {
        context.bodies[record.order].namedToken ?? record.order
    }

    /// Asks the token service for the token's card; the sale waits for the answer.
    func lookUpToken(_ payment: PaymentID) {
        records[payment.slot].tokenSale.startLookup()
        context.send(from: id, to: context.addresses[.tokenService],
                     TokenServiceMessage.tokenLookup(token: token(of: records[payment.slot]), payment: payment))
        startTimer(.tokenLookupTimedOut, payment, after: context.configuration.timeouts.resolutionHop)
    }

    func tokenLookupTimedOut(_ payment: PaymentID, timer: UInt32) {
        guard timerIsLive(payment, timer), records[payment.slot].tokenSale.awaitsToken else { return }
        if records[payment.slot].tokenSale.mayLookUpAgain {
            lookUpToken(payment)
        } else {
            records[payment.slot].tokenSale.awaitsToken = false
            finish(payment, .failed)  // The token service never answered: nothing started, nothing to undo.
        }
    }

    func tokenLookedUp(_ payment: PaymentID, _ result: TokenLookupWire.Result, card: CardID) {
        guard let record = record(payment), record.tokenSale.awaitsToken else {
            counters.duplicatesDeduped &+= 1
            return
        }
        cancelTimer(payment)
        records[payment.slot].tokenSale.awaitsToken = false
        let token = token(of: record)
        let payer = context.bodies[record.order].customer
        switch result {
        case .resolved:
            counters.tokenSalesResolved &+= 1
            // The authorization names the token's card: the paying customer's own (TOK-1), the one
            // the order's 3-D Secure screening was for.
            var body = context.bodies[payment]
            body.card = card
            context.bodies.publish(body, for: payment)
            context.observe(.tokenPaymentStarted(payment, token: token, card: card, customer: payer,
                                                 usableCard: context.cards[card].usable))
            applySale(payment, .submit)
        case .notOwned, .missing:
            if result == .notOwned { counters.tokenSalesNotOwned &+= 1 } else { counters.tokenSalesMissing &+= 1 }
            records[payment.slot].tokenSale.refusal = result
            context.observe(.tokenPaymentRejected(payment, token: token, customer: payer, notOwned: result == .notOwned))
            finish(payment, .failed)
        }
    }
}
