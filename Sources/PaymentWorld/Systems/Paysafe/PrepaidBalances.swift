import SimulationKernel

/// The prepaid balances the Paysafe platform keeps as its cards' issuer-processor (domain §2.3):
/// one account per customer, which every card of theirs spends (the seed's `Card.accountId`, so a
/// replacement card keeps the balance), and a ticket per purchase in flight with its hold.
///
/// An account is a card's two ledger accounts (`WorldLedger.openPrepaidAccount`), opened at the
/// customer's first card and loaded with `workload.cards.balance`, as every card of the workload
/// is; a short-of-funds customer's opens empty. Top-ups follow `workload.cards.income` as the
/// issuer's income does: each customer earns that share of what their prepaid purchases are
/// expected to spend, credited only when a purchase needs it.
///
/// Plain data in dense arrays: by customer, and a pool of tickets whose freed places are reused in
/// the order they were freed, so the same run gives every ticket the same place.
struct PrepaidBalances {
    struct Account {
        /// The account's number in the ledger; nil until the customer's first card.
        var card: CardID?
        /// When income was last credited, and the fraction of a minor unit carried over.
        var incomeSince: Int64 = 0
        var incomeCarry = 0.0
    }

    /// One purchase's ticket at the platform, from its first ask to the network until it is
    /// captured, declined or given up: whether the issuer-processor holds money for it.
    struct Ticket {
        enum State: UInt8 {
            /// Asked; the issuer-processor has not decided (or its decision is on the way back).
            case pending
            /// Approved: `amount` is held on `card`.
            case held
            /// Captured, declined or given up: a late request or timer finds nothing to do.
            case closed
        }

        var lifecycle = LifecycleID.none
        var card = CardID(0)
        var amount: Int64 = 0
        /// Bumped at each reuse of the place, so a timer or a session of an earlier ticket finds nothing.
        var serial: UInt32 = 0
        var state = State.closed
    }

    private(set) var accounts: [Account] = []
    private(set) var tickets: [Ticket] = []
    private var freeTickets: [Int] = []
    /// Each customer's income per virtual second, in minor units; empty without income.
    private let incomeRates: [Double]
    /// What a purchase reads of the run's configuration, kept here: reading it through the
    /// context copied the whole configuration on each purchase.
    let cards: CardPopulation
    let fee: Ratio
    let authorizationTimeout: SimDuration

    init(_ configuration: PaymentsConfiguration, popularity: () -> [Double]) {
        incomeRates = Self.incomeRates(configuration, popularity: popularity)
        cards = configuration.cards
        fee = configuration.fee
        authorizationTimeout = configuration.timeouts.authorization
        // Customers meet the platform in any order: room for all of them at once, rather than the
        // array's growth copying what it holds each time a higher customer number comes.
        if zip(PaymentFlow.allCases, configuration.mix).contains(where: { $0.steps.contains(.prepaidPurchase) && $1 > 0 }) {
            accounts.reserveCapacity(configuration.customers)
        }
    }

    /// A new account's opening balance: the workload's, or nothing for a short-of-funds customer
    /// (who lives on their top-ups, so their declines for the balance come at a steady rate).
    func openingBalance(of customer: Int) -> Int64 {
        cards.income > 0 && cards.isShortOfFunds(customer) ? 0 : cards.balance
    }

    /// What each customer is expected to spend on prepaid purchases per second, times `income`:
    /// the run's rate, the share of flows that make a prepaid purchase, the mean amount and the
    /// customer's Zipf popularity; short-of-funds customers earn `CardPopulation.shortIncome` of it.
    /// Empty (no top-ups) without income or without such flows, so other scenarios compute nothing.
    static func incomeRates(_ configuration: PaymentsConfiguration, popularity: () -> [Double]) -> [Double] {
        let cards = configuration.cards
        let total = configuration.mix.reduce(0, +)
        let purchasing = zip(PaymentFlow.allCases, configuration.mix).filter { $0.0.steps.contains(.prepaidPurchase) }
            .reduce(0) { $0 + $1.1 }
        guard cards.income > 0, total > 0, purchasing > 0, configuration.customers > 0 else { return [] }
        let meanAmount = Double(configuration.amounts.lowerBound + configuration.amounts.upperBound) / 2
        let perSecond = cards.income * configuration.rate * purchasing / total * meanAmount
        var rates = popularity()
        for customer in rates.indices {
            rates[customer] = rates[customer] * perSecond * (cards.isShortOfFunds(customer) ? CardPopulation.shortIncome : 1)
        }
        return rates
    }

    /// The customer's account, if they have one.
    func account(of customer: Int) -> CardID? { customer < accounts.count ? accounts[customer].card : nil }

    /// Records the customer's new account, opened at `now`.
    mutating func record(_ card: CardID, for customer: Int, at now: SimTime) {
        while accounts.count <= customer { accounts.append(Account()) }
        accounts[customer] = Account(card: card, incomeSince: now.nanoseconds)
    }

    /// The whole minor units the customer earned since their last credit (the rest carried over).
    mutating func takeIncome(of customer: Int, at now: SimTime) -> Int64 {
        guard customer < incomeRates.count, customer < accounts.count else { return 0 }
        let earned = incomeRates[customer] * Double(now.nanoseconds - accounts[customer].incomeSince) / 1e9
            + accounts[customer].incomeCarry
        accounts[customer].incomeSince = now.nanoseconds
        let whole = earned.rounded(.down)
        accounts[customer].incomeCarry = earned - whole
        return whole >= 1 ? Int64(min(whole, 1e15)) : 0
    }

    /// Opens a pending ticket in a free place; returns the place and its serial, which the
    /// purchase's session and its timer carry.
    mutating func openTicket(_ lifecycle: LifecycleID) -> (index: Int, serial: UInt32) {
        let index: Int
        if let free = freeTickets.popLast() {
            index = free
        } else {
            index = tickets.count
            tickets.append(Ticket())
        }
        let serial = tickets[index].serial &+ 1
        tickets[index] = Ticket(lifecycle: lifecycle, serial: serial, state: .pending)
        return (index, serial)
    }

    /// The ticket at `index` if it is still the one of `serial` and not closed.
    func ticket(at index: Int, serial: UInt32) -> Ticket? {
        guard index >= 0, index < tickets.count, tickets[index].serial == serial, tickets[index].state != .closed else {
            return nil
        }
        return tickets[index]
    }

    /// The issuer-processor held `amount` on `card` for the ticket's purchase.
    mutating func hold(_ amount: Int64, on card: CardID, at index: Int) {
        tickets[index].card = card
        tickets[index].amount = amount
        tickets[index].state = .held
    }

    /// Closes a ticket (captured, declined or given up) and frees its place.
    mutating func close(at index: Int) {
        tickets[index].state = .closed
        freeTickets.append(index)
    }
}
