/// Layout and drawing of a `LineChart`.
extension LineChart {
    /// Above this many points a solid series is drawn without dots, which would blur into the line.
    static let maximumDottedPoints = 60

    func render(standalone: Bool) -> String {
        let xScale = AxisScale(kind: self.xScale, minimum: xRange.min, maximum: xRange.max, targetTicks: 8)
        let yScale = AxisScale(kind: self.yScale, minimum: yRange.min, maximum: yRange.max, targetTicks: 5)
        let xLabels = xScale.tickLabels
        let lastLabelWidth = MarkupText.estimatedWidth(xLabels.last ?? "", fontSize: ValueAxis.tickFontSize)
        let left = ValueAxis.width(yScale)
        let right = max(24, lastLabelWidth / 2 + 8)
        let plot = PlotArea(left: left, top: 46, width: width - left - right, height: plotHeight)
        let entries = legendEntries
        let legendTop = plot.bottom + 52
        let legendRows = Legend.layout(entries, width: plot.width).rows
        let height = legendTop + Double(legendRows) * Legend.rowHeight + 10

        var canvas = SVGCanvas()
        canvas.text(title, x: plot.left, y: 26, size: 16, weight: "600")
        ValueAxis.draw(yScale, title: yAxis.title, plot: plot, on: &canvas)
        drawXAxis(xScale, labels: xLabels, plot: plot, on: &canvas)
        for (index, series) in series.enumerated() where series.band != nil {
            drawBand(series, color: color(index), x: xScale, y: yScale, plot: plot, on: &canvas)
        }
        for (index, series) in series.enumerated() {
            drawLine(series, color: color(index), x: xScale, y: yScale, plot: plot, on: &canvas)
        }
        drawMarkers(xScale, plot: plot, on: &canvas)
        canvas.line(x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, stroke: ChartPalette.axis)
        canvas.line(x1: plot.left, y1: plot.top, x2: plot.left, y2: plot.bottom, stroke: ChartPalette.axis)
        Legend.draw(entries, left: plot.left, top: legendTop, width: plot.width, on: &canvas)
        return canvas.document(width: width, height: height, title: title, description: description,
                               standalone: standalone)
    }

    var legendEntries: [LegendEntry] {
        series.enumerated().map { index, series in
            LegendEntry(name: series.name, color: color(index),
                        key: .line(dashed: series.style == .dashed, band: series.band != nil))
        }
    }

    func color(_ index: Int) -> String { ChartPalette.color(series[index].colorIndex ?? index) }

    /// What a screen reader says after the title: the axes, the series and the markers.
    var description: String {
        var parts = ["x axis: \(xAxis.title)\(xScale == .logarithmic ? ", log scale" : "")", "y axis: \(yAxis.title)\(yScale == .logarithmic ? ", log scale" : "")"]
        if !series.isEmpty { parts.append("series: " + series.map(\.name).joined(separator: ", ")) }
        if !markers.isEmpty { parts.append("markers: " + markers.map(\.label).joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    /// The x values drawn: every finite point and band position, and the markers.
    var xRange: (min: Double, max: Double) {
        var values = series.flatMap { $0.points.map(\.x) } + markers.map(\.x)
        values = values.filter { $0.isFinite && (xScale == .linear || $0 > 0) }
        guard let low = values.min(), let high = values.max() else { return xScale == .logarithmic ? (1, 10) : (0, 1) }
        return (low, high)
    }

    /// The y values drawn, band edges included; on a log axis only positive ones.
    var yRange: (min: Double, max: Double) {
        var values: [Double] = []
        for series in series {
            values += series.points.filter { $0.x.isFinite }.map(\.y)
            for (point, interval) in zip(series.points, series.band ?? []) where point.x.isFinite {
                values += [interval.lower, interval.upper]
            }
        }
        values = values.filter { $0.isFinite && (yScale == .linear || $0 > 0) }
        guard var low = values.min(), var high = values.max() else {
            return yScale == .logarithmic ? (1, 10) : (0, 1)
        }
        if yScale == .linear && yIncludesZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        return (low, high)
    }

    func drawXAxis(_ scale: AxisScale, labels: [String], plot: PlotArea, on canvas: inout SVGCanvas) {
        let widest = labels.map { MarkupText.estimatedWidth($0, fontSize: ValueAxis.tickFontSize) }.max() ?? 0
        let spacing = scale.ticks.count > 1 ? plot.width / Double(scale.ticks.count - 1) : plot.width
        // Thin the labels when they would touch; every tick keeps its grid line.
        let every = max(1, Int(((widest + 10) / spacing).rounded(.up)))
        for (index, (tick, label)) in zip(scale.ticks, labels).enumerated() {
            guard let fraction = scale.fraction(tick) else { continue }
            let x = plot.left + fraction * plot.width
            canvas.line(x1: x, y1: plot.top, x2: x, y2: plot.bottom, stroke: ChartPalette.grid)
            canvas.line(x1: x, y1: plot.bottom, x2: x, y2: plot.bottom + 5, stroke: ChartPalette.axis)
            if index % every == 0 {
                canvas.text(label, x: x, y: plot.bottom + 19, size: ValueAxis.tickFontSize, anchor: "middle",
                            fill: ChartPalette.mutedText)
            }
        }
        canvas.text(xAxis.title, x: plot.left + plot.width / 2, y: plot.bottom + 40, size: 13, anchor: "middle")
    }

    /// Screen positions of a series' drawable points, split into runs wherever a point is skipped.
    func runs<Value>(_ values: [Value], x: (Value) -> Double, ys: (Value) -> [Double], xScale: AxisScale,
                     yScale: AxisScale, plot: PlotArea) -> [[(x: Double, ys: [Double])]] {
        var runs: [[(x: Double, ys: [Double])]] = [[]]
        for value in values {
            let fractions = ys(value).map { yScale.fraction($0) }
            if let fx = xScale.fraction(x(value)), fractions.allSatisfy({ $0 != nil }) {
                let screenYs = fractions.map { plot.bottom - $0! * plot.height }
                runs[runs.count - 1].append((plot.left + fx * plot.width, screenYs))
            } else if !(runs.last?.isEmpty ?? true) {
                runs.append([])
            }
        }
        return runs.filter { !$0.isEmpty }
    }

    func drawBand(_ series: LineSeries, color: String, x: AxisScale, y: AxisScale, plot: PlotArea,
                  on canvas: inout SVGCanvas) {
        let pairs = Array(zip(series.points, series.band ?? []))
        let bandRuns = runs(pairs, x: { $0.0.x }, ys: { [$0.1.lower, $0.1.upper] }, xScale: x, yScale: y, plot: plot)
        for run in bandRuns where run.count > 1 {
            let upper = run.map { "\(SVGCanvas.n($0.x)),\(SVGCanvas.n($0.ys[1]))" }
            let lower = run.reversed().map { "\(SVGCanvas.n($0.x)),\(SVGCanvas.n($0.ys[0]))" }
            canvas.raw("<polygon class=\"band\" points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(color)\""
                       + " fill-opacity=\"0.18\" stroke=\"none\"/>")
        }
    }

    func drawLine(_ series: LineSeries, color: String, x: AxisScale, y: AxisScale, plot: PlotArea,
                  on canvas: inout SVGCanvas) {
        let lineRuns = runs(series.points, x: \.x, ys: { [$0.y] }, xScale: x, yScale: y, plot: plot)
        let dashed = series.style == .dashed
        let stroke = "stroke=\"\(color)\" stroke-width=\"\(dashed ? "2" : "2.5")\" fill=\"none\""
            + " stroke-linejoin=\"round\" stroke-linecap=\"round\""
            + (dashed ? " stroke-dasharray=\"\(Self.dashPattern)\"" : "")
        for run in lineRuns where run.count > 1 {
            let points = run.map { "\(SVGCanvas.n($0.x)),\(SVGCanvas.n($0.ys[0]))" }.joined(separator: " ")
            canvas.raw("<polyline class=\"series\" points=\"\(points)\" \(stroke)/>")
        }
        let drawable = series.points.filter { x.fraction($0.x) != nil && y.fraction($0.y) != nil }
        guard series.style == .solid && drawable.count <= Self.maximumDottedPoints else {
            // No dots on this line, except where a point stands alone and would otherwise vanish.
            for run in lineRuns where run.count == 1 {
                canvas.raw("<circle cx=\"\(SVGCanvas.n(run[0].x))\" cy=\"\(SVGCanvas.n(run[0].ys[0]))\" r=\"3\""
                           + " fill=\"\(color)\"/>")
            }
            return
        }
        for point in drawable {
            let cx = plot.left + x.fraction(point.x)! * plot.width
            let cy = plot.bottom - y.fraction(point.y)! * plot.height
            let tip = "\(series.name): \(ChartNumberFormat.compact(point.x)) \(xAxis.unit), "
                + "\(ChartNumberFormat.compact(point.y)) \(yAxis.unit)"
            canvas.raw("<circle cx=\"\(SVGCanvas.n(cx))\" cy=\"\(SVGCanvas.n(cy))\" r=\"3\" fill=\"\(color)\">"
                       + "<title>\(MarkupText.escaped(tip))</title></circle>")
        }
    }

    func drawMarkers(_ scale: AxisScale, plot: PlotArea, on canvas: inout SVGCanvas) {
        for (index, marker) in markers.enumerated() {
            guard let fraction = scale.fraction(marker.x) else { continue }
            let x = plot.left + fraction * plot.width
            canvas.raw("<line class=\"marker\" x1=\"\(SVGCanvas.n(x))\" y1=\"\(SVGCanvas.n(plot.top))\""
                       + " x2=\"\(SVGCanvas.n(x))\" y2=\"\(SVGCanvas.n(plot.bottom))\" stroke=\"\(ChartPalette.marker)\""
                       + " stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>")
            // Labels go right of the line unless that would run past the plot; several markers stagger.
            let labelWidth = MarkupText.estimatedWidth(marker.label, fontSize: 12)
            let fitsRight = x + 6 + labelWidth <= plot.right
            canvas.text(marker.label, x: fitsRight ? x + 6 : x - 6, y: plot.top + 16 + Double(index % 4) * 16, size: 12,
                        anchor: fitsRight ? "start" : "end", weight: "600", fill: ChartPalette.marker, halo: true)
        }
    }
}
