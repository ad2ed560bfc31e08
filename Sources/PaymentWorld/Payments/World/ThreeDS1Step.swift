/// What a 3-D Secure 1.0 authentication did at the gateway (LC-06 v1), for the seed catalogue's
/// counts of the seeds' own 3DS 1.0 operations and codes (MPGS CHECK_3DS_ENROLLMENT and its
/// summaryStatus, Sips checkEnrollment and holderAuthentStatus, Portmone's 3D web view).
public enum ThreeDS1Step: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The VEReq: is the card enrolled?
    case veReq
    /// The VERes said enrolled (the ACS page, or its PaRes at once).
    case enrolled
    /// The VERes said not enrolled, and the scheme credited no attempt (U) or did (A).
    case notEnrolled
    case attempted
    /// The VERes could not say (U), or the directory server answered an error.
    case undetermined
    /// A PaRes came back to the gateway, with Y or N.
    case paRes
    case paResY
    case paResN
    /// The cardholder cancelled the ACS page.
    case cancelled
    /// No VERes or no PaRes within its timer.
    case timedOut

    public var description: String {
        switch self {
        case .veReq: "VEReq"
        case .enrolled: "VERes Y"
        case .notEnrolled: "VERes N"
        case .attempted: "attempt credited (A)"
        case .undetermined: "VERes U"
        case .paRes: "PaRes"
        case .paResY: "PaRes Y"
        case .paResN: "PaRes N"
        case .cancelled: "ACS page cancelled"
        case .timedOut: "timed out"
        }
    }

    /// The steps one LC-06 v1 event stands for.
    static func steps(of event: ThreeDSEvent) -> [ThreeDS1Step] {
        switch event {
        case .veRes(.enrolled): [.enrolled]
        case .veRes(.notEnrolled(let credited)): credited ? [.attempted] : [.notEnrolled]
        case .veRes(.undetermined): [.undetermined]
        case .paResVerified(.authenticated): [.paRes, .paResY]
        case .paResVerified(.notAuthenticated): [.paRes, .paResN]
        case .paResVerified: [.paRes]
        case .abandon: [.cancelled]
        case .timeout: [.timedOut]
        default: []
        }
    }
}
