import SimulationKernel

/// A multi-server station's size and speed.
public struct StationConfiguration: Sendable, Hashable {
    public var servers: Int
    public var service: Distribution
    /// Most payments that may wait for a server; `Int.max` for an unbounded line.
    public var queueLimit: Int

    public init(servers: Int, service: Distribution, queueLimit: Int = .max) {
        self.servers = servers
        self.service = service
        self.queueLimit = queueLimit
    }
}

/// The reference pipeline: the model of ../shared/peers/simpy_payments.py, built from payment
/// actors. The defaults are SimPy's, so the two compare on identical parameters.
///
/// Per payment: customer → gateway (service) → with probability `threeDSecureRatio` the primary
/// ACS (a wait longer than `acsQueueTimeout` gives up and the gateway retries once on the backup
/// ACS; a second timeout fails the payment as `acs_timeout`) → issuer (service; declines with
/// probability `declineRatio`) → gateway → customer. Every hop draws from `latency`.
public struct PipelineConfiguration: Sendable, Hashable {
    /// The base arrival rate, payments per virtual second (the open workloads' `rate`).
    public var rate: Double
    /// How payments arrive: an open process around `rate`, or a closed population.
    public var shape: WorkloadShape = .poisson
    /// Payments to generate before the run drains.
    public var lifecycles: Int
    /// Arrivals stop at this virtual instant even if fewer than `lifecycles` were generated.
    public var duration: SimDuration?
    /// Payments that start before this instant are run but not measured; stations restart
    /// their measurements here too (capacity planning excludes the warm-up).
    public var warmup: SimDuration = .zero
    /// Most payments in flight at once; an arrival beyond it is shed and counted.
    public var maxInFlight: Int = 10_000_000
    public var threeDSecureRatio: Ratio
    public var latency: Distribution
    public var gateway: StationConfiguration
    public var acs: StationConfiguration
    public var acsBackup: StationConfiguration
    public var issuer: StationConfiguration
    public var declineRatio: Ratio
    /// Longest wait for an ACS server before the gateway gives up on that ACS.
    public var acsQueueTimeout: SimDuration

    public init(rate: Double = 200, lifecycles: Int = 100_000, threeDSecureRatio: Ratio = Ratio(3, 10),
                latency: Distribution = .lognormal(median: .milliseconds(15), sigma: 0.5),
                gateway: StationConfiguration = .init(servers: 8, service: .exponential(mean: .milliseconds(20))),
                acs: StationConfiguration = .init(servers: 4, service: .exponential(mean: .milliseconds(50))),
                acsBackup: StationConfiguration = .init(servers: 4, service: .exponential(mean: .milliseconds(50))),
                issuer: StationConfiguration = .init(servers: 10, service: .exponential(mean: .milliseconds(40))),
                declineRatio: Ratio = Ratio(5, 100), acsQueueTimeout: SimDuration = .milliseconds(200)) {
        self.rate = rate
        self.lifecycles = lifecycles
        self.threeDSecureRatio = threeDSecureRatio
        self.latency = latency
        self.gateway = gateway
        self.acs = acs
        self.acsBackup = acsBackup
        self.issuer = issuer
        self.declineRatio = declineRatio
        self.acsQueueTimeout = acsQueueTimeout
    }
}

/// The shape of the workload around the base rate (design §5).
public enum WorkloadShape: Sendable, Hashable {
    case poisson
    case constant
    /// The rate moves linearly from the base rate to `to` over `duration`, then stays there.
    case ramp(to: Double, duration: SimDuration)
    /// The rate is `peak` from `start` for `duration`, the base rate otherwise.
    case spike(peak: Double, start: SimDuration, duration: SimDuration)
    /// The base rate times one multiplier per slot; the slots divide `period` and repeat.
    case profile(multipliers: [Double], period: SimDuration)
    /// A closed model: `customers` each pay, wait `thinkTime`, and pay again.
    case closed(customers: Int, thinkTime: Distribution)
}

extension PipelineConfiguration {
    /// The open arrival process, or nil for a closed workload.
    public var arrivalProcess: ArrivalProcess? {
        switch shape {
        case .poisson: .poisson(rate: rate)
        case .constant: .constant(rate: rate)
        case .ramp(let to, let duration): .ramp(from: rate, to: to, duration: duration)
        case .spike(let peak, let start, let duration): .spike(base: rate, peak: peak, start: start, duration: duration)
        case .profile(let multipliers, let period): .profile(rate: rate, multipliers: multipliers, period: period)
        case .closed: nil
        }
    }
}

/// How a pipeline payment ended.
public enum PipelineOutcome: UInt64, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case approved = 0
    case declined = 1
    case acsTimeout = 2
    /// A station's line was full (only with a bounded `queueLimit`).
    case rejected = 3

    /// The name reports use.
    public var description: String {
        switch self {
        case .approved: "approved"
        case .declined: "declined"
        case .acsTimeout: "acs_timeout"
        case .rejected: "rejected"
        }
    }
}

/// The messages of the pipeline, as event kinds. Requests and responses come in pairs.
enum PipelineMessage: UInt32 {
    case arrivalDue = 1            // Customer to itself: the next payment arrives.
    case paymentRequest = 2        // Customer → Gateway.
    case paymentResponse = 3       // Gateway → Customer; argument: PipelineOutcome.
    case serviceCompleted = 4      // A station to itself: a server finished the payment.
    case authenticationRequest = 5 // Gateway → ACS.
    case authenticationResponse = 6 // ACS → Gateway; argument: AuthenticationResult.
    case queueTimeoutDue = 7       // ACS to itself; argument: the wait's generation.
    case authorizationRequest = 8  // Gateway → Issuer.
    case authorizationResponse = 9 // Issuer → Gateway; argument: PipelineOutcome.
    case sourceStarted = 10        // Customer to itself, at time zero.
    case warmupEnded = 11          // The world to every actor with a station: restart measuring.
    case arrivalsEnded = 12        // Customer to every station: the offered load stops; freeze utilization.
}

extension PipelineMessage {
    /// The name traces print.
    static func name(_ kind: UInt32) -> String {
        switch PipelineMessage(rawValue: kind) {
        case .arrivalDue: "arrivalDue"
        case .paymentRequest: "paymentRequest"
        case .paymentResponse: "paymentResponse"
        case .serviceCompleted: "serviceCompleted"
        case .authenticationRequest: "authenticationRequest"
        case .authenticationResponse: "authenticationResponse"
        case .queueTimeoutDue: "queueTimeoutDue"
        case .authorizationRequest: "authorizationRequest"
        case .authorizationResponse: "authorizationResponse"
        case .sourceStarted: "sourceStarted"
        case .warmupEnded: "warmupEnded"
        case .arrivalsEnded: "arrivalsEnded"
        case nil: "kind\(kind)"
        }
    }
}

/// What an ACS answers; which ACS answered decides the gateway's next step.
enum AuthenticationResult: UInt64 {
    case authenticated = 0
    case timedOut = 1
}

/// Where each actor of a pipeline is, fixed before any is built.
struct PipelineAddresses {
    var customer: ReceiverID
    var gateway: ReceiverID
    var acs: ReceiverID
    var acsBackup: ReceiverID
    var issuer: ReceiverID
}
