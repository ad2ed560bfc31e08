/// A line chart as a self-contained SVG string: series with optional confidence bands, dashed
/// theory curves, vertical markers, nice 1-2-5 ticks and a legend below the plot.
///
/// ```swift
/// var chart = LineChart(
///     title: "Latency against arrival rate",
///     xAxis: ChartAxis("arrival rate", unit: "payments/s"),
///     yAxis: ChartAxis("latency p99", unit: "ms"))
/// chart.series.append(LineSeries(
///     name: "p99 measured", points: [ChartPoint(x: 100, y: 120), ChartPoint(x: 200, y: 180)],
///     band: [ChartInterval(lower: 110, upper: 131), ChartInterval(lower: 170, upper: 195)]))
/// chart.series.append(LineSeries(name: "M/M/c theory", points: theory, style: .dashed))
/// chart.markers.append(ChartMarker(x: 245, label: "knee ≈ 245/s"))
/// let svg = chart.svg()  // inline in HTML; chart.svgDocument() for a standalone .svg file
/// ```
///
/// Points are drawn in the order given (sort a sweep by x first). Non-finite values, and values
/// ≤ 0 on a log axis, are skipped and break the line there. The chart does not check that the
/// series share units; the axis titles say what the numbers mean.
public struct LineChart: Sendable, Equatable, SVGChart {
    static let dashPattern = "7 4"

    public var title: String
    public var xAxis: ChartAxis
    public var yAxis: ChartAxis
    /// `.logarithmic` for an x axis of latencies that span decades (a latency distribution);
    /// points at x ≤ 0 are then skipped. Linear by default.
    public var xScale: AxisScale.Kind = .linear
    /// `.logarithmic` for latencies that span decades near saturation.
    public var yScale: AxisScale.Kind
    /// On a linear y axis, whether 0 is always shown (true by default, so small differences
    /// do not look large).
    public var yIncludesZero: Bool
    public var series: [LineSeries]
    public var markers: [ChartMarker]
    /// The width of the SVG's coordinate system; in HTML the chart scales to its container.
    public var width: Double
    /// The height of the plot area alone; the title, axes and legend add to it.
    public var plotHeight: Double

    public init(title: String, xAxis: ChartAxis, yAxis: ChartAxis, yScale: AxisScale.Kind = .linear,
                yIncludesZero: Bool = true, series: [LineSeries] = [], markers: [ChartMarker] = [],
                width: Double = 800, plotHeight: Double = 320) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.yScale = yScale
        self.yIncludesZero = yIncludesZero
        self.series = series
        self.markers = markers
        self.width = width
        self.plotHeight = plotHeight
    }

    /// The chart as an `<svg>` element for inline use in HTML (no XML namespace, no URLs).
    public func svg() -> String { render(standalone: false) }

    /// The chart as a standalone `.svg` document, with the SVG namespace and a fixed size.
    public func svgDocument() -> String { render(standalone: true) }
}

/// One line of a `LineChart`.
public struct LineSeries: Sendable, Equatable {
    public var name: String
    public var points: [ChartPoint]
    /// The confidence band, one interval per point (matched by position; extra entries on either
    /// side are ignored). Drawn as a translucent area in the series' colour.
    public var band: [ChartInterval]?
    public var style: LineStyle
    /// A palette index, to give related series one colour (a measurement and its theory curve);
    /// by default the series' position in the chart.
    public var colorIndex: Int?

    public init(name: String, points: [ChartPoint], band: [ChartInterval]? = nil, style: LineStyle = .solid,
                colorIndex: Int? = nil) {
        self.name = name
        self.points = points
        self.band = band
        self.style = style
        self.colorIndex = colorIndex
    }
}

/// Anything that renders itself as an inline `<svg>` element, for `HTMLReport`.
public protocol SVGChart: Sendable {
    var title: String { get }
    /// An `<svg>` element with no XML namespace, scripts or external references.
    func svg() -> String
}
