import Foundation
import Reporting
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an SVG holds, read back with `XMLParser`: well-formedness, elements and their text.
final class SVGProbe: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var current = ""

    /// Parses `svg`; nil when it is not well-formed XML.
    static func parse(_ svg: String) -> SVGProbe? {
        let probe = SVGProbe()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = probe
        return parser.parse() ? probe : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" || name == "title" { texts.append(current) }
        current = ""
    }

    func count(_ name: String, class className: String? = nil) -> Int {
        elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }.count
    }
}

/// A capacity-sweep chart: measured p99 with a band, a dashed theory curve and a knee marker.
func sweepChart(yScale: AxisScale.Kind = .linear) -> LineChart {
    let rates = stride(from: 50.0, through: 300, by: 25).map { $0 }
    let measured = rates.map { ChartPoint(x: $0, y: 80 + 40_000 / max(1, 320 - $0)) }
    let band = measured.map { ChartInterval(lower: $0.y * 0.9, upper: $0.y * 1.12) }
    let theory = rates.map { ChartPoint(x: $0, y: 70 + 36_000 / max(1, 310 - $0)) }
    return LineChart(
        title: "p99 latency against arrival rate", xAxis: ChartAxis("arrival rate", unit: "payments/s"),
        yAxis: ChartAxis("latency p99", unit: "ms"), yScale: yScale,
        series: [
            LineSeries(name: "p99 measured", points: measured, band: band),
            LineSeries(name: "M/M/c theory", points: theory, style: .dashed, colorIndex: 1),
        ],
        markers: [ChartMarker(x: 245, label: "knee ≈ 245/s")])
}

func outcomeChart(_ layout: BarChart.Layout = .stacked) -> BarChart {
    BarChart(
        title: "Outcomes per flow", categoryAxis: ChartAxis("flow"), valueAxis: ChartAxis("payments", unit: "count"),
        categories: ["sale", "refund", "3DS sale", "capture"],
        series: [
            BarSeries(name: "approved", values: [9_120, 410, 2_300, 8_700]),
            BarSeries(name: "declined", values: [610, 12, 240, 0]),
            BarSeries(name: "timed out", values: [45, .nan, 31, 12]),
        ], layout: layout)
}

@Suite("HTMLReport charts")
struct HTMLReportChartTests {
    @Test(arguments: [AxisScale.Kind.linear, .logarithmic])
    func lineChartIsWellFormedWithAxisTitlesLegendBandAndMarker(yScale: AxisScale.Kind) throws {
        let svg = sweepChart(yScale: yScale).svg()
        let probe = try #require(SVGProbe.parse(svg), "not well-formed XML:\n\(svg)")
        #expect(probe.elements.first?.name == "svg")
        #expect(probe.elements.first?.attributes["role"] == "img")
        #expect(probe.elements.first?.attributes["viewBox"]?.hasPrefix("0 0 800 ") == true)
        #expect(probe.elements.dropFirst().first?.name == "title")
        #expect(probe.texts.contains("p99 latency against arrival rate"))
        #expect(probe.texts.contains("arrival rate (payments/s)"))
        #expect(probe.texts.contains("latency p99 (ms)"))
        #expect(probe.texts.contains("p99 measured"))
        #expect(probe.texts.contains("M/M/c theory"))
        #expect(probe.count("polygon", class: "band") == 1)
        #expect(probe.count("line", class: "marker") == 1)
        #expect(probe.texts.contains("knee ≈ 245/s"))
        #expect(probe.count("polyline", class: "series") == 2)
        let dashed = probe.elements.filter { $0.name == "polyline" && $0.attributes["stroke-dasharray"] != nil }
        #expect(dashed.count == 1)
    }

    @Test func barChartsAreWellFormedWithCategoriesAndLegend() throws {
        for layout in [BarChart.Layout.stacked, .grouped] {
            let probe = try #require(SVGProbe.parse(outcomeChart(layout).svg()))
            for name in ["sale", "refund", "3DS sale", "capture", "approved", "declined", "timed out",
                         "flow", "payments (count)", "Outcomes per flow"] {
                #expect(probe.texts.contains(name), "\(layout): \(name)")
            }
            // 12 values, one zero and one NaN draw nothing.
            #expect(probe.count("rect", class: "bar") == 10, "\(layout)")
        }
    }

    @Test func logAxesForLatenciesThatSpanDecades() throws {
        var line = LineChart(title: "distribution", xAxis: ChartAxis("latency", unit: "ms"), yAxis: ChartAxis("share"),
                             series: [LineSeries(name: "bins", points: [ChartPoint(x: 0, y: 9), ChartPoint(x: 12, y: 1),
                                                                         ChartPoint(x: 40_000, y: 2)], style: .outline)])
        line.xScale = .logarithmic
        let lineProbe = try #require(SVGProbe.parse(line.svg()))
        for tick in ["10", "100", "1K", "10K", "100K"] { #expect(lineProbe.texts.contains(tick), "x tick \(tick)") }
        #expect(lineProbe.count("circle") == 0)  // an outline has no dots; x = 0 is skipped on a log axis
        var bars = BarChart(title: "per flow", categoryAxis: ChartAxis("flow"), valueAxis: ChartAxis("latency", unit: "ms"),
                            categories: ["fast", "slow", "none"],
                            series: [BarSeries(name: "p99", values: [120, 250_000, 0])], layout: .grouped)
        bars.valueScale = .logarithmic
        let barProbe = try #require(SVGProbe.parse(bars.svg()))
        #expect(barProbe.count("rect", class: "bar") == 2)
        for tick in ["100", "1K", "1M"] { #expect(barProbe.texts.contains(tick), "value tick \(tick)") }
    }

    /// A run report's flow latencies: ecommpay_verify's p50 of 103 ms sat on an axis starting at
    /// 100 ms and drew a 2-unit sliver that Chromium showed as no bar at all.
    @Test func theShortestBarOnALogAxisStaysVisible() throws {
        var chart = BarChart(title: "Latency per flow", categoryAxis: ChartAxis("flow"), valueAxis: ChartAxis("latency", unit: "ms"),
                             categories: ["verify", "auth"],
                             series: [BarSeries(name: "p50", values: [103, 44_963]), BarSeries(name: "p99", values: [169, 299_574])],
                             layout: .grouped)
        chart.valueScale = .logarithmic
        let probe = try #require(SVGProbe.parse(chart.svg()))
        let heights = probe.elements.filter { $0.attributes["class"] == "bar" }.compactMap { $0.attributes["height"].flatMap(Double.init) }
        #expect(heights.count == 4)
        #expect(heights.allSatisfy { $0 >= chart.plotHeight / 10 }, "bar heights \(heights) of a \(chart.plotHeight)-unit plot")
    }

    /// Explore's failing seeds per invariant: 3 seeds on a 1-2-5 axis ticked 0.5, 1, 1.5 …
    @Test(arguments: [1.0, 3, 4, 7])
    func countsTickAtWholeNumbers(count: Double) throws {
        var chart = BarChart(title: "Failing seeds per invariant", categoryAxis: ChartAxis("invariant"),
                             valueAxis: ChartAxis("seeds"), categories: ["G-2 NoCardIsOverdrawn"],
                             series: [BarSeries(name: "failing seeds", values: [count])])
        chart.wholeNumbers = true
        let probe = try #require(SVGProbe.parse(chart.svg()))
        let ticks = probe.texts.compactMap(Double.init)
        #expect(ticks.contains(count), "\(ticks)")
        #expect(ticks.allSatisfy { $0 == $0.rounded() }, "\(ticks)")
    }

    @Test func stackedBarsReachTheCategoryTotal() throws {
        let chart = BarChart(title: "t", categoryAxis: ChartAxis("c"), valueAxis: ChartAxis("v"), categories: ["a"],
                             series: [BarSeries(name: "x", values: [30]), BarSeries(name: "y", values: [70])])
        let probe = try #require(SVGProbe.parse(chart.svg()))
        #expect(probe.texts.contains("100"))  // the axis reaches the stack's total
        #expect(!probe.texts.contains("120"))  // and stops at the first nice tick covering it
    }

    @Test func nonFiniteValuesAreSkippedAndBreakTheLine() throws {
        let points = [ChartPoint(x: 1, y: 1), ChartPoint(x: 2, y: 2), ChartPoint(x: 3, y: .nan),
                      ChartPoint(x: 4, y: 3), ChartPoint(x: .infinity, y: 9), ChartPoint(x: 5, y: 4)]
        let chart = LineChart(title: "gaps", xAxis: ChartAxis("x", unit: "s"), yAxis: ChartAxis("y", unit: "ms"),
                              series: [LineSeries(name: "s", points: points)])
        let svg = chart.svg()
        let probe = try #require(SVGProbe.parse(svg))
        #expect(probe.count("polyline", class: "series") == 1)  // 1–2; 4 and 5 stand alone as dots
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(probe.count("circle") == 4)
        #expect(!probe.texts.contains("10"))  // the ignored 9 at x=∞ does not stretch the y axis
    }

    @Test func logScaleSkipsValuesThatAreNotPositive() throws {
        let points = [ChartPoint(x: 1, y: 0), ChartPoint(x: 2, y: 5), ChartPoint(x: 3, y: 50), ChartPoint(x: 4, y: -1)]
        let chart = LineChart(title: "log", xAxis: ChartAxis("x"), yAxis: ChartAxis("y"), yScale: .logarithmic,
                              series: [LineSeries(name: "s", points: points)])
        let probe = try #require(SVGProbe.parse(chart.svg()))
        #expect(probe.count("polyline", class: "series") == 1)
        #expect(probe.texts.contains("5") && probe.texts.contains("50"))
    }

    @Test func emptyChartsStillRenderAxesAndTitles() throws {
        let empty = LineChart(title: "nothing yet", xAxis: ChartAxis("x", unit: "s"), yAxis: ChartAxis("y", unit: "ms"))
        let withEmptySeries = LineChart(title: "empty series", xAxis: ChartAxis("x"), yAxis: ChartAxis("y"),
                                        series: [LineSeries(name: "none", points: [], band: [])])
        let bars = BarChart(title: "no bars", categoryAxis: ChartAxis("c"), valueAxis: ChartAxis("v"), categories: [],
                            series: [])
        for svg in [empty.svg(), withEmptySeries.svg(), bars.svg()] {
            let probe = try #require(SVGProbe.parse(svg), "\(svg)")
            #expect(probe.count("polyline") == 0 && probe.count("polygon") == 0)
            #expect(probe.count("text") >= 3)
        }
    }

    @Test func standaloneDocumentCarriesTheNamespaceAndInlineSVGDoesNot() throws {
        let chart = sweepChart()
        #expect(chart.svgDocument().contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!chart.svg().contains("http"))
        #expect(SVGProbe.parse(chart.svgDocument()) != nil)
    }

    @Test func chartsEscapeTheirText() throws {
        let chart = LineChart(title: "<b>&\"x\"", xAxis: ChartAxis("a<b", unit: "x&y"), yAxis: ChartAxis("'q'"),
                              series: [LineSeries(name: "</svg><script>", points: [ChartPoint(x: 1, y: 1)])],
                              markers: [ChartMarker(x: 1, label: "a\u{1}b")])
        let svg = chart.svg()
        let probe = try #require(SVGProbe.parse(svg))
        #expect(!svg.contains("<script"))
        #expect(probe.texts.contains("</svg><script>"))
        #expect(probe.texts.contains("a<b (x&y)"))
        #expect(probe.texts.contains("ab"))
    }

    @Test func chartsAreDeterministic() {
        #expect(sweepChart().svg() == sweepChart().svg())
        #expect(sweepChart(yScale: .logarithmic).svg() == sweepChart(yScale: .logarithmic).svg())
        #expect(outcomeChart(.grouped).svg() == outcomeChart(.grouped).svg())
    }
}

@Suite("HTMLReport axis ticks")
struct HTMLReportAxisTickTests {
    /// (data minimum, maximum) → the ticks expected with the default of about five.
    static let linearTable: [(Double, Double, [Double])] = [
        (0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]),
        (0, 10, [0, 2, 4, 6, 8, 10]),
        (0, 95, [0, 20, 40, 60, 80, 100]),
        (3, 97, [0, 20, 40, 60, 80, 100]),
        (0, 1234, [0, 200, 400, 600, 800, 1000, 1200, 1400]),
        (120, 480, [100, 200, 300, 400, 500]),
        (0.013, 0.087, [0, 0.02, 0.04, 0.06, 0.08, 0.1]),
        (0.1, 0.3, [0.1, 0.15, 0.2, 0.25, 0.3]),
        (-35, 42, [-40, -20, 0, 20, 40, 60]),
        (10_100, 10_900, [10_000, 10_200, 10_400, 10_600, 10_800, 11_000]),
        (5, 5, [4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6]),
        (0, 0, [-1, -0.5, 0, 0.5, 1]),
        (0, 2_500_000, [0, 500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000]),
    ]

    @Test(arguments: linearTable.indices)
    func linearTicksAreNiceAndCoverTheData(row: Int) {
        let (low, high, expected) = Self.linearTable[row]
        let scale = AxisScale(minimum: low, maximum: high)
        #expect(scale.ticks == expected, "\(low)…\(high)")
        #expect(scale.lower <= low && scale.upper >= high)
        let (mantissa, _) = AxisScale.niceStep(span: high - low, target: 5)
        #expect([1, 2, 5].contains(mantissa))
    }

    static let logTable: [(Double, Double, [Double])] = [
        (1, 1000, [1, 10, 100, 1000]),
        (3, 40, [2, 5, 10, 20, 50]),
        (0.5, 2_000_000, [0.1, 1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]),
        (12, 12, [10, 20]),
    ]

    @Test(arguments: logTable.indices)
    func logTicksAreDecadesOrOneTwoFive(row: Int) {
        let (low, high, expected) = Self.logTable[row]
        let scale = AxisScale(kind: .logarithmic, minimum: low, maximum: high)
        #expect(scale.ticks == expected, "\(low)…\(high)")
        #expect(scale.lower <= low && scale.upper >= high)
    }

    static let labelTable: [(Double, Double?, Double?, String)] = [
        (1200, nil, nil, "1.2K"), (250, nil, nil, "250"), (0.5, nil, nil, "0.5"), (0, nil, nil, "0"),
        (1_234_567, nil, nil, "1.23M"), (-2500, nil, nil, "-2.5K"), (0.0125, nil, nil, "0.0125"),
        (3e9, nil, nil, "3G"), (7.5e12, nil, nil, "7.5T"), (2e15, nil, nil, "2e15"), (.nan, nil, nil, "–"),
        (10_200, 200, 11_000, "10.2K"), (1000, 200, 1400, "1K"), (0.30000000000000004, 0.1, 1, "0.3"),
        (1500, 500, 2500, "1.5K"), (500, 500, 2500, "0.5K"), (2, 0.5, 3, "2"),
    ]

    @Test(arguments: labelTable.indices)
    func tickLabelsAreCompact(row: Int) {
        let (value, step, magnitude, expected) = Self.labelTable[row]
        #expect(ChartNumberFormat.compact(value, step: step, magnitude: magnitude) == expected, "\(value)")
    }

    @Test func neighbouringTickLabelsDiffer() {
        for (low, high) in [(10_100.0, 10_900.0), (0.013, 0.087), (999_000, 1_001_000), (0, 2_500_000)] {
            let labels = AxisScale(minimum: low, maximum: high).tickLabels
            #expect(Set(labels).count == labels.count, "\(labels)")
        }
    }
}
