import SimulationKernel

/// LC-11 push provisioning, where it lives: in the app, which checks that the phone can add the
/// card, presents the wallet's sheet, calls `tokenize` (with SCA when the platform asks), hands
/// the pass request to the mobile wallet and reports the pass added (domain §1.5 S3). The app's
/// SDK steps make the calls; the LC-11 table follows them, one event per answer, and its own
/// 600 s timer (domain §2.7) abandons an activation that the customer or the wallet left waiting.
extension DeviceApp {
    /// Before the first `tokenize`: whether the phone can add the card (`canAddPaymentPass`), and
    /// which wallet it has. False when it cannot: the app shows no button, and the flow goes on to
    /// the purchase, made with the card's details.
    func beginProvisioning(_ payment: LifecycleID) -> Bool {
        let seed = context.configuration.seed
        let canAdd = !provisioningRandom.chance(seed.walletIneligible)
        cursors[payment.slot].google = provisioningRandom.chance(seed.googleWallet)
        // LC-11 idle: eligible only when the phone can add the card and its wallet does not hold it
        // already (PassKit's `canAddPaymentPass`, which is false for a card already added).
        let alreadyAdded = passOnPhone(of: payment)
        stepProvisioning(payment, .checkEligibility(eligible: canAdd && !alreadyAdded))
        guard canAdd && !alreadyAdded else {
            if alreadyAdded { counters.passesAlreadyOnPhone &+= 1 } else { counters.provisioningsNotOffered &+= 1 }
            return false
        }
        // Apple hands the app its certificates, nonce and signature; Google its device and account ids.
        cursors[payment.slot].walletNonce = UInt16(provisioningRandom.int(in: 1...TokenizeWire.nonce.mask))
        stepProvisioning(payment, cursors[payment.slot].google ? .walletIds : .walletChallenge)
        return true
    }

    /// Whether this lifecycle's phone holds a pass of the customer's card: one of its provisionings
    /// completed there, and the app has not cancelled the card since.
    private func passOnPhone(of payment: LifecycleID) -> Bool {
        let body = context.bodies[payment]
        let index = Int(body.customer.rawValue)
        return index < passesOnPhones.count && passesOnPhones[index] & (1 << UInt8(body.device)) != 0
    }

    /// Keeps which of the customer's phones hold a pass of their card: set when a provisioning
    /// completes on one, cleared on every phone when the app cancels the card (its tokens go with it).
    func notePasses(_ payment: LifecycleID, completed: Bool) {
        let body = context.bodies[payment]
        let index = Int(body.customer.rawValue)
        while passesOnPhones.count <= index { passesOnPhones.append(0) }
        if completed { passesOnPhones[index] |= 1 << UInt8(body.device) } else { passesOnPhones[index] = 0 }
    }

    /// The pass request the app hands the mobile wallet: its tokenization's activation data and nonce.
    func passRequest(_ payment: LifecycleID, verified: Bool) -> UInt64 {
        let cursor = cursors[payment.slot]
        return PassWire.request(google: cursor.google, verified: verified, activation: UInt64(cursor.activationData),
                                nonce: UInt64(cursor.walletNonce))
    }

    /// The app hands the pass request to the mobile wallet, whose sheet the customer goes through
    /// before the wallet asks the PNO. One who leaves it open comes back after `walkAwayTime`: by
    /// then the 600 s budget may have abandoned the provisioning.
    func handPassToWallet(_ payment: LifecycleID) -> SimDuration? {
        stepProvisioning(payment, .passRequestHandedToWallet)
        guard provisioningRandom.chance(context.configuration.seed.passSheetLeftOpen) else { return nil }
        counters.passSheetsLeftOpen &+= 1
        let away = context.configuration.behaviour.walkAwayTime.sample(&provisioningRandom)
        context.bodies.addPeopleTime(away, to: payment)
        return away
    }

    /// What an answer to a provisioning call means to LC-11.
    func provisioningAnswered(_ payment: LifecycleID, _ step: SeedStep, _ answer: StepAnswer, payload: UInt64) {
        guard flow(of: payment).traits.contains(.provisionsToWallet) else { return }
        let state = cursors[payment.slot].provisioning
        let event: ProvisioningEvent?
        switch (step, answer) {
        case (.tokenizeForWallet, .ok):
            cursors[payment.slot].activationData = UInt32(truncatingIfNeeded: payload)
            // The card platform tokenizes only an ACTIVE card (PROV-1, its check and the claim's), so
            // its ok says the card was active.
            event = .tokenizeOk(cardStatus: .active, allowDigitalTokenization: false)
        case (.tokenizeForWallet, .scaRequired): event = .scaRequired
        case (.tokenizeForWallet, _): event = .tokenizeError
        case (.scaAttempt, .ok): event = state == .awaitingSca ? .scaVerified : nil
        case (.scaAttempt, .scaRejected): event = nil  // Attempts are left: the customer tries again.
        case (.scaAttempt, _): event = state == .awaitingSca ? .scaFailed : nil
        case (.addPass, .ok): event = .pnoApproved
        case (.addPass, _): event = payload == PassWire.walletError ? .walletError : .pnoDeclined
        case (.updateTokenizationStatus, .ok):
            event = .statusUpdated
            notePasses(payment, completed: true)
        default: event = nil  // The purchase, or a status update the platform refused after its 600 s.
        }
        if let event { stepProvisioning(payment, event) }
    }

    /// The mobile wallet needs the customer to verify their identity (Google manual tokenization):
    /// the pending `addPass` call waits, and the app calls again once they are done.
    func identityVerificationRequired(_ payment: LifecycleID) {
        guard isCurrent(payment), cursors[payment.slot].current == .addPass,
              cursors[payment.slot].provisioning == .pnoActivating else { return }
        stepProvisioning(payment, .needsIdentityVerification)
        counters.identityVerifications &+= 1
        cursors[payment.slot].serial &+= 1  // The call's timer waits no more: the customer is verifying.
        let time = context.configuration.seed.identityVerificationTime.sample(&provisioningRandom)
        context.bodies.addPeopleTime(time, to: payment)
        context.schedule(after: time, to: id, DeviceMessage.identityVerified(payment, serial: cursors[payment.slot].serial))
    }

    /// The customer verified their identity: the app asks the wallet again to add the pass.
    func identityVerified(_ payment: LifecycleID, serial: UInt64) {
        guard timerIsLive(payment, serial: serial), cursors[payment.slot].provisioning == .identityVerification else { return }
        call(payment, .addPass, payload: passRequest(payment, verified: true))
    }

    /// The provisioning's 600 s ran out while the pass was being activated: abandoned (domain §2.7).
    func provisioningTimedOut(_ payment: LifecycleID, serial: UInt64) {
        guard isCurrent(payment), cursors[payment.slot].provisioningSerial == serial else { return }
        switch cursors[payment.slot].provisioning {
        case .initiated, .pnoActivating, .identityVerification:
            stepProvisioning(payment, .timeout)
            counters.count(expiry: .provisioningCompletion)
            cursors[payment.slot].current = nil
            cursors[payment.slot].serial &+= 1  // Every wait of the call ends with the provisioning.
            finish(payment, outcome: .timedOut, code: flow(of: payment).system.code(failedAt: .addPass, .expired))
        default:
            break  // The pass was added in time; the platform's own timer judges the status update.
        }
    }

    /// Offers `event` to the lifecycle's LC-11 table and performs what the app itself must: the
    /// provisioning timer. The calls the effects name (tokenize, the pass request, the status
    /// update) are the flow's next SDK steps, which the step cursor makes.
    private func stepProvisioning(_ payment: LifecycleID, _ event: ProvisioningEvent) {
        guard let effects = context.step(&cursors[payment.slot].provisioning, event, of: .lifecycle(payment),
                                         coverage: &coverage) else { return }
        for effect in effects {
            switch effect {
            case .startTimer(.provisioningCompletion):
                cursors[payment.slot].provisioningSerial &+= 1
                context.schedule(after: context.configuration.timeouts.provisioningCompletion, to: id,
                                 DeviceMessage.provisioningTimedOut(payment, serial: cursors[payment.slot].provisioningSerial))
            case .startTimer(let timer):
                preconditionFailure("LC-11 asked the app for a \(timer) timer")
            case .presentAddToWallet, .sendTokenize, .startSca, .handPassRequestToWallet, .sendUpdateTokenizationStatus:
                break  // The step cursor's next call.
            }
        }
    }
}
