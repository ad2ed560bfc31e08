import SimulationKernel

/// A customer of the run's population: the person behind a lifecycle, who owns devices, a card,
/// a wallet and saved cards that outlive any one lifecycle (design §4.5).
public struct CustomerID: Hashable, Sendable, Comparable, BitwiseCopyable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "customer#\(rawValue)" }
}

/// The run's customers, fixed for the run so memory does not grow with the lifecycles run, and
/// what each owns. Popularity is Zipf: customer 0 is the most popular, so with a skew near 1 a few
/// customers have many lifecycles at once and meet themselves on their card, wallet and tokens.
///
/// What a customer owns follows from its number, so nothing is stored per customer: customer c
/// holds card c mod `cards`, wallet c, and 1–3 devices drawn from a hash of c and the run's seed.
struct Population {
    let count: Int
    private let cards: Int
    private let popularity: ZipfSampler
    private let deviceSeed: UInt64
    /// Most devices a customer has.
    static let maximumDevices = 3

    init(customers: Int, skew: Double, cards: Int, random: inout SimRandom) {
        count = customers
        self.cards = cards
        popularity = ZipfSampler(count: customers, exponent: skew)
        deviceSeed = random.next()
    }

    /// The customer of a new lifecycle, by popularity.
    func pickCustomer(_ random: inout SimRandom) -> CustomerID {
        CustomerID(UInt32(popularity.nextRank(&random) - 1))
    }

    /// The customer's card at the issuer.
    func card(of customer: CustomerID) -> CardID { CardID(UInt32(Int(customer.rawValue) % cards)) }

    /// How many devices (phones) the customer has: 1 to `maximumDevices`.
    func devices(of customer: CustomerID) -> Int {
        1 + Int(SimRandom.hash(deviceSeed ^ UInt64(customer.rawValue)) % UInt64(Self.maximumDevices))
    }
}
