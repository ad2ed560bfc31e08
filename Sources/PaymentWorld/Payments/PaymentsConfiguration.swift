import SimulationKernel

/// A population of cards: how many, how funded, how many enrolled in 3-D Secure, how many unusable.
public struct CardPopulation: Sendable, Hashable {
    public var count: Int = 10_000
    /// Opening balance of every card, in minor units.
    public var balance: Int64 = 100_000
    public var threeDSecureEnrolled: Ratio = Ratio(8, 10)
    /// Share of cards an issuer refuses outright (expired, lost, restricted): G-10.
    public var unusable: Ratio = Ratio(1, 100)
    /// BIN ranges the cards are drawn from, by share; empty: cards have no BIN or scheme.
    public var bins: [CardBIN] = []
    /// Most a card may spend in a virtual day, in minor units (61 past it); 0: no limit.
    public var dailyLimit: Int64 = 0
    /// Most approvals a card may have in a virtual hour (65 past it); 0: no limit.
    public var velocityLimit = 0
    /// Most one payment may be on a `transactionLimited` card, in minor units (61 past it, "over
    /// the amount limit"); 0: no limit. A card's limit per payment holds still over a soak, where a
    /// daily one fills up as the day goes on.
    public var transactionLimit: Int64 = 0
    /// The share of cards with `transactionLimit` (youth and some prepaid cards).
    public var transactionLimited = Ratio(0, 1)
    /// Money that flows in (salaries, top-ups), as a share of what the card's customers are
    /// expected to spend: each card earns, per virtual second, this share of the run's rate × its
    /// customers' popularity × the mean amount × the share of flows that spend on a card. 1: people
    /// earn what they spend, so a soak's balances hold still; 0: money only flows out, and hot cards
    /// run dry as a run gets longer.
    public var income = 1.0
    /// Cards whose customers live from one payday to the next: they open empty and earn
    /// `shortIncome` of what they try to spend, so their insufficient-funds declines (51) come at a
    /// steady rate from the start rather than growing as other cards run dry.
    public var shortOfFunds = Ratio(2, 100)
    /// The share of their expected spending that short-of-funds cards earn.
    public static let shortIncome = 0.9
    public init() {}

    /// Whether `card` has a limit per payment (`transactionLimited`): a fixed hash of its number,
    /// as for `isShortOfFunds`, salted so the two shares are drawn apart.
    public func hasTransactionLimit(_ card: Int) -> Bool {
        guard transactionLimit > 0, transactionLimited.numerator > 0 else { return false }
        return SimRandom.hash(UInt64(card) ^ 0x6C69_6D69_74) % UInt64(transactionLimited.denominator)
            < UInt64(transactionLimited.numerator)
    }

    /// Whether `card` is one of the `shortOfFunds` cards: a fixed hash of its number, so the same
    /// cards in every run of a population.
    public func isShortOfFunds(_ card: Int) -> Bool {
        guard shortOfFunds.numerator > 0 else { return false }
        return SimRandom.hash(UInt64(card)) % UInt64(shortOfFunds.denominator) < UInt64(shortOfFunds.numerator)
    }
}

/// A card scheme (domain §3.4).
public enum CardScheme: String, Sendable, Hashable, CaseIterable {
    case visa, mastercard, amex, discover, jcb, unionpay, maestro, mir

    /// The scheme's IIN ranges (domain §3.4), each as equal-length low and high digits.
    public var ranges: [(low: String, high: String)] {
        switch self {
        case .visa: [("4", "4")]
        case .mastercard: [("51", "55"), ("2221", "2720")]
        case .amex: [("34", "34"), ("37", "37")]
        case .discover: [("6011", "6011"), ("644", "649"), ("65", "65")]
        case .jcb: [("3528", "3589")]
        case .unionpay: [("62", "62")]
        case .maestro: [("50", "50"), ("56", "69")]
        case .mir: [("2200", "2204")]
        }
    }

    /// Whether some card of this scheme starts with `prefix` (a string of digits).
    public func admits(prefix: String) -> Bool {
        ranges.contains { low, high in
            let length = min(prefix.count, low.count)
            guard let value = Int(prefix.prefix(length)), let from = Int(low.prefix(length)),
                  let to = Int(high.prefix(length)) else { return false }
            return from <= value && value <= to
        }
    }
}

/// A BIN (IIN) range of the card population: the share of cards it issues, and their 3-D Secure
/// enrolment when it differs from the population's.
public struct CardBIN: Sendable, Hashable {
    /// The first digits of the card number, 1 to 8 of them.
    public var prefix: String
    public var scheme: CardScheme
    public var share: Ratio
    /// Overrides `CardPopulation.threeDSecureEnrolled` for this range's cards.
    public var threeDSecureEnrolled: Ratio?
    public init(prefix: String, scheme: CardScheme, share: Ratio, threeDSecureEnrolled: Ratio? = nil) {
        self.prefix = prefix
        self.scheme = scheme
        self.share = share
        self.threeDSecureEnrolled = threeDSecureEnrolled
    }
}

/// Timeouts of domain.md §2.7 that the card flows use.
public struct PaymentTimeouts: Sendable, Hashable {
    /// Device → merchant call (URLSession's default), repeated until answered.
    public var deviceCall: SimDuration = .seconds(60)
    /// Merchant server → gateway call (a retry reuses the idempotency key).
    public var merchantCall: SimDuration = .seconds(30)
    /// Gateway → acquirer → network → issuer round trip before the outcome is unknown.
    public var authorization: SimDuration = .seconds(10)
    /// The network's wait for the issuer before it stands in (STIP).
    public var issuerStandIn: SimDuration = .seconds(8)
    /// ARes wait at the 3DS server before the result is U.
    public var authentication: SimDuration = .seconds(10)
    /// Challenge completion after ARes(C) before the result is U.
    public var challenge: SimDuration = .minutes(10)
    /// Wait for an inquiry or reversal answer before asking again.
    public var resolutionHop: SimDuration = .seconds(5)
    /// The whole lifecycle: a lifecycle still open past it is a liveness failure (G-7). Nil derives
    /// each flow's budget from its stage timeouts (`PaymentsConfiguration.lifecycleBudget(for:)`).
    public var lifecycleBudget: SimDuration?
    /// How long an OTP or 2D SMS code stays valid (domain §2.7).
    public var otpValidity: SimDuration = .seconds(300)
    /// How long a Paysafe SCA event stays open for attempts after `scaRequired` (its
    /// `expirationTime`, domain §2.7): an attempt after it is answered `scaExpired`.
    public var scaEventExpiry: SimDuration = .seconds(300)
    /// How long an MPGS session lives after it is created (domain §2.7, about 15 minutes): an
    /// update after it is refused (LC-00 `expire`, SES-1).
    public var sessionLifetime: SimDuration = .minutes(15)
    /// How long a Sips context waits for the customer's next action (domain §2.7): a call after
    /// 15 minutes without one is answered responseCode 97.
    public var sessionInactivity: SimDuration = .minutes(15)
    /// How long a Paysafe push provisioning may stay initiated before the app reports the pass
    /// added (domain §2.7, 600 s): the tokenization lapses, and a later report is refused.
    public var provisioningCompletion: SimDuration = .seconds(600)
    /// How long after its approval the platform captures an authorization in automatic capture
    /// mode (Sips `captureDay`, counted in days there; minutes here, so that a run sees it). [A]
    public var captureDay: SimDuration = .minutes(3)
    /// How long the gateway waits for the customer's consent to a cascade that needs 3-D Secure
    /// (ecommpay E2 `isCascading`, domain §2.7: 60 s); no answer by then is a refusal.
    public var cascadeConsent: SimDuration = .seconds(60)
    /// How long the gateway keeps a sale open before it fails it (LC-01 `deadline`; Sips answers 97
    /// after its 15 minutes). Nil derives it from the card core's stage timeouts
    /// (`PaymentsConfiguration.paymentDeadline`), so that only a payment stuck past every stage's
    /// own timer meets it.
    public var paymentDeadline: SimDuration?
    /// How long the gateway waits, once an authorization's answer is overdue, before it asks the
    /// acquirer (LC-12): an original reply within it settles the outcome with no inquiry. Zero
    /// asks at once.
    public var inquiryDelay: SimDuration = .zero
    /// How long a prepaid card is valid from its creation (its expiry date; three years [A]): the
    /// card platform expires it (LC-09 `expiryReached`) when a call or its own step reaches it
    /// after that, never by a timer of its own.
    public var cardValidity: SimDuration = .hours(3 * 365 * 24)
    /// How long a card-on-file token is valid from the order that asked for it (three years [A]):
    /// the vault expires it (LC-04 `expire`) when a request or a use reaches it after that.
    public var tokenValidity: SimDuration = .hours(3 * 365 * 24)
    public init() {}
}

/// Failure-handling policies (design §5).
public struct PaymentPolicies: Sendable, Hashable {
    /// Authorize on a 3DS result of U (no liability shift) instead of declining.
    public var proceedOnUnavailable = false
    /// Cascade a cascadable decline to the next provider in routing order (LC-08).
    public var cascading = true
    /// Eligible providers in routing order, the primary included (LC-08's N). Only the first is
    /// used when `cascading` is off. The first goes through the primary acquirer, the backups
    /// through the backup acquirer's connection.
    public var cascadeProviders = 3
    /// Let the network approve on the issuer's behalf when it does not answer (STIP).
    public var standIn = true
    /// Largest amount the network stands in for.
    public var standInLimit: Int64 = 20_000
    /// Merchant retries of a timed-out gateway call, with the same idempotency key.
    public var merchantRetries = 2
    /// Re-inits the app makes with the same payment after its call for the result goes unanswered,
    /// with a doubling backoff from 500 ms (domain §1.2 "at most 3 times with backoff", §2.2); after
    /// them it tells the customer the outcome is unknown, and asks again when the customer comes back.
    public var appReinits = 3
    /// Inquiries before the gateway falls back to a reversal (LC-12).
    public var inquiries = 2
    /// 3-D Secure low-value exemption: an enrolled card's payment below this amount (minor
    /// units) skips authentication; 0 exempts nothing.
    public var lowValueExemption: Int64 = 0
    /// How long an authorization's hold may wait for its capture; a capture after it finds the hold
    /// expired and released (AUTH-5; Sips `captureLimitDate`, card-scheme rules of about a week).
    public var captureLimit: SimDuration = .hours(168)
    public init() {}
}

/// How often things happen that the scenario does not control directly.
/// The shares of a frictionless ARes that are not Y (domain §3.1): each a probability, drawn in
/// this order from one uniform draw; what is left is Y. Their sum is at most 1 (scenarios check).
public struct FrictionlessOutcomes: Sendable, Hashable {
    /// A: not authenticated, but a proof of attempt: authorized, with the liability shift.
    public var attempted = Ratio(2, 100)
    /// N: not authenticated: no authorization.
    public var notAuthenticated = Ratio(1, 100)
    /// U: authentication could not be performed: authorized only where the policy proceeds on U.
    public var unavailable = Ratio(5, 1000)
    /// R: the issuer rejects and asks that no authorization be attempted.
    public var rejected = Ratio(5, 1000)
    /// I: informational only (3DS 2.2 data only): authorized, without the liability shift.
    public var informational = Ratio(1, 100)

    public init() {}

    /// The statuses in draw order, beside their shares.
    public var shares: [(TransStatus, Ratio)] {
        [(.attempted, attempted), (.notAuthenticated, notAuthenticated), (.unavailable, unavailable),
         (.rejected, rejected), (.informational, informational)]
    }

    /// The answers a 3-D Secure 1.0 ACS gives without its page: an attempt credited (A) or a VERes
    /// U (domain §3.1). v1 has no frictionless Y or N: every other enrolled cardholder meets the
    /// page, whose PaRes says Y or N.
    public var threeDS1VEResShares: [(TransStatus, Ratio)] {
        [(.attempted, attempted), (.unavailable, unavailable)]
    }
}

/// The issuer's other answers (ISO 8583 field 39, domain §3.2), each a share of its decisions on
/// a usable card within its limits and funds: one uniform draw, in this order. 14, 54 and 57 are
/// hard declines; 96 is a soft one that cascades to the backup acquirer.
public struct IssuerDeclines: Sendable, Hashable {
    /// 14: invalid card number.
    public var invalidCardNumber = Ratio(2, 1000)
    /// 54: expired card.
    public var expiredCard = Ratio(5, 1000)
    /// 57: transaction not permitted to the cardholder.
    public var notPermitted = Ratio(3, 1000)
    /// 96: system malfunction at the issuer.
    public var systemMalfunction = Ratio(3, 1000)

    public init() {}

    var shares: [(IssuerAnswer, Ratio)] {
        [(.invalidCardNumber, invalidCardNumber), (.expiredCard, expiredCard), (.notPermittedToCardholder, notPermitted),
         (.systemMalfunction, systemMalfunction)]
    }
}

public struct PaymentBehaviour: Sendable, Hashable {
    /// Share of enrolled cards whose ACS asks for a challenge (the rest are frictionless).
    public var challengeRatio = Ratio(2, 10)
    /// Share of challenges the cardholder completes successfully.
    public var challengeSuccess = Ratio(9, 10)
    /// Share of challenges the cardholder cancels on the ACS page or in the SDK (EMV CReq
    /// `challengeCancel`; the 3DS 1.0 page's cancel) after looking at it for `challengeTime`: the
    /// payment fails as abandoned (LC-01 `abandon`). Drawn before `challengeSuccess`; 0 draws nothing.
    public var challengeAbandon = Ratio(2, 100)
    /// Time the cardholder spends on a challenge.
    public var challengeTime: Distribution = .lognormal(median: .seconds(20), sigma: 0.6)
    /// How frictionless AReqs end other than Y (EMV 3DS transStatus, domain §3.1).
    public var frictionless = FrictionlessOutcomes()
    /// Share of challenges the ACS runs decoupled (ARes D): the issuer reaches the cardholder out of
    /// band, in their banking app, and sends the RReq itself.
    public var decoupledRatio = Ratio(1, 10)
    /// Time the cardholder takes to approve in their banking app, for a decoupled challenge.
    public var decoupledTime: Distribution = .lognormal(median: .seconds(45), sigma: 0.7)
    /// Share of customers asked to consent to a cascade that needs 3-D Secure who agree; `cascadeRefusal`
    /// refuse, and the rest never answer (the consent timer refuses for them). [A]: someone who chose
    /// to pay mostly agrees to a second try; at 70 % card-payments-faults.json fell below its SLO.
    public var cascadeConsent = Ratio(85, 100)
    public var cascadeRefusal = Ratio(10, 100)
    /// How long the customer takes to answer a cascade's consent question.
    public var cascadeConsentTime: Distribution = .lognormal(median: .seconds(8), sigma: 0.5)
    /// Share of card-core payments the customer cancels while they run (the cancel on the app's
    /// progress screen; Sips responseCode 17), `cancelTime` after handing them over. The gateway fails
    /// a sale that has not ended (LC-01 `abandon`) and reverses an authorization in flight; the
    /// merchant voids an authorization it has not begun to capture (LC-02 `authorized × void`); a
    /// cancel that comes after the end or the capture changes nothing. [A]
    public var paymentCancel = Ratio(2, 1000)
    public var cancelTime: Distribution = .exponential(mean: .seconds(2))
    /// Share of card-core payments the customer taps pay for twice: the app sends the second pay
    /// with the same payment 100 ms after the first, and the platform refuses it (ecommpay
    /// PAYMENT_ALREADY_EXIST, "to the duplicate only"), while the first goes on. [A]
    public var doubleTap = Ratio(5, 1000)
    /// Share of authorization answers the acquirer's host loses to a system error of its own and
    /// answers as one (MPGS `ACQUIRER_SYSTEM_ERROR`): the gateway does not know what the issuer
    /// said, so LC-01 takes a technical error and LC-12 settles it. [A]
    public var acquirerErrors = Ratio(1, 1000)
    /// Share of issuer decisions that are soft, cascadable declines (issuer unreachable, 91).
    public var issuerSoftDecline = Ratio(2, 100)
    /// Share of issuer decisions that are hard declines (do not honour, 05).
    public var issuerHardDecline = Ratio(3, 100)
    /// The issuer's declines besides 05, 51, 61, 62, 65 and 91.
    public var issuerDeclines = IssuerDeclines()
    /// Time between an authorization and its capture.
    public var captureDelay: Distribution = .exponential(mean: .seconds(60))
    /// The merchant captures within this window at the latest, whatever `captureDelay` draws: an
    /// unbounded tail would keep a lifecycle open past its budget (swarm seed 2106 drew 876 s).
    public var captureWindow: SimDuration = .minutes(5)
    /// Share of authorizations the merchant captures in parts (multi-capture: one to three
    /// shipments, each a partial capture, the last a final capture that releases the rest), and
    /// share it leaves to the platform to capture by itself after `policies.timeouts.captureDay`
    /// (Sips AUTHOR_CAPTURE, ecommpay's timed auto-capture). The rest are captured in one go. [A]
    public var captureInParts = Ratio(10, 100)
    public var automaticCapture = Ratio(10, 100)
    /// Share of captured payments later refunded (half the amount).
    public var refundRatio = Ratio(5, 100)
    /// Of the refunded payments, by share: those refunded in two parts (two halves, both asked at
    /// once, so the second counts the first in flight: AUTH-3), and those whose second refund asks
    /// the whole amount again after the first half (an operator's mistake the gateway refuses with
    /// ecommpay 903). The rest get the one refund of half. The two shares add up to at most 1.
    public var refundInParts = Ratio(30, 100)
    public var refundExcess = Ratio(5, 100)
    /// Refunds the acquirer declines (the card account closed since the payment: 14).
    public var refundDecline = Ratio(2, 100)
    /// Share of the customer's waits (a code to type, an SCA attempt, a 3-D Secure challenge, the
    /// next step after a checkout session opened) at which the customer walks away; at most one
    /// per lifecycle. 0 (the default) draws nothing: every customer acts in time. Someone who
    /// leaves a challenge never comes back, so the challenge timer ends it (ecommpay 108); the
    /// others come back after `walkAwayTime` and find what the server's timer left (an expired OTP,
    /// SCA event or session: domain §2.7).
    public var walkAway = Ratio(0, 1)
    /// How long a customer who walked away stays away before acting again.
    public var walkAwayTime: Distribution = .lognormal(median: .minutes(20), sigma: 0.2)
    public init() {}
}

/// Everything a payments world needs; every field has a documented default.
public struct PaymentsConfiguration: Sendable, Hashable {
    public var rate: Double = 100
    public var shape: WorkloadShape = .poisson
    public var lifecycles: Int = 10_000
    public var duration: SimDuration?
    public var warmup: SimDuration = .zero
    /// After the last arrival, how long in-flight lifecycles get to finish before the run stops;
    /// nil waits for every one. Lifecycles still open are reported as unfinished, not as failures.
    public var drain: SimDuration?
    public var maxInFlight = 1_000_000
    /// Weights of the flows in the mix, indexed by `PaymentFlow.rawValue`.
    public var mix: [Double] = [0.7, 0.3] + [Double](repeating: 0, count: PaymentFlow.allCases.count - 2)
    /// Amounts are uniform in this range, minor units.
    public var amounts: ClosedRange<Int64> = 500...15_000
    public var fee = Ratio(2, 100)
    public var cards = CardPopulation()
    /// The customers whose lifecycles these are: each has 1–3 devices, one card at the issuer (customer
    /// c holds card c mod `cards.count`), one Masterpass wallet and its saved cards. The population is
    /// fixed for the run; lifecycles pick a customer by popularity.
    public var customers = 100_000
    /// Zipf exponent of customer popularity: 0 makes every customer alike, about 1 makes a few hot.
    /// 0 by default: with 1, customer 0 of 100,000 starts 8 % of the lifecycles (16 a second at
    /// 200/s), whose card and wallet then fill with conflicts as a soak goes on; a stress scenario
    /// asks for hot customers (`scenarios/hot-customers.json`).
    public var customerSkew = 0.0
    public var merchants = 10
    public var latency: Distribution = .lognormal(median: .milliseconds(15), sigma: 0.5)
    /// Links with a latency of their own instead of `latency`, both directions.
    public var links: [LinkLatency] = []
    public var faults: FaultProfile = .none
    public var outages: [OutageWindow] = []
    /// Windows of loss, duplication, reordering, latency spikes or partitions (design §3.5).
    public var faultWindows: [PaymentFaultWindow] = []
    /// Windows in which an actor serves slower (a slow issuer, a degraded ACS).
    public var slowdowns: [Slowdown] = []
    public var stations = PaymentStations()
    public var timeouts = PaymentTimeouts()
    public var policies = PaymentPolicies()
    public var behaviour = PaymentBehaviour()
    /// How the seed systems' steps go: OTPs, SMS, SCA, sessions, provisioning.
    public var seed = SeedBehaviour()
    /// Planted defects, for expected-failure tests and `explore` (issue 7's catalogue).
    public var defects: Set<PlantedDefect> = []
    public init() {}
}

/// Service capacity per actor kind; nil servers means unlimited (no queueing).
public struct PaymentStations: Sendable, Hashable {
    public var gateway = StationConfiguration(servers: 32, service: .exponential(mean: .milliseconds(5)))
    public var acquirer = StationConfiguration(servers: 32, service: .exponential(mean: .milliseconds(3)))
    public var network = StationConfiguration(servers: 64, service: .exponential(mean: .milliseconds(2)))
    public var issuer = StationConfiguration(servers: 32, service: .exponential(mean: .milliseconds(20)))
    public var acs = StationConfiguration(servers: 16, service: .exponential(mean: .milliseconds(30)))
    /// The scheme's 3-D Secure directory server: routes AReqs, relays ARes and RReq.
    public var directoryServer = StationConfiguration(servers: 32, service: .exponential(mean: .milliseconds(2)))
    /// The payment platform's API front: sessions, quotes, orderInitialize, verification.
    public var platform = StationConfiguration(servers: 32, service: .exponential(mean: .milliseconds(4)))
    public var wallet = StationConfiguration(servers: 16, service: .exponential(mean: .milliseconds(10)))
    public var tokenService = StationConfiguration(servers: 16, service: .exponential(mean: .milliseconds(15)))
    public var cardPlatform = StationConfiguration(servers: 16, service: .exponential(mean: .milliseconds(12)))
    public var scaAuthority = StationConfiguration(servers: 16, service: .exponential(mean: .milliseconds(8)))
    /// Service times of single operations, instead of their station's `service`.
    public var operations: [StationOperation: Distribution] = [:]
    public init() {}

    /// The station of an actor kind; nil for actors without a capacity (the customer's side, SMS).
    func configuration(for kind: PaymentActorKind) -> StationConfiguration? {
        switch kind {
        case .gateway: gateway
        case .acquirer, .backupAcquirer: acquirer
        case .network: network
        case .issuer: issuer
        case .acs: acs
        case .directoryServer: directoryServer
        case .platform: platform
        case .wallet: wallet
        case .tokenService: tokenService
        case .cardPlatform: cardPlatform
        case .scaAuthority: scaAuthority
        case .device, .merchant, .messageChannel, .mobileWallet: nil
        }
    }
}

/// An operation a station serves with a service time of its own (design §5).
public enum StationOperation: String, Sendable, Hashable, CaseIterable {
    /// The issuer's authorization decision, inquiry answer and reversal.
    case authorization, inquiry, reversal
    /// The ACS's answer to an AReq, and its handling of the cardholder's challenge result (CRes).
    case authentication, challengeResult

    public var actor: PaymentActorKind {
        switch self {
        case .authorization, .inquiry, .reversal: .issuer
        case .authentication, .challengeResult: .acs
        }
    }

    /// The message whose service it times.
    var message: PaymentMessage {
        switch self {
        case .authorization: .authorizationRequest
        case .inquiry: .inquiryRequest
        case .reversal: .reversalRequest
        case .authentication: .authenticationRequest
        case .challengeResult: .challengeResponse
        }
    }
}

/// The latency of the link between two actors, in both directions.
public struct LinkLatency: Sendable, Hashable {
    public var between: [PaymentActorKind]
    public var latency: Distribution
    public init(between: [PaymentActorKind], latency: Distribution) {
        self.between = between
        self.latency = latency
    }
}

/// A window in which an actor answers nothing: every message to it is lost (design §3.5).
public struct OutageWindow: Sendable, Hashable {
    public var actor: PaymentActorKind
    public var start: SimDuration
    public var duration: SimDuration
    public init(actor: PaymentActorKind, start: SimDuration, duration: SimDuration) {
        self.actor = actor
        self.start = start
        self.duration = duration
    }
}

/// A network fault window in terms of actor kinds; `between` nil means every link.
public struct PaymentFaultWindow: Sendable, Hashable {
    public var kind: FaultWindow.Kind
    public var start: SimDuration
    public var duration: SimDuration
    public var between: [PaymentActorKind]?
    public init(kind: FaultWindow.Kind, start: SimDuration, duration: SimDuration, between: [PaymentActorKind]? = nil) {
        self.kind = kind
        self.start = start
        self.duration = duration
        self.between = between
    }
}

/// An actor's service times multiplied by `factor` for a window.
public struct Slowdown: Sendable, Hashable {
    public var actor: PaymentActorKind
    public var factor: Double
    public var start: SimDuration
    public var duration: SimDuration
    public init(actor: PaymentActorKind, factor: Double, start: SimDuration, duration: SimDuration) {
        self.actor = actor
        self.factor = factor
        self.start = start
        self.duration = duration
    }
}

/// The actor kinds of the payments world, in the order they are built.
public enum PaymentActorKind: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case device, merchant, gateway, acs, acquirer, backupAcquirer, network, issuer
    /// The seed systems' servers in front of the card core (domain §2.1).
    case platform, wallet, messageChannel, tokenService, cardPlatform, scaAuthority, mobileWallet
    /// The scheme's 3-D Secure directory server; last, so adding it left the others' random streams as they were.
    case directoryServer

    public var description: String {
        switch self {
        case .device: "device"
        case .merchant: "merchant"
        case .gateway: "gateway"
        case .acs: "acs"
        case .acquirer: "acquirer"
        case .backupAcquirer: "acquirer_backup"
        case .network: "network"
        case .issuer: "issuer"
        case .platform: "platform"
        case .wallet: "wallet"
        case .messageChannel: "message_channel"
        case .tokenService: "token_service"
        case .cardPlatform: "card_platform"
        case .scaAuthority: "sca_authority"
        case .mobileWallet: "mobile_wallet"
        case .directoryServer: "directory_server"
        }
    }
}

/// Defects a scenario can switch on to prove that the monitors catch them.
public enum PlantedDefect: String, Sendable, Hashable, CaseIterable {
    /// The merchant retries a timed-out call under a new idempotency key (G-4, SALE-1).
    case retryWithNewIdempotencyKey = "retry-new-idempotency-key"
    /// The merchant captures more than was authorized (AUTH-1).
    case captureAboveAuthorization = "capture-above-authorization"
    /// The gateway's reversal after a timeout never happens (RES-2, SALE-2).
    case reversalLost = "reversal-lost"
    /// The gateway captures again on a duplicate callback (AUTH-1, G-4).
    case duplicateCallbackCapturesTwice = "duplicate-callback-captures-twice"
    /// The issuer approves on an unusable card (G-10).
    case approveUnusableCard = "approve-unusable-card"
    /// The gateway cascades after an approval (G-11, CAS-5).
    case cascadeAfterApproval = "cascade-after-approval"
    /// The merchant refunds more than was captured (AUTH-3).
    case refundAboveCapture = "refund-above-capture"
    /// The gateway authorizes although 3-D Secure ended N (G-9, SALE-5).
    case authorizeWithoutAuthentication = "authorize-without-authentication"
    /// The wallet forgets to count OTP attempts, so a guesser gets more than the maximum (OTP-3).
    case otpAttemptsNotCounted = "otp-attempts-not-counted"
    /// The card platform completes a tokenization for a card that is not active (PROV-1, G-10).
    case tokenForInactiveCard = "token-for-inactive-card"
    /// The card platform locks, unlocks or cancels on the first call, without SCA (CARD-4, SCA-1).
    case updateWithoutSca = "update-without-sca"
    /// The merchant keeps the full card number in its order records instead of a masked one (G-12).
    case merchantKeepsFullPAN = "merchant-keeps-full-pan"
    /// The issuer decides a duplicated authorization request again instead of repeating its first
    /// answer, so a duplicate approves twice (SALE-1).
    case issuerApprovesDuplicates = "issuer-approves-duplicates"
    /// The issuer skips the balance check and lets the card go below zero (G-2).
    case approveOverAvailable = "approve-over-available"
    /// The issuer's reversal releases one minor unit less than the hold, but reports all of it (G-3).
    case reversalReleasesShort = "reversal-releases-short"
    /// The gateway reports a timed-out payment failed at once, then settles it by inquiry anyway (G-5).
    case unknownFinalizedEarly = "unknown-outcome-finalized-early"
    /// The gateway feeds a duplicate authorization answer to the payment's table instead of deduping it (G-6).
    case duplicateAnswerApplied = "duplicate-answer-applied"
    /// The gateway never arms its authorization timeout, so a lost answer leaves the payment waiting (G-7).
    case authorizationTimerLost = "authorization-timer-lost"
    /// The acquirer labels its answers with the next attempt instead of the one asked (G-8).
    case acquirerMislabelsAttempt = "acquirer-mislabels-attempt"
    /// The wallet stores an added card before the bank's OTP is verified (OTP-5, WAL-2).
    case walletStoresBeforeOtp = "wallet-stores-before-otp"
    /// A cancelled card's record is reused for its replacement and becomes active again (CARD-1).
    case replacementReusesCancelledCard = "replacement-reuses-cancelled-card"
    /// The card platform books the bureau's dispatch of a physical card as an activation, so the
    /// customer's activation is the card's second (CARD-2).
    case issueCountedAsActivation = "issue-counted-as-activation"
    /// The card platform completes a tokenization when it starts it, and again when its status is updated (PROV-3).
    case tokenCompletedTwice = "token-completed-twice"
    // Races: each needs two lifecycles of one customer at once, so a population large enough that
    // none share a wallet or a card never reaches it.
    /// The wallet checks a new card's name when the add starts, not when it stores the card, so the
    /// same card added from two phones is stored twice (WAL-1).
    case walletDedupesCardNamesPerRequest = "wallet-dedupes-card-names-per-request"
    /// The wallet lets a payment take the card it offered at authorize without checking it still
    /// holds it, so a card deleted meanwhile pays (WAL-4).
    case walletPaysWithoutRechecking = "wallet-pays-without-rechecking"
    /// The card platform reads a card's status when a protected change is first called and writes
    /// the change after the SCA step by what it read, so a cancel from the other phone meanwhile is
    /// lost (CARD-7).
    case cardStatusReadBeforeSca = "card-status-read-before-sca"
    /// The card platform checks the card is active when a tokenization starts, not when it completes,
    /// so a lock meanwhile still completes it (PROV-1).
    case tokenizationChecksCardAtStartOnly = "tokenization-checks-card-at-start-only"
    /// The card platform dedupes tokenizations per call, not per (card, device), so two of the
    /// customer's lifecycles on one phone both complete (PROV-3).
    case tokensDedupedPerRequest = "tokens-deduped-per-request"
    /// The issuer checks the balance when an authorization arrives and books its hold a moment
    /// later, so two authorizations on one card at once both pass a balance that covers one (G-2).
    case issuerBooksHoldAfterCheck = "issuer-books-hold-after-check"
    /// After its retries the merchant gives up and tells the customer "timed out" instead of asking
    /// the gateway how the payment ended, which may still charge them (RES-4, then RES-5): the bug the
    /// failure-handling work started from.
    case merchantGivesUp = "merchant-gives-up"
    /// The gateway forgets that an authorization expires at its capture limit and captures it
    /// late (AUTH-5).
    case captureAfterLimit = "capture-after-limit"
    /// The gateway forgets an order once its payment retires: a copy of its request the network
    /// held back, arriving later, opens a second payment: a sale's charges the order again (G-4),
    /// an authorization's holds money nobody captures or voids (AUTH-4).
    case gatewayForgetsSettledOrders = "gateway-forgets-settled-orders"
    /// The gateway tells the merchant a sale whose authorization timed out succeeded, before LC-12
    /// settles it: the customer is told "paid" and the inquiry or reversal then leaves them
    /// uncharged (RES-4 when the gateway's final comes, then RES-5).
    case unknownReportedAsSuccess = "unknown-outcome-reported-as-success"
    /// The issuer applies a repeated reversal again instead of once per authorization: a retried
    /// or duplicated reversal gives the hold back a second time, which the ledger refuses (G-1).
    case reversalReleasesTwice = "reversal-releases-twice"
    /// The gateway takes a restore (the merchant's call under the same key after a lost answer) of
    /// a payment that has ended for a new payment, instead of repeating its final status: the
    /// order is charged twice (G-4).
    case restoreOpensSecondPayment = "restore-opens-second-payment"
    /// The gateway pays a Portmone bill's commission on to the payee with the bill, so the payee
    /// is paid more than its bill and Portmone books nothing (SALE-3).
    case commissionPaidToPayee = "commission-paid-to-payee"
    /// The token service resolves a deleted token's card for its owner without looking at the
    /// token's status, so a token sale starts on a deleted token (TOK-2).
    case tokenSaleOnDeletedToken = "token-sale-on-deleted-token"
    /// The gateway applies every refund request it receives, without looking at the merchant's
    /// refund number: a copy the network duplicated refunds the customer a second time (AUTH-6).
    /// This was the gateway's own behaviour until AUTH-6 found it (card-payments, 3 % duplication).
    case refundAppliedTwice = "refund-applied-twice"
    /// The gateway starts a cascade's attempt that needs 3-D Secure without asking the customer,
    /// taking their consent for granted (CAS-7, ecommpay `isCascading`).
    case cascadeWithoutConsent = "cascade-without-consent"
    /// The card platform approves a purchase with a locked card, as if the lock only stopped the
    /// app's changes (CARD-3). A race: the app offers no purchase with a card it has just locked,
    /// so only a lock from the customer's other phone meanwhile reaches it.
    case lockedCardPurchases = "locked-card-purchases"
    /// The merchant takes a duplicated "authorized" callback for a new one: it books the order paid
    /// again and ships it again. The gateway applies each capture number once, so no money moves
    /// twice; only the merchant's own books are wrong (MERCH-1).
    case merchantActsTwiceOnDuplicateCallback = "merchant-acts-twice-on-duplicate-callback"
    /// The card platform keeps one pending protected operation per card, not per call: a verified
    /// SCA carries out the card's latest, which may be another phone's (CARD-4 binds the SCA to its
    /// own operation).
    case scaAppliesLatestPendingOperation = "sca-applies-latest-pending-operation"
    /// The gateway reads an ARes D (decoupled: the cardholder approves in their banking app) as the
    /// authentication's result instead of waiting for the RReq (3DS-1: C and D are never final).
    case decoupledTakenAsFinal = "decoupled-taken-as-final"
    /// A cascade's next provider is sent the first provider's authentication instead of a fresh
    /// one (3DS-3: an authentication value is used by exactly one authorization).
    case cascadeReusesAuthentication = "cascade-reuses-authentication"
    /// The gateway takes a copy of the answer that ended an authentication (the network delivered
    /// the ARes or RReq twice) for a new answer, and ends the authentication again (3DS-5: one
    /// ending per AReq).
    case authenticationAnswerAppliedTwice = "authentication-answer-applied-twice"
    /// The gateway waits a decoupled authentication out for twice the challenge's time, so one
    /// whose RReq never comes ends late (3DS-4: done within the challenge's time).
    case decoupledWaitDoubled = "decoupled-wait-doubled"
    /// The gateway sends an authentication that ended U (unavailable) on as A (attempted), the
    /// result that shifts liability: without `policies.proceedOnUnavailable` the payment is
    /// authorized, and G-9 sees an A (3DS-3: the authorization carries its authentication's result).
    case unavailableTakenAsAttempted = "unavailable-taken-as-attempted"
    /// The gateway makes a sale's payment for the order's amount plus its fee: the hold and the
    /// capture agree with each other, and the customer pays more than the order (SALE-3).
    case saleAmountIncludesFee = "sale-amount-includes-fee"
    /// The platform takes an MPGS update past the session's authenticationLimit, though LC-00 says
    /// the session is exhausted (SES-4).
    case sessionLimitIgnored = "session-limit-ignored"
    /// The card platform writes a PIN change at its first call and asks for SCA only to confirm it,
    /// so a customer who never passes the SCA has a new PIN anyway (SCA-5; a PIN changes no status,
    /// so CARD-4 does not see it).
    case pinSetOnFirstCall = "pin-set-on-first-call"
    /// The gateway sends an informational 3-D Secure result (I: data only, no liability shift) with
    /// a full authentication's ECI, claiming a shift the ACS never granted (3DS-6; G-9 allows an I,
    /// and the I itself is carried as it ended, so 3DS-3 holds).
    case informationalShiftsLiability = "informational-shifts-liability"
    /// The gateway sends a sale's authorization as soon as the ACS asks for a challenge, while the
    /// cardholder is still on it, to save the issuer's round trip (SALE-5; it carries no result,
    /// which G-9 would see next).
    case authorizeDuringChallenge = "authorize-during-challenge"
    /// The ACS's final CRes says Y whenever the cardholder completed the challenge screen, whatever
    /// the verdict it sends in the RReq: the app shows "authenticated" for a payment then declined
    /// (3DS-2: the CRes agrees with the RReq).
    case cresShowsCompletion = "cres-shows-completion"
    /// The card platform issues one activation data per card and hands it to every tokenization of
    /// it, so two phones provisioning the same card at once carry the same data: the PNO can no
    /// longer tell which pass it activates (PROV-5: single-use, bound to its card and nonce).
    case activationDataPerCard = "activation-data-per-card"
    /// The ecommpay app adds the customer's tip to the order after the merchant signed its
    /// parameters: the init carries an amount nobody signed (SES-3; the platform refuses it).
    case amountChangedAfterSigning = "amount-changed-after-signing"
    /// Masterpass drops a wallet with its last card, so the customer's next add creates a new one:
    /// the phone's wallet (its creation date, its settings) is lost (WAL-5: deleting the last card
    /// keeps the wallet).
    case walletDroppedWithLastCard = "wallet-dropped-with-last-card"
    /// The token service checks a card it tokenizes with a 1.00 authorization hold that nothing
    /// releases (TOK-3: tokenization makes no posting).
    case tokenizationHoldsACardCheck = "tokenization-holds-a-card-check"
    /// The Sips server takes its contexts for reusable, as MPGS sessions are: orderInitialize keeps
    /// the context the wallet read spent, and the walletOrder goes through on it again (SES-5: a
    /// one-shot context backs exactly one SDK call). The world before its contexts were spent.
    case sipsContextsReused = "sips-contexts-reused"
    /// The card platform applies a PIN change at its first call, without asking for SCA: a PIN
    /// changes no status, so it takes the change for harmless. Found by the claims audit: SCA-1
    /// judged only operations answered `scaRequired`, and CARD-4 sees status changes (SCA-1 now
    /// judges every protected effect the platform applies).
    case pinChangeWithoutSca = "pin-change-without-sca"
    /// The SCA authority's expiry timer skips verified events: a customer verifies, and the platform
    /// redeems the event for its lock, cancel or PIN change long past its expirationTime. Found by
    /// the claims audit: SCA-2 and SCA-3 took "expired" from the authority's own event (they keep
    /// their own clock now, the event's opening plus `timeouts.scaEventExpiry`).
    case scaVerifiedNeverExpires = "sca-verified-never-expires"
    /// The wallet runs an OTP's protected action again when the verified code is submitted again
    /// (the app's retry after a lost answer, or a copy on the wire): a second 2D debit or session
    /// on one verification. Found by the claims audit: OTP-5 read only the wallet's `verified`
    /// flag, and OTP-1 sees no code accepted twice (OTP-5 now counts actions per verification).
    case otpActionRerunsOnResubmit = "otp-action-reruns-on-resubmit"
    /// The merchant, its retries run out, pays the order again under a new key instead of asking
    /// for the payment's status: a first payment stuck in LC-12 is captured later while the
    /// customer was told the second one's decline. Found by the claims audit: RES-5 judged only an
    /// order's last payment (it sums every payment of the order now).
    case merchantRechargesAfterTimeout = "merchant-recharges-after-timeout"
    /// The wallet never arms an OTP's validity timer: a code typed long after it was sent still
    /// verifies (OTP-4, on its own clock since the claims audit: it trusted `otpCodeExpired`).
    case otpValidityTimerLost = "otp-validity-timer-lost"
}
