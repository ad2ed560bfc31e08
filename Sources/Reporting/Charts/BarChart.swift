/// A bar chart as a self-contained SVG string: one bar (stacked) or one group of bars (grouped)
/// per category, for outcome breakdowns per flow, station or scenario.
///
/// ```swift
/// let chart = BarChart(
///     title: "Outcomes per flow",
///     categoryAxis: ChartAxis("flow"),
///     valueAxis: ChartAxis("payments", unit: "count"),
///     categories: ["sale", "refund", "3DS sale"],
///     series: [
///         BarSeries(name: "approved", values: [9_120, 410, 2_300]),
///         BarSeries(name: "declined", values: [610, 12, 240]),
///         BarSeries(name: "timed out", values: [45, 0, 31]),
///     ],
///     layout: .stacked)
/// ```
///
/// Values are matched to categories by position; a missing or non-finite value draws nothing.
/// Stacked negative values stack downwards from zero. The value axis always includes zero.
public struct BarChart: Sendable, Equatable, SVGChart {
    /// How the series of one category share its slot.
    public enum Layout: Sendable, Equatable {
        /// One bar per category, the series on top of each other: parts of a whole.
        case stacked
        /// One bar per series side by side: values to compare.
        case grouped
    }

    public var title: String
    public var categoryAxis: ChartAxis
    public var valueAxis: ChartAxis
    public var categories: [String]
    public var series: [BarSeries]
    public var layout: Layout
    /// `.logarithmic` for grouped values that span decades (latencies per flow): bars then rise
    /// from the bottom of the axis, and values ≤ 0 draw nothing. Linear by default.
    public var valueScale: AxisScale.Kind = .linear
    /// Values that are counts (seeds, pairs): a linear axis then ticks at whole numbers only.
    public var wholeNumbers = false
    public var width: Double
    public var plotHeight: Double

    public init(title: String, categoryAxis: ChartAxis, valueAxis: ChartAxis, categories: [String],
                series: [BarSeries], layout: Layout = .stacked, width: Double = 800, plotHeight: Double = 280) {
        self.title = title
        self.categoryAxis = categoryAxis
        self.valueAxis = valueAxis
        self.categories = categories
        self.series = series
        self.layout = layout
        self.width = width
        self.plotHeight = plotHeight
    }

    /// The chart as an `<svg>` element for inline use in HTML (no XML namespace, no URLs).
    public func svg() -> String { render(standalone: false) }

    /// The chart as a standalone `.svg` document, with the SVG namespace and a fixed size.
    public func svgDocument() -> String { render(standalone: true) }
}

/// One series of a `BarChart`: a value per category, in the categories' order.
public struct BarSeries: Sendable, Equatable {
    public var name: String
    public var values: [Double]
    /// A palette index, to keep one outcome one colour across charts; by default the position.
    public var colorIndex: Int?

    public init(name: String, values: [Double], colorIndex: Int? = nil) {
        self.name = name
        self.values = values
        self.colorIndex = colorIndex
    }
}

extension BarChart {
    func render(standalone: Bool) -> String {
        let range = valueScale == .linear ? valueRange : positiveRange
        var scale = AxisScale(kind: valueScale, minimum: range.min, maximum: range.max, targetTicks: 5)
        if wholeNumbers, valueScale == .linear, scale.step < 1 {
            // Three failing seeds on ticks of 0.5 read as "2.5 seeds". One tick per whole unit of
            // the span, rounded down, makes the 1-2-5 step 1 or 2; a scale has two steps at least,
            // so a span under 2 is stretched to 2 rather than halved.
            let top = max(range.max, range.min + 2)
            scale = AxisScale(kind: .linear, minimum: range.min, maximum: top,
                              targetTicks: Int((top - range.min).rounded(.down)))
        }
        let slots = max(1, categories.count)
        let left = ValueAxis.width(scale)
        let slotWidth = (width - left - 20) / Double(slots)
        let widestCategory = categories.map { MarkupText.estimatedWidth($0, fontSize: 12) }.max() ?? 0
        // Long category names are turned 35°, and the space under the plot grows to hold them.
        let rotated = widestCategory > slotWidth - 8
        let labelDepth = rotated ? widestCategory * 0.574 + 12 : 0
        let plot = PlotArea(left: left, top: 46, width: width - left - 20, height: plotHeight)
        let legendTop = plot.bottom + 52 + labelDepth
        let entries = series.enumerated().map { LegendEntry(name: $1.name, color: color($0), key: .swatch) }
        let height = legendTop + Double(Legend.layout(entries, width: plot.width).rows) * Legend.rowHeight + 10

        var canvas = SVGCanvas()
        canvas.text(title, x: plot.left, y: 26, size: 16, weight: "600")
        ValueAxis.draw(scale, title: valueAxis.title, plot: plot, on: &canvas)
        for (index, category) in categories.enumerated() {
            let center = plot.left + (Double(index) + 0.5) * slotWidth
            drawBars(category: index, slotLeft: plot.left + Double(index) * slotWidth, slotWidth: slotWidth,
                     scale: scale, plot: plot, on: &canvas)
            if rotated {
                canvas.text(category, x: center, y: plot.bottom + 16, size: 12, anchor: "end",
                            fill: ChartPalette.mutedText, rotate: -35)
            } else {
                canvas.text(category, x: center, y: plot.bottom + 19, size: 12, anchor: "middle",
                            fill: ChartPalette.mutedText)
            }
        }
        // The baseline: zero on a linear axis, the bottom of a log axis.
        let baseline = plot.bottom - (scale.fraction(0) ?? 0) * plot.height
        canvas.line(x1: plot.left, y1: baseline, x2: plot.right, y2: baseline, stroke: ChartPalette.axis)
        canvas.line(x1: plot.left, y1: plot.top, x2: plot.left, y2: plot.bottom, stroke: ChartPalette.axis)
        canvas.text(categoryAxis.title, x: plot.left + plot.width / 2, y: plot.bottom + 40 + labelDepth, size: 13,
                    anchor: "middle")
        Legend.draw(entries, left: plot.left, top: legendTop, width: plot.width, on: &canvas)
        let description = "categories (\(categoryAxis.title)): " + categories.joined(separator: ", ")
            + "; values: \(valueAxis.title); series: " + series.map(\.name).joined(separator: ", ")
        return canvas.document(width: width, height: height, title: title, description: description,
                               standalone: standalone)
    }

    func color(_ index: Int) -> String { ChartPalette.color(series[index].colorIndex ?? index) }

    func value(series index: Int, category: Int) -> Double? {
        let values = series[index].values
        guard category < values.count, values[category].isFinite else { return nil }
        return values[category]
    }

    /// The lowest and highest value drawn, zero included: stack totals when stacked.
    var valueRange: (min: Double, max: Double) {
        var low = 0.0
        var high = 0.0
        for category in categories.indices {
            var below = 0.0
            var above = 0.0
            for index in series.indices {
                guard let value = value(series: index, category: category) else { continue }
                if layout == .stacked {
                    if value < 0 { below += value } else { above += value }
                } else {
                    below = min(below, value)
                    above = max(above, value)
                }
            }
            low = min(low, below)
            high = max(high, above)
        }
        return (low, high == low ? low + 1 : high)
    }

    /// The range a log axis must cover: up to the largest positive value, down to half the smallest.
    ///
    /// Bars on a log axis rise from its bottom, which is the decade (or 1-2-5 tick) at or below the
    /// range's low end. Were that end the smallest value itself, a value just past a tick (103 ms on
    /// an axis from 100) would draw a sliver that reads as "none"; half of it keeps the shortest bar
    /// at least a third of a decade tall.
    var positiveRange: (min: Double, max: Double) {
        let values = series.indices.flatMap { index in categories.indices.compactMap { value(series: index, category: $0) } }
            .filter { $0 > 0 }
        return ((values.min() ?? 2) / 2, values.max() ?? 10)
    }

    func drawBars(category: Int, slotLeft: Double, slotWidth: Double, scale: AxisScale, plot: PlotArea,
                  on canvas: inout SVGCanvas) {
        func screenY(_ value: Double) -> Double { plot.bottom - (scale.fraction(value) ?? 0) * plot.height }
        var above = 0.0
        var below = 0.0
        for index in series.indices {
            guard let value = value(series: index, category: category), value != 0,
                  valueScale == .linear || value > 0 else { continue }
            let x: Double
            let barWidth: Double
            let start: Double
            switch layout {
            case .stacked:
                barWidth = min(72, slotWidth * 0.6)
                x = slotLeft + (slotWidth - barWidth) / 2
                start = value < 0 ? below : above
                if value < 0 { below += value } else { above += value }
            case .grouped:
                let groupWidth = min(slotWidth * 0.8, Double(series.count) * 36)
                barWidth = groupWidth / Double(max(1, series.count))
                x = slotLeft + (slotWidth - groupWidth) / 2 + Double(index) * barWidth
                start = 0
            }
            // A value too small to see still gets a 2-unit sliver, so "few" never reads as "none".
            let height = max(2, abs(screenY(start + value) - screenY(start)))
            let top = value < 0 ? screenY(start) : screenY(start) - height
            let tip = "\(categories[category]) · \(series[index].name): \(ChartNumberFormat.compact(value))"
                + (valueAxis.unit.isEmpty ? "" : " \(valueAxis.unit)")
            // A white hairline parts neighbouring bars and stacked segments.
            canvas.raw("<rect class=\"bar\" x=\"\(SVGCanvas.n(x))\" y=\"\(SVGCanvas.n(top))\""
                       + " width=\"\(SVGCanvas.n(barWidth))\" height=\"\(SVGCanvas.n(height))\""
                       + " fill=\"\(color(index))\" stroke=\"#FFFFFF\" stroke-width=\"0.5\">"
                       + "<title>\(MarkupText.escaped(tip))</title></rect>")
        }
    }
}
