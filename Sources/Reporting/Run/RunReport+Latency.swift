import SimulationKernel

extension RunReport {
    /// The whole run's latency histogram, re-binned into equal steps of log(latency) and drawn
    /// as a filled step outline on a log axis, with p50 and p99 marked (the caption lists the rest).
    static func latencyBlocks(_ histogram: LatencyHistogram) -> [HTMLReport.Block] {
        guard histogram.count > 0 else { return [.note("No payment completed, so there is no latency to show.")] }
        let summary = "mean \(number(histogram.mean / 1e6, 1)) ms · p50 \(milliseconds(histogram.percentile(0.5))) · "
            + "p90 \(milliseconds(histogram.percentile(0.9))) · p99 \(milliseconds(histogram.percentile(0.99))) · "
            + "p99.9 \(milliseconds(histogram.percentile(0.999))) · max \(milliseconds(histogram.max)) ms"
        return [.chart(latencyChart(histogram), caption: "Share of all completed payments in each latency bin "
                       + "(bins of equal width on the log axis). " + summary)]
    }

    static func latencyChart(_ histogram: LatencyHistogram) -> LineChart {
        let bins = LatencyBins(histogram)
        var chart = LineChart(title: "Latency distribution of the run", xAxis: ChartAxis("latency", unit: "ms"),
                              yAxis: ChartAxis("share of payments", unit: "%"), plotHeight: 260)
        chart.xScale = .logarithmic
        chart.series.append(LineSeries(name: "payments per bin", points: bins.outline,
                                       band: bins.outline.map { ChartInterval(lower: 0, upper: $0.y) }, style: .outline,
                                       colorIndex: 0))
        for (label, q) in [("p50", 0.5), ("p99", 0.99)] {
            let value = Double(histogram.percentile(q)) / 1e6
            if value > 0 { chart.markers.append(ChartMarker(x: value, label: "\(label) \(ChartNumberFormat.compact(value)) ms")) }
        }
        return chart
    }

    /// Bins of equal width in log10(ms): 10 to 50 a decade, more when the data spans few decades.
    struct LatencyBins {
        /// The step outline: for each bin its left and right edge at its share, closed at zero.
        var outline: [ChartPoint] = []

        init(_ histogram: LatencyHistogram) {
            let buckets = histogram.nonEmptyBuckets()
            // Latencies below a microsecond share the first bin; a log axis cannot show zero.
            let floor = 0.001
            func ms(_ bucket: (lowerBound: Int64, upperBound: Int64, count: UInt64)) -> Double {
                max(floor, (Double(bucket.lowerBound) + Double(bucket.upperBound)) / 2e6)
            }
            guard let first = buckets.first, let last = buckets.last, histogram.count > 0 else { return }
            let low = ChartMath.log10(ms(first))
            let decades = max(0.1, ChartMath.log10(ms(last)) - low)
            let perDecade = Double(min(50, max(10, Int(40 / decades))))
            let firstBin = Int((low * perDecade).rounded(.down))
            var shares = [Double](repeating: 0, count: Int((ChartMath.log10(ms(last)) * perDecade).rounded(.down)) - firstBin + 1)
            for bucket in buckets {
                let index = Int((ChartMath.log10(ms(bucket)) * perDecade).rounded(.down)) - firstBin
                shares[min(max(0, index), shares.count - 1)] += Double(bucket.count) / Double(histogram.count) * 100
            }
            func edge(_ bin: Int) -> Double { ChartMath.pow10(Double(bin + firstBin) / perDecade) }
            outline.append(ChartPoint(x: edge(0), y: 0))
            for (index, share) in shares.enumerated() {
                outline.append(ChartPoint(x: edge(index), y: share))
                outline.append(ChartPoint(x: edge(index + 1), y: share))
            }
            outline.append(ChartPoint(x: edge(shares.count), y: 0))
        }
    }
}
