import SimulationKernel

extension Gateway {
    /// What became of an approved payment's money: its captures (Gateway+Resolution's LC-02), its
    /// refunds (Gateway+Refunds), the hold's capture limit and its release at the issuer.
    struct SettlementPart {
        var capturedAmount: Int64 = 0
        /// The highest capture number applied: a request naming one at or below it is a copy (AUTH-6).
        var capturesApplied = 0
        var refundedAmount: Int64 = 0
        /// The merchant's refunds of this payment, by number − 1 (LC-02 Refund children): a request
        /// naming one already here is a copy (AUTH-6).
        var refunds: [RefundRecord] = []
        /// The refund numbers refused above what was left (903), a bit each: a copy gets 903 again.
        var refundsRefused: UInt16 = 0
        /// When an authorization's hold expires unless captured first (AUTH-5); nil before approval.
        var captureLimit: SimTime?
        /// A void or expiry released the hold at the issuer, and the issuer acknowledged it.
        var releaseAcknowledged = false

        // MARK: Captures

        func isCopy(capture number: Int) -> Bool { number <= capturesApplied }

        mutating func recordCapture(_ amount: Int64) {
            capturedAmount += amount
            capturesApplied += 1
        }

        /// Whether a capture at `now` comes too late for the hold (AUTH-5).
        func isPastCaptureLimit(at now: SimTime) -> Bool {
            guard let limit = captureLimit else { return false }
            return now >= limit
        }

        // MARK: Refunds

        /// A refund waits for the acquirer: the record must stay until it ends.
        var refundsInFlight: Bool { refunds.contains(where: \.isInFlight) }

        /// The refund `operation` names, if the gateway has a record of it.
        func refund(_ operation: Int) -> RefundRecord? {
            operation >= 1 && operation <= refunds.count ? refunds[operation - 1] : nil
        }

        /// A refund number already started: a request naming it again is a copy (AUTH-6).
        func isCopy(refund operation: Int) -> Bool {
            operation <= refunds.count && refunds[operation - 1].state != .idle(refundable: .zero)
        }

        func wasRefused(refund operation: Int) -> Bool { refundsRefused & (1 << operation) != 0 }

        mutating func refuse(refund operation: Int) { refundsRefused |= 1 << operation }

        /// What is left to refund: refunds in flight count as made (AUTH-3).
        var refundable: Int64 {
            capturedAmount - refundedAmount - refunds.reduce(Int64(0)) { sum, refund in sum + refund.amountInFlight }
        }

        /// Opens refund `operation` for `amount`; numbers below it that were never asked for stay idle.
        mutating func open(refund operation: Int, amount: MinorUnits) {
            while refunds.count < operation { refunds.append(RefundRecord(state: .idle(refundable: .zero))) }
            refunds[operation - 1].amount = amount
        }
    }
}
