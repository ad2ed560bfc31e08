/// The 3-D Secure protocol a payment authenticates with: the branch of LC-06 its gateway steps
/// (domain.md §2.4, §3.1).
public enum ThreeDSVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 3-D Secure 1.0: VEReq/VERes, then PaReq to the ACS page and its PaRes back (Y, N, U or A).
    case v1
    /// EMV 3-D Secure 2: AReq/ARes, then a challenge (CReq/CRes) or a decoupled wait, and the RReq.
    case v2

    public var description: String { rawValue }
}

extension SeedSystem {
    /// The version the system's seed uses: Sogenactif's checkEnrollment → PaReq → PaRes, and the
    /// Mastercard Gateway's and Portmone's 3DS 1.0 web views are v1; ecommpay's EMV 3DS and the
    /// generic flows are v2. Paysafe's SCA is LC-10, not 3-D Secure.
    public var threeDSVersion: ThreeDSVersion {
        switch self {
        case .sogenactif, .mastercard, .portmone: .v1
        case .generic, .ecommpay, .paysafe: .v2
        }
    }
}
