/// A response code as the source systems send it: ISO 8583 field 39 two-character codes (domain.md §3.2; Sips
/// `responseCode` and `acquirerResponseCode` use the same shape) and the systems' numeric codes ([E] platform
/// `operation.code`, [P] `NSError.code`).
///
/// A struct over the raw text, not an enum: a simulated issuer may answer with a code this table has never heard
/// of, and that must stay a value (a hard, non-cascadable decline), not a crash. The well-known codes are constants.
///
/// The text is kept as its bytes in two words, not as a `String`: lifecycle states and the records that hold them
/// then copy as plain memory, with no reference counting, on every step of every lifecycle.
public struct ResponseCode: Sendable, Hashable, CustomStringConvertible {
    /// The code's UTF-8 bytes, first byte lowest, zero-padded: up to 16 bytes (the source systems' longest is 4).
    private let low: UInt64
    private let high: UInt64

    /// The most UTF-8 bytes a code may have.
    public static let maximumLength = 16

    /// - Precondition: `rawValue` is at most 16 UTF-8 bytes, none of them zero. Codes come from PayStorm's own
    ///   tables, never from a scenario file, so a longer one is a PayStorm bug.
    public init(_ rawValue: String) {
        var words: (UInt64, UInt64) = (0, 0)
        var count = 0
        for byte in rawValue.utf8 {
            precondition(count < Self.maximumLength && byte != 0,
                         "ResponseCode: \"\(rawValue)\" is longer than \(Self.maximumLength) bytes or holds a zero byte")
            if count < 8 {
                words.0 |= UInt64(byte) << (8 * count)
            } else {
                words.1 |= UInt64(byte) << (8 * (count - 8))
            }
            count += 1
        }
        low = words.0
        high = words.1
    }

    /// The code as the source system writes it, e.g. `05` or `2113`.
    public var rawValue: String {
        var bytes: [UInt8] = []
        var (rest, next) = (low, high)
        while rest != 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
            if rest == 0 { (rest, next) = (next, 0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { rawValue }

    /// How a code ends an authorization (domain.md §3.2 "Class").
    public enum Classification: String, Sendable, Hashable, CaseIterable {
        /// The operation went through (00, 08, 10, 85).
        case approve
        /// Declined for now: the customer may retry later or with another card; retryable and step-up codes too.
        case softDecline
        /// Declined for good: never retry with this card, this request or this configuration.
        case hardDecline
    }

    /// The class of this code; a code the table does not know is a hard decline.
    public var classification: Classification {
        if ResponseCode.approvals.contains(self) { return .approve }
        return ResponseCode.softDeclines.contains(self) ? .softDecline : .hardDecline
    }

    public var isApproval: Bool { classification == .approve }

    /// Whether a decline with this code may be retried at the next provider (LC-08, [A] from [PUB] triggers):
    /// technical errors, provider unavailable, issuer unreachable, referrals and acquirer-side limits. Never an
    /// issuer's own answer about the card (14, 41, 43, 51, 54, 57, 62), fraud (34, 59) or an unknown code.
    public var isCascadable: Bool { ResponseCode.cascadable.contains(self) }

    // Short lists, scanned: a comparison is two word compares, cheaper than hashing.
    private static let approvals = ["00", "08", "10", "85", "0"].map(ResponseCode.init)
    private static let softDeclines = [
        "01", "02", "05", "06", "19", "51", "55", "61", "65", "91", "92", "96", "1A", "90", "99",
        "314", "601", "602", "2100", "2101", "2108", "2200",
    ].map(ResponseCode.init)
    private static let cascadable = [
        "01", "02", "06", "19", "58", "61", "65", "91", "92", "96", "90", "99", "314", "601", "602",
    ].map(ResponseCode.init)
}

extension ResponseCode {
    // ISO 8583 field 39 (§3.2).
    public static let approved = ResponseCode("00")
    public static let referToIssuer = ResponseCode("01")
    public static let referToIssuerSpecial = ResponseCode("02")
    public static let invalidMerchant = ResponseCode("03")
    public static let doNotHonor = ResponseCode("05")
    public static let error = ResponseCode("06")
    public static let partialApproval = ResponseCode("10")
    public static let invalidTransaction = ResponseCode("12")
    public static let invalidAmount = ResponseCode("13")
    public static let invalidCardNumber = ResponseCode("14")
    public static let formatError = ResponseCode("30")
    public static let fraudSuspected = ResponseCode("34")
    public static let lostCard = ResponseCode("41")
    public static let stolenCard = ResponseCode("43")
    public static let insufficientFunds = ResponseCode("51")
    public static let expiredCard = ResponseCode("54")
    public static let notPermittedToCardholder = ResponseCode("57")
    public static let notPermittedToAcquirer = ResponseCode("58")
    public static let suspectedFraud = ResponseCode("59")
    public static let exceedsAmountLimit = ResponseCode("61")
    public static let restrictedCard = ResponseCode("62")
    public static let exceedsFrequencyLimit = ResponseCode("65")
    public static let pinTriesExceeded = ResponseCode("75")
    public static let noReasonToDecline = ResponseCode("85")
    public static let issuerInoperative = ResponseCode("91")
    public static let duplicateTransmission = ResponseCode("94")
    public static let systemMalfunction = ResponseCode("96")
    public static let additionalAuthenticationRequired = ResponseCode("1A")

    // Sips generic and payment codes [W] (90 and 99: temporary, retry later; 40: not allowed, never retry).
    public static let functionNotAllowed = ResponseCode("40")
    public static let serviceTemporarilyUnavailable = ResponseCode("90")
    public static let sessionExpired = ResponseCode("97")
    public static let temporaryServerProblem = ResponseCode("99")

    // ecommpay platform `operation.code` [E][PUB].
    public static let declinedBy3DSCheck = ResponseCode("104")
    public static let customerDidNotReturnFromACS = ResponseCode("108")
    public static let providerUnavailable = ResponseCode("314")
    public static let riskSystemReject = ResponseCode("402")
    public static let refundsExceedPayment = ResponseCode("903")
    public static let statusForbidsAction = ResponseCode("3060")
    public static let tokenNotOwnedByCustomer = ResponseCode("3101")

    // Portmone `NSError.code` [P].
    public static let cardVerificationError = ResponseCode("2018")
    public static let masterpassInternalError = ResponseCode("2100")
    public static let otpInvalid = ResponseCode("2108")
    public static let threeDSNotValidated = ResponseCode("2110")
    public static let masterpassServerError = ResponseCode("2200")
}
