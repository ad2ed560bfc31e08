/// "steady state": the verdict's lines, then each judged figure over the windows after the
/// warm-up beside the straight line the trend test fitted, so that a drift is seen and not only read.
extension RunReport {
    /// A figure of `steady_state.series`: its key there, its name in `trends`, and how it is drawn.
    private struct SteadyFigure {
        let key: String
        let trend: String
        let title: String
        let axis: ChartAxis
        let scale: Double
    }

    private static let steadyFigures = [
        SteadyFigure(key: "success", trend: "success", title: "Success", axis: ChartAxis("success", unit: "%"), scale: 100),
        SteadyFigure(key: "p99_ms", trend: "p99", title: "Latency p99", axis: ChartAxis("p99, its seconds' median", unit: "s"),
                     scale: 0.001),
        SteadyFigure(key: "in_flight", trend: "in flight", title: "Lifecycles in flight", axis: ChartAxis("in flight"), scale: 1),
        SteadyFigure(key: "held_minor_units", trend: "held", title: "Money held on cards",
                     axis: ChartAxis("held", unit: "minor units"), scale: 1),
    ]

    static func steadyStateBlocks(_ lines: [String], extra: [(String, JSONOutput)]) -> [HTMLReport.Block] {
        var blocks: [HTMLReport.Block] = [.list(lines)]
        guard case .object(let steady)? = member(extra, "steady_state"), case .array(let series)? = member(steady, "series"),
              series.count >= 2 else { return blocks }
        let windows = series.compactMap { window -> [(String, JSONOutput)]? in
            guard case .object(let fields) = window else { return nil }
            return fields
        }
        var drifting: Set<String> = []
        if case .array(let trends)? = member(steady, "trends") {
            for case .object(let trend) in trends where member(trend, "drifting") == .bool(true) {
                if case .string(let name)? = member(trend, "figure") { drifting.insert(name) }
            }
        }
        for figure in steadyFigures {
            let points = windows.compactMap { window -> ChartPoint? in
                guard let start = double(member(window, "start")), let end = double(member(window, "end")),
                      let value = double(member(window, figure.key)) else { return nil }
                return ChartPoint(x: (start + end) / 2, y: value * figure.scale)
            }
            guard points.count >= 2, points.contains(where: { $0.y != 0 }) else { continue }
            let verdict = drifting.contains(figure.trend) ? "drifting" : "holds still"
            let chart = LineChart(title: "\(figure.title) by window: \(verdict)",
                                  xAxis: Timeline.timeAxis, yAxis: figure.axis, yIncludesZero: false,
                                  series: [LineSeries(name: "each window's", points: points, colorIndex: 0),
                                           LineSeries(name: "the fitted trend", points: fittedLine(points), style: .dashed,
                                                      colorIndex: 3)],
                                  plotHeight: 140)
            blocks.append(.chart(chart))
        }
        return blocks
    }

    /// The least-squares line through `points`, drawn from the first to the last.
    public static func fittedLine(_ points: [ChartPoint]) -> [ChartPoint] {
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / n, meanY = points.reduce(0) { $0 + $1.y } / n
        let sxx = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        let slope = sxx > 0 ? points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) } / sxx : 0
        return [points[0], points[points.count - 1]].map { ChartPoint(x: $0.x, y: meanY + slope * ($0.x - meanX)) }
    }

    private static func double(_ value: JSONOutput?) -> Double? {
        switch value {
        case .number(let number)?: number
        case .integer(let number)?: Double(number)
        case .unsigned(let number)?: Double(number)
        default: nil
        }
    }
}
