/// The transfers of each business event in domain.md §2.3's table, ready for `postBatch(_:)`.
///
/// The helpers only build lists; they check nothing and post nothing, so the ledger stays the
/// one place that decides what is allowed. A leg whose amount is exactly zero is left out (a
/// capture without a fee has no fee leg, a full capture has no release), because the ledger
/// rejects zero transfers. A negative leg is kept, so that a capture above its authorization or a
/// fee above its amount reaches the ledger and is rejected as an invalid transfer, not hidden.
extension Ledger {
    /// The shape of a stand-in (STIP) approval: the network approves on the issuer's behalf.
    public enum StandInApproval: Sendable, Hashable {
        /// Approved as an authorization: a hold.
        case authorization
        /// Approved as a one-step sale to `merchant`, net of `fee`.
        case sale(merchant: MerchantAccounts, fee: MinorUnits)
    }

    /// authorize(A) approved: card.available → card.held: A.
    public static func authorize(card: CardAccounts, amount: MinorUnits, lifecycle: UInt64) -> TransferLegs {
        legs([(card.available, card.held, amount, .authorization)], lifecycle: lifecycle)
    }

    /// capture(c) of an authorization of A, single-capture: the merchant gets c − fee, the gateway
    /// the fee, and the rest of the hold (A − c) goes back to the card.
    public static func capture(
        card: CardAccounts,
        merchant: MerchantAccounts,
        authorized: MinorUnits,
        captured: MinorUnits,
        fee: MinorUnits,
        lifecycle: UInt64
    ) -> TransferLegs {
        legs(
            [
                (card.held, merchant.pending, captured - fee, .capture),
                (card.held, AccountID.gatewayFees, fee, .fee),
                (card.held, card.available, authorized - captured, .holdRelease),
            ],
            lifecycle: lifecycle
        )
    }

    /// partial capture(c), multi-capture: the merchant gets c − fee and the gateway the fee; the
    /// rest stays held for later captures. A final capture is this plus `releaseHold`.
    public static func capturePartial(
        card: CardAccounts,
        merchant: MerchantAccounts,
        captured: MinorUnits,
        fee: MinorUnits,
        lifecycle: UInt64
    ) -> TransferLegs {
        legs(
            [
                (card.held, merchant.pending, captured - fee, .capture),
                (card.held, AccountID.gatewayFees, fee, .fee),
            ],
            lifecycle: lifecycle
        )
    }

    /// Final capture, void or hold expiry: card.held → card.available: the remaining hold.
    public static func releaseHold(card: CardAccounts, remaining: MinorUnits, lifecycle: UInt64) -> TransferLegs {
        legs([(card.held, card.available, remaining, .holdRelease)], lifecycle: lifecycle)
    }

    /// sale(A) approved: card.available → merchant.pending: A − fee; card.available → gateway.fees: fee.
    public static func sale(
        card: CardAccounts,
        merchant: MerchantAccounts,
        amount: MinorUnits,
        fee: MinorUnits,
        lifecycle: UInt64
    ) -> TransferLegs {
        legs(
            [
                (card.available, merchant.pending, amount - fee, .sale),
                (card.available, AccountID.gatewayFees, fee, .fee),
            ],
            lifecycle: lifecycle
        )
    }

    /// [P] bill payment approved: the payee gets the whole bill and the gateway the commission on
    /// top, both from the card (the customer pays bill + commission).
    public static func billPayment(
        card: CardAccounts,
        payee: AccountID,
        bill: MinorUnits,
        commission: MinorUnits,
        lifecycle: UInt64
    ) -> TransferLegs {
        billLegs(from: card.available, payee: payee, bill: bill, commission: commission, lifecycle: lifecycle)
    }

    /// [P] bill payment captured from its authorization's hold: the payee gets the bill, the
    /// gateway the commission, and the hold is spent (the authorization was for bill + commission).
    public static func billCapture(
        card: CardAccounts,
        payee: AccountID,
        bill: MinorUnits,
        commission: MinorUnits,
        lifecycle: UInt64
    ) -> TransferLegs {
        billLegs(from: card.held, payee: payee, bill: bill, commission: commission, lifecycle: lifecycle)
    }

    /// The bill to the payee and the commission to the gateway, both from `source`.
    private static func billLegs(from source: AccountID, payee: AccountID, bill: MinorUnits, commission: MinorUnits,
                                 lifecycle: UInt64) -> TransferLegs {
        legs([(source, payee, bill, .billPayment), (source, AccountID.gatewayFees, commission, .commission)],
             lifecycle: lifecycle)
    }

    /// refund(r): merchant.pending, or merchant.settled once settled, → card.available: r.
    ///
    /// The ledger rejects a refund above what that account holds (insufficient funds); AUTH-3's
    /// bound by the captured amount is the lifecycle's to check.
    public static func refund(
        card: CardAccounts,
        merchant: MerchantAccounts,
        amount: MinorUnits,
        fromSettled: Bool = false,
        lifecycle: UInt64
    ) -> TransferLegs {
        let source = fromSettled ? merchant.settled : merchant.pending
        return legs([(source, card.available, amount, .refund)], lifecycle: lifecycle)
    }

    /// Settlement: merchant.pending → merchant.settled: the pending balance, which the caller
    /// reads with `balance(of: merchant.pending)`. Nothing to settle gives no transfer.
    public static func settle(merchant: MerchantAccounts, pending: MinorUnits, lifecycle: UInt64) -> TransferLegs {
        legs([(merchant.pending, merchant.settled, pending, .settlement)], lifecycle: lifecycle)
    }

    /// Prepaid load (and a debit card's funding): external → card.available: x.
    public static func prepaidLoad(card: CardAccounts, amount: MinorUnits, lifecycle: UInt64) -> TransferLegs {
        legs([(AccountID.external, card.available, amount, .prepaidLoad)], lifecycle: lifecycle)
    }

    /// A credit card's limit: issuer.creditLine → card.available: limit (domain.md §2.3's prose).
    public static func grantCreditLine(card: CardAccounts, limit: MinorUnits, lifecycle: UInt64) -> TransferLegs {
        legs([(AccountID.issuerCreditLine, card.available, limit, .creditLine)], lifecycle: lifecycle)
    }

    /// STIP approval: as `authorize` or `sale`, but every leg is flagged, so card.available may go
    /// negative (G-2's one exception) and the ledger counts the transfers.
    public static func stipApproval(
        card: CardAccounts,
        amount: MinorUnits,
        as approval: StandInApproval,
        lifecycle: UInt64
    ) -> TransferLegs {
        switch approval {
        case .authorization:
            authorize(card: card, amount: amount, lifecycle: lifecycle).allowingOverdraft()
        case .sale(let merchant, let fee):
            sale(card: card, merchant: merchant, amount: amount, fee: fee, lifecycle: lifecycle).allowingOverdraft()
        }
    }

    /// Builds the non-zero legs, in the table's order.
    private static func legs(
        _ legs: [(from: AccountID, to: AccountID, amount: MinorUnits, reason: TransferReason)],
        lifecycle: UInt64
    ) -> TransferLegs {
        var transfers = TransferLegs()
        for leg in legs where leg.amount != .zero {
            transfers.append(
                Transfer(from: leg.from, to: leg.to, amount: leg.amount, reason: leg.reason, lifecycle: lifecycle)
            )
        }
        return transfers
    }
}
