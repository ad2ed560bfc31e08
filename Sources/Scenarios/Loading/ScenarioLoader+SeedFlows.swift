import PaymentWorld
import SimulationKernel

extension ScenarioLoader {
    /// `behaviour.seed.*`: how the seed systems' SDK steps go (docs/scenario-format.md).
    static func readSeedBehaviour(_ reader: inout ScenarioReader, defaults: SeedBehaviour) -> SeedBehaviour {
        var seed = defaults
        func share(_ name: String, _ what: String, _ value: Ratio) -> Ratio {
            reader.ratio("behaviour.seed." + name, what: what, default: value)
        }
        func count(_ name: String, _ what: String, _ value: Int) -> Int {
            reader.integer("behaviour.seed." + name, expected: "a whole number of \(what) from 0 to 10", default: value,
                           in: 0...10)
        }
        func time(_ name: String, _ value: SimDuration) -> SimDuration {
            reader.duration("behaviour.seed." + name, default: value, allowZero: false)
        }
        func spread(_ name: String, _ value: Distribution) -> Distribution {
            reader.distribution("behaviour.seed." + name, default: value)
        }
        seed.bankOtpRequired = share("bankOtpRequired", "the share of wallet calls needing the bank's OTP (2113)",
                                     defaults.bankOtpRequired)
        seed.phoneOtpRequired = share("phoneOtpRequired", "the share of card adds needing the phone OTP (2114)",
                                      defaults.phoneOtpRequired)
        seed.codeTypo = share("codeTypo", "the share of codes mistyped", defaults.codeTypo)
        seed.codeEntry = spread("codeEntry", defaults.codeEntry)
        seed.smsLatency = spread("smsLatency", defaults.smsLatency)
        seed.smsLoss = share("smsLoss", "the share of SMS codes lost", defaults.smsLoss)
        seed.smsWait = time("smsWait", defaults.smsWait)
        seed.otpAttempts = reader.integer("behaviour.seed.otpAttempts", expected: "a whole number of attempts from 1 to 10",
                                          default: defaults.otpAttempts, in: 1...10)
        seed.otpResends = count("otpResends", "resends", defaults.otpResends)
        seed.prepaidCardholders = share("prepaidCardholders", "the share of customers holding a prepaid card at the start",
                                        defaults.prepaidCardholders)
        seed.newWalletUsers = share("newWalletUsers", "the share of customers with no Masterpass wallet yet",
                                    defaults.newWalletUsers)
        seed.walletServerError = share("walletServerError", "the share of Masterpass server errors (2200)",
                                       defaults.walletServerError)
        seed.commission = share("commission", "Portmone's commission as a share of the bill", defaults.commission)
        seed.payeeWithoutGate = share("payeeWithoutGate", "the share of payees without a gate type (2013)",
                                      defaults.payeeWithoutGate)
        seed.cardCheckFailure = share("cardCheckFailure", "the share of 2D card checks failing (2018)",
                                      defaults.cardCheckFailure)
        seed.apiVersionMismatch = share("apiVersionMismatch", "the share of session updates naming a stale API version",
                                        defaults.apiVersionMismatch)
        seed.sessionAuthenticationLimit = reader.integer(
            "behaviour.seed.sessionAuthenticationLimit", expected: "a whole number of device submissions from 1 to 25",
            default: defaults.sessionAuthenticationLimit, in: 1...25)
        seed.sessionCardChange = share("sessionCardChange",
                                       "the share of Mastercard payments whose customer changes the card on the session",
                                       defaults.sessionCardChange)
        seed.functionNotAllowed = share("functionNotAllowed", "the share of Sips calls refused with 40",
                                        defaults.functionNotAllowed)
        seed.temporaryError = share("temporaryError", "the share of Sips calls answered 90 / 99", defaults.temporaryError)
        seed.retries = count("retries", "retries", defaults.retries)
        seed.backoff = time("backoff", defaults.backoff)
        seed.tokenizationFailure = share("tokenizationFailure", "the share of tokenizations refused",
                                         defaults.tokenizationFailure)
        seed.verificationSavesCard = share("verificationSavesCard", "the share of verifications asking to save the card",
                                           defaults.verificationSavesCard)
        seed.tokenSaleDeletedToken = share("tokenSaleDeletedToken", "the share of token sales whose token was deleted first",
                                           defaults.tokenSaleDeletedToken)
        seed.tokenSaleForeignToken = share("tokenSaleForeignToken", "the share of token sales naming an earlier sale's token",
                                           defaults.tokenSaleForeignToken)
        seed.tokenSuspension = share("tokenSuspension", "the share of card-on-file tokens the issuer suspends",
                                     defaults.tokenSuspension)
        seed.physicalCards = share("physicalCards", "the share of new prepaid cards that are physical", defaults.physicalCards)
        seed.digitalTwins = share("digitalTwins", "the share of new physical cards issued with a digital twin",
                                  defaults.digitalTwins)
        seed.chipAndPinActivation = share("chipAndPinActivation",
                                          "the share of digital twins activated by their first chip-and-PIN purchase",
                                          defaults.chipAndPinActivation)
        seed.provisioningInactiveCards = share("provisioningInactiveCards",
                                               "the share of provisionings tried on a card not activated yet",
                                               defaults.provisioningInactiveCards)
        seed.delivery = spread("delivery", defaults.delivery)
        seed.activationMismatch = share("activationMismatch", "the share of activations with mistyped digits",
                                        defaults.activationMismatch)
        seed.scaVerified = share("scaVerified", "the share of SCA attempts verified", defaults.scaVerified)
        seed.scaThink = spread("scaThink", defaults.scaThink)
        seed.scaAttempts = reader.integer("behaviour.seed.scaAttempts", expected: "a whole number of attempts from 1 to 10",
                                          default: defaults.scaAttempts, in: 1...10)
        seed.scaOnTokenize = share("scaOnTokenize", "the share of tokenizations protected by SCA", defaults.scaOnTokenize)
        seed.pnoDecline = share("pnoDecline", "the share of pass activations the PNO declines", defaults.pnoDecline)
        seed.walletError = share("walletError", "the share of mobile-wallet errors", defaults.walletError)
        seed.walletIneligible = share("walletIneligible", "the share of phones that cannot add the card to their wallet",
                                      defaults.walletIneligible)
        seed.googleWallet = share("googleWallet", "the share of provisionings to Google Pay", defaults.googleWallet)
        seed.passSheetLeftOpen = share("passSheetLeftOpen", "the share of provisionings whose wallet sheet is left open",
                                       defaults.passSheetLeftOpen)
        seed.identityVerification = share("identityVerification",
                                          "the share of Google passes that need identity verification",
                                          defaults.identityVerification)
        seed.identityVerificationTime = spread("identityVerificationTime", defaults.identityVerificationTime)
        seed.purchaseCardNotPresent = share("purchaseCardNotPresent",
                                           "the share of prepaid purchases made with the card's details",
                                           defaults.purchaseCardNotPresent)
        seed.purchaseToken = share("purchaseToken", "the share of prepaid purchases made with the phone's token",
                                   defaults.purchaseToken)
        // One draw picks the channel; the plastic takes what the two leave.
        checkShares(&reader, "behaviour.seed.purchaseToken", [seed.purchaseCardNotPresent, seed.purchaseToken],
                    of: "purchases by token and by purchaseCardNotPresent", rest: " (the rest pay with the plastic)")
        seed.stepCall = time("stepCall", defaults.stepCall)
        seed.stepRepeats = count("stepRepeats", "repeats", defaults.stepRepeats)
        return seed
    }
}
