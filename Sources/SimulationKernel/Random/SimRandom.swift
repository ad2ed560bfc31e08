/// The simulation's own pseudo-random generator: xoshiro256++ seeded through SplitMix64.
///
/// Every random choice in a run comes from a `SimRandom` derived from the run's one seed, so a
/// seed replays the run exactly. We own every algorithm between the 64-bit words and the values
/// the simulation uses (bounded integers, unit doubles, shuffles), so a toolchain upgrade cannot
/// change what a seed gives. For the same reason `SimRandom` does not conform to
/// `RandomNumberGenerator`: `Int.random(in:using:)` and `shuffled(using:)` are out of reach, and
/// their algorithms are the toolchain's to change.
///
/// Components take their own stream at setup, in a fixed order (`split()`), or by a stable id
/// (`stream(for:)`), so a new draw in one component does not shift another component's draws.
///
/// Not guaranteed: cryptographic quality (xoshiro256++ is predictable from its output), or that
/// values stay the same if this file changes. The golden test pins the first draws.
///
/// ```swift
/// @Test func aSeedReplaysItsDraws() {
///     var first = SimRandom(seed: 42)
///     var second = SimRandom(seed: 42)
///     #expect(first.int(in: 1...6) == second.int(in: 1...6))
/// }
/// ```
public struct SimRandom: Sendable, Hashable {
    // The four xoshiro256 state words. SplitMix64 seeding never makes them all zero (the one
    // state xoshiro cannot leave), because four consecutive SplitMix64 outputs are distinct.
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// A generator whose whole sequence is decided by `seed`.
    ///
    /// The seed goes through SplitMix64, as Vigna recommends, so nearby seeds (0, 1, 2 …) still
    /// give unrelated streams. Distinct seeds give distinct initial states.
    @inlinable public init(seed: UInt64) {
        var state = seed
        s0 = Self.splitMix64(&state)
        s1 = Self.splitMix64(&state)
        s2 = Self.splitMix64(&state)
        s3 = Self.splitMix64(&state)
    }

    /// One step of SplitMix64 (Steele, Lea and Flood; Vigna's `splitmix64.c`).
    @inlinable static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix64(state)
    }

    /// A fixed, well-spread hash of a 64-bit value: one SplitMix64 step from `value`. The same in
    /// every run, for what follows from an identity rather than from a stream (a customer's
    /// devices, the cards short of funds).
    @inlinable public static func hash(_ value: UInt64) -> UInt64 { mix64(value &+ 0x9E37_79B9_7F4A_7C15) }

    /// SplitMix64's finalizer: a bijection on 64-bit words with good avalanche.
    @inlinable static func mix64(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inlinable static func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 &- count))
    }

    /// The next 64 random bits (xoshiro256++, Blackman and Vigna, 2019).
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable public mutating func next() -> UInt64 {
        let result = Self.rotateLeft(s0 &+ s3, 23) &+ s0
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotateLeft(s3, 45)
        return result
    }

    /// A child stream for one component, derived from this one; advances this stream by one draw.
    ///
    /// Call it at setup in a fixed order: the child depends on how many draws came before.
    @inlinable public mutating func split() -> SimRandom { SimRandom(seed: next()) }

    /// A stream for the component `id`, derived from the current state without advancing it.
    ///
    /// Use it when components are identified by stable ids rather than created in a fixed order:
    /// the same state and id always give the same stream. For one state, distinct ids give
    /// distinct seeds, because the mixing below is a bijection of `id`. Streams derived from
    /// different states are not guaranteed to differ, only overwhelmingly likely to.
    @inlinable public func stream(for id: UInt64) -> SimRandom {
        // Each step xors a state word into a bijectively mixed value, so the whole chain stays a
        // bijection of `id` while every state word affects every output bit.
        var mixed = Self.mix64(id &+ 0x9E37_79B9_7F4A_7C15)
        mixed = Self.mix64(mixed ^ s3)
        mixed = Self.mix64(mixed ^ s2)
        mixed = Self.mix64(mixed ^ s1)
        mixed = Self.mix64(mixed ^ s0)
        return SimRandom(seed: mixed)
    }

    /// A uniform integer in a closed range (Lemire's multiply-and-reject).
    ///
    /// As in TigerBeetle there is no half-open twin, so an empty range cannot be asked for. The
    /// full range `0...UInt64.max` returns one `next()`. Other ranges usually take one draw and
    /// take more only on rejection, with probability below `span / 2^64`.
    ///
    /// - Complexity: O(1) expected, no allocation.
    @inlinable public mutating func int(in range: ClosedRange<UInt64>) -> UInt64 {
        let span = range.upperBound &- range.lowerBound &+ 1  // 0 means all 2^64 values.
        if span == 0 { return next() }
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            // 2^64 mod span: the low words below it would over-represent some results.
            let threshold = (0 &- span) % span
            while product.low < threshold { product = next().multipliedFullWidth(by: span) }
        }
        return range.lowerBound + product.high
    }

    /// A uniform index in `0..<count`, for picking an array element.
    ///
    /// - Precondition: `count > 0`; an empty choice is a mistake in the caller.
    @inlinable public mutating func index(below count: Int) -> Int {
        precondition(count > 0, "SimRandom.index(below:): count must be positive, got \(count)")
        return Int(truncatingIfNeeded: int(in: 0...UInt64(count - 1)))
    }

    /// A uniform `Double` in `[0, 1)`: the top 53 bits of one draw, scaled by 2^-53.
    ///
    /// Every value is a multiple of 2^-53, so `1 - unitInterval()` is exact and never 0, which the
    /// distributions rely on to take its logarithm.
    @inlinable public mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability exactly `p`.
    ///
    /// Always draws (at least once), even for `Ratio.zero` and `Ratio.one`, so changing a rate in
    /// a scenario does not shift the draws that follow.
    @inlinable public mutating func chance(_ p: Ratio) -> Bool {
        int(in: 1...p.denominator) <= p.numerator
    }

    /// One of `shares`' values, each with the probability of its share, or nil with what is left
    /// (the shares add up to at most 1). Always one draw, so a share changed in a scenario moves
    /// no other draw.
    public mutating func pick<Value>(_ shares: [(Value, Ratio)]) -> Value? {
        let draw = unitInterval()
        var below = 0.0
        for (value, share) in shares {
            below += Double(share.numerator) / Double(share.denominator)
            if draw < below { return value }
        }
        return nil
    }

    /// Shuffles `array` in place (Fisher–Yates, drawing with our own `index(below:)`).
    ///
    /// Uses `count - 1` bounded draws; the order of the result depends only on the stream.
    ///
    /// - Complexity: O(n), no allocation unless `array` shares its storage.
    @inlinable public mutating func shuffle<T>(_ array: inout [T]) {
        var last = array.count - 1
        while last > 0 {
            let other = index(below: last + 1)
            array.swapAt(last, other)
            last -= 1
        }
    }
}
