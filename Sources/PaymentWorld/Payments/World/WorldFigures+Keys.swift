extension PaymentCounters {
    /// Every one-number counter, once, with the key `summary.json` reports it under (a dotted path:
    /// `unknown_outcomes.entered` is `{"unknown_outcomes": {"entered": …}}`). The sum over the
    /// actors (``add(_:)``) and the summary both follow this table, so a new counter is its stored
    /// property and one row here. Counters kept by system, step or status have their own shapes
    /// and are summed by hand below.
    public static var keyed: [(key: String, path: WritableKeyPath<PaymentCounters, UInt64>)] {
        [
            ("three_ds.frictionless", \.frictionless), ("three_ds.challenge", \.challenged),
            ("three_ds.decoupled", \.decoupled), ("three_ds.exempted", \.exempted),
            ("three_ds.liability_shifted", \.liabilityShifted),
            ("cascades.started", \.cascades), ("cascades.succeeded", \.cascadeSuccesses),
            ("cascades.consent.asked", \.cascadeConsentsAsked), ("cascades.consent.given", \.cascadeConsentsGiven),
            ("cascades.consent.refused", \.cascadeConsentsRefused), ("cascades.consent.timed_out", \.cascadeConsentsTimedOut),
            ("payment_ends.cancels_asked", \.paymentCancels), ("payment_ends.cancelled", \.salesCancelled),
            ("payment_ends.past_deadline", \.salesPastDeadline),
            ("payment_ends.authorizations_voided_on_cancel", \.ordersCancelledBeforeCapture),
            ("payment_ends.acquirer_errors", \.acquirerErrors),
            ("unknown_outcomes.entered", \.unknownOutcomes), ("unknown_outcomes.resolved_by_inquiry", \.resolvedByInquiry),
            ("unknown_outcomes.resolved_by_reversal", \.resolvedByReversal),
            ("unknown_outcomes.resolved_by_late_reply", \.resolvedByLateReply),
            ("unknown_outcomes.late_approvals_reversed", \.lateApprovalsReversed),
            ("recovery.status_recoveries", \.statusRecoveries), ("recovery.voids", \.voids),
            ("recovery.stand_in_holds", \.standInHolds),
            ("timers.walk_aways", \.walkAways),
            ("retries", \.merchantRetries), ("step_repeats", \.stepRepeats), ("duplicates_deduped", \.duplicatesDeduped),
            ("stale_messages", \.staleMessages), ("stand_ins", \.standIns), ("holds_placed", \.holdsPlaced),
            ("income.credits", \.incomeCredits), ("income.minor_units", \.incomeCredited),
            ("captures", \.captures), ("refunds", \.refunds),
            ("refund_outcomes.declined", \.refundsDeclined), ("refund_outcomes.refused_above_what_was_left", \.refundsRefused),
            ("refund_outcomes.answers_lost", \.refundOutcomesUnknown),
            ("verifications.verified", \.verificationsVerified), ("verifications.not_verified", \.verificationsNotVerified),
            ("token_sales.resolved", \.tokenSalesResolved), ("token_sales.not_owned", \.tokenSalesNotOwned),
            ("token_sales.missing", \.tokenSalesMissing), ("token_sales.saved_token_reused", \.savedTokensReused),
            ("token_sales.saved_account", \.savedAccountSales), ("three_ds.pares_via_term_url", \.paResForwarded),
            ("tokens.suspended", \.tokensSuspended), ("tokens.resumed", \.tokensResumed),
            ("push_provisioning.not_offered", \.provisioningsNotOffered),
            ("push_provisioning.already_on_the_phone", \.passesAlreadyOnPhone),
            ("push_provisioning.sheets_left_open", \.passSheetsLeftOpen),
            ("push_provisioning.identity_verifications", \.identityVerifications),
            ("prepaid_cards.issued", \.prepaidCardsIssued), ("prepaid_cards.held_at_start", \.prepaidCardsAtStart), ("prepaid_cards.shipped", \.prepaidCardsShipped),
            ("prepaid_cards.pins_set", \.prepaidPinsSet),
            ("prepaid_cards.activated_by_first_chip_and_pin", \.prepaidChipAndPinActivations),
            ("prepaid_money.accounts_opened", \.prepaidAccountsOpened), ("prepaid_money.holds", \.prepaidHolds),
            ("prepaid_money.captures", \.prepaidCaptures), ("prepaid_money.captured_minor_units", \.prepaidCaptured),
            ("prepaid_money.timed_out", \.prepaidPurchasesTimedOut), ("prepaid_money.holds_voided", \.prepaidHoldsVoided),
            ("prepaid_money.declined_insufficient_balance", \.prepaidInsufficientBalance),
            ("prepaid_money.top_ups", \.prepaidTopUps), ("prepaid_money.topped_up_minor_units", \.prepaidToppedUp),
            ("prepaid_money.tokens_resolved", \.prepaidTokensResolved), ("prepaid_money.tokens_missing", \.prepaidTokensMissing),
            ("seed_side.sca_answered_without_sca", \.scaFreeOperations), ("seed_side.sca_refused_at_once", \.scaFreeRefusals),
            ("seed_side.sca_refused_after_redeem", \.scaRefusedAfterRedeem),
            ("seed_side.masterpass_otp_server_errors", \.walletOtpServerErrors),
            ("seed_side.masterpass_deletes_refused", \.walletDeletesRefused),
            ("seed_side.masterpass_wallets_created", \.walletsCreated),
            ("seed_side.masterpass_wallets_emptied", \.walletsEmptied),
            ("seed_side.sessions_expired_unbound", \.sessionsExpiredUnbound),
            ("seed_side.session_card_changes", \.sessionCardChanges), ("seed_side.sessions_exhausted", \.sessionsExhausted),
            ("seed_side.signatures_refused", \.signaturesRefused), ("seed_side.session_operations", \.sessionOperations),
            ("dropped_by_outage", \.droppedByOutage), ("rejected_by_queue", \.rejectedByQueue),
            ("contention.conflicts.wallet", \.walletConflicts), ("contention.conflicts.prepaid_card", \.cardConflicts),
        ]
    }

    /// Adds `other`'s counts to these: each actor keeps the counts of what it did, and the run's
    /// result sums them.
    public mutating func add(_ other: PaymentCounters) {
        for (_, path) in Self.keyed { self[keyPath: path] &+= other[keyPath: path] }
        Self.addElementwise(&threeDSResults, other.threeDSResults)
        Self.addElementwise(&attemptsByProvider, other.attemptsByProvider)
        Self.addElementwise(&issuerAnswers, other.issuerAnswers)
        Self.addElementwise(&statusChecks, other.statusChecks)
        Self.addElementwise(&repeatsInProgress, other.repeatsInProgress)
        Self.addElementwise(&repeatsFinal, other.repeatsFinal)
        Self.addElementwise(&expiries, other.expiries)
        Self.addElementwise(&savedTokenSales, other.savedTokenSales)
        for flow in threeDS1.indices { Self.addElementwise(&threeDS1[flow], other.threeDS1[flow]) }
        Self.addElementwise(&appRecovery.counts, other.appRecovery.counts)
        stepAnswers.add(other.stepAnswers)
        prepaidPurchases.add(other.prepaidPurchases)
    }

    private static func addElementwise(_ counts: inout [UInt64], _ other: [UInt64]) {
        for index in counts.indices { counts[index] &+= other[index] }
    }
}
