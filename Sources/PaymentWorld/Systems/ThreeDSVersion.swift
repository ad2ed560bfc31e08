/// The 3-D Secure protocol a payment authenticates with: the branch of LC-06 its gateway steps
/// (domain.md §2.4, §3.1).
public enum ThreeDSVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 3-D Secure 1.0: VEReq/VERes, then PaReq to the ACS page and its PaRes back (Y, N, U or A).
    case v1
    /// EMV 3-D Secure 2: AReq/ARes, then a challenge (CReq/CRes) or a decoupled wait, and the RReq.
    case v2

    public var description: String { rawValue }
}
