/// Why no run takes some legal (state, event) pairs: the model has no actor that sends the event
/// from that state, or a whole table is not stepped. Listed from `paystorm explore --swarm` over
/// every seed scenario (seeds 1…200 each): a pair a swarm reaches must not be here, and
/// `UnreachablePairsTests` checks that every entry names a legal pair of its table.
///
/// These are the model's gaps, said plainly, not properties of the payment systems.
public enum UnreachablePairs {
    /// Why `lifecycle`'s pair `state × event` is never reached, or nil when a run may reach it.
    public static func reason(lifecycle: String, state: String, event: String) -> String? {
        if let table = unsteppedTables[lifecycle] { return table }
        return pairs[lifecycle]?[state + " × " + event] ?? pairs[lifecycle]?["* × " + event]
    }

    /// The setting that takes `lifecycle`'s pair `state × event` when the default scenario's own
    /// run does not (a deadline, a validity or a share its defaults keep out of reach), or nil.
    /// Every one is a draw of `explore --swarm` (`SwarmFaults`), and the swarm reaches it.
    public static func reachedUnder(lifecycle: String, state: String, event: String) -> String? {
        settings[lifecycle]?[state + " × " + event] ?? settings[lifecycle]?["* × " + event]
    }

    private static let shortDeadline = "a payment deadline inside the card core's waits "
        + "(policies.timeouts.paymentDeadline; the swarm draws 500 ms to 90 s)"
    private static let shortTokens = "card-on-file tokens valid for seconds and suspended by their issuer "
        + "(policies.timeouts.tokenValidity, behaviour.seed.tokenSuspension; the swarm draws 50 ms to 5 s and 1/4)"

    static let settings: [String: [String: String]] = [
        "LC-01 Sale": [
            "* × deadline": shortDeadline,
            "outcomeUnknown × abandon": "more customers cancelling running payments (behaviour.paymentCancel; the swarm "
                + "draws 1/20), some while LC-12 settles a lost answer",
        ],
        "LC-02 Authorization": [
            "* × captureLimitReached": "a capture limit inside the merchants' capture window (policies.captureLimit; the "
                + "swarm draws 60 to 240 s)",
        ],
        "LC-12 OutcomeResolution": [
            "outcomeUnknown × originalReply": "a wait before the first inquiry (policies.timeouts.inquiryDelay; the swarm "
                + "draws 1 to 8 s)",
            "inquiring × originalReply": "an original reply overtaking the inquiry's answer (timer skew and latency "
                + "spikes of the swarm)",
            "outcomeUnknown × acquirerTimeoutPassed": "no inquiries (policies.inquiries 0; a swarm draw), or a payment "
                + "cancelled or past its deadline while its authorization is out",
        ],
        "LC-09 PrepaidCard": [
            "* × expiryReached": "prepaid cards valid for minutes (policies.timeouts.cardValidity; the swarm draws 20 to 180 s)",
        ],
        "LC-04 Token": [
            "* × expire": shortTokens,
            "* × suspend": shortTokens,
            "* × resume": shortTokens,
            "suspended × delete": shortTokens,
        ],
    ]

    /// Why no actor steps `lifecycle`'s table at all, or nil when one does.
    public static func unstepped(_ lifecycle: String) -> String? { unsteppedTables[lifecycle] }

    /// Tables no actor steps at all: none since LC-06, LC-11 and the LC-02 refund are stepped. Kept,
    /// so that a table a change stops stepping says why.
    static let unsteppedTables: [String: String] = [:]

    private static let noTimeInScreening = "the gateway screens a sale in the call that submits it (3-D Secure or "
        + "not, from the card's enrolment), so no time passes in screening for a cancel or a deadline to land in"

    /// Pairs of stepped tables, by lifecycle; `* × event` stands for every state of that event.
    static let pairs: [String: [String: String]] = [
        "LC-01 Sale": [
            "screening × abandon": noTimeInScreening,
            "screening × deadline": noTimeInScreening,
        ],
        "LC-06 ThreeDS": [
            "aReqSent × erro": "the directory server answers Erro only for a BIN range without an ACS, whose cards are "
                + "never enrolled, and the gateway asks only for enrolled cards",
        ],
        "LC-11 Provisioning": [
            "initiated × timeout": "the app hands the pass request to the wallet in the tokenize answer's own callback, "
                + "so no time passes in initiated; a customer who leaves the wallet's sheet open waits in pnoActivating",
        ],
    ]
}
