import SimulationKernel

/// The token service (a card-on-file vault, and the scheme's PNO for wallet passes): creates
/// card-on-file tokens (LC-04; no posting, TOK-3) and approves or declines pass activations.
public actor TokenService: ReportingActor {
    struct Record {
        var last = LastAnswer()
        var token: TokenState?
        var activation: UInt64?
        /// Whether the Google token needs identity verification before the PNO decides; nil until asked.
        var identityVerification: Bool?
        /// The one card and customer the token maps to (TOK-1), fixed when it is created.
        var card = CardID(0)
        var owner = CustomerID(0)
        /// When the token expires (its provisioning plus `policies.timeouts.tokenValidity`), met by its next use.
        var expiresAt = SimTime.zero
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    @exclusivity(unchecked) private var records = SlotTable(empty: Record())
    /// By customer, their latest card-on-file token (a tokenization's, or a verified card saved by
    /// VER-3), with the lifecycle that made it: a saved card outlives the payment that saved it (E2 `SavedAccount`), so a later
    /// token sale of the customer finds it after that lifecycle's record is gone. One per customer.
    @exclusivity(unchecked) private var vault = CustomerTable<SavedToken?>(empty: nil)

    /// What the vault keeps of a saved card: its token's state and mapping, not the calls that made it.
    private struct SavedToken {
        var id: LifecycleID
        var token: TokenState?
        var card: CardID
        var expiresAt: SimTime
    }

    /// The wallet passes the PNO activated, by customer and device (`PrepaidTokenWire`): a network
    /// token (DPAN) the TSP maps to the customer's prepaid card, for the card platform's detokenize.
    /// One bit per pass (`passIndex`), so growing it to a high customer number costs little.
    @exclusivity(unchecked) private var walletPasses: [UInt64] = []

    nonisolated let kind = PaymentActorKind.tokenService
    /// Identity verification's draws, apart from the desk's stream, so its other draws stay as they were.
    @exclusivity(unchecked) private var identityRandom: SimRandom
    /// The issuer's suspensions and their lifting, from a stream of their own, so that the other draws stay as they were.
    @exclusivity(unchecked) private var suspensionRandom: SimRandom

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
        identityRandom = context.sideRandom(0x4944_56)  // "IDV"
        suspensionRandom = context.sideRandom(0x5355_53)  // "SUS"
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let served = desk.serve(event) else { return }
        guard let message = TokenServiceMessage(decoding: served) else {
            preconditionFailure("token service got unexpected \(PaymentMessage.name(served.kind))")
        }
        switch message {
        case .tokenLookup(let token, let payment):
            lookUp(token: token, for: payment)
        case .prepaidDetokenize(let lifecycle, let customer, let device):
            let pass = passIndex(customer, device)
            let found = pass >> 6 < walletPasses.count && walletPasses[pass >> 6] & (1 << UInt64(pass & 63)) != 0
            desk.send(CardPlatformMessage.detokenizeResponse(lifecycle, found: found), to: .cardPlatform)
        case .tokenize(let request):
            guard var record = open(request.lifecycle) else { return }
            tokenize(request, &record)
        case .storeCredential(let lifecycle, let verification):
            guard var record = open(lifecycle) else { return }
            storeCredential(lifecycle, verification: verification, &record)
        case .pnoRequest(let lifecycle, let pass):
            guard var record = open(lifecycle) else { return }
            activate(pass, of: lifecycle, &record)
        }
    }

    /// The lifecycle's record, fresh for a new one; nil for a message from a lifecycle whose slot is reused.
    private func open(_ lifecycle: LifecycleID) -> Record? {
        guard let record = records.open(lifecycle) else {
            desk.counters.staleMessages &+= 1
            return nil
        }
        return record
    }

    /// The PNO decides once per pass request; a repeated request gets the same decision.
    private func activate(_ pass: UInt64, of payment: LifecycleID, _ record: inout Record) {
        let approved = record.activation ?? (desk.random.chance(desk.seed.pnoDecline) ? 0 : 1)
        if record.activation == nil && approved == 1 {
            // The PNO activates the token with the pass's activation data, which that spends (PROV-5).
            desk.observe(.activationDataRedeemed(payment, data: PassWire.activation(of: pass), nonce: PassWire.nonce(of: pass)))
            keepPass(of: payment)
        }
        record.activation = approved
        if PassWire.isGoogle(pass) && record.identityVerification == nil {
            // Google manual tokenization: the token waits in NEEDS_IDENTITY_VERIFICATION (S3 b).
            record.identityVerification = identityRandom.chance(desk.seed.identityVerification)
        }
        records[payment] = record
        let verifies = record.identityVerification == true && !PassWire.isVerified(pass)
        let answer: MobileWalletMessage.PnoAnswer = verifies ? .needsIdentityVerification : approved == 1 ? .approved : .declined
        desk.send(MobileWalletMessage.pnoAnswer(payment, answer), to: .mobileWallet)
    }

    /// Where a customer's device's wallet pass sits in `walletPasses`.
    private func passIndex(_ customer: Int, _ device: Int) -> Int { customer * 4 + device }

    /// The PNO activated the lifecycle's pass: its network token now maps to the customer's card.
    private func keepPass(of lifecycle: LifecycleID) {
        let order = desk.context.bodies[lifecycle]
        let pass = passIndex(Int(order.customer.rawValue), order.device & 3)
        let word = pass >> 6
        if walletPasses.count <= word {
            // Room for a thousand more customers at once, not one word at a time.
            walletPasses += [UInt64](repeating: 0, count: word + 1 - walletPasses.count + 64)
        }
        walletPasses[word] |= 1 << UInt64(pass & 63)
    }

    /// CardTokenizeRequest (ecommpay) or Create or Update Token from a session (MPGS M4): a
    /// card-on-file token for the lifecycle's card and customer (LC-04), which the issuer may suspend
    /// and the customer may remove before paying.
    private func tokenize(_ request: StepRequest, _ record: inout Record) {
        let payment = request.lifecycle
        let attempt = request.call
        let step = request.step ?? .tokenizeCard
        if desk.settledEarlier(record.last, step, attempt: attempt, payment: payment) { return }
        var token = TokenState.requested(.cardOnFile)
        let failed = desk.random.chance(desk.seed.tokenizationFailure)
        let expired = !failed && expiredOnRequest(&token, &record, of: payment)
        if !expired, let effects = desk.step(&token, failed ? .provisioningFailed(code: .error) : .provisioned, of: payment) {
            perform(effects, &record, of: payment)
        }
        if !failed && !expired {
            let suspension = desk.seed.tokenSuspension
            if suspension.numerator > 0 && suspensionRandom.chance(suspension) {
                // The issuer suspends the scheme token behind it (a lost-card report, a fraud hold).
                if let effects = desk.step(&token, .suspend, of: payment) { perform(effects, &record, of: payment) }
                desk.counters.tokensSuspended &+= 1
            }
            if desk.context.bodies[payment].deletesToken {
                // The customer removes the saved card (in the merchant's account page) before paying.
                if let effects = desk.step(&token, .delete, of: payment) {
                    perform(effects, &record, of: payment, announcingRemoval: true)
                }
            }
        }
        record.token = token
        let answer: StepAnswer = failed || expired ? .refused : .ok
        record.last = LastAnswer(step: step, attempt: attempt, answer: answer)
        records[payment] = record
        if answer == .ok { save(record, made: payment) }
        desk.answer(payment, step, answer, call: attempt)
    }

    /// VER-3: a verified card the request asked to save becomes a card-on-file token, once.
    private func storeCredential(_ payment: LifecycleID, verification: PaymentID, _ record: inout Record) {
        guard record.token == nil else { return }
        var token = TokenState.requested(.cardOnFile)
        if expiredOnRequest(&token, &record, of: payment) {
            record.token = token  // No credential is saved: the token's validity ran out before it was made.
            records[payment] = record
            return
        }
        if let effects = desk.step(&token, .provisioned, of: payment) { perform(effects, &record, of: payment) }
        record.token = token
        records[payment] = record
        save(record, made: payment)  // A verified card saved for later is the customer's saved card too.
        desk.observe(.storedCredentialCreated(payment, verification: verification))
    }

    /// What the vault does for each effect its LC-04 table returns, in the table's order; every
    /// step's effects come here, none is dropped. Returns the answer to a token lookup when the
    /// effects decide one (`pay`).
    ///
    /// - Parameter announcingRemoval: a removal the customer asked for is a deletion the world is
    ///   told of (TOK-2's fact); one by expiry is not, since a sale the vault resolved just before
    ///   may still start at the gateway just after.
    @discardableResult
    private func perform(_ effects: [TokenEffect], _ record: inout Record, of lifecycle: LifecycleID,
                         announcingRemoval: Bool = false) -> UInt64? {
        var lookup: UInt64?
        for effect in effects {
            switch effect {
            case .storeToken:
                // The vault maps the card number to its network token; the token alone leaves it.
                desk.observe(.cardDataKept(.lifecycle(lifecycle), holder: .tokenService, form: .pan))
                if desk.context.has(.tokenizationHoldsACardCheck) {
                    // The planted bug: the card is checked with a 1.00 hold that nothing releases.
                    let card = desk.context.ledger.accounts(of: desk.context.bodies[lifecycle].card)
                    _ = desk.context.post(Ledger.authorize(card: card, amount: MinorUnits(100), lifecycle: lifecycle.rawValue),
                                          for: .lifecycle(lifecycle))
                }
                keep(&record, for: lifecycle)
            case .removeToken:
                if announcingRemoval { desk.observe(.tokenDeleted(lifecycle)) }
            case .startPayment:
                lookup = TokenLookupWire.encode(.resolved, card: record.card)
            case .rejectPayment:
                lookup = TokenLookupWire.encode(.notOwned)
            }
        }
        return lookup
    }

    /// Keeps a new token as its customer's saved card, in place of an earlier one.
    private func save(_ record: Record, made lifecycle: LifecycleID) {
        let index = Int(record.owner.rawValue)
        vault.makeRoom(upTo: index)
        vault[index] = SavedToken(id: lifecycle, token: record.token, card: record.card, expiresAt: record.expiresAt)
    }

    /// The token's record: its lifecycle's while that lasts, else the paying customer's saved one
    /// when it is that token.
    private func tokenRecord(_ lifecycle: LifecycleID, payer: CustomerID) -> Record? {
        if let record = records[lifecycle] { return record }
        let index = Int(payer.rawValue)
        guard index < vault.count, let saved = vault[index], saved.id == lifecycle else { return nil }
        return Record(token: saved.token, card: saved.card, owner: payer, expiresAt: saved.expiresAt)
    }

    /// Writes a token's record back where `tokenRecord` found it, and to the saved card if it is one.
    private func store(_ record: Record, _ lifecycle: LifecycleID) {
        if records[lifecycle] != nil { records[lifecycle] = record }
        let index = Int(record.owner.rawValue)
        if index < vault.count, vault[index]?.id == lifecycle { vault[index]?.token = record.token }
    }

    /// Maps a new token to the lifecycle's card and customer, for good (TOK-1).
    private func keep(_ record: inout Record, for lifecycle: LifecycleID) {
        let facts = desk.context.bodies[lifecycle]
        record.card = facts.card
        record.owner = facts.customer
        record.expiresAt = facts.placedAt + desk.context.configuration.timeouts.tokenValidity
        desk.observe(.tokenCreated(lifecycle, card: facts.card, customer: facts.customer))
    }

    /// A token's validity runs from the order that asked for it (the customer entering the card): a
    /// request that reaches the vault after it expires the token before it is provisioned (LC-04
    /// `requested × expire`), and the call is refused.
    private func expiredOnRequest(_ token: inout TokenState, _ record: inout Record, of lifecycle: LifecycleID) -> Bool {
        let placed = desk.context.bodies[lifecycle].placedAt
        guard desk.context.now >= placed + desk.context.configuration.timeouts.tokenValidity,
              let effects = desk.step(&token, .expire, of: lifecycle) else { return false }
        perform(effects, &record, of: lifecycle)
        desk.counters.count(expiry: .tokenValidity)
        return true
    }

    /// A live token met after its expiry expires first (LC-04 `expire`, from active or suspended):
    /// the vault removes it, and its table has no `pay` from expired (TOK-2). Not observed as a
    /// deletion: a sale the vault resolved just before may start at the gateway just after.
    private func expireIfDue(_ token: inout TokenState, _ record: inout Record, of lifecycle: LifecycleID) {
        switch token {
        case .active, .suspended: break
        case .requested, .rejected, .deleted, .expired: return
        }
        guard desk.context.now >= record.expiresAt, let effects = desk.step(&token, .expire, of: lifecycle) else { return }
        perform(effects, &record, of: lifecycle)
        desk.counters.count(expiry: .tokenValidity)
    }

    /// A sale meets a suspended token: the issuer lifted its hold by then for half of them (the
    /// customer confirmed the card with their bank), and the token resumes; the others stay
    /// suspended, and the sale is refused as for a token that is not live.
    private func resumeIfLifted(_ token: inout TokenState, _ record: inout Record, of lifecycle: LifecycleID) {
        guard case .suspended = token, suspensionRandom.chance(Ratio(1, 2)),
              let effects = desk.step(&token, .resume, of: lifecycle) else { return }
        perform(effects, &record, of: lifecycle)
        desk.counters.tokensResumed &+= 1
    }

    /// A token sale's gateway asks for the token's card: a live token of the paying customer resolves
    /// (LC-04 `pay`), another customer's is refused (3101), and a token that is not live, or was never
    /// made, is missing (PAYMENT_TOKEN_NOT_EXIST).
    private func lookUp(token lifecycle: LifecycleID, for payment: PaymentID) {
        let payer = desk.context.bodies[desk.context.bodies[payment].order].customer
        var answer = TokenLookupWire.encode(.missing)
        if var record = tokenRecord(lifecycle, payer: payer), var token = record.token {
            let byOwner = record.owner == payer
            let before = token
            expireIfDue(&token, &record, of: lifecycle)
            resumeIfLifted(&token, &record, of: lifecycle)
            if token != before {
                record.token = token
                store(record, lifecycle)
            }
            if desk.wouldAccept(token, .pay(byOwner: byOwner)),
               let effects = desk.step(&token, .pay(byOwner: byOwner), of: lifecycle) {
                record.token = token
                store(record, lifecycle)
                answer = perform(effects, &record, of: lifecycle) ?? answer
            } else if token == .deleted && byOwner && desk.context.has(.tokenSaleOnDeletedToken) {
                // The planted bug: the vault finds the token's card without looking at its status.
                answer = TokenLookupWire.encode(.resolved, card: record.card)
            }
        }
        desk.send(.tokenLookupResponse, to: .gateway, payment.rawValue, argument: answer)
    }
}

/// The customer's mobile wallet (Apple / Google / Samsung Pay): takes the pass request, has the
/// PNO activate it, and tells the app whether the pass was added (S3 steps 5–7).
public actor MobileWallet: ReportingActor {
    struct Record {
        var last = LastAnswer()
        var asked = false
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    @exclusivity(unchecked) private var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.mobileWallet

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: nil) }

    public func handle(_ event: SimulationEvent) {
        guard let message = MobileWalletMessage(decoding: event) else {
            preconditionFailure("mobile wallet got unexpected \(PaymentMessage.name(event.kind))")
        }
        let payment = LifecycleID(rawValue: event.subject)
        guard var record = records.open(payment) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        switch message {
        case .addPass(let request):
            addPass(request, &record)
        case .pnoAnswer(_, let decision):
            guard record.asked, record.last.step == nil else { return }  // A duplicate decision.
            if decision == .needsIdentityVerification {
                // The wallet shows its identity verification; the app's next call comes once it is done.
                desk.send(DeviceMessage.identityVerificationRequired(payment, call: record.last.attempt), to: .device)
                return
            }
            let answer: StepAnswer = decision == .approved ? .ok : .refused
            if answer == .ok {
                // The pass holds the network token (DPAN), never the card number (G-12).
                desk.observe(.cardDataKept(.lifecycle(payment), holder: .mobileWallet, form: .token))
                desk.observe(.passAdded(payment))
            }
            record.last.step = .addPass
            record.last.answer = answer
            record.last.payload = answer == .ok ? 0 : PassWire.pnoDeclined
            records[payment] = record
            desk.answer(payment, .addPass, answer, call: record.last.attempt, payload: record.last.payload)
        }
    }

    /// The app's `addPass`: the wallet asks the PNO once per call, and answers when it decides.
    private func addPass(_ request: StepRequest, _ record: inout Record) {
        let payment = request.lifecycle, attempt = request.call
        if desk.settledEarlier(record.last, .addPass, attempt: attempt, payment: payment) { return }
        let pnoRequest = TokenServiceMessage.pnoRequest(payment, pass: request.payload)
        if record.asked && record.last.step == nil && record.last.attempt == attempt {
            desk.send(pnoRequest, to: .tokenService)  // Still waiting: ask the PNO again.
            return
        }
        if desk.random.chance(desk.seed.walletError) {
            record.last = LastAnswer(step: .addPass, attempt: attempt, answer: .refused, payload: PassWire.walletError)
            records[payment] = record
            desk.answer(payment, .addPass, .refused, call: attempt, payload: PassWire.walletError)
            return
        }
        record.asked = true
        record.last = LastAnswer(step: .addPass, attempt: attempt, answer: .ok)
        record.last.step = nil  // Answered only once the PNO decides.
        records[payment] = record
        desk.send(pnoRequest, to: .tokenService)
    }
}

/// A pass request on the wire: the app's `addPass` payload and the mobile wallet's `pnoRequest`
/// argument (which wallet, and whether the customer has verified their identity), and what
/// comes back: the PNO's answer, and why the wallet refused a pass (LC-11 `walletError` or
/// `pnoDeclined`).
///
/// The request also carries what binds the pass to its tokenization (PROV-5): the activation data
/// the card platform answered `tokenize` with, and the wallet's nonce (Apple's, or the Google
/// device and account it stands for) the tokenization was asked with.
enum PassWire {
    static let google: UInt64 = 1
    static let verified: UInt64 = 2
    static let activation = WireField(from: 2, bits: 24)
    static let nonce = WireField(from: 26, bits: 14)

    static func request(google: Bool, verified: Bool, activation: UInt64, nonce: UInt64) -> UInt64 {
        (google ? Self.google : 0) | (verified ? Self.verified : 0) | Self.activation.write(activation) | Self.nonce.write(nonce)
    }
    static func isGoogle(_ argument: UInt64) -> Bool { argument & google != 0 }
    static func isVerified(_ argument: UInt64) -> Bool { argument & verified != 0 }
    static func activation(of argument: UInt64) -> UInt64 { activation.read(argument) }
    static func nonce(of argument: UInt64) -> UInt64 { nonce.read(argument) }

    /// The PNO's answer besides 0 (declined) and 1 (approved).
    static let needsIdentityVerification: UInt64 = 2
    /// Why the wallet answered `refused`, in the answer's payload.
    static let walletError: UInt64 = 1
    static let pnoDeclined: UInt64 = 2
}
