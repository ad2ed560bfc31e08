import SimulationKernel

/// report.html for a sweep: latency, throughput and utilization against load with 95 %
/// confidence bands, the knee marked, and Erlang C beside the M/M/c stations.
public enum SweepReport {
    /// - Parameter warnings: lines the sweep printed as warnings (replications too short), shown
    ///   under the summary so the page says what stdout said.
    public static func html(_ analysis: SweepAnalysis, scenario: String, command: String, interrupted: Bool = false,
                            warnings: [String] = []) -> String {
        var report = HTMLReport(title: "Capacity sweep: \(scenario)" + (interrupted ? " (interrupted)" : ""),
                                subtitle: ["\(analysis.points.count) points × \(analysis.plan.replications) replications, "
                                           + "base seed \(analysis.plan.baseSeed)"
                                           + (interrupted ? "; stopped early: only the points whose replications all finished" : ""),
                                           command])
        var figures = [KeyFigure(label: "points", value: "\(analysis.points.count)"),
                       KeyFigure(label: "replications", value: "\(analysis.plan.replications)")]
        let marker = analysis.knee?.knee.map { ChartMarker(x: $0.offeredLoad, label: "knee ≈ \(compact($0.offeredLoad))/s") }
        if let knee = analysis.knee {
            switch knee {
            case .knee(let found):
                figures.append(KeyFigure(label: "saturates at", value: "≈ \(compact(found.offeredLoad))/s", detail: knee.summaryLine,
                                         tone: .bad))
                figures.append(KeyFigure(label: "binding actor", value: found.bindingActor.name,
                                         detail: "utilization \(SummaryTable.fixed(found.bindingActor.utilization, 2))"))
            case .noKnee:
                figures.append(KeyFigure(label: "saturation", value: "none in range", detail: knee.summaryLine, tone: .good))
            }
        }
        report.addSection("Summary", [.keyFigures(figures)] + warnings.map { .note($0) })
        if analysis.plan.axes.count == 1 {
            report.addSection("Latency and throughput against load", [
                .chart(latencyChart(analysis, marker: marker), caption: "Pooled over each point's replications where the sweep kept its payments (sectioning), "
                       + "else means across replications; bands are 95 % confidence intervals."),
                .chart(throughputChart(analysis, marker: marker)),
                .chart(utilizationChart(analysis, marker: marker)),
            ] + (Self.timeVarying(analysis) ? [.chart(peakChart(analysis, marker: marker), caption:
                "Under a ramp, spike or profile the load is the arrivals' peak rate, and a station is judged by its busiest "
                + "second (the highest over the replications): the window's average above dilutes a minute of saturation "
                + "with the quiet seconds around it.")] : []))
            let theory = erlangCharts(analysis)
            if !theory.isEmpty {
                report.addSection("Queueing theory beside the simulation",
                                  theory.map { .chart($0) } + [.note(
                                    "Erlang C assumes Poisson arrivals and exponential service (M/M/c). Stations marked "
                                    + "approximate had waits abandoned at a queue timeout, which Erlang C does not model.")])
            }
        }
        report.addSection("Points", [.table(table(analysis))])
        return report.render()
    }

    static func compact(_ value: Double) -> String { SummaryTable.fixed(value, value < 10 ? 1 : 0) }

    /// Means and their bands, sorted by load. Every figure charted here is non-negative, so a
    /// band's lower end is cut at zero rather than drawn below the axis.
    static func points(_ analysis: SweepAnalysis, _ value: (SweepAnalysis.Point) -> PooledInterval)
        -> ([ChartPoint], [ChartInterval]) {
        let points = analysis.points.sorted { $0.offered < $1.offered }
        return (points.map { ChartPoint(x: $0.offered, y: value($0).estimate) },
                points.map { ChartInterval(lower: max(0, value($0).lower), upper: value($0).upper) })
    }

    static func latencyChart(_ analysis: SweepAnalysis, marker: ChartMarker?) -> LineChart {
        var chart = LineChart(title: "Latency percentiles against offered load", xAxis: ChartAxis("offered load", unit: "per s"),
                              yAxis: ChartAxis("latency", unit: "ms"), yScale: .logarithmic, yIncludesZero: false)
        for (name, value, color) in [("p50", { (p: SweepAnalysis.Point) in p.latencyP50 }, 0),
                                     ("p90", { (p: SweepAnalysis.Point) in p.latencyP90 }, 1),
                                     ("p99", { (p: SweepAnalysis.Point) in p.latencyP99 }, 2)] {
            let (line, band) = points(analysis, value)
            chart.series.append(LineSeries(name: name, points: line, band: band, colorIndex: color))
        }
        if let marker { chart.markers.append(marker) }
        return chart
    }

    static func throughputChart(_ analysis: SweepAnalysis, marker: ChartMarker?) -> LineChart {
        let peak = timeVarying(analysis)
        var chart = LineChart(title: "Throughput achieved against offered",
                              xAxis: ChartAxis(peak ? "peak offered load" : "offered load", unit: "per s"),
                              yAxis: ChartAxis("achieved throughput", unit: "per s"))
        let (line, band) = points(analysis) { $0.achieved }
        chart.series.append(LineSeries(name: "achieved", points: line, band: band, colorIndex: 0))
        // Under a ramp or spike the x axis is the peak rate, which the window's average throughput
        // never reaches even with servers to spare: a y = x line there would read as a shortfall.
        if !peak {
            chart.series.append(LineSeries(name: "offered (y = x)", points: line.map { ChartPoint(x: $0.x, y: $0.x) },
                                           style: .dashed, colorIndex: 7))
        }
        if let marker { chart.markers.append(marker) }
        return chart
    }

    static func utilizationChart(_ analysis: SweepAnalysis, marker: ChartMarker?) -> LineChart {
        var chart = LineChart(title: "Utilization per actor against offered load", xAxis: ChartAxis("offered load", unit: "per s"),
                              yAxis: ChartAxis("utilization", unit: "share of capacity"))
        for (index, name) in (analysis.points.first?.stations.map(\.name) ?? []).enumerated() {
            let (line, band) = points(analysis) { $0.stations[index].utilization }
            chart.series.append(LineSeries(name: name, points: line, band: band, colorIndex: index))
        }
        if let marker { chart.markers.append(marker) }
        return chart
    }

    /// Whether the stations carry busiest-second figures: the arrivals varied over time.
    static func timeVarying(_ analysis: SweepAnalysis) -> Bool {
        analysis.points.contains { $0.stations.contains { $0.peakUtilization != nil } }
    }

    static func peakChart(_ analysis: SweepAnalysis, marker: ChartMarker?) -> LineChart {
        var chart = LineChart(title: "Busiest second's utilization per actor against the peak rate",
                              xAxis: ChartAxis("peak offered load", unit: "per s"),
                              yAxis: ChartAxis("utilization in the busiest second", unit: "share of capacity"))
        let points = analysis.points.sorted { $0.offered < $1.offered }
        for (index, name) in (points.first?.stations.map(\.name) ?? []).enumerated() {
            chart.series.append(LineSeries(name: name, points: points.map {
                ChartPoint(x: $0.offered, y: $0.stations[index].peakUtilization ?? 0)
            }, colorIndex: index))
        }
        if let marker { chart.markers.append(marker) }
        return chart
    }

    static func erlangCharts(_ analysis: SweepAnalysis) -> [LineChart] {
        guard let first = analysis.points.first else { return [] }
        return first.stations.indices.compactMap { index in
            guard analysis.points.allSatisfy({ $0.stations[index].erlang != nil }) else { return nil }
            // A station that never queues (waits under 10 µs, simulated and predicted, at every
            // load) has nothing to compare: its chart would be an axis of zeros.
            let waits = analysis.points.flatMap { point -> [Double] in
                let station = point.stations[index]
                let predicted = station.erlang.flatMap { $0.isStable ? $0.meanWait * 1_000 : nil } ?? 0
                return [station.meanWaitMilliseconds.estimate, predicted]
            }
            guard waits.contains(where: { $0 >= 0.01 }) else { return nil }
            let name = first.stations[index].name + (analysis.points.contains { $0.stations[index].approximate } ? " (approximate)" : "")
            var chart = LineChart(title: "Mean queueing delay at \(name): simulated and Erlang C",
                                  xAxis: ChartAxis("offered load", unit: "per s"), yAxis: ChartAxis("mean wait", unit: "ms"))
            let sorted = analysis.points.sorted { $0.offered < $1.offered }
            let (line, band) = points(analysis) { $0.stations[index].meanWaitMilliseconds }
            chart.series.append(LineSeries(name: "simulated", points: line, band: band, colorIndex: 0))
            let theory = sorted.compactMap { point -> ChartPoint? in
                guard let erlang = point.stations[index].erlang, erlang.isStable else { return nil }
                return ChartPoint(x: point.offered, y: erlang.meanWait * 1_000)
            }
            chart.series.append(LineSeries(name: "Erlang C (M/M/\(first.stations[index].servers))", points: theory,
                                           style: .dashed, colorIndex: 1))
            return chart
        }
    }

    static func table(_ analysis: SweepAnalysis) -> HTMLTable {
        let stations = analysis.points.first?.stations.map(\.name) ?? []
        let peaks = timeVarying(analysis)
        let columns = analysis.plan.axes.map(\.path) + ["offered/s", "achieved/s", "success", "p50 ms", "p99 ms", "p99 ± ms"]
            + stations.map { "\($0) util" } + (peaks ? stations.map { "\($0) busiest s" } + ["first saturated"] : [])
        let rows = analysis.points.map { point in
            point.settings.map(\.value) + [
                compact(point.offered), SummaryTable.fixed(point.achieved.estimate, 1),
                SummaryTable.percent(point.successRate.estimate), SummaryTable.fixed(point.latencyP50.estimate, 1),
                SummaryTable.fixed(point.latencyP99.estimate, 1),
                point.latencyP99.halfWidth95.isFinite ? SummaryTable.fixed(point.latencyP99.halfWidth95, 1) : "–",
            ] + point.stations.map { SummaryTable.fixed($0.utilization.estimate, 2) }
                + (peaks ? point.stations.map { SummaryTable.fixed($0.peakUtilization ?? 0, 2) }
                    + [firstSaturated(point, of: analysis)] : [])
        }
        return HTMLTable(caption: "Means across replications", columns: columns, rows: rows)
    }

    static func firstSaturated(_ point: SweepAnalysis.Point, of analysis: SweepAnalysis) -> String {
        guard let saturation = point.saturation else { return "none" }
        return "\(saturation.first.station) at \(SummaryTable.fixed(saturation.first.seconds, 1)) s "
            + "(\(saturation.replications) of \(analysis.plan.replications))"
    }
}
