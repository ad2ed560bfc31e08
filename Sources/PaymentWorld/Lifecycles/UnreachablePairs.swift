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

    /// Why no actor steps `lifecycle`'s table at all, or nil when one does.
    public static func unstepped(_ lifecycle: String) -> String? { unsteppedTables[lifecycle] }

    /// Tables no actor steps at all: none since LC-06, LC-11 and the LC-02 refund are stepped. Kept,
    /// so that a table a change stops stepping says why.
    static let unsteppedTables: [String: String] = [:]

    private static let neverSent = "no actor sends it: the gateway arms no payment deadline (a lost answer goes to "
        + "LC-12 and ends approved or declined)"

    private static let notAbandoned = "the customer abandons a sale only by cancelling its 3-D Secure challenge "
        + "(behaviour.challengeAbandon), in authenticating; elsewhere they walk away only at the SDK steps, before "
        + "the card core"

    /// Pairs of stepped tables, by lifecycle; `* × event` stands for every state of that event.
    static let pairs: [String: [String: String]] = [
        "LC-01 Sale": [
            "created × abandon": notAbandoned,
            "screening × abandon": notAbandoned,
            "authorizing × abandon": notAbandoned,
            "outcomeUnknown × abandon": notAbandoned,
            "cascading × abandon": notAbandoned,
            "* × deadline": neverSent,
            "authorizing × technicalError": "no acquirer answers with a technical error: a lost or refused message times "
                + "out and goes to LC-12",
        ],
        "LC-02 Authorization": [
            "authorized × void": "a merchant voids only an authorization whose capture was refused, which needs a "
                + "capture above the authorization or after the limit; merchants do not cancel authorized orders in the "
                + "model (no seed has a code that tells the customer so)",
        ],
        "LC-04 Token": [
            "requested × expire": "card-on-file tokens do not expire in the model",
            "active × expire": "card-on-file tokens do not expire in the model",
            "active × suspend": "card-on-file tokens are not suspended in the model",
            "suspended × resume": "card-on-file tokens are not suspended in the model",
            "suspended × delete": "card-on-file tokens are not suspended in the model",
            "suspended × expire": "card-on-file tokens are not suspended in the model",
        ],
        "LC-09 PrepaidCard": [
            "* × expiryReached": "a card's expiry date is years away: none falls inside a run",
        ],
        "LC-06 ThreeDS": [
            "aReqSent × erro": "the directory server answers Erro only for a BIN range without an ACS, whose cards are "
                + "never enrolled, and the gateway asks only for enrolled cards",
        ],
        "LC-11 Provisioning": [
            "initiated × timeout": "the app hands the pass request to the wallet in the tokenize answer's own callback, "
                + "so no time passes in initiated; a customer who leaves the wallet's sheet open waits in pnoActivating",
        ],
        "LC-12 OutcomeResolution": [
            "outcomeUnknown × acquirerTimeoutPassed": "every seed scenario asks before it reverses (policies.inquiries > 0)",
            "outcomeUnknown × originalReply": "the gateway asks or reverses at once, so an unknown outcome waits in "
                + "inquiring or reversing, never in outcomeUnknown itself",
        ],
    ]
}
