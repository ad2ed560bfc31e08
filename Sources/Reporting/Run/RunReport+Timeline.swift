import SimulationKernel

extension RunReport {
    /// The metrics.csv rows as points over virtual time, consecutive rows merged so that a long
    /// run draws at most `maximumPoints` points (its charts stay readable and the page small).
    struct Timeline {
        static let maximumPoints = 240

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
        init(_ rows: [IntervalRow], end: Double) {
            var rows = rows[...]
            let end = max(end, rows.last?.end.seconds ?? 0)
            let all = rows.count
            while let last = rows.last, last.completed == 0, last.inFlight == 0 { rows = rows.dropLast() }
            if rows.count < all, !rows.isEmpty { idleUntil = end }
            rowsPerPoint = max(1, (rows.count + Self.maximumPoints - 1) / Self.maximumPoints)
            var index = 0
            while index < rows.count {
                let group = rows[index..<min(rows.count, index + rowsPerPoint)]
                index += rowsPerPoint
                let seconds = group.reduce(0) { $0 + $1.seconds }
                guard seconds > 0, let first = group.first, let last = group.last else { continue }
                let completed = group.reduce(0) { $0 + $1.completed }
                let succeeded = group.reduce(0) { $0 + $1.succeeded }
                var latency = first.latency
                for row in group.dropFirst() { latency.merge(row.latency) }
                let measured = latency.count > 0
                points.append(Point(
                    time: last.end.seconds, throughput: Double(completed) / seconds,
                    successRate: completed > 0 ? Double(succeeded) / Double(completed) * 100 : nil,
                    p50: measured ? Double(latency.percentile(0.5)) / 1e6 : nil,
                    p99: measured ? Double(latency.percentile(0.99)) / 1e6 : nil))
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
