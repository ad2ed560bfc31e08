import SimulationKernel

extension RunReport {
    /// The run's timeline as points to draw (`RunTimeline` gathered them while the run went).
    struct Timeline {
        struct Point {
            var time: Double
            var throughput: Double
            /// Nil where nothing completed: no rate to draw.
            var successRate: Double?
            var p50: Double?
            var p99: Double?
        }

        var points: [Point] = []
        /// How many metrics.csv rows one point stands for.
        var rowsPerPoint = 1
        /// Where virtual time ended, when it ran on past the last payment (timers only): that
        /// idle tail is left out of the charts, which would otherwise be half empty.
        var idleUntil: Double?

        /// `end`: the run's last virtual time, which may lie past the last row.
        init(_ timeline: RunTimeline, end: Double) {
            rowsPerPoint = timeline.rowsPerPoint
            if timeline.endsIdle { idleUntil = max(end, timeline.lastRowEnd) }
            for group in timeline.groups where group.seconds > 0 {
                let measured = group.latency.count > 0
                points.append(Point(
                    time: group.end, throughput: Double(group.completed) / group.seconds,
                    successRate: group.completed > 0 ? Double(group.succeeded) / Double(group.completed) * 100 : nil,
                    p50: measured ? Double(group.latency.percentile(0.5)) / 1e6 : nil,
                    p99: measured ? Double(group.latency.percentile(0.99)) / 1e6 : nil))
            }
        }

        var caption: String? {
            var parts: [String] = []
            if rowsPerPoint > 1 { parts.append("Each point merges \(rowsPerPoint) rows of metrics.csv.") }
            if let idleUntil, let last = points.last {
                parts.append("Virtual time ran on from \(number(last.time, 0)) s to \(number(idleUntil, 1)) s with no "
                             + "payment in flight; that idle tail is left out.")
            }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }

        static let timeAxis = ChartAxis("virtual time", unit: "s")

        func throughputChart() -> LineChart {
            LineChart(title: "Throughput", xAxis: Self.timeAxis, yAxis: ChartAxis("completed", unit: "per s"),
                      series: [LineSeries(name: "completed per virtual second",
                                          points: points.map { ChartPoint(x: $0.time, y: $0.throughput) }, colorIndex: 0)],
                      plotHeight: 180)
        }

        func successChart() -> LineChart {
            LineChart(title: "Success rate", xAxis: Self.timeAxis, yAxis: ChartAxis("success", unit: "%"),
                      series: [LineSeries(name: "succeeded of completed",
                                          points: points.map { ChartPoint(x: $0.time, y: $0.successRate ?? .nan) },
                                          colorIndex: 2)],
                      plotHeight: 160)
        }

        /// p50 and p99 per interval; on a log axis when they are decades apart.
        func latencyChart() -> LineChart {
            let values = points.flatMap { [$0.p50, $0.p99] }.compactMap { $0 }.filter { $0 > 0 }
            let wide = (values.max() ?? 1) / max(values.min() ?? 1, 1e-9) > 30
            return LineChart(
                title: "Latency", xAxis: Self.timeAxis, yAxis: ChartAxis("latency", unit: "ms"),
                yScale: wide ? .logarithmic : .linear,
                series: [LineSeries(name: "p50", points: points.map { ChartPoint(x: $0.time, y: $0.p50 ?? .nan) }, colorIndex: 0),
                         LineSeries(name: "p99", points: points.map { ChartPoint(x: $0.time, y: $0.p99 ?? .nan) }, colorIndex: 1)],
                plotHeight: 220)
        }
    }
}
