import Synchronization

/// Where the tables of `mixture` and `empirical` distributions live: kept for the life of the
/// process, and held by the distributions unretained.
///
/// A `Distribution` is read on every service time, every network hop and every think time, and
/// copied out of configurations as often. Held strongly, a table made the whole enum
/// reference-counted: every copy of any distribution, a constant one included, went through an
/// outlined copy and a retain, and a run of the default world took about 5 % more instructions.
/// Unretained, a distribution is plain bits again. The promise this rests on: a table, once kept,
/// is never freed. Tables are few (one per file and column, cached by the loader; one per mixture
/// a scenario writes), so keeping them costs what they weigh.
enum DistributionStorage {
    private static let kept = Mutex<[any AnyObject & Sendable]>([])

    /// `object`, kept until the process ends, as an unretained reference.
    static func keep<Object: AnyObject & Sendable>(_ object: Object) -> Unmanaged<Object> {
        kept.withLock { $0.append(object) }
        return .passUnretained(object)
    }
}
