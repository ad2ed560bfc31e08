/// A small SVG writer shared by the charts: elements go into a string in call order, numbers
/// through `ChartNumberFormat`, text through `MarkupText.escaped`.
///
/// Styling is by presentation attributes on the elements, never a `<style>` element: CSS inside an
/// inline SVG applies to the whole HTML page, and ids would clash between charts of one report.
struct SVGCanvas {
    static let fontFamily = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif"

    private(set) var body: [String] = []

    static func n(_ value: Double) -> String { ChartNumberFormat.coordinate(value) }

    mutating func raw(_ element: String) { body.append(element) }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
                       dash: String? = nil) {
        let dashed = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        body.append("<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\""
                    + " stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(dashed)/>")
    }

    /// Text with an optional white halo (`paint-order="stroke"`), which keeps a label readable
    /// where it crosses a line or a band.
    mutating func text(_ content: String, x: Double, y: Double, size: Double, anchor: String = "start",
                       weight: String? = nil, fill: String = ChartPalette.text, halo: Bool = false,
                       rotate: Double? = nil) {
        var attributes = "x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\" fill=\"\(fill)\""
        if anchor != "start" { attributes += " text-anchor=\"\(anchor)\"" }
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if halo {
            attributes += " stroke=\"#FFFFFF\" stroke-width=\"4\" stroke-linejoin=\"round\" paint-order=\"stroke\""
        }
        if let rotate { attributes += " transform=\"rotate(\(Self.n(rotate)) \(Self.n(x)) \(Self.n(y)))\"" }
        body.append("<text \(attributes)>\(MarkupText.escaped(content))</text>")
    }

    /// The finished document. `standalone` adds the XML namespace a `.svg` file needs on its own;
    /// inside HTML5 the namespace is implied, and leaving it out keeps the page free of URLs.
    func document(width: Double, height: Double, title: String, description: String, standalone: Bool) -> String {
        var header = "<svg"
        if standalone { header += " xmlns=\"http://www.w3.org/2000/svg\"" }
        header += " viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\""
        if standalone { header += " width=\"\(Self.n(width))\" height=\"\(Self.n(height))\"" }
        header += " role=\"img\" font-family=\"\(Self.fontFamily)\" class=\"chart\">"
        var lines = [header, "<title>\(MarkupText.escaped(title))</title>", "<desc>\(MarkupText.escaped(description))</desc>"]
        lines.append("<rect x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"#FFFFFF\"/>")
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The rectangle data is drawn in, in SVG user units.
struct PlotArea {
    var left: Double
    var top: Double
    var width: Double
    var height: Double

    var right: Double { left + width }
    var bottom: Double { top + height }
}

/// One legend entry and how its key is drawn.
struct LegendEntry {
    enum Key {
        case line(dashed: Bool, band: Bool)
        case swatch
    }

    var name: String
    var color: String
    var key: Key
}

/// Legends sit below the plot, in rows that wrap at the chart's width, so they never cover data.
enum Legend {
    static let fontSize = 12.0
    static let rowHeight = 20.0
    static let keyWidth = 26.0

    /// The room from an entry's left edge to its text: a line sample is wider than a swatch.
    static func keySpace(_ entry: LegendEntry) -> Double {
        if case .swatch = entry.key { return 20 }
        return keyWidth + 6
    }

    /// The x offset (from `left`) and row of each entry, and the number of rows.
    static func layout(_ entries: [LegendEntry], width: Double) -> (positions: [(x: Double, row: Int)], rows: Int) {
        var positions: [(x: Double, row: Int)] = []
        var x = 0.0
        var row = 0
        for entry in entries {
            let itemWidth = keySpace(entry) + MarkupText.estimatedWidth(entry.name, fontSize: fontSize)
            if x > 0 && x + itemWidth > width {
                x = 0
                row += 1
            }
            positions.append((x, row))
            x += itemWidth + 18
        }
        return (positions, entries.isEmpty ? 0 : row + 1)
    }

    static func draw(_ entries: [LegendEntry], left: Double, top: Double, width: Double, on canvas: inout SVGCanvas) {
        let (positions, _) = layout(entries, width: width)
        for (entry, position) in zip(entries, positions) {
            let x = left + position.x
            let middle = top + Double(position.row) * rowHeight + rowHeight / 2
            switch entry.key {
            case .line(let dashed, let band):
                if band {
                    canvas.raw("<rect x=\"\(SVGCanvas.n(x))\" y=\"\(SVGCanvas.n(middle - 6))\" width=\"\(SVGCanvas.n(keyWidth))\""
                               + " height=\"12\" fill=\"\(entry.color)\" fill-opacity=\"0.18\"/>")
                }
                canvas.line(x1: x, y1: middle, x2: x + keyWidth, y2: middle, stroke: entry.color,
                            width: dashed ? 2 : 2.5, dash: dashed ? LineChart.dashPattern : nil)
            case .swatch:
                canvas.raw("<rect x=\"\(SVGCanvas.n(x))\" y=\"\(SVGCanvas.n(middle - 6))\" width=\"12\" height=\"12\""
                           + " rx=\"2\" fill=\"\(entry.color)\"/>")
            }
            canvas.text(entry.name, x: x + keySpace(entry), y: middle + 4, size: fontSize)
        }
    }
}

/// The value axis on the left: grid lines, tick labels and the rotated axis title.
enum ValueAxis {
    static let tickFontSize = 12.0

    /// The room the axis needs left of the plot.
    static func width(_ scale: AxisScale) -> Double {
        let widest = scale.tickLabels.map { MarkupText.estimatedWidth($0, fontSize: tickFontSize) }.max() ?? 0
        return 16 + 14 + widest + 10
    }

    static func draw(_ scale: AxisScale, title: String, plot: PlotArea, on canvas: inout SVGCanvas) {
        for (tick, label) in zip(scale.ticks, scale.tickLabels) {
            guard let fraction = scale.fraction(tick) else { continue }
            let y = plot.bottom - fraction * plot.height
            canvas.line(x1: plot.left, y1: y, x2: plot.right, y2: y, stroke: ChartPalette.grid)
            canvas.text(label, x: plot.left - 8, y: y + 4, size: tickFontSize, anchor: "end", fill: ChartPalette.mutedText)
        }
        let middle = plot.top + plot.height / 2
        canvas.text(title, x: 16, y: middle, size: 13, anchor: "middle", rotate: -90)
    }
}
