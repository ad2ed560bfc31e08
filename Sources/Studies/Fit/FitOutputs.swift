import Foundation
import Reporting
import Scenarios

/// fit.json and report.html for `paystorm fit --out DIR`.
public enum FitOutputs {
    public static func json(_ fit: DistributionFit, file: String, column: DurationColumn, exact: String) -> JSONOutput {
        let columnValue: JSONOutput
        switch column {
        case .sole: columnValue = .null
        case .number(let number): columnValue = .integer(Int64(number))
        case .named(let name): columnValue = .string(name)
        }
        let bestBIC = fit.candidates.first?.bic ?? 0
        let candidates: [JSONOutput] = fit.candidates.enumerated().map { index, candidate in
            .object([
                ("rank", .integer(Int64(index + 1))),
                ("family", .string(candidate.model.family.rawValue)),
                ("distribution", .string(candidate.model.scenarioSyntax)),
                ("method", .string(candidate.method)),
                ("parameters", .object(candidate.model.parameters.map { ($0.name, .number($0.value)) })),
                ("ks_d", .number(candidate.fit.kolmogorovSmirnov)),
                ("ks_p_value", .number(candidate.fit.pValue)),
                ("anderson_darling", .number(candidate.fit.andersonDarling)),
                ("log_likelihood", .number(candidate.logLikelihood)),
                ("bic", .number(candidate.bic)),
                ("delta_bic", .number(candidate.bic - bestBIC)),
            ])
        }
        return .object([
            ("file", .string(file)),
            ("column", columnValue),
            ("observations", .integer(Int64(fit.sorted.count))),
            ("summary_ms", .object([
                ("min", .number((fit.sorted.first ?? 0) / 1e6)),
                ("mean", .number(fit.sorted.reduce(0, +) / Double(max(1, fit.sorted.count)) / 1e6)),
                ("p50", .number(FitText.quantile(fit, 0.5) / 1e6)),
                ("p90", .number(FitText.quantile(fit, 0.9) / 1e6)),
                ("p99", .number(FitText.quantile(fit, 0.99) / 1e6)),
                ("max", .number((fit.sorted.last ?? 0) / 1e6)),
            ])),
            ("best", .string(fit.proposal)),
            ("best_rejected", .bool(fit.bestIsRejected)),
            ("exact", .string(exact)),
            ("ranked_by", .string("BIC: k log n - 2 log L, lowest first")),
            ("candidates", .array(candidates)),
            ("zeros_replaced", .integer(Int64(fit.zerosReplaced))),
            ("not_fitted", .array(fit.skipped.map { .object([("family", .string($0.family.rawValue)), ("reason", .string($0.reason))]) })),
        ])
    }

    public static func html(_ fit: DistributionFit, file: String, exact: String, command: String) -> String {
        var report = HTMLReport(title: "Distribution fit: \(file)",
                                subtitle: ["\(SummaryTable.grouped(UInt64(fit.sorted.count))) observed durations", command])
        var figures = [KeyFigure(label: "observations", value: SummaryTable.grouped(UInt64(fit.sorted.count))),
                       KeyFigure(label: "median", value: FitText.milliseconds(FitText.quantile(fit, 0.5))),
                       KeyFigure(label: "p99", value: FitText.milliseconds(FitText.quantile(fit, 0.99)))]
        if let best = fit.candidates.first {
            figures.append(KeyFigure(label: "best fit", value: best.model.family.rawValue, detail: best.model.scenarioSyntax))
            figures.append(KeyFigure(label: "KS D", value: SummaryTable.fixed(best.fit.kolmogorovSmirnov, 4),
                                     detail: "p ≈ " + FitText.pValue(best.fit.pValue)))
            figures.append(KeyFigure(label: "Anderson–Darling A²", value: FitText.compact(best.fit.andersonDarling)))
        }
        report.addSection("Proposal", [
            .keyFigures(figures),
            .list(["best: \(fit.proposal)", "exact: \(exact) (the file itself, its path relative to the scenario's directory)"]),
        ] + (FitText.rejectionNote(fit).map { [.note($0)] } ?? []))
        if !fit.candidates.isEmpty {
            report.addSection("Observed against fitted", [
                .chart(cdfChart(fit), caption: "The empirical CDF of the observations (solid) and each fitted CDF (dashed)."),
                .chart(tailChart(fit), caption: "The share of observations above each duration, on a log scale: where "
                       + "latency percentiles live, and where a family with the wrong tail shows it."),
            ])
        }
        report.addSection("Candidates", [.table(table(fit))] + (fit.zerosReplaced > 0 ? [.note(FitText.zerosNote(fit))] : []) + [.note(
            "Parameters by maximum likelihood (the gamma and Weibull shapes by Newton's method, the Pareto scale "
            + "bias-corrected). Ranked by BIC = k log n − 2 log L. KS D is the largest gap between the CDFs; its p-value "
            + "is approximate and generous, since the parameters were fitted to the same data. A² weights the tails.")])
        return report.render()
    }

    /// Up to `count` points of the empirical CDF, evenly spaced in rank.
    public static func observedPoints(_ fit: DistributionFit, count: Int = 400, survival: Bool = false) -> [ChartPoint] {
        let n = fit.sorted.count
        let step = max(1, n / count)
        var indices = Array(stride(from: 0, to: n, by: step))
        if indices.last != n - 1 { indices.append(n - 1) }
        return indices.map { index in
            let x = fit.sorted[index] / 1e6
            // P(X > x) at the largest observation is 0, which a log axis cannot show: plot P(X >= x).
            return ChartPoint(x: x, y: survival ? Double(n - index) / Double(n) : Double(index + 1) / Double(n))
        }
    }

    /// A log x axis when the observations span two decades or more (heavy tails), linear otherwise.
    public static func xScale(_ fit: DistributionFit) -> AxisScale.Kind {
        guard let low = fit.sorted.first(where: { $0 > 0 }), let high = fit.sorted.last else { return .linear }
        return high / low >= 100 ? .logarithmic : .linear
    }

    /// 200 durations in milliseconds from the smallest observation to the largest, spaced to suit `scale`.
    public static func grid(_ fit: DistributionFit, scale: AxisScale.Kind) -> [Double] {
        let low = (scale == .logarithmic ? fit.sorted.first(where: { $0 > 0 }) : fit.sorted.first) ?? 0
        let high = fit.sorted.last ?? 1
        return (0..<200).map { step in
            let t = Double(step) / 199
            return (scale == .logarithmic ? low * pow(high / low, t) : low + t * (high - low)) / 1e6
        }
    }

    public static func cdfChart(_ fit: DistributionFit) -> LineChart {
        let scale = xScale(fit)
        var chart = LineChart(title: "Cumulative distribution", xAxis: ChartAxis("duration", unit: "ms"),
                              yAxis: ChartAxis("P(X ≤ x)"))
        chart.xScale = scale
        chart.series.append(LineSeries(name: "observed", points: observedPoints(fit), style: .outline, colorIndex: 6))
        for (index, candidate) in fit.candidates.enumerated() {
            let points = grid(fit, scale: scale).map { ChartPoint(x: $0, y: candidate.model.cdf($0 * 1e6)) }
            chart.series.append(LineSeries(name: candidate.model.scenarioSyntax, points: points, style: .dashed, colorIndex: index))
        }
        return chart
    }

    public static func tailChart(_ fit: DistributionFit) -> LineChart {
        let scale = xScale(fit)
        var chart = LineChart(title: "Tail", xAxis: ChartAxis("duration", unit: "ms"), yAxis: ChartAxis("P(X > x)"),
                              yScale: .logarithmic, yIncludesZero: false)
        chart.xScale = scale
        chart.series.append(LineSeries(name: "observed", points: observedPoints(fit, survival: true), style: .outline,
                                       colorIndex: 6))
        // Below one observation in the file the fitted tail says nothing the data can check.
        let floor = 0.5 / Double(fit.sorted.count)
        for (index, candidate) in fit.candidates.enumerated() {
            let points = grid(fit, scale: scale).compactMap { x -> ChartPoint? in
                let survival = candidate.model.probabilities(x * 1e6).survival
                return survival >= floor ? ChartPoint(x: x, y: survival) : nil
            }
            chart.series.append(LineSeries(name: candidate.model.scenarioSyntax, points: points, style: .dashed, colorIndex: index))
        }
        return chart
    }

    public static func table(_ fit: DistributionFit) -> HTMLTable {
        let bestBIC = fit.candidates.first?.bic ?? 0
        var rows = fit.candidates.enumerated().map { index, candidate in
            ["\(index + 1)", candidate.model.scenarioSyntax, SummaryTable.fixed(candidate.fit.kolmogorovSmirnov, 4),
             FitText.pValue(candidate.fit.pValue), FitText.compact(candidate.fit.andersonDarling),
             SummaryTable.fixed(candidate.bic - bestBIC, 1), candidate.method]
        }
        rows += fit.skipped.map { ["–", $0.family.rawValue, "", "", "", "", "not fitted: " + $0.reason] }
        return HTMLTable(columns: [HTMLTable.Column("rank"), HTMLTable.Column("distribution", alignment: .left),
                                   HTMLTable.Column("KS D"), HTMLTable.Column("p-value"), HTMLTable.Column("A²"),
                                   HTMLTable.Column("ΔBIC"), HTMLTable.Column("method", alignment: .left)],
                         rows: rows)
    }
}
