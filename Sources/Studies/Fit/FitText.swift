import Foundation
import Reporting
import Scenarios

/// What `paystorm fit` prints: a summary of the observations, the ranked candidates, and the
/// strings to paste into a scenario.
public enum FitText {
    public static func render(_ fit: DistributionFit, file: String, column: DurationColumn, exact: String) -> String {
        let columnText: String
        switch column {
        case .sole: columnText = ""
        case .number(let number): columnText = ", column \(number)"
        case .named(let name): columnText = ", column \"\(name)\""
        }
        var lines = ["\(file)\(columnText): \(SummaryTable.grouped(UInt64(fit.sorted.count))) observed durations; "
                     + "min \(milliseconds(fit.sorted.first ?? 0)), median \(milliseconds(quantile(fit, 0.5))), "
                     + "p99 \(milliseconds(quantile(fit, 0.99))), max \(milliseconds(fit.sorted.last ?? 0))", ""]
        if !fit.candidates.isEmpty {
            let width = max(12, fit.candidates.map(\.model.scenarioSyntax.count).max() ?? 0)
            lines.append("rank  " + "distribution".padding(width) + "  KS D      p-value   A²          ΔBIC")
            let bestBIC = fit.candidates[0].bic
            for (index, candidate) in fit.candidates.enumerated() {
                lines.append(String(index + 1).leftPadded(4) + "  " + candidate.model.scenarioSyntax.padding(width)
                             + "  " + SummaryTable.fixed(candidate.fit.kolmogorovSmirnov, 4).padding(8)
                             + "  " + pValue(candidate.fit.pValue).padding(8)
                             + "  " + compact(candidate.fit.andersonDarling).padding(10)
                             + "  " + SummaryTable.fixed(candidate.bic - bestBIC, 1))
            }
        }
        for (family, reason) in fit.skipped { lines.append("not fitted: \(family.rawValue): \(reason)") }
        if fit.zerosReplaced > 0 { lines.append(zerosNote(fit)) }
        if let rejected = rejectionNote(fit) { lines += ["", rejected] }
        lines += ["", "best:  \(fit.proposal)",
                  "exact: \(exact)  (the file itself; a scenario reads the path relative to its own directory)",
                  "", "Maximum likelihood fits, ranked by BIC; p-values are approximate (the parameters come from the same data)."]
        return lines.joined(separator: "\n")
    }

    /// Says that even the best family is rejected, and what to use instead; nil when it is not.
    public static func rejectionNote(_ fit: DistributionFit) -> String? {
        guard fit.bestIsRejected, let best = fit.candidates.first else { return nil }
        return "warning: even the best fit is rejected (KS p < 0.01, D = \(SummaryTable.fixed(best.fit.kolmogorovSmirnov, 4)), "
            + "the largest gap between the CDFs): the durations may be multi-modal or have a tail no single family has. "
            + "The exact line replays them as they are; a mixture(…) of two families may fit."
    }

    /// Says that zeros were counted as a small positive duration for the families that need one.
    public static func zerosNote(_ fit: DistributionFit) -> String {
        "note: \(fit.zerosReplaced) zero duration\(fit.zerosReplaced == 1 ? "" : "s") counted as half the smallest "
            + "positive one for lognormal, gamma, weibull and pareto"
    }

    /// The quantile of the observations at `p`, as `EmpiricalTable` interpolates it.
    public static func quantile(_ fit: DistributionFit, _ p: Double) -> Double {
        let sorted = fit.sorted
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let position = p * Double(sorted.count - 1)
        let index = min(Int(position), sorted.count - 2)
        return sorted[index] + (position - Double(index)) * (sorted[index + 1] - sorted[index])
    }

    /// `21.03 ms`: four significant digits.
    public static func milliseconds(_ nanoseconds: Double) -> String { compact(nanoseconds / 1e6) + " ms" }

    /// Four significant digits, or an exponent for the very large.
    public static func compact(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if abs(value) >= 1e7 { return String(format: "%.3e", value) }
        return significant(value)
    }

    public static func significant(_ value: Double) -> String {
        guard value != 0 else { return "0" }
        let magnitude = Int(log10(abs(value)).rounded(.down))
        let decimals = max(0, 3 - magnitude)
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// `0.88`, `< 0.001`.
    public static func pValue(_ p: Double) -> String { p < 0.001 ? "< 0.001" : SummaryTable.fixed(p, 3) }
}

extension String {
    /// The string padded with spaces on the right to `width`.
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
