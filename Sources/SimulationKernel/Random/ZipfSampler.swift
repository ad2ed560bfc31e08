#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws ranks 1…n with probability proportional to 1 / rank^s: popularity where a few are hot
/// (s ≈ 1) or all are alike (s = 0).
///
/// Rejection-inversion (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates
/// from monotone discrete distributions", ACM TOMACS 6(3), 1996): constant memory and constant
/// expected time whatever n is, so a population of ten million costs nothing to set up. Each draw
/// takes one or more `unitInterval()`s from the caller's stream, so it is as reproducible as the
/// stream.
public struct ZipfSampler: Sendable, Hashable {
    /// The number of ranks: draws are 1…`count`.
    public let count: Int
    /// The exponent `s`: 0 makes every rank alike; the larger it is, the more low ranks win.
    public let exponent: Double
    private let hIntegralX1: Double
    private let hIntegralCount: Double
    private let squeeze: Double

    /// - Parameters:
    ///   - count: how many ranks, at least 1.
    ///   - exponent: 0 or more.
    public init(count: Int, exponent: Double) {
        precondition(count >= 1 && exponent >= 0, "ZipfSampler: count \(count), exponent \(exponent)")
        self.count = count
        self.exponent = exponent
        hIntegralX1 = Self.hIntegral(1.5, exponent) - 1
        hIntegralCount = Self.hIntegral(Double(count) + 0.5, exponent)
        squeeze = 2 - Self.hIntegralInverse(Self.hIntegral(2.5, exponent) - Self.h(2, exponent), exponent)
    }

    /// A rank from 1 to `count`.
    public func nextRank(_ random: inout SimRandom) -> Int {
        if exponent == 0 || count == 1 { return Int(random.int(in: 1...UInt64(count))) }
        while true {
            let u = hIntegralCount + random.unitInterval() * (hIntegralX1 - hIntegralCount)
            let x = Self.hIntegralInverse(u, exponent)
            var k = Int(x + 0.5)
            if k < 1 { k = 1 } else if k > count { k = count }
            if Double(k) - x <= squeeze || u >= Self.hIntegral(Double(k) + 0.5, exponent) - Self.h(Double(k), exponent) {
                return k
            }
        }
    }

    /// The probability of `rank`, for tests and reports: (1 / rank^s) / H(n, s).
    public func probability(of rank: Int) -> Double {
        var total = 0.0
        for k in 1...count { total += Self.h(Double(k), exponent) }
        return Self.h(Double(rank), exponent) / total
    }

    /// Every rank's probability, rank 1 first, in one pass.
    public func probabilities() -> [Double] {
        // Plain loops over one buffer: a population's setup runs this over every customer, and the
        // closures of map and reduce cost a debug build (the tests') far more than the arithmetic.
        let ranks = max(1, count)
        return [Double](unsafeUninitializedCapacity: ranks) { buffer, initialized in
            var total = 0.0
            for index in 0..<ranks {
                let weight = Self.h(Double(index + 1), exponent)
                buffer[index] = weight
                total += weight
            }
            for index in 0..<ranks { buffer[index] /= total }
            initialized = ranks
        }
    }

    /// H(x) = ∫ x^-s, shifted so that it is continuous at s = 1.
    private static func hIntegral(_ x: Double, _ s: Double) -> Double {
        let logX = log(x)
        return helper2((1 - s) * logX) * logX
    }

    private static func h(_ x: Double, _ s: Double) -> Double { exp(-s * log(x)) }

    private static func hIntegralInverse(_ x: Double, _ s: Double) -> Double {
        var t = x * (1 - s)
        if t < -1 { t = -1 }  // Rounding may take it just past the domain's edge.
        return exp(helper1(t) * x)
    }

    /// log(1 + x) / x, well defined at 0.
    private static func helper1(_ x: Double) -> Double {
        abs(x) > 1e-8 ? log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x))
    }

    /// (exp(x) - 1) / x, well defined at 0.
    private static func helper2(_ x: Double) -> Double {
        abs(x) > 1e-8 ? expm1(x) / x : 1 + x * 0.5 * (1 + x * (1.0 / 3) * (1 + 0.25 * x))
    }
}
