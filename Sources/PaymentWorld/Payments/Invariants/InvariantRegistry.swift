import SimulationKernel

/// Every claim a payments run checks, listed once, and the routing of world events to them.
///
/// The registry sees the world's typed event stream. Each event goes only to the monitors that
/// watch its kind, in catalogue order, so when one event breaks two claims the earlier one is the
/// run's first violation.
struct InvariantRegistry {
    /// Every claim, in report order. Where one event can break two claims, the one listed first is
    /// reported first: G-10 before G-2 on an approval of an unusable card, G-11 and SALE-5 before G-9.
    static var catalogue: [any InvariantMonitor.Type] {
        [
            EveryTransferIsLegal.self,               // G-1
            OnlyUsableCardsAreApproved.self,         // G-10
            NoCardIsOverdrawn.self,                  // G-2
            HoldsMatchOpenAuthorizations.self,       // G-3
            NoPaymentIsChargedTwice.self,            // SALE-1
            SalesDebitTheirAmount.self,              // SALE-3
            NoOrderIsChargedTwice.self,              // G-4
            FinalStatusNeverChanges.self,            // G-5
            OnlyLegalTransitions.self,               // G-6
            EveryLifecycleEndsInTime.self,           // G-7
            AnswersFollowTheirRequests.self,         // G-8
            CascadeAttemptsRunOneAtATime.self,       // G-11
            NoAuthorizationDuringAuthentication.self, // SALE-5
            AuthorizationFollowsAuthentication.self, // G-9
            ChallengesAreNeverResults.self,          // 3DS-1
            ChallengeScreensShowTheVerdict.self,     // 3DS-2
            EachAuthenticationAuthorizesOnce.self,   // 3DS-3
            AuthenticationsEndInTime.self,           // 3DS-4
            EachAuthenticationEndsOnce.self,         // 3DS-5
            LiabilityShiftsOnlyOnYOrA.self,          // 3DS-6
            FullCardNumbersStayInScope.self,         // G-12
            CapturesNeverExceedTheAuthorization.self, // AUTH-1
            RefundsNeverExceedCaptures.self,         // AUTH-3
            FailedPaymentsKeepNoHold.self,           // RES-2
            OtpAttemptsStayWithinTheLimit.self,      // OTP-3
            ProtectedActionsFollowAVerifiedOtp.self, // OTP-5
            CancelledAndExpiredCardsStayThatWay.self, // CARD-1
            PhysicalCardsActivateOnce.self,          // CARD-2
            CardUpdatesNeedVerifiedSca.self,         // CARD-4
            OnlyActiveCardsAreTokenized.self,        // PROV-1
            OneCompletedTokenizationPerCard.self,    // PROV-3
            CardNamesAreUniquePerWallet.self,        // WAL-1
            WalletListsFollowTheirAddsAndDeletes.self, // WAL-3
            NoPaymentUsesADeletedCard.self,          // WAL-4
            WalletsOutliveTheirLastCard.self,        // WAL-5
            CustomersHoldNoMoreCardsThanAllowed.self, // CARD-5
            CancelledCardsKeepNoLiveTokens.self,     // CARD-6
            PrepaidCardsMoveOnlyAlongTheirTable.self, // CARD-7
            MerchantAgreesWithTheGateway.self,       // RES-4
            MerchantActsOnceOnEachCallback.self,     // MERCH-1
            CustomersAreToldWhatTheMoneyDid.self,    // RES-5
            HoldsEndWithTheirPayment.self,           // AUTH-4
            NoCaptureAfterTheLimit.self,             // AUTH-5
            UnknownOutcomesResolveInTime.self,       // RES-1
            ReversalsReleaseOnce.self,               // RES-3
            VoidsComeBeforeAnyCapture.self,          // AUTH-2
            DeclinedPaymentsMoveNoMoney.self,        // SALE-2
            NoOperationOnAnExpiredSession.self,      // SES-1
            UpdatesNameTheSessionsVersion.self,      // SES-2
            InitsCarryWhatWasSigned.self,            // SES-3
            SessionUsesStayWithinTheLimit.self,      // SES-4
            ScaEventsTakeOneEffect.self,             // SCA-2
            ExpiredOrExhaustedScaNeverVerifies.self, // SCA-3
            OtpCodesWorkOnce.self,                   // OTP-1
            OnlyTheLatestOtpCodeVerifies.self,       // OTP-2
            NothingVerifiesAfterOtpExpiry.self,      // OTP-4
            CardsAreAddedOnlyAfterEveryOtp.self,     // WAL-2
            LateApprovalsAreReversed.self,           // SALE-4
            TokensCompleteOnlyAfterThePassIsAdded.self, // PROV-2
            ScaEffectsRedeemTheirOwnOperation.self,  // SCA-1
            ScaEventsTakeTheirLastAttemptsStatus.self, // SCA-4
            FirstScaCallsTakeNoEffect.self,          // SCA-5
            CompletedTokensStayCompleted.self,       // PROV-4
            ActivationDataIsSpentOnceByItsPass.self, // PROV-5
            OneShotSessionsAreUsedOnce.self,         // SES-5
            MoneyOperationsApplyOnce.self,           // AUTH-6
            VerificationsMoveNoMoney.self,           // VER-1
            NothingFollowsAVerification.self,        // VER-2
            CredentialsComeFromVerifiedRequests.self, // VER-3
            TokensPayOnlyForTheirCustomer.self,      // TOK-1
            DeletedTokensStartNoPayment.self,        // TOK-2
            TokenizationPostsNothing.self,           // TOK-3
            TokenPaymentsOnUnusableCardsAreDeclined.self, // TOK-4
            MerchantsKeepNoCardNumberForTokens.self, // TOK-5
            // Cascades (LC-08).
            CascadeKeepsOneAttemptInFlight.self,     // CAS-1
            CascadeApprovesAtMostOneAttempt.self,    // CAS-2
            CascadeTriesEachProviderOnceInOrder.self, // CAS-3
            CascadeMovesOnOnlyAfterADefinitiveNo.self, // CAS-4
            CascadeStopsAfterApprovalOrHardDecline.self, // CAS-5
            CascadeStaysWithinItsProviders.self,     // CAS-6
            ThreeDSCascadeWaitsForConsent.self,      // CAS-7
            CardCascadesNeedNoCustomerStart.self,    // CAS-8
            OnlyUsablePrepaidCardsPay.self,          // CARD-3
        ] + PaymentSystems.registered.flatMap(\.claims)  // Each system's own promises, from its folder.
    }

    /// The claims' ids and names, in report order, without a run.
    static var claims: [(invariant: String, claim: String)] { catalogue.map { ($0.invariant, $0.claim) } }

    /// A monitor that watches a kind, with the index of its record.
    struct Route {
        let monitor: any InvariantMonitor
        let record: Int
    }

    /// The monitors watching each kind, flattened: kind k's are `routes[spans[k]..<spans[k + 1]]`.
    private let routes: ContiguousArray<Route>
    private let spans: ContiguousArray<Int>
    /// The claims that tally each kind, with the kind: `(kind, record)` pairs.
    private let tallies: [(kind: Int, record: Int)]
    /// Events seen per kind, for the tallies.
    private let seen: DenseBuffer<UInt64>
    private(set) var checks: InvariantChecks

    init(_ world: MonitoredWorld, catalogue: [any InvariantMonitor.Type] = InvariantRegistry.catalogue) {
        let monitors = catalogue.map { $0.init(world) }
        checks = InvariantChecks(records: catalogue.map {
            InvariantRecord(invariant: $0.invariant, claim: $0.claim, isLiveness: $0.isLiveness)
        })
        var routes = ContiguousArray<Route>()
        var spans: ContiguousArray<Int> = [0]
        for kind in WorldEvent.Kind.allCases {
            for (index, type) in catalogue.enumerated() where type.watches.contains(kind) {
                routes.append(Route(monitor: monitors[index], record: index))
            }
            spans.append(routes.count)
        }
        self.routes = routes
        self.spans = spans
        tallies = WorldEvent.Kind.allCases.flatMap { kind in
            catalogue.indices.filter { catalogue[$0].tallies.contains(kind) }.map { (kind.rawValue, $0) }
        }
        seen = DenseBuffer(filler: 0, capacity: WorldEvent.Kind.allCases.count)
        seen.reserve(WorldEvent.Kind.allCases.count)
    }

    /// Every claim's record, its tallied checks counted in, in domain.md's order (G-1…G-12, then
    /// the lifecycles' claims), which is not always the order claims see an event in.
    var records: [InvariantRecord] {
        var records = checks.records
        for tally in tallies { records[tally.record].checked &+= seen[tally.kind] }
        return records.enumerated().sorted {
            Self.reportKey($0.element.invariant, $0.offset).lexicographicallyPrecedes(Self.reportKey($1.element.invariant, $1.offset))
        }.map(\.element)
    }

    /// Sorts `G-2` before `G-10`, the global claims before the lifecycles', and keeps the
    /// catalogue's order among families and for ids of other shapes.
    private static func reportKey(_ invariant: String, _ position: Int) -> [Int] {
        let parts = invariant.split(separator: "-")
        guard parts.count == 2, let number = Int(parts[1]) else { return [2, position, 0] }
        return parts[0] == "G" ? [0, number, 0] : [1, position, number]
    }
    var violations: [Violation] { checks.violations }

    /// Hands `event` to every monitor that watches its kind; returns how many violations it caused.
    @discardableResult
    mutating func observe(_ event: WorldEvent, at time: SimTime) -> Int {
        let kind = event.kind.rawValue
        seen[kind] &+= 1
        let span = spans[kind]..<spans[kind + 1]
        guard !span.isEmpty else { return 0 }
        let before = checks.violations.count
        checks.begin(at: time)
        Self.route(event, through: routes, span, &checks)
        return checks.violations.count - before
    }

    /// The table comes in as a parameter, borrowed for the call, so reading a monitor out of it
    /// retains nothing.
    @inline(__always)
    private static func route(_ event: WorldEvent, through routes: ContiguousArray<Route>, _ span: Range<Int>,
                              _ checks: inout InvariantChecks) {
        for index in span {
            checks.current = routes[index].record
            routes[index].monitor.observe(event, &checks)
        }
    }

    /// Keeps `text` for an event that carries it as a note.
    mutating func note(_ text: String) -> EventNote {
        checks.notes.append(text)
        return EventNote(index: checks.notes.count - 1)
    }
}
